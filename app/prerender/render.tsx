// First, as in the browser entry: see App.tsx.
import { App, loadMatchedScreens, routes } from '../App.tsx'
import { StrictMode } from 'react'
import { prerender } from 'react-dom/static'
import { createMemoryRouter } from 'react-router'
import { ServerStyleSheet } from 'styled-components'
import type { AuthUser } from '@/contract/schemas.ts'
import { prerenderedRoutes } from './routes.ts'

/**
 * Who the signed-in routes are rendered for: nobody in particular. Only the route guard reads it (the
 * skeletons show nothing of the user), so the HTML is the same for everyone signed in.
 */
const anySignedInUser: AuthUser = {
  access_token: '',
  roles: ['ROLE_USER'],
  userId: { id: 1 },
  firstname: '',
  lastname: '',
  email: '',
}

export interface PrerenderedPage {
  /** #root's content. */
  html: string
  /** The <style> tags styled-components wrote for it (critical CSS, picked up again by the client's sheet). */
  styles: string
}

/**
 * Renders one prerendered route, as the browser's first render will draw it. Call once per process:
 * styled-components names components in creation order, which must follow the browser's (the app's modules,
 * then this route's screen only).
 */
export async function renderRoute(pattern: string): Promise<PrerenderedPage> {
  const route = prerenderedRoutes.find((candidate) => candidate.pattern === pattern)
  if (!route) throw new Error(`Aucune route prérendue pour ${pattern}`)
  const url = new URL(route.sampleUrl, 'http://prerender.invalid')
  if (route.session === 'anonymous') await loadMatchedScreens(routes, url.pathname)
  const router = createMemoryRouter(routes, { initialEntries: [url.pathname + url.search] })
  const sheet = new ServerStyleSheet()
  try {
    const { prelude } = await prerender(
      sheet.collectStyles(
        <StrictMode>
          <App router={router} initialUser={route.session === 'anonymous' ? null : anySignedInUser} />
        </StrictMode>,
      ),
    )
    const html = await new Response(prelude).text()
    return { html, styles: sheet.getStyleTags() }
  } finally {
    sheet.seal()
    router.dispose()
  }
}
