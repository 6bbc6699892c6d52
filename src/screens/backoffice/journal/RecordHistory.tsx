import { useState } from 'react'
import styled from 'styled-components'
import { auditActions, type AuditTarget } from '@/contract/audit.ts'
import type { AuditEntry } from '@/contract/schemas.ts'
import { DEFAULT_TIME_ZONE, zonedDate } from '@/contract/zonedDate.ts'
import { useAudit } from '@/src/api/audit/getAudit.ts'
import { useClientConfig } from '@/src/api/config.ts'
import { Alert } from '@/src/design-system/components/Alert/index.ts'
import { Button } from '@/src/design-system/components/Button/index.ts'
import { SkeletonRows } from '@/src/design-system/components/SkeletonRows/index.ts'
import { unstyledList } from '@/src/design-system/theme/mixins.ts'
import { SectionTitle } from '../common/Panel.tsx'
import { AuditDiff } from './AuditDiff.tsx'
import { theme } from '@/src/design-system/theme/index.ts'

/** Entries per « Voir plus ». */
export const RECORD_HISTORY_PAGE_SIZE = 10

const Section = styled.section`
  display: flex;
  flex-direction: column;
  gap: ${theme.space[3]}px;
  padding-top: ${theme.space[5]}px;
  border-top: 1px solid ${theme.colors.divider};
`

const Entries = styled.ol`
  display: flex;
  flex-direction: column;
  gap: ${theme.space[3]}px;
  ${unstyledList}
`

const Entry = styled.li`
  display: flex;
  flex-direction: column;
  gap: ${theme.space[2]}px;
  padding: ${theme.space[3]}px ${theme.space[4]}px;
  border: 1px solid ${theme.colors.border};
  border-radius: ${theme.radii.md};
`

const Heading = styled.p`
  display: flex;
  flex-wrap: wrap;
  align-items: baseline;
  column-gap: ${theme.space[2]}px;
  margin: 0;
`

const Muted = styled.span`
  color: ${theme.colors.textMuted};
  font-size: ${theme.fontSizes.sm};
`

const Motif = styled.p`
  margin: 0;
  font-size: ${theme.fontSizes.sm};
`

const asRecord = (value: unknown): Record<string, unknown> =>
  value && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : {}

/**
 * What an entry was done to besides the record itself: a reactivation names the coupon given back (the
 * record is its user).
 */
function subject(entry: AuditEntry): string | null {
  if (entry.action !== 'coupon.reactivate') return null
  const coupon = asRecord(entry.before ?? entry.after)
  if (typeof coupon.libelle !== 'string') return null
  return typeof coupon.partnerName === 'string' ? `${coupon.libelle} (${coupon.partnerName})` : coupon.libelle
}

function HistoryEntry({ entry, timeZone }: { entry: AuditEntry; timeZone: string }) {
  const what = subject(entry)
  return (
    <Entry>
      <Heading>
        <strong>{auditActions[entry.action] ?? entry.action}</strong>
        {what ? <span>{what}</span> : null}
      </Heading>
      <Muted>
        Le <time dateTime={entry.at}>{zonedDate(entry.at, timeZone, true)}</time> par{' '}
        {entry.actor.name || entry.actor.email}
        {entry.actor.name ? ` (${entry.actor.email})` : ''}
      </Muted>
      {entry.motif ? <Motif>Motif : {entry.motif}</Motif> : null}
      <AuditDiff before={entry.before} after={entry.after} timeZone={timeZone} />
    </Entry>
  )
}

interface PageProps {
  targetType: AuditTarget
  targetId: string
  page: number
  timeZone: string
  /** Only the last page shown says what comes next: « Voir plus », or a failure with its retry. */
  last: boolean
  onMore: () => void
}

/** One page of entries; each keeps its own SWR key, which a write matching the journal's keys reads again. */
function HistoryPage({ targetType, targetId, page, timeZone, last, onMore }: PageProps) {
  const { data, error, isLoading, mutate } = useAudit({
    targetType,
    targetId,
    page,
    pageSize: RECORD_HISTORY_PAGE_SIZE,
  })
  const entries = data?.items ?? []
  const more = data ? (page + 1) * RECORD_HISTORY_PAGE_SIZE < data.total : false
  return (
    <>
      {entries.map((entry) => (
        <HistoryEntry key={entry.id} entry={entry} timeZone={timeZone} />
      ))}
      {!last ? null : error && !data ? (
        <li>
          <Alert
            severity="error"
            action={
              <Button variant="text" size="small" onClick={() => void mutate()}>
                Réessayer
              </Button>
            }
          >
            Impossible de charger l’historique.
          </Alert>
        </li>
      ) : isLoading && !data ? (
        <li>
          <SkeletonRows rows={2} lines={2} label="Chargement de l’historique" />
        </li>
      ) : data && data.total === 0 ? (
        <li>
          <Muted>Aucune entrée dans le journal</Muted>
        </li>
      ) : more ? (
        <li>
          <Button variant="outlined" onClick={onMore}>
            Voir plus
          </Button>
        </li>
      ) : null}
    </>
  )
}

interface RecordHistoryProps {
  targetType: AuditTarget
  targetId: number | string
  title?: string
}

/**
 * A record's own history on its consultation page: the Journal's entries whose target it is, newest first,
 * each with who, when, what and its before/after; « Voir plus » adds the next entries.
 */
export function RecordHistory(props: RecordHistoryProps) {
  // Another record (the same screen, another address) starts again from its first page.
  return <Pages key={`${props.targetType}:${props.targetId}`} {...props} />
}

function Pages({ targetType, targetId, title = 'Historique de la fiche' }: RecordHistoryProps) {
  const timeZone = useClientConfig().data?.timeZone ?? DEFAULT_TIME_ZONE
  const [pages, setPages] = useState(1)
  const headingId = `historique-${targetType}`
  return (
    <Section aria-labelledby={headingId}>
      <SectionTitle id={headingId}>{title}</SectionTitle>
      <Entries aria-labelledby={headingId}>
        {Array.from({ length: pages }, (_, page) => (
          <HistoryPage
            key={page}
            targetType={targetType}
            targetId={String(targetId)}
            page={page}
            timeZone={timeZone}
            last={page === pages - 1}
            onMore={() => setPages(page + 2)}
          />
        ))}
      </Entries>
    </Section>
  )
}
