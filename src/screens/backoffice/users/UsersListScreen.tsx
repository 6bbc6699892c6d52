import { useMemo } from 'react'
import { useNavigate } from 'react-router'
import type { User } from '@/contract/schemas.ts'
import { useUsers } from '@/src/api/users/getUsers.ts'
import { Button } from '@/src/design-system/components/Button/index.ts'
import { DataTable, type DataTableColumn } from '@/src/design-system/components/DataTable/index.ts'
import { ErrorState } from '@/src/design-system/components/EmptyState/index.ts'
import { PageHeader } from '@/src/design-system/components/PageHeader/index.ts'
import { StatusChip, statusLabels } from '@/src/design-system/components/StatusChip/index.ts'
import { Icon, mdiPlus } from '@/src/design-system/icons/index.ts'
import { Panel } from '../common/Panel.tsx'
import { UsersCsvActions } from '../exchange/UsersCsvActions.tsx'
import { backofficeTitle, usePageTitle } from '@/src/pageTitle/index.ts'

const columns: DataTableColumn<User>[] = [
  { key: 'firstname', header: 'Prénom', value: (u) => u.firstname },
  { key: 'lastname', header: 'Nom', value: (u) => u.lastname },
  { key: 'email', header: 'Email', value: (u) => u.email },
  {
    key: 'status',
    header: 'Status',
    value: (u) => statusLabels[u.status] ?? u.status,
    render: (u) => <StatusChip status={u.status} />,
  },
]

/** /bo/utilisateurs: every user in a searchable, paginated table. */
export function UsersListScreen() {
  usePageTitle(backofficeTitle('Utilisateurs'))
  const navigate = useNavigate()
  const { data, error, isLoading, mutate } = useUsers()
  const rows = useMemo(() => data ?? [], [data])

  return (
    <Panel>
      <PageHeader title="Utilisateurs" />
      <UsersCsvActions />
      {error && !data ? (
        <ErrorState message="Impossible de charger les utilisateurs." onRetry={() => void mutate()} />
      ) : (
        <DataTable
          caption="Utilisateurs"
          rows={rows}
          columns={columns}
          loading={isLoading}
          getRowId={(u) => String(u.userId.id)}
          onRowClick={(u) => navigate(`/bo/utilisateurs/${u.userId.id}`)}
          rowLabel={(u) => `Consulter ${u.firstname} ${u.lastname}`}
          searchLabel="Rechercher un utilisateur"
          emptyMessage="Aucun utilisateur"
          actions={
            <Button
              startIcon={<Icon path={mdiPlus} size={20} />}
              onClick={() => navigate('/bo/utilisateurs/nouveau')}
            >
              Nouveau
            </Button>
          }
        />
      )}
    </Panel>
  )
}

export default UsersListScreen
