import type { RouteObject } from 'react-router'
import { PublicLayout } from '@/src/screens/public/PublicLayout.tsx'
import { RequireRoles } from '../guards.tsx'
import { screenRoute } from './routeError.tsx'
import { FindSkeleton, HomeSkeleton, MapSkeleton, MenuSkeleton, PartnerSkeleton } from './ScreenSkeletons.tsx'

/**
 * The public area (spec: requires ROLE_USER; admins are users too). Screens load lazily, so each page fetches
 * only its own code: the map screen and the Google Maps loader only on /map. Each shows its skeleton (its
 * HydrateFallback) while that code loads on the first page, the same skeleton the build rendered into its HTML.
 * A screen whose code cannot be fetched (offline, before the service worker keeps it) shows the French error page
 * in its place, under the tab bar (screenRoute).
 */
export const publicRoutes: RouteObject = {
  path: '/',
  element: (
    <RequireRoles roles={['ROLE_USER', 'ROLE_ADMIN']}>
      <PublicLayout />
    </RequireRoles>
  ),
  children: [
    {
      index: true,
      HydrateFallback: HomeSkeleton,
      ...screenRoute(() => import('@/src/screens/public/home/HomeScreen.tsx')),
    },
    {
      path: 'rechercher',
      HydrateFallback: FindSkeleton,
      ...screenRoute(() => import('@/src/screens/public/find/FindScreen.tsx')),
    },
    {
      path: 'partenaire/:id',
      HydrateFallback: PartnerSkeleton,
      ...screenRoute(() => import('@/src/screens/public/partner/PartnerDetailsScreen.tsx')),
    },
    {
      path: 'map',
      HydrateFallback: MapSkeleton,
      ...screenRoute(() => import('@/src/screens/public/map/MapScreen.tsx')),
    },
    {
      path: 'menu',
      HydrateFallback: MenuSkeleton,
      ...screenRoute(() => import('@/src/screens/public/menu/MenuScreen.tsx')),
    },
    {
      path: 'favoris',
      HydrateFallback: FindSkeleton,
      ...screenRoute(() => import('@/src/screens/public/favorites/FavoritesScreen.tsx')),
    },
    {
      path: 'mes-coupons',
      HydrateFallback: MenuSkeleton,
      ...screenRoute(() => import('@/src/screens/public/usedOffers/UsedOffersScreen.tsx')),
    },
  ],
}
