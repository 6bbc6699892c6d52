import { matchesPattern, withoutTrailingSlash } from '../../contract/prerender.ts'

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
   * 'anonymous': the whole screen, as a visitor sees it. 'signed-in': the public layout around the screen's
   * skeleton (its data, and who is signed in, are known only in the browser).
   */
  session: 'anonymous' | 'signed-in'
  /** The screen module (as the Vite manifest names it) whose chunks the server announces for preloading. */
  screenModule: string
  /** Query parameters without which the screen renders something else (it redirects instead). */
  requiredQuery?: string[]
}

export const prerenderedRoutes: PrerenderedRoute[] = [
  {
    pattern: '/login',
    sampleUrl: '/login',
    file: 'login.html',
    session: 'anonymous',
    screenModule: 'src/screens/auth/LoginScreen.tsx',
  },
  {
    pattern: '/inscription',
    sampleUrl: '/inscription',
    file: 'inscription.html',
    session: 'anonymous',
    screenModule: 'src/screens/auth/RegisterScreen.tsx',
  },
  {
    pattern: '/forgot-password',
    sampleUrl: '/forgot-password',
    file: 'forgot-password.html',
    session: 'anonymous',
    screenModule: 'src/screens/auth/ForgotPasswordScreen.tsx',
  },
  {
    pattern: '/reset-password',
    sampleUrl: '/reset-password?token=prerendu',
    file: 'reset-password.html',
    session: 'anonymous',
    screenModule: 'src/screens/auth/ResetPasswordScreen.tsx',
    requiredQuery: ['token'],
  },
  {
    pattern: '/',
    sampleUrl: '/',
    file: 'home.html',
    session: 'signed-in',
    screenModule: 'src/screens/public/home/HomeScreen.tsx',
  },
  {
    pattern: '/rechercher',
    sampleUrl: '/rechercher',
    file: 'rechercher.html',
    session: 'signed-in',
    screenModule: 'src/screens/public/find/FindScreen.tsx',
  },
  {
    pattern: '/partenaire/:id',
    sampleUrl: '/partenaire/0',
    file: 'partenaire.html',
    session: 'signed-in',
    screenModule: 'src/screens/public/partner/PartnerDetailsScreen.tsx',
  },
  {
    pattern: '/map',
    sampleUrl: '/map',
    file: 'map.html',
    session: 'signed-in',
    screenModule: 'src/screens/public/map/MapScreen.tsx',
  },
  {
    pattern: '/menu',
    sampleUrl: '/menu',
    file: 'menu.html',
    session: 'signed-in',
    screenModule: 'src/screens/public/menu/MenuScreen.tsx',
  },
]

export function findPrerenderedRoute(pathname: string): PrerenderedRoute | undefined {
  const path = withoutTrailingSlash(pathname)
  return prerenderedRoutes.find((route) => matchesPattern(route.pattern, path))
}
