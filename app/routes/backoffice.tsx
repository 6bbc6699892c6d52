import { Navigate, Outlet, type RouteObject } from 'react-router'
import { RequireRoles } from '../guards.tsx'
import { screenRoute as screen } from './routeError.tsx'

/**
 * The back-office (spec: everything under /bo/ requires ROLE_ADMIN). The shell and every screen load lazily,
 * so none of the back-office code is part of the users' first load. A screen that fails shows the French error
 * page inside the shell; the shell itself failing shows it alone.
 */
export const backofficeRoutes: RouteObject = {
  path: '/bo',
  element: (
    <RequireRoles roles={['ROLE_ADMIN']}>
      <Outlet />
    </RequireRoles>
  ),
  children: [
    {
      ...screen(() => import('@/src/screens/backoffice/shell/BackofficeShell.tsx')),
      children: [
        { index: true, element: <Navigate to="/bo/gerer-accueil" replace /> },
        {
          path: 'gerer-accueil',
          ...screen(() => import('@/src/screens/backoffice/home/ManageHomeScreen.tsx')),
        },
        {
          path: 'partenaires',
          ...screen(() => import('@/src/screens/backoffice/partners/PartnersListScreen.tsx')),
        },
        {
          path: 'partenaires/import',
          ...screen(() => import('@/src/screens/backoffice/import/PartnerImportScreen.tsx')),
        },
        {
          path: 'tableau-de-bord',
          ...screen(() => import('@/src/screens/backoffice/dashboard/DashboardScreen.tsx')),
        },
        {
          path: 'partenaires/nouveau',
          ...screen(() => import('@/src/screens/backoffice/partners/PartnerFormScreen.tsx')),
        },
        {
          path: 'partenaires/edit/:id',
          ...screen(() => import('@/src/screens/backoffice/partners/PartnerFormScreen.tsx')),
        },
        {
          path: 'partenaires/:id',
          ...screen(() => import('@/src/screens/backoffice/partners/PartnerConsultScreen.tsx')),
        },
        {
          path: 'utilisateurs',
          ...screen(() => import('@/src/screens/backoffice/users/UsersListScreen.tsx')),
        },
        {
          path: 'utilisateurs/nouveau',
          ...screen(() => import('@/src/screens/backoffice/users/UserFormScreen.tsx')),
        },
        {
          path: 'utilisateurs/edit/:id',
          ...screen(() => import('@/src/screens/backoffice/users/UserFormScreen.tsx')),
        },
        {
          path: 'utilisateurs/:id',
          ...screen(() => import('@/src/screens/backoffice/users/UserConsultScreen.tsx')),
        },
        {
          path: 'journal',
          ...screen(() => import('@/src/screens/backoffice/journal/JournalScreen.tsx')),
        },
      ],
    },
  ],
}
