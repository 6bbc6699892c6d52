import type { RouteObject } from 'react-router'
import { RequireRoles } from '../guards.tsx'
import { Placeholder } from './Placeholder.tsx'

/** The back-office (spec: everything under /bo/ requires ROLE_ADMIN). */
export const backofficeRoutes: RouteObject = {
  path: '/bo',
  element: (
    <RequireRoles roles={['ROLE_ADMIN']}>
      <Placeholder name="Back-office" />
    </RequireRoles>
  ),
}
