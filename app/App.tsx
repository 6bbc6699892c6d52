import type { ComponentProps } from 'react'
import { RouterProvider } from 'react-router/dom'
import type { AuthUser } from '../contract/schemas.ts'
import { AppProviders } from './providers.tsx'

export { routes } from './routes/index.tsx'
export { holdLazyScreensUntil, loadMatchedScreens } from './routes/lazyScreen.ts'

export interface AppProps {
  /** A browser router in the app, a memory router when the build prerenders a page. */
  router: ComponentProps<typeof RouterProvider>['router']
  /** The session to render with instead of the stored one (the prerender has no localStorage). */
  initialUser?: AuthUser | null
}

/*
 * The same tree in the browser and in the build's prerender (app/prerender/render.tsx). The prerendered class
 * names are the ones the browser computes when it hydrates: each styled component is named after its file and
 * rank in it (scripts/styledComponentIds.ts).
 */
export function App({ router, initialUser }: AppProps) {
  return (
    <AppProviders initialUser={initialUser}>
      <RouterProvider router={router} />
    </AppProviders>
  )
}
