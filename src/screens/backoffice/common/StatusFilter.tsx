import { Select } from '@/src/design-system/components/Select/index.ts'

const ALL = 'TOUS'
/** The statuses of partners and users, as the lists show them. */
export const statuses = [
  { value: 'ACTIF', label: 'Actif' },
  { value: 'PROSPECT', label: 'Prospect' },
  { value: 'DESACTIVE', label: 'Désactivé' },
]

/** The status filter of a back-office list: every status, or one. */
export function StatusFilter({ value, onChange }: { value: string; onChange: (status: string) => void }) {
  return (
    <Select
      aria-label="Filtrer par statut"
      size="small"
      fullWidth={false}
      value={value || ALL}
      options={[{ value: ALL, label: 'Tous les statuts' }, ...statuses]}
      onValueChange={(status) => onChange(status === ALL ? '' : status)}
    />
  )
}
