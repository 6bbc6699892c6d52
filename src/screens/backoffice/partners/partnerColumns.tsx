import styled from 'styled-components'
import type { Partner } from '@/contract/schemas.ts'
import { Chip } from '@/src/design-system/components/Chip/index.ts'
import { type DataTableColumn } from '@/src/design-system/components/DataTable/index.ts'
import { StatusChip, statusLabels } from '@/src/design-system/components/StatusChip/index.ts'
import { Tooltip } from '@/src/design-system/components/Tooltip/index.ts'
import { theme } from '@/src/design-system/theme/index.ts'

const TooltipTrigger = styled.span`
  display: inline-flex;
  border-radius: ${theme.radii.pill};
  &:focus-visible {
    outline: 2px solid ${theme.colors.focus};
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

/**
 * The back-office partner table's columns (also rendered by the bench's 10,000-row table, bench/datatable).
 * Keys of sortable columns are the API's sort keys (contract/audit.ts partnerSortKeys).
 */
export const partnerColumns: DataTableColumn<Partner>[] = [
  { key: 'name', header: 'Dénomination', value: (p) => p.name, sortable: true },
  { key: 'city', header: 'Ville', value: (p) => p.location.city, sortable: true },
  // A phone number or an address broken in the middle is misread: one line, the table scrolls instead.
  { key: 'email', header: 'Email', value: (p) => p.email, sortable: true, nowrap: true },
  { key: 'phone', header: 'Tél', value: (p) => p.phone, sortable: true, nowrap: true },
  { key: 'representative', header: 'Gérant', value: representative },
  {
    key: 'categories',
    header: 'Catégories',
    value: (p) => p.categories.map((category) => category.label).join(' '),
    render: (p) => <CategoriesCell partner={p} />,
  },
  {
    key: 'status',
    header: 'Status',
    value: (p) => statusLabels[p.status] ?? p.status,
    render: (p) => <StatusChip status={p.status} />,
    sortable: true,
  },
]
