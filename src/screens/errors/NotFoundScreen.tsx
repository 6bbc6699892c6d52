import { ErrorPage } from './ErrorPage.tsx'
import { usePageTitle } from '@/src/pageTitle/index.ts'

export function NotFoundScreen() {
  usePageTitle('Page non trouvée')
  return <ErrorPage code="404" title="Oups ! Page non trouvée" />
}

export default NotFoundScreen
