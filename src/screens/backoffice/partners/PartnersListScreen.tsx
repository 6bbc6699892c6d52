import { useMemo } from 'react'
import { useNavigate } from 'react-router'
import styled from 'styled-components'
import type { Partner } from '@/contract/schemas.ts'
import { usePartners } from '@/src/api/partners/getPartners.ts'
import { Button } from '@/src/design-system/components/Button/index.ts'
import { Chip } from '@/src/design-system/components/Chip/index.ts'
import { DataTable, type DataTableColumn } from '@/src/design-system/components/DataTable/index.ts'
import { ErrorState } from '@/src/design-system/components/EmptyState/index.ts'
import { PageHeader } from '@/src/design-system/components/PageHeader/index.ts'
import { StatusChip, statusLabels } from '@/src/design-system/components/StatusChip/index.ts'
import { Tooltip } from '@/src/design-system/components/Tooltip/index.ts'
import { Icon, mdiPlus } from '@/src/design-system/icons/index.ts'
import { Panel } from '../common/Panel.tsx'
import { PartnersCsvActions } from '../exchange/PartnersCsvActions.tsx'
import { backofficeTitle, usePageTitle } from '@/src/pageTitle/index.ts'

const TooltipTrigger = styled.span`
  display: inline-flex;
  border-radius: ${({ theme }) => theme.radii.pill};
  &:focus-visible {
    outline: 2px solid ${({ theme }) => theme.colors.focus};
    outline-offset: 2px;
  }
`

/** Spec: the first label as a chip, with '...' and a tooltip of every label when there are more. */
function CategoriesCell({ partner }: { partner: Partner }) {
  const labels = partner.categories.map((category) => category.label)
  if (labels.length === 0) return null
  if (labels.length === 1) return <Chip size="small" label={labels[0]} />
  return (
    <Tooltip content={labels.join('\n')}>
      <TooltipTrigger tabIndex={0} aria-label={`Catégories : ${labels.join(', ')}`}>
        <Chip size="small" label={`${labels[0]}...`} />
      </TooltipTrigger>
    </Tooltip>
  )
}

const representative = (partner: Partner) =>
  [partner.representativeFirstName, partner.representativeLastName].filter(Boolean).join(' ')

const columns: DataTableColumn<Partner>[] = [
  { key: 'name', header: 'Dénomination', value: (p) => p.name },
  { key: 'city', header: 'Ville', value: (p) => p.location.city },
  { key: 'email', header: 'Email', value: (p) => p.email },
  { key: 'phone', header: 'Tél', value: (p) => p.phone },
  { key: 'representative', header: 'Gérant', value: representative },
  {
    key: 'categories',
    header: 'Catégories',
    // Every label is searchable, not only the one shown.
    value: (p) => p.categories.map((category) => category.label).join(' '),
    render: (p) => <CategoriesCell partner={p} />,
  },
  {
    key: 'status',
    header: 'Status',
    value: (p) => statusLabels[p.status] ?? p.status,
    render: (p) => <StatusChip status={p.status} />,
  },
]

/** /bo/partenaires: every partner in a searchable, paginated table. */
export function PartnersListScreen() {
  usePageTitle(backofficeTitle('Partenaires'))
  const navigate = useNavigate()
  const { data, error, isLoading, mutate } = usePartners()
  const rows = useMemo(() => data ?? [], [data])

  return (
    <Panel>
      <PageHeader title="Partenaires" />
      <PartnersCsvActions />
      {error && !data ? (
        <ErrorState message="Impossible de charger les partenaires." onRetry={() => void mutate()} />
      ) : (
        <DataTable
          caption="Partenaires"
          rows={rows}
          columns={columns}
          loading={isLoading}
          getRowId={(p) => String(p.partnerId.id)}
          onRowClick={(p) => navigate(`/bo/partenaires/${p.partnerId.id}`)}
          rowLabel={(p) => `Consulter ${p.name}`}
          searchLabel="Rechercher un partenaire"
          emptyMessage="Aucun partenaire"
          actions={
            <Button
              startIcon={<Icon path={mdiPlus} size={20} />}
              onClick={() => navigate('/bo/partenaires/nouveau')}
            >
              Nouveau
            </Button>
          }
        />
      )}
    </Panel>
  )
}

export default PartnersListScreen
