import { matchesPattern, withoutTrailingSlash } from '../../contract/prerender.ts'
import { PAGE_TITLES } from '../../src/pageTitle/titles.ts'

/**
 * The routes whose HTML is rendered at build time (scripts/prerender.ts), so a phone paints them before any
 * script runs. Shared by the build, the server (which serves each route its own HTML) and the client entry
 * (which hydrates that HTML only when it renders the same thing).
 */
export interface PrerenderedRoute {
  /** A react-router path pattern; `:name` matches one path segment. */
  pattern: string
  /** The address rendered at build time (a pattern's parameters filled in with a sample). */
  sampleUrl: string
  /** The file written under dist/prerendered/. */
  file: string
  /**
   * The page's own title, the one its screen sets (PAGE_TITLES): the build writes it into the HTML's `<title>`.
   * `null` where it is known only in the browser (a partner's name): the HTML keeps the app's name.
   */
  title: string | null
  /**
   * 'anonymous': the whole screen, as a visitor sees it. 'signed-in': the public layout around the screen's
   * skeleton (its data, and who is signed in, are known only in the browser).
   */
  session: 'anonymous' | 'signed-in'
  /** The screen module (as the Vite manifest names it) whose chunks the server announces for preloading. */
  screenModule: string
  /** Query parameters without which the screen renders something else (it redirects instead). */
  requiredQuery?: string[]
  /**
   * When the page's scripts start. 'after-first-paint': the HTML paints the page's largest content itself, so
   * its scripts (and their module preloads) start after the first frame, from an inline loader, and the server
   * sends no `Link: rel=modulepreload` for them. 'early': the first paint that matters needs the scripts (a
   * skeleton the screen replaces), so they are announced with the HTML and start at once.
   */
  scripts: 'after-first-paint' | 'early'
  /**
   * The page's main picture's box on a phone, as CSS declarations (`top`, `height`; full width): where the screen
   * draws it (Home's first slide, a partner's first photo). The HTML gets a slot there, outside #root, that the
   * server fills with the picture, so it paints before any script; the screen's own picture, the same size in
   * the same place, then replaces it (src/prerender/pagePicture.ts). Phones only: laptops lay the page out
   * otherwise. Kept equal to the screens' sizes by e2e/prerender.spec.ts.
   */
  pictureBox?: string
  /**
   * A second page for a server without a Google Maps key (the map): `file`, the same HTML with the screen's no-key
   * message outside #root, in `messageBox` (CSS declarations, full width, on phones) over the skeleton, where the
   * screen shows it (src/prerender/pageMessage.ts hands it over), and its scripts after the first paint: that
   * message is the page's largest paint, and the scripts are not needed to draw it. The server picks the page
   * from its configuration; with a key it serves `file` above, unchanged.
   */
  withoutMapsKey?: { file: string; messageBox: string }
  /**
   * Find: its HTML asks for the first page of results itself (contract/earlySearch.ts), in parallel with the
   * scripts, since the list it paints needs both; the app's first search takes that answer.
   */
  earlySearch?: boolean
  /**
   * Find: where its list starts on a phone (CSS declarations, full width: `top`), below the search header. The
   * HTML gets a slot there, outside #root, into which an inline script draws the early search's first rows
   * before any script of the app runs (contract/pageRows.ts); the screen's own rows, drawn in the same place at
   * the same size, then replace them (src/prerender/pageRows.ts). Kept equal to the screen's by
   * e2e/prerender.spec.ts.
   */
  pageRowsBox?: string
}

export const prerenderedRoutes: PrerenderedRoute[] = [
  {
    pattern: '/login',
    sampleUrl: '/login',
    file: 'login.html',
    title: PAGE_TITLES.login,
    session: 'anonymous',
    screenModule: 'src/screens/auth/LoginScreen.tsx',
    scripts: 'after-first-paint',
  },
  {
    pattern: '/inscription',
    sampleUrl: '/inscription',
    file: 'inscription.html',
    title: PAGE_TITLES.register,
    session: 'anonymous',
    screenModule: 'src/screens/auth/RegisterScreen.tsx',
    scripts: 'after-first-paint',
  },
  {
    pattern: '/forgot-password',
    sampleUrl: '/forgot-password',
    file: 'forgot-password.html',
    title: PAGE_TITLES.forgotPassword,
    session: 'anonymous',
    screenModule: 'src/screens/auth/ForgotPasswordScreen.tsx',
    scripts: 'after-first-paint',
  },
  {
    pattern: '/reset-password',
    sampleUrl: '/reset-password?token=prerendu',
    file: 'reset-password.html',
    title: PAGE_TITLES.resetPassword,
    session: 'anonymous',
    screenModule: 'src/screens/auth/ResetPasswordScreen.tsx',
    scripts: 'after-first-paint',
    requiredQuery: ['token'],
  },
  // The legal pages (issue 40): public, their text is the page; the operator's contacts fill in after load.
  {
    pattern: '/confidentialite',
    sampleUrl: '/confidentialite',
    file: 'confidentialite.html',
    title: PAGE_TITLES.privacy,
    session: 'anonymous',
    screenModule: 'src/screens/legal/PrivacyPolicyScreen.tsx',
    scripts: 'after-first-paint',
  },
  {
    pattern: '/mentions-legales',
    sampleUrl: '/mentions-legales',
    file: 'mentions-legales.html',
    title: PAGE_TITLES.legalNotice,
    session: 'anonymous',
    screenModule: 'src/screens/legal/LegalNoticeScreen.tsx',
    scripts: 'after-first-paint',
  },
  {
    pattern: '/accessibilite',
    sampleUrl: '/accessibilite',
    file: 'accessibilite.html',
    title: PAGE_TITLES.accessibility,
    session: 'anonymous',
    screenModule: 'src/screens/legal/AccessibilityStatementScreen.tsx',
    scripts: 'after-first-paint',
  },
  {
    pattern: '/',
    sampleUrl: '/',
    file: 'home.html',
    title: PAGE_TITLES.home,
    session: 'signed-in',
    screenModule: 'src/screens/public/home/HomeScreen.tsx',
    scripts: 'after-first-paint',
    // Below the 56 px category chips, down to the 57 px bottom navigation, at least 320 px (HomeScreen's Stage).
    pictureBox: 'top: 56px; height: max(320px, calc(100dvh - 57px - 56px))',
  },
  {
    pattern: '/rechercher',
    sampleUrl: '/rechercher',
    file: 'rechercher.html',
    title: PAGE_TITLES.find,
    session: 'signed-in',
    screenModule: 'src/screens/public/find/FindScreen.tsx',
    // Its HTML draws the first rows, the largest paint, from the early search: scripts once they are painted.
    scripts: 'after-first-paint',
    earlySearch: true,
    // Below FindScreen's sticky header: the search row, the pickers and the 4 px loading bar.
    pageRowsBox: 'top: 110px',
  },
  {
    pattern: '/partenaire/:id',
    sampleUrl: '/partenaire/0',
    file: 'partenaire.html',
    title: null,
    session: 'signed-in',
    screenModule: 'src/screens/public/partner/PartnerDetailsScreen.tsx',
    scripts: 'after-first-paint',
    // Below the 48 px top bar, the details carousel's 200 px (PartnerDetails' DETAILS_CAROUSEL_HEIGHT).
    pictureBox: 'top: 48px; height: 200px',
  },
  {
    pattern: '/map',
    sampleUrl: '/map',
    file: 'map.html',
    title: PAGE_TITLES.map,
    session: 'signed-in',
    screenModule: 'src/screens/public/map/MapScreen.tsx',
    scripts: 'early',
    // The whole of MapScreen's Main on a phone: from the top down to the 57 px bottom navigation.
    withoutMapsKey: { file: 'map-sans-cle.html', messageBox: 'top: 0; height: calc(100dvh - 57px)' },
  },
  {
    pattern: '/menu',
    sampleUrl: '/menu',
    file: 'menu.html',
    title: PAGE_TITLES.menu,
    session: 'signed-in',
    screenModule: 'src/screens/public/menu/MenuScreen.tsx',
    scripts: 'early',
  },
  // Their lists need the person's data: the HTML paints the bar, the title and the list's skeleton.
  {
    pattern: '/favoris',
    sampleUrl: '/favoris',
    file: 'favoris.html',
    title: PAGE_TITLES.favorites,
    session: 'signed-in',
    screenModule: 'src/screens/public/favorites/FavoritesScreen.tsx',
    scripts: 'after-first-paint',
  },
  {
    pattern: '/mes-coupons',
    sampleUrl: '/mes-coupons',
    file: 'mes-coupons.html',
    title: PAGE_TITLES.usedOffers,
    session: 'signed-in',
    screenModule: 'src/screens/public/usedOffers/UsedOffersScreen.tsx',
    scripts: 'after-first-paint',
  },
]

export function findPrerenderedRoute(pathname: string): PrerenderedRoute | undefined {
  const path = withoutTrailingSlash(pathname)
  return prerenderedRoutes.find((route) => matchesPattern(route.pattern, path))
}
