import { useState } from 'react'
import { useNavigate } from 'react-router'
import { useSWRConfig } from 'swr'
import type { Role, User, UserStatus } from '@/contract/schemas.ts'
import { getUser } from '@/src/api/users/getUser.ts'
import { userListKeys, useUsers } from '@/src/api/users/getUsers.ts'
import { updateUser } from '@/src/api/users/updateUser.ts'
import { exportUsers } from '@/src/api/exchange/exportUsers.ts'
import { Chip } from '@/src/design-system/components/Chip/index.ts'
import { type DataTableColumn } from '@/src/design-system/components/DataTable/index.ts'
import { PageHeader } from '@/src/design-system/components/PageHeader/index.ts'
import { Select } from '@/src/design-system/components/Select/index.ts'
import { StatusChip, statusLabels } from '@/src/design-system/components/StatusChip/index.ts'
import { BulkActions } from '../common/BulkActions.tsx'
import { Panel } from '../common/Panel.tsx'
import { userToValues, valuesToUserBody } from './userForm.ts'
import { UsersCsvActions } from '../exchange/UsersCsvActions.tsx'
import { backofficeTitle, usePageTitle } from '@/src/pageTitle/index.ts'
import { ListCount, ServerListTable, StatusListActions, useStatusListQuery } from '../common/ServerList.tsx'

const ALL_ROLES = 'TOUS'
/** The role filter's choices; `role` in the address, as the API (and the CSV export) name it. */
const roleOptions = [
  { value: ALL_ROLES, label: 'Tous les rôles' },
  { value: 'ROLE_ADMIN', label: 'Administrateurs' },
  { value: 'ROLE_USER', label: 'Utilisateurs' },
] satisfies { value: Role | typeof ALL_ROLES; label: string }[]
const isRole = (value: string | null): value is Role => value === 'ROLE_ADMIN' || value === 'ROLE_USER'

const roleLabel = (user: User) => (user.roles.includes('ROLE_ADMIN') ? 'Administrateur' : 'Utilisateur')

// Keys of sortable columns are the API's sort keys (contract/audit.ts userSortKeys).
const columns: DataTableColumn<User>[] = [
  { key: 'firstname', header: 'Prénom', value: (u) => u.firstname, sortable: true },
  { key: 'lastname', header: 'Nom', value: (u) => u.lastname, sortable: true },
  { key: 'email', header: 'Email', value: (u) => u.email, sortable: true, nowrap: true },
  {
    key: 'role',
    header: 'Rôle',
    value: roleLabel,
    // Administrators stand out: a filled chip, users a plain label.
    render: (u) =>
      u.roles.includes('ROLE_ADMIN') ? <Chip size="small" label="Administrateur" /> : 'Utilisateur',
    sortable: true,
  },
  {
    key: 'status',
    header: 'Status',
    value: (u) => statusLabels[u.status] ?? u.status,
    render: (u) => <StatusChip status={u.status} />,
    sortable: true,
  },
]

/** One user's status, by their own save (read just before, so only the status changes; journaled as an edit). */
async function setUserStatus(id: string, status: UserStatus) {
  const user = await getUser(id)
  if (user.status === status) return
  await updateUser({ ...valuesToUserBody(userToValues(user)), userId: user.userId, status })
}

/**
 * /bo/utilisateurs: the users, searched (name, e-mail), filtered, sorted and paged by the server; the list's
 * state lives in the address. Rows picked (on any page) change status together.
 */
export function UsersListScreen() {
  usePageTitle(backofficeTitle('Utilisateurs'))
  const navigate = useNavigate()
  const { list, query } = useStatusListQuery<UserStatus>('name')
  const roleParam = list.params.get('role')
  const role = isRole(roleParam) ? roleParam : undefined
  const result = useUsers({ ...query, role })
  const { mutate } = useSWRConfig()
  const [selected, setSelected] = useState<Set<string>>(() => new Set())

  return (
    <Panel>
      <PageHeader
        title="Utilisateurs"
        subtitle={<ListCount total={result.data?.total} singular="utilisateur" plural="utilisateurs" />}
      />
      <UsersCsvActions />
      <BulkActions
        selected={selected}
        onSelectedChange={setSelected}
        singular="utilisateur"
        plural="utilisateurs"
        setStatus={setUserStatus}
        onChanged={() => void mutate(userListKeys)}
        exportSelection={{
          // In the list's order; only the picked rows, whatever the search and filters shown now.
          download: (ids) => exportUsers({ ids: ids.join(','), sort: list.sortParam }),
          fileName: 'utilisateurs-selection',
        }}
      />
      <ServerListTable
        list={list}
        result={result}
        errorMessage="Impossible de charger les utilisateurs."
        caption="Utilisateurs"
        columns={columns}
        getRowId={(u) => String(u.userId.id)}
        onRowClick={(u) => navigate(`/bo/utilisateurs/${u.userId.id}`)}
        rowLabel={(u) => `Consulter ${u.firstname} ${u.lastname}`}
        selection={{
          selected,
          onChange: setSelected,
          label: (u) => `Sélectionner ${u.firstname} ${u.lastname}`,
        }}
        searchLabel="Rechercher un utilisateur"
        emptyMessage="Aucun utilisateur"
        sort={{ ...list.sort, onChange: list.setSort }}
        actions={
          <>
            <Select
              aria-label="Filtrer par rôle"
              size="small"
              fullWidth={false}
              value={role ?? ALL_ROLES}
              options={roleOptions}
              onValueChange={(value) =>
                list.update({ role: value === ALL_ROLES ? null : value, page: null }, { push: true })
              }
            />
            <StatusListActions list={list} onCreate={() => navigate('/bo/utilisateurs/nouveau')} />
          </>
        }
      />
    </Panel>
  )
}

export default UsersListScreen
