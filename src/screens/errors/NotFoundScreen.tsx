import { ErrorPage } from './ErrorPage.tsx'

export function NotFoundScreen() {
  return <ErrorPage code="404" title="Oups ! Page non trouvée" />
}

export default NotFoundScreen
