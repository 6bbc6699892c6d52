import { useEffect, useState } from 'react'
import { format, parseISO } from 'date-fns'
import { fr } from 'date-fns/locale'
import { Link } from 'react-router'
import styled from 'styled-components'
import { unstyledList } from '@/src/design-system/index.ts'
import type { UsedOffer } from '@/contract/schemas.ts'
import { PROOF_REPLAY_MINUTES } from '@/contract/offerUseCode.ts'
import { useMyUsedOffers } from '@/src/api/users/getMyUsedOffers.ts'
import { Button } from '@/src/design-system/components/Button/index.ts'
import { Chip } from '@/src/design-system/components/Chip/index.ts'
import { EmptyState, ErrorState } from '@/src/design-system/components/EmptyState/index.ts'
import { mdiTicketConfirmation } from '@/src/design-system/icons/index.ts'
import { PAGE_TITLES, usePageTitle } from '@/src/pageTitle/index.ts'
import { useSession } from '@/src/session/index.ts'
import { AccountPage } from '../account/AccountPage.tsx'
import { UseProof, type UseProofData } from '../proof/UseProof.tsx'
import { UsedOffersLoadingRows } from './UsedOffersSkeleton.tsx'
import { theme } from '@/src/design-system/theme/index.ts'

export const USED_OFFERS_TITLE = PAGE_TITLES.usedOffers
export const NO_USED_OFFERS_MESSAGE = 'Aucun coupon utilisé pour le moment'
export const USED_OFFERS_ERROR_MESSAGE = 'Oups... Nous ne parvenons pas à récupérer vos coupons utilisés'
export const REACTIVATED_LABEL = 'Réactivé par un administrateur'
export const SHOW_PROOF_LABEL = 'Montrer au commerçant'

const replayMs = PROOF_REPLAY_MINUTES * 60_000

/** A use whose proof can be shown again: made less than 15 minutes ago, not given back, with its code. */
export const canShowProof = (use: UsedOffer, now: number) =>
  Boolean(use.code) && use.reactivatedAt === null && now - Date.parse(use.usedAt) < replayMs

/** Now, read again every few seconds: enough for 'Montrer au commerçant' to go when its 15 minutes are over. */
function useMinuteClock() {
  const [now, setNow] = useState(Date.now)
  useEffect(() => {
    const id = window.setInterval(() => setNow(Date.now()), 5_000)
    return () => window.clearInterval(id)
  }, [])
  return now
}

/** 'Utilisé le 23 novembre 2026', in the user's time zone. */
export const usedOnLabel = (usedAt: string) =>
  `Utilisé le ${format(parseISO(usedAt), 'd MMMM yyyy', { locale: fr })}`

/** 'Novembre 2026': the heading of a month's uses. */
const monthLabel = (usedAt: string) => {
  const month = format(parseISO(usedAt), 'MMMM yyyy', { locale: fr })
  return month.charAt(0).toUpperCase() + month.slice(1)
}

/** The uses, already newest first, cut into months (in the order they come). */
export function groupByMonth(uses: UsedOffer[]): { month: string; uses: UsedOffer[] }[] {
  const groups: { month: string; uses: UsedOffer[] }[] = []
  for (const use of uses) {
    const month = monthLabel(use.usedAt)
    const last = groups[groups.length - 1]
    if (last?.month === month) last.uses.push(use)
    else groups.push({ month, uses: [use] })
  }
  return groups
}

const Month = styled.section`
  & + & {
    margin-top: 8px;
  }
`

const MonthTitle = styled.h2`
  margin: 0;
  padding: 16px 16px 8px;
  font-size: ${theme.fontSizes.sm};
  font-weight: ${theme.fontWeights.bold};
  letter-spacing: 0.04em;
  color: ${theme.colors.textMuted};
`

const List = styled.ul`
  ${unstyledList}
  border-top: 1px solid ${theme.colors.divider};
`

const Item = styled.li`
  display: flex;
  flex-direction: column;
  align-items: flex-start;
  gap: 4px;
  padding: 12px 16px;
  border-bottom: 1px solid ${theme.colors.divider};
`

const Partner = styled.h3`
  margin: 0;
  font-size: ${theme.fontSizes.md};
  & > a {
    color: ${theme.colors.primary};
  }
`

const Libelle = styled.p`
  margin: 0;
  overflow-wrap: anywhere;
`

const Code = styled.p`
  margin: 0;
  font-size: ${theme.fontSizes.sm};
  & > span {
    font-family: ${theme.fonts.mono};
    font-weight: ${theme.fontWeights.bold};
    letter-spacing: 0.08em;
  }
`

const When = styled.p`
  margin: 0;
  font-size: ${theme.fontSizes.sm};
  color: ${theme.colors.textMuted};
`

function UseItem({ use, onShowProof }: { use: UsedOffer; onShowProof?: () => void }) {
  return (
    <Item data-testid="used-offer">
      <Partner>
        {use.partnerActive ? (
          <Link to={`/partenaire/${use.partnerId.id}`}>{use.partnerName}</Link>
        ) : (
          use.partnerName
        )}
      </Partner>
      <Libelle>{use.libelle}</Libelle>
      <When>
        <time dateTime={use.usedAt}>{usedOnLabel(use.usedAt)}</time>
      </When>
      {use.code ? (
        <Code>
          Code <span>{use.code}</span>
        </Code>
      ) : null}
      {use.reactivatedAt ? <Chip label={REACTIVATED_LABEL} size="small" variant="primary" /> : null}
      {onShowProof ? (
        <Button size="small" onClick={onShowProof}>
          {SHOW_PROOF_LABEL}
        </Button>
      ) : null}
    </Item>
  )
}

/**
 * /mes-coupons: every coupon the user used, newest first, by month, with its code; a reactivated one is marked.
 * A use of the last 15 minutes shows its full-screen proof again ('Montrer au commerçant'), from the list already
 * in the page: offline too.
 */
export function UsedOffersScreen() {
  usePageTitle(USED_OFFERS_TITLE)
  const { user } = useSession()
  const { data, error, isValidating, mutate } = useMyUsedOffers(user?.userId.id ?? null)
  const now = useMinuteClock()
  const [proof, setProof] = useState<UseProofData | null>(null)

  let content
  if (data) {
    content =
      data.length === 0 ? (
        <EmptyState message={NO_USED_OFFERS_MESSAGE} icon={mdiTicketConfirmation} />
      ) : (
        groupByMonth(data).map((group) => (
          <Month key={group.month} aria-label={group.month}>
            <MonthTitle>{group.month}</MonthTitle>
            <List>
              {group.uses.map((use) => (
                <UseItem
                  key={use.useId}
                  use={use}
                  onShowProof={
                    canShowProof(use, now)
                      ? () =>
                          setProof({
                            partnerName: use.partnerName,
                            libelle: use.libelle,
                            code: use.code!,
                            usedAt: use.usedAt,
                          })
                      : undefined
                  }
                />
              ))}
            </List>
          </Month>
        ))
      )
  } else if (error) {
    content = (
      <ErrorState message={USED_OFFERS_ERROR_MESSAGE} onRetry={() => void mutate()} retrying={isValidating} />
    )
  } else {
    content = <UsedOffersLoadingRows />
  }
  return (
    <AccountPage title={USED_OFFERS_TITLE} busy={!data && !error}>
      {content}
      <UseProof proof={proof} onClose={() => setProof(null)} />
    </AccountPage>
  )
}

export default UsedOffersScreen
