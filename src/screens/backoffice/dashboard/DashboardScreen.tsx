import styled from 'styled-components'
import type { Dashboard } from '@/contract/backoffice.ts'
import { useDashboard } from '@/src/api/dashboard/getDashboard.ts'
import { exportCouponUses } from '@/src/api/exchange/exportCouponUses.ts'
import { BarChart } from '@/src/design-system/components/BarChart/index.ts'
import { ErrorState } from '@/src/design-system/components/EmptyState/index.ts'
import { PageHeader } from '@/src/design-system/components/PageHeader/index.ts'
import { SkeletonRows } from '@/src/design-system/components/SkeletonRows/index.ts'
import { backofficeTitle, usePageTitle } from '@/src/pageTitle/index.ts'
import { Panel } from '../common/Panel.tsx'
import { CsvExportButton } from '../exchange/CsvExportButton.tsx'
import { VerifyCodePanel } from './VerifyCodePanel.tsx'
import { theme } from '@/src/design-system/theme/index.ts'

const number = new Intl.NumberFormat('fr-FR')

const Figures = styled.dl`
  display: grid;
  grid-template-columns: repeat(auto-fit, minmax(200px, 1fr));
  gap: ${theme.space[4]}px;
  margin: 0;
`

const Figure = styled.div`
  display: flex;
  flex-direction: column-reverse;
  gap: ${theme.space[1]}px;
  padding: ${theme.space[4]}px;
  border: 1px solid ${theme.colors.divider};
  border-radius: ${theme.radii.md};
  dt {
    color: ${theme.colors.textMuted};
  }
  dd {
    margin: 0;
    font-size: ${theme.fontSizes.xxl};
    font-weight: ${theme.fontWeights.bold};
    font-variant-numeric: tabular-nums;
  }
`

const Charts = styled.div`
  display: grid;
  grid-template-columns: repeat(auto-fit, minmax(min(100%, 360px), 1fr));
  gap: ${theme.space[4]}px;
  > :first-child {
    grid-column: 1 / -1;
  }
`

/** 2026-11-25 → 25/11/2026 (table) and 25/11 (axis). */
const frenchDay = (date: string) => date.split('-').reverse().join('/')

function Board({ data }: { data: Dashboard }) {
  return (
    <>
      <Figures>
        <Figure>
          <dt>Coupons utilisés</dt>
          <dd>{number.format(data.totalUses)}</dd>
        </Figure>
        <Figure>
          <dt>Utilisateurs actifs (au moins un coupon)</dt>
          <dd>{number.format(data.activeUsers)}</dd>
        </Figure>
        <Figure>
          <dt>Utilisateurs inscrits</dt>
          <dd>{number.format(data.totalUsers)}</dd>
        </Figure>
      </Figures>
      <Charts>
        <BarChart
          title="Coupons utilisés par jour"
          labelHeader="Jour"
          valueHeader="Coupons utilisés"
          emptyMessage={`Aucun coupon utilisé ces ${data.days} derniers jours.`}
          data={data.usesPerDay.map((day) => ({
            key: day.date,
            label: frenchDay(day.date),
            axisLabel: frenchDay(day.date).slice(0, 5),
            value: day.uses,
          }))}
        />
        <UsesRanking
          {...rankings.partners}
          entries={data.topPartners.map(({ partnerId, name, uses }) => ({
            id: partnerId,
            label: name,
            uses,
          }))}
        />
        <UsesRanking
          {...rankings.categories}
          entries={data.usesByCategory.map(({ categoryId, label, uses }) => ({
            id: categoryId,
            label,
            uses,
          }))}
        />
      </Charts>
    </>
  )
}

/** /bo/tableau-de-bord: how coupons were used over the last 30 days, and 'Vérifier un code' for a use's proof. */
export function DashboardScreen() {
  usePageTitle(backofficeTitle('Tableau de bord'))
  const { data, error, isLoading, mutate } = useDashboard()
  return (
    <Panel>
      <PageHeader
        title="Tableau de bord"
        subtitle={`Utilisation des coupons sur les ${data?.days ?? 30} derniers jours`}
        actions={
          <CsvExportButton
            download={exportCouponUses}
            fileName="utilisations-coupons"
            label="Exporter les utilisations (CSV)"
          />
        }
      />
      <VerifyCodePanel />
      {data ? (
        <Board data={data} />
      ) : error ? (
        <ErrorState message="Impossible de charger le tableau de bord." onRetry={() => void mutate()} />
      ) : isLoading ? (
        <SkeletonRows rows={6} label="Chargement du tableau de bord" />
      ) : null}
    </Panel>
  )
}

export default DashboardScreen

const rankings = {
  partners: {
    title: 'Partenaires les plus utilisés',
    labelHeader: 'Partenaire',
    emptyMessage: 'Aucun partenaire n’a eu de coupon utilisé.',
  },
  categories: {
    title: 'Utilisations par catégorie',
    labelHeader: 'Catégorie',
    emptyMessage: 'Aucune catégorie n’a eu de coupon utilisé.',
  },
}

/** Coupon uses per partner or category, most used first, as ranked bars. */
function UsesRanking({
  title,
  labelHeader,
  emptyMessage,
  entries,
}: {
  title: string
  labelHeader: string
  emptyMessage: string
  entries: { id: number; label: string; uses: number }[]
}) {
  return (
    <BarChart
      title={title}
      layout="rows"
      labelHeader={labelHeader}
      valueHeader="Coupons utilisés"
      emptyMessage={emptyMessage}
      data={entries.map(({ id, label, uses }) => ({ key: String(id), label, value: uses }))}
    />
  )
}
