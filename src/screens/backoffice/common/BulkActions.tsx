import { useState } from 'react'
import styled from 'styled-components'
import type { PartnerStatus } from '@/contract/schemas.ts'
import { Button } from '@/src/design-system/components/Button/index.ts'
import { ConfirmDialog } from '@/src/design-system/components/ConfirmDialog/index.ts'
import { Select } from '@/src/design-system/components/Select/index.ts'
import { statusLabels } from '@/src/design-system/components/StatusChip/index.ts'
import { VisuallyHidden } from '@/src/design-system/components/VisuallyHidden/index.ts'
import { useNotification } from '@/src/notifications/index.ts'
import { CsvExportButton } from '../exchange/CsvExportButton.tsx'
import { countLabel } from './useListParams.ts'
import { statuses } from './StatusFilter.tsx'
import { theme } from '@/src/design-system/theme/index.ts'

const Bar = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: ${theme.space[2]}px;
  padding: ${theme.space[2]}px ${theme.space[3]}px;
  border-radius: ${theme.radii.md};
  background: ${theme.colors.primaryLight};
`

const Count = styled.span`
  margin-right: auto;
  font-weight: ${theme.fontWeights.medium};
`

/** What a bulk status change did: the records changed and those that could not be. */
export interface BulkResult {
  changed: number
  failed: number
}

/**
 * Sets `status` on each id in turn with `change` (one record's own save, journaled as its edit), counting what
 * failed instead of stopping: one refused record does not leave the others unchanged.
 */
export async function changeEach(
  ids: readonly string[],
  change: (id: string) => Promise<unknown>,
): Promise<BulkResult & { changedIds: string[] }> {
  const changedIds: string[] = []
  for (const id of ids) {
    try {
      await change(id)
      changedIds.push(id)
    } catch {
      // Counted below; the API client has already shown why.
    }
  }
  return { changed: changedIds.length, failed: ids.length - changedIds.length, changedIds }
}

export interface BulkActionsProps {
  selected: ReadonlySet<string>
  onSelectedChange: (selected: Set<string>) => void
  /** 'partenaire', 'utilisateur'. */
  singular: string
  plural: string
  /** Sets the status of one record (by its id); the list is read again afterwards by the caller's hook. */
  setStatus: (id: string, status: PartnerStatus) => Promise<unknown>
  /** Once every change is done: read the list again. */
  onChanged: () => void
  /** « Exporter la sélection (N) »: the CSV of exactly the picked rows (`ids`), saved as `fileName`-date.csv. */
  exportSelection?: { download: (ids: string[]) => Promise<Blob>; fileName: string }
}

/**
 * Above a list, with rows picked: how many (announced), 'Changer le statut' for all of them after a confirmation
 * naming the count, their CSV export when the list has one, and a way to drop the selection.
 */
export function BulkActions({
  selected,
  onSelectedChange,
  singular,
  plural,
  setStatus,
  onChanged,
  exportSelection,
}: BulkActionsProps) {
  const { notify } = useNotification()
  const [status, setStatusChoice] = useState<PartnerStatus>('ACTIF')
  const [confirming, setConfirming] = useState(false)
  const [busy, setBusy] = useState(false)
  const count = selected.size
  const what = countLabel(count, singular, plural)

  const apply = async () => {
    setBusy(true)
    const result = await changeEach([...selected], (id) => setStatus(id, status))
    setBusy(false)
    setConfirming(false)
    onChanged()
    const left = new Set(selected)
    for (const id of result.changedIds) left.delete(id)
    onSelectedChange(left)
    if (result.failed === 0)
      notify(`Statut « ${statusLabels[status]} » appliqué à ${countLabel(result.changed, singular, plural)}.`)
    else
      notify(
        `Statut appliqué à ${result.changed} sur ${count} ; ${countLabel(result.failed, singular, plural)} non ${result.failed < 2 ? 'modifié' : 'modifiés'}.`,
        'error',
      )
  }

  const picked = count > 0 ? `${what} ${count < 2 ? 'sélectionné' : 'sélectionnés'}` : ''

  return (
    <>
      {/* Always there, so screen readers hear the count change, the first pick and the last unpick included. */}
      <VisuallyHidden role="status">{picked}</VisuallyHidden>
      {count > 0 ? (
        <Bar>
          <Count aria-hidden>{picked}</Count>
          <Select
            aria-label="Nouveau statut"
            size="small"
            fullWidth={false}
            value={status}
            options={statuses}
            onValueChange={(value) => setStatusChoice(value as PartnerStatus)}
          />
          <Button variant="outlined" onClick={() => setConfirming(true)}>
            Changer le statut
          </Button>
          {exportSelection ? (
            <CsvExportButton
              download={() => exportSelection.download([...selected])}
              fileName={exportSelection.fileName}
              label={`Exporter la sélection (${count})`}
            />
          ) : null}
          <Button variant="text" onClick={() => onSelectedChange(new Set())}>
            Tout désélectionner
          </Button>
        </Bar>
      ) : null}
      <ConfirmDialog
        open={confirming}
        title={`Changer le statut de ${what} ?`}
        description={`${count < 2 ? 'Il passera' : 'Ils passeront'} au statut « ${statusLabels[status]} ».`}
        confirmLabel="Changer le statut"
        confirmLoading={busy}
        onConfirm={() => void apply()}
        onCancel={() => {
          if (!busy) setConfirming(false)
        }}
      />
    </>
  )
}
