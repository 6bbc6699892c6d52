import { ErrorPage } from './ErrorPage.tsx'

export function AccessDeniedScreen() {
  return <ErrorPage code="403" title="Oups ! Accès refusé" />
}

export default AccessDeniedScreen
