import type { RouteObject } from 'react-router'
import { PublicLayout } from '@/src/screens/public/PublicLayout.tsx'
import { RequireRoles } from '../guards.tsx'
import { FavoritesSkeleton } from '@/src/screens/public/favorites/FavoritesSkeleton.tsx'
import { UsedOffersSkeleton } from '@/src/screens/public/usedOffers/UsedOffersSkeleton.tsx'
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
      ...screenRoute(() => import('@/src/screens/public/home/HomeScreen.tsx'), HomeSkeleton),
    },
    {
      path: 'rechercher',
      ...screenRoute(() => import('@/src/screens/public/find/FindScreen.tsx'), FindSkeleton),
    },
    {
      path: 'partenaire/:id',
      ...screenRoute(() => import('@/src/screens/public/partner/PartnerDetailsScreen.tsx'), PartnerSkeleton),
    },
    {
      path: 'map',
      ...screenRoute(() => import('@/src/screens/public/map/MapScreen.tsx'), MapSkeleton),
    },
    {
      path: 'menu',
      ...screenRoute(() => import('@/src/screens/public/menu/MenuScreen.tsx'), MenuSkeleton),
    },
    {
      path: 'favoris',
      ...screenRoute(() => import('@/src/screens/public/favorites/FavoritesScreen.tsx'), FavoritesSkeleton),
    },
    {
      path: 'mes-coupons',
      ...screenRoute(
        () => import('@/src/screens/public/usedOffers/UsedOffersScreen.tsx'),
        UsedOffersSkeleton,
      ),
    },
    {
      path: 'compte',
      ...screenRoute(() => import('@/src/screens/public/account/AccountScreen.tsx'), MenuSkeleton),
    },
  ],
}
