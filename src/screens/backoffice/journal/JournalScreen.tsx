import { useMemo, useState } from 'react'
import { Link } from 'react-router'
import styled from 'styled-components'
import { auditActionCodes, auditActions, targetText, type AuditAction } from '@/contract/audit.ts'
import type { AuditEntry } from '@/contract/schemas.ts'
import { DEFAULT_TIME_ZONE, zonedDate } from '@/contract/zonedDate.ts'
import { auditExportUrl, useAudit } from '@/src/api/audit/getAudit.ts'
import { useAuditActors } from '@/src/api/audit/getAuditActors.ts'
import { downloadAuditCsv } from '@/src/api/audit/exportAudit.ts'
import { ApiError } from '@/src/api/client.ts'
import { useClientConfig } from '@/src/api/config.ts'
import { Button } from '@/src/design-system/components/Button/index.ts'
import { type DataTableColumn } from '@/src/design-system/components/DataTable/index.ts'
import { PageHeader } from '@/src/design-system/components/PageHeader/index.ts'
import { Select } from '@/src/design-system/components/Select/index.ts'
import { TextField } from '@/src/design-system/components/TextField/index.ts'
import { Icon, mdiFilterRemove } from '@/src/design-system/icons/index.ts'
import { useNotification } from '@/src/notifications/index.ts'
import { backofficeTitle, usePageTitle } from '@/src/pageTitle/index.ts'
import { Panel } from '../common/Panel.tsx'
import { ListCount, ServerListTable } from '../common/ServerList.tsx'
import { useListParams } from '../common/useListParams.ts'
import { AuditDiff } from './AuditDiff.tsx'
import { theme } from '@/src/design-system/theme/index.ts'

const ALL = 'TOUS'

const Filters = styled.form`
  display: flex;
  flex-wrap: wrap;
  align-items: flex-end;
  gap: ${theme.space[3]}px;
  & > * {
    flex: 0 1 220px;
  }
`

const Muted = styled.span`
  display: block;
  color: ${theme.colors.textMuted};
  font-size: ${theme.fontSizes.xs};
`

const ExportLink = styled.a`
  color: ${theme.colors.primary};
  font-weight: ${theme.fontWeights.bold};
  white-space: nowrap;
`

const TargetLink = styled(Link)`
  color: ${theme.colors.primary};
  font-weight: ${theme.fontWeights.bold};
`

const isDay = (value: string | null) => (value && /^\d{4}-\d{2}-\d{2}$/.test(value) ? value : '')

/** The back-office page of an entry's target, while it can still be opened (a deleted user cannot). */
export function targetPath(entry: Pick<AuditEntry, 'action' | 'targetType' | 'targetId'>): string | null {
  if (!entry.targetId || entry.action === 'user.delete') return null
  if (entry.targetType === 'partner') return `/bo/partenaires/${entry.targetId}`
  if (entry.targetType === 'user') return `/bo/utilisateurs/${entry.targetId}`
  return null
}

/** The table's columns; dates and times in the app's zone (APP_TIME_ZONE), as the CSV export writes them. */
const journalColumns = (timeZone: string): DataTableColumn<AuditEntry>[] => [
  {
    key: 'at',
    header: 'Date',
    value: (e) => zonedDate(e.at, timeZone, true),
    nowrap: true,
  },
  {
    key: 'actor',
    header: 'Administrateur',
    value: (e) => e.actor.name || e.actor.email,
    render: (e) => (
      <>
        {e.actor.name || e.actor.email}
        <Muted>{e.actor.email}</Muted>
      </>
    ),
  },
  { key: 'action', header: 'Action', value: (e) => auditActions[e.action] ?? e.action },
  {
    key: 'target',
    header: 'Cible',
    value: (e) => targetText(e),
    render: (e) => {
      const path = targetPath(e)
      return path ? <TargetLink to={path}>{targetText(e)}</TargetLink> : targetText(e)
    },
  },
  { key: 'motif', header: 'Motif', value: (e) => e.motif ?? '' },
  {
    key: 'diff',
    header: 'Modifications',
    width: '34%',
    render: (e) => <AuditDiff before={e.before} after={e.after} timeZone={timeZone} />,
  },
]

/**
 * /bo/journal: who changed what in the back-office, newest first, filtered by administrator, kind of action
 * and dates; the filters and the page live in the address; the same entries download as CSV.
 */
export function JournalScreen() {
  usePageTitle(backofficeTitle('Journal'))
  const { notify } = useNotification()
  const list = useListParams('')
  const actorId = Number(list.params.get('admin')) || undefined
  const actionParam = list.params.get('action') ?? ''
  const action = (auditActionCodes as readonly string[]).includes(actionParam)
    ? (actionParam as AuditAction)
    : undefined
  const from = isDay(list.params.get('du')) || undefined
  const to = isDay(list.params.get('au')) || undefined
  const filters = { actorId, action, from, to }
  const result = useAudit({ ...filters, page: list.page, pageSize: list.pageSize })
  const { data: actors } = useAuditActors()
  const timeZone = useClientConfig().data?.timeZone ?? DEFAULT_TIME_ZONE
  const columns = useMemo(() => journalColumns(timeZone), [timeZone])
  const [exporting, setExporting] = useState(false)
  const filtered = Boolean(actorId || action || from || to)

  const onExport = async () => {
    setExporting(true)
    try {
      await downloadAuditCsv(filters)
    } catch (failure) {
      if (!(failure instanceof ApiError)) throw failure
      notify(failure.message, 'error')
    } finally {
      setExporting(false)
    }
  }

  return (
    <Panel>
      <PageHeader
        title="Journal"
        subtitle={<ListCount total={result.data?.total} singular="entrée" plural="entrées" />}
        actions={
          <ExportLink
            href={auditExportUrl(filters)}
            aria-disabled={exporting || undefined}
            onClick={(event) => {
              event.preventDefault()
              if (!exporting) void onExport()
            }}
          >
            Exporter (CSV)
          </ExportLink>
        }
      />
      <Filters aria-label="Filtres du journal" onSubmit={(event) => event.preventDefault()}>
        <Select
          label="Administrateur"
          size="small"
          value={actorId ? String(actorId) : ALL}
          options={[
            { value: ALL, label: 'Tous' },
            ...(actors ?? []).map((actor) => ({ value: String(actor.id), label: actor.name || actor.email })),
          ]}
          onValueChange={(value) => list.update({ admin: value === ALL ? null : value, page: null })}
        />
        <Select
          label="Action"
          size="small"
          value={action ?? ALL}
          options={[
            { value: ALL, label: 'Toutes' },
            ...auditActionCodes.map((code) => ({ value: code, label: auditActions[code] })),
          ]}
          onValueChange={(value) => list.update({ action: value === ALL ? null : value, page: null })}
        />
        <TextField
          label="Du"
          type="date"
          value={from ?? ''}
          max={to}
          onChange={(event) => list.update({ du: event.target.value, page: null })}
        />
        <TextField
          label="Au"
          type="date"
          value={to ?? ''}
          min={from}
          onChange={(event) => list.update({ au: event.target.value, page: null })}
        />
        {filtered ? (
          <Button
            variant="text"
            startIcon={<Icon path={mdiFilterRemove} size={20} />}
            onClick={() => list.update({ admin: null, action: null, du: null, au: null, page: null })}
          >
            Effacer les filtres
          </Button>
        ) : null}
      </Filters>
      <ServerListTable
        list={list}
        result={result}
        errorMessage="Impossible de charger le journal."
        caption="Journal"
        columns={columns}
        getRowId={(e) => e.id}
        searchable={false}
        emptyMessage={filtered ? 'Aucune entrée pour ces filtres' : 'Aucune entrée dans le journal'}
      />
    </Panel>
  )
}

export default JournalScreen
