import type { RouteObject } from 'react-router'
import { RequireRoles } from '../guards.tsx'
import { Placeholder } from './Placeholder.tsx'

/** The public area (spec: requires ROLE_USER). Screens load lazily, so each page fetches only its own code. */
export const publicRoutes: RouteObject = {
  path: '/',
  element: (
    <RequireRoles roles={['ROLE_USER', 'ROLE_ADMIN']}>
      <Placeholder name="Accueil" />
    </RequireRoles>
  ),
}
