// First, as in the browser entry: see App.tsx.
import { App, loadMatchedScreens, routes } from '../App.tsx'
import { StrictMode } from 'react'
import { prerender } from 'react-dom/static'
import { createMemoryRouter, RouterProvider } from 'react-router'
import { ServerStyleSheet, ThemeProvider } from 'styled-components'
import { theme } from '@/src/design-system/theme/theme.ts'
import { PAGE_ROWS_MARKERS } from '@/contract/pageRows.ts'
import type { AuthUser, PartnerSearchResult } from '@/contract/schemas.ts'
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
  /** The <style> tags styled-components wrote for it (critical CSS, adopted as it is by the client's sheet). */
  styles: string
}

/**
 * Renders one prerendered route, as the browser's first render will draw it. Call once per process: the app's
 * modules, then this route's screen only, as the browser loads them (styled-components orders its rules as
 * components are created).
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
    if (route.session === 'signed-in') await collectScreenStyles(sheet, url, route.session)
    return { html, styles: sheet.getStyleTags() }
  } finally {
    sheet.seal()
    router.dispose()
  }
}

/**
 * Adds to `sheet` the CSS of a signed-in screen itself (Home, Find, a partner's page, the map, the menu), whose
 * HTML is only its skeleton: the browser renders the screen afresh once its code arrives, and each of its
 * components' CSS is then found in the page's sheet (adopted: src/prerender/prerenderedStyles.ts) instead of
 * compiled (stylis) and inserted during that render. Its markup is not kept. Each component's name comes from its
 * file and rank in it (scripts/styledComponentIds.ts), the same in the browser whatever order its chunks run in.
 */
async function collectScreenStyles(sheet: ServerStyleSheet, url: URL, session: 'anonymous' | 'signed-in') {
  await loadMatchedScreens(routes, url.pathname)
  const router = createMemoryRouter(routes, { initialEntries: [url.pathname + url.search] })
  // Find's rows too (drawn once the first search answers): their modules are the screen's, loaded just above,
  // so importing them creates no component.
  const rows = url.pathname === '/rechercher' ? await sampleRows(url.pathname) : undefined
  try {
    await prerender(
      sheet.collectStyles(
        <StrictMode>
          <App router={router} initialUser={session === 'anonymous' ? null : anySignedInUser} />
        </StrictMode>,
      ),
    )
    if (rows) await prerender(sheet.collectStyles(rows.element))
  } finally {
    router.dispose()
    rows?.router.dispose()
  }
}

/** The sample partner whose markers (PAGE_ROWS_MARKERS) the template's rows carry in place of data. */
function samplePartner(withPhoto: boolean): PartnerSearchResult {
  const m = PAGE_ROWS_MARKERS
  return {
    // The markers stand where the row writes an id or a count: the script puts the partner's there.
    partnerId: { id: m.id as unknown as number },
    name: m.name,
    description: '',
    siren: null,
    location: { address: m.address, city: m.city, position: { lat: 0, lng: 0 } },
    email: '',
    phone: '',
    representativeFirstName: null,
    representativeLastName: null,
    categories: [{ id: 0, label: m.categories, icon: '' }],
    status: 'ACTIF',
    discountOffers: [{ id: { id: 0 }, libelle: m.offer, status: 'ENABLED', expirationDate: null }],
    images: withPhoto
      ? [
          {
            id: m.image,
            type: 'image/jpeg',
            url: `/uploads/${m.image}.jpg`,
            width: 640,
            height: 480,
            variantWidths: [320, 640],
          },
        ]
      : [],
    // Every kind of star once: full, full, half, empty, empty.
    rating: 2.5,
    userRatingsTotal: m.count as unknown as number,
    distanceToUser: 1.5,
  }
}

/**
 * Find's rows template (contract/pageRows.ts): two rows drawn by the real PartnerRow from the sample partner,
 * with every part and without a photo, and their styles. Call in a process of its own, as renderRoute.
 */
export async function renderPageRowsTemplate(): Promise<PrerenderedPage> {
  const rows = await sampleRows('/rechercher')
  const sheet = new ServerStyleSheet()
  try {
    const { prelude } = await prerender(sheet.collectStyles(rows.element))
    const html = await new Response(prelude).text()
    return { html, styles: sheet.getStyleTags() }
  } finally {
    sheet.seal()
    rows.router.dispose()
  }
}

/**
 * Two rows drawn by the real PartnerRow from the sample partner, with and without a photo, each with its heart as
 * it shows before the favourites are known (FavoriteButton's first render: disabled); dispose of the router.
 */
async function sampleRows(path: string) {
  // Imported here: a static import would create their styled components before the app's, and change the class
  // names renderRoute's pages get.
  const [{ PartnerRow }, { FavoriteToggle }] = await Promise.all([
    import('@/src/screens/public/find/PartnerRow.tsx'),
    import('@/src/design-system/components/FavoriteToggle/index.ts'),
  ])
  const heldHeart = () => <FavoriteToggle pressed={false} disabled onToggle={() => {}} />
  const router = createMemoryRouter(
    [
      {
        path: '*',
        element: (
          <>
            <PartnerRow partner={samplePartner(true)} actionFor={heldHeart} />
            <PartnerRow partner={samplePartner(false)} actionFor={heldHeart} />
          </>
        ),
      },
    ],
    { initialEntries: [path] },
  )
  const element = (
    <ThemeProvider theme={theme}>
      <RouterProvider router={router} />
    </ThemeProvider>
  )
  return { router, element }
}
