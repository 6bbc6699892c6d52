import type { RouteObject } from 'react-router'
import { PublicLayout } from '../../src/screens/public/PublicLayout.tsx'
import { RequireRoles } from '../guards.tsx'
import { lazyScreen } from './lazyScreen.ts'

/**
 * The public area (spec: requires ROLE_USER; admins are users too). Screens load lazily, so each page fetches
 * only its own code: the map screen and the Google Maps loader only on /map.
 */
export const publicRoutes: RouteObject = {
  path: '/',
  element: (
    <RequireRoles roles={['ROLE_USER', 'ROLE_ADMIN']}>
      <PublicLayout />
    </RequireRoles>
  ),
  children: [
    { index: true, lazy: lazyScreen(() => import('../../src/screens/public/home/HomeScreen.tsx')) },
    { path: 'rechercher', lazy: lazyScreen(() => import('../../src/screens/public/find/FindScreen.tsx')) },
    {
      path: 'partenaire/:id',
      lazy: lazyScreen(() => import('../../src/screens/public/partner/PartnerDetailsScreen.tsx')),
    },
    { path: 'map', lazy: lazyScreen(() => import('../../src/screens/public/map/MapScreen.tsx')) },
    { path: 'menu', lazy: lazyScreen(() => import('../../src/screens/public/menu/MenuScreen.tsx')) },
  ],
}
