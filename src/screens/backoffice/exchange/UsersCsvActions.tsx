import type { Role, UserStatus } from '@/contract/schemas.ts'
import { exportUsers } from '@/src/api/exchange/exportUsers.ts'
import { useListParams } from '../common/useListParams.ts'
import { CsvExportButton } from './CsvExportButton.tsx'
import { CsvActions } from './PartnersCsvActions.tsx'

const roles: readonly string[] = ['ROLE_USER', 'ROLE_ADMIN'] satisfies Role[]

/**
 * Above the user list: export what the list shows (its search, status, role and sort, read from the address as
 * the list reads them; every page).
 */
export function UsersCsvActions() {
  const list = useListParams('name')
  const role = list.params.get('role') ?? ''
  const query = {
    q: list.q.trim() || undefined,
    status: (list.status || undefined) as UserStatus | undefined,
    role: roles.includes(role) ? (role as Role) : undefined,
    sort: list.sortParam,
  }
  return (
    <CsvActions>
      <CsvExportButton download={() => exportUsers(query)} fileName="utilisateurs" />
    </CsvActions>
  )
}
