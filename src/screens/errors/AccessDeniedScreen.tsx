import { ErrorPage } from './ErrorPage.tsx'
import { usePageTitle } from '@/src/pageTitle/index.ts'

export function AccessDeniedScreen() {
  usePageTitle('Accès refusé')
  return <ErrorPage code="403" title="Oups ! Accès refusé" />
}

export default AccessDeniedScreen
