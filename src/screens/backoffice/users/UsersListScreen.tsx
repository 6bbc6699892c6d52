import { useNavigate } from 'react-router'
import type { User, UserStatus } from '@/contract/schemas.ts'
import { useUsers } from '@/src/api/users/getUsers.ts'
import { Button } from '@/src/design-system/components/Button/index.ts'
import { Chip } from '@/src/design-system/components/Chip/index.ts'
import { DataTable, type DataTableColumn } from '@/src/design-system/components/DataTable/index.ts'
import { ErrorState } from '@/src/design-system/components/EmptyState/index.ts'
import { PageHeader } from '@/src/design-system/components/PageHeader/index.ts'
import { StatusChip, statusLabels } from '@/src/design-system/components/StatusChip/index.ts'
import { Icon, mdiPlus } from '@/src/design-system/icons/index.ts'
import { Panel } from '../common/Panel.tsx'
import { UsersCsvActions } from '../exchange/UsersCsvActions.tsx'
import { backofficeTitle, usePageTitle } from '@/src/pageTitle/index.ts'
import { useDebouncedValue } from '@/src/screens/public/useDebouncedValue.ts'
import { StatusFilter } from '../common/StatusFilter.tsx'
import { countLabel, useListParams } from '../common/useListParams.ts'

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

/**
 * /bo/utilisateurs: the users, searched (name, e-mail), filtered, sorted and paged by the server; the list's
 * state lives in the address.
 */
export function UsersListScreen() {
  usePageTitle(backofficeTitle('Utilisateurs'))
  const navigate = useNavigate()
  const list = useListParams('name')
  const q = useDebouncedValue(list.q.trim(), 250)
  const { data, error, isLoading, mutate } = useUsers({
    q: q || undefined,
    status: (list.status || undefined) as UserStatus | undefined,
    sort: list.sortParam,
    page: list.page,
    pageSize: list.pageSize,
  })

  return (
    <Panel>
      <PageHeader
        title="Utilisateurs"
        subtitle={
          data ? (
            <span aria-live="polite">{countLabel(data.total, 'utilisateur', 'utilisateurs')}</span>
          ) : null
        }
      />
      <UsersCsvActions />
      {error && !data ? (
        <ErrorState message="Impossible de charger les utilisateurs." onRetry={() => void mutate()} />
      ) : (
        <DataTable
          caption="Utilisateurs"
          rows={data?.items ?? []}
          columns={columns}
          loading={isLoading && !data}
          getRowId={(u) => String(u.userId.id)}
          onRowClick={(u) => navigate(`/bo/utilisateurs/${u.userId.id}`)}
          rowLabel={(u) => `Consulter ${u.firstname} ${u.lastname}`}
          searchLabel="Rechercher un utilisateur"
          emptyMessage="Aucun utilisateur"
          sort={{ ...list.sort, onChange: list.setSort }}
          server={{
            total: data?.total ?? 0,
            page: list.page,
            rowsPerPage: list.pageSize,
            onPageChange: list.setPage,
            onRowsPerPageChange: list.setPageSize,
            query: list.q,
            onQueryChange: list.setQuery,
          }}
          actions={
            <>
              <StatusFilter value={list.status} onChange={list.setStatus} />
              <Button
                startIcon={<Icon path={mdiPlus} size={20} />}
                onClick={() => navigate('/bo/utilisateurs/nouveau')}
              >
                Nouveau
              </Button>
            </>
          }
        />
      )}
    </Panel>
  )
}

export default UsersListScreen
