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
 * The same tree in the browser and in the build's prerender (app/prerender/render.tsx): both entries import
 * this module first, so styled-components numbers its components in the same order on both sides and the
 * prerendered class names are the ones the browser computes when it hydrates.
 */
export function App({ router, initialUser }: AppProps) {
  return (
    <AppProviders initialUser={initialUser}>
      <RouterProvider router={router} />
    </AppProviders>
  )
}
