import { Link } from 'react-router'
import styled from 'styled-components'
import type { AuditEntry, UsedOffer } from '@/contract/schemas.ts'
import { DEFAULT_TIME_ZONE, zonedDate } from '@/contract/zonedDate.ts'
import { useAudit } from '@/src/api/audit/getAudit.ts'
import { useClientConfig } from '@/src/api/config.ts'
import { unstyledList } from '@/src/design-system/theme/mixins.ts'
import { SectionTitle } from '../common/Panel.tsx'
import { theme } from '@/src/design-system/theme/index.ts'

const Section = styled.section`
  display: flex;
  flex-direction: column;
  gap: ${theme.space[3]}px;
`

const Uses = styled.ol`
  display: flex;
  flex-direction: column;
  gap: ${theme.space[2]}px;
  ${unstyledList}
`

const Use = styled.li`
  display: flex;
  flex-direction: column;
  gap: 2px;
  padding: ${theme.space[2]}px ${theme.space[3]}px;
  border-left: 4px solid ${theme.colors.danger};
  background: ${theme.colors.surfaceMuted};
  border-radius: ${theme.radii.sm};
  &[data-reactivated] {
    border-left-color: ${theme.colors.success};
  }
`

const PartnerLink = styled(Link)`
  color: ${theme.colors.primary};
`

const Muted = styled.span`
  color: ${theme.colors.textMuted};
  font-size: ${theme.fontSizes.sm};
`

/** The use's code (issue 41), as the person showed it to the cashier. */
const UseCode = styled.strong`
  font-family: ${theme.fonts.mono};
  letter-spacing: 0.06em;
  color: ${theme.colors.text};
`

/** Enough for any real user's reactivations; older ones beyond it show their date without who and why. */
const REACTIVATIONS_READ = 100

/**
 * The journal's entry of a reactivation: the same offer, written in the same transaction as the use's
 * reactivatedAt (both are the transaction's now()), so the instants are equal.
 */
function reactivationOf(use: UsedOffer, entries: AuditEntry[]): AuditEntry | undefined {
  if (!use.reactivatedAt) return undefined
  const at = Date.parse(use.reactivatedAt)
  return entries.find((entry) => {
    const before = entry.before as { offerId?: unknown } | null
    return before?.offerId === use.offerId.id && Date.parse(entry.at) === at
  })
}

function reactivationText(use: UsedOffer, entry: AuditEntry | undefined, timeZone: string): string {
  const when = `Réactivé le ${zonedDate(use.reactivatedAt, timeZone, true)}`
  if (!entry) return when
  const who = entry.actor.name || entry.actor.email
  return `${when} par ${who}${entry.motif ? ` (motif : ${entry.motif})` : ''}`
}

/**
 * Every coupon the user used, newest first, with its partner and when (the app's time zone); a use given back
 * stays, with when, by whom and why it was reactivated (the journal's entry), where 'Coupons utilisés' lists
 * only what is used now.
 */
export function CouponHistory({ userId, uses }: { userId: number; uses: UsedOffer[] }) {
  const timeZone = useClientConfig().data?.timeZone ?? DEFAULT_TIME_ZONE
  const anyReactivated = uses.some((use) => use.reactivatedAt)
  const { data: reactivations } = useAudit(
    anyReactivated
      ? {
          targetType: 'user',
          targetId: String(userId),
          action: 'coupon.reactivate',
          pageSize: REACTIVATIONS_READ,
        }
      : null,
  )
  return (
    <Section aria-labelledby="historique-coupons">
      <SectionTitle id="historique-coupons">Historique des coupons</SectionTitle>
      {uses.length === 0 ? (
        <p>Aucune utilisation</p>
      ) : (
        <Uses aria-labelledby="historique-coupons">
          {uses.map((use) => (
            <Use key={use.useId} data-reactivated={use.reactivatedAt ? '' : undefined}>
              <strong>{use.libelle}</strong>
              <span>
                <PartnerLink to={`/bo/partenaires/${use.partnerId.id}`}>{use.partnerName}</PartnerLink>
              </span>
              <Muted>
                Utilisé le <time dateTime={use.usedAt}>{zonedDate(use.usedAt, timeZone, true)}</time>
                {use.code ? (
                  <>
                    {' · code '}
                    <UseCode>{use.code}</UseCode>
                  </>
                ) : null}
              </Muted>
              {use.reactivatedAt ? (
                <Muted>
                  {reactivationText(use, reactivationOf(use, reactivations?.items ?? []), timeZone)}
                </Muted>
              ) : null}
            </Use>
          ))}
        </Uses>
      )}
    </Section>
  )
}
