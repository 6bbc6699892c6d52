import 'charts.css'
import { type CSSProperties, useId, useState } from 'react'
import styled from 'styled-components'
import { Button } from '../Button/index.ts'
import { VisuallyHidden } from '../VisuallyHidden/index.ts'
import { theme } from '@/src/design-system/theme/theme.ts'

export interface BarChartDatum {
  key: string
  /** The category or day in full, as the table shows it (e.g. '25/11/2026', 'Restaurants'). */
  label: string
  value: number
  /** A shorter label under a column (e.g. '25/11'); the label when absent. */
  axisLabel?: string
}

export interface BarChartProps {
  /** Titre du graphique (niveau 2), qui est aussi la légende de son tableau. */
  title: string
  /** Les valeurs : un libellé et un nombre par barre, dans l’ordre d’affichage. */
  data: BarChartDatum[]
  /**
   * `columns` : une colonne par valeur sur un axe de temps ; `rows` : des barres horizontales classées, avec
   * leur valeur.
   */
  layout?: 'columns' | 'rows'
  /** En-tête de la colonne des libellés dans le tableau, par exemple « Jour ». */
  labelHeader: string
  /** En-tête de la colonne des valeurs dans le tableau, par exemple « Utilisations ». */
  valueHeader: string
  /** Affiché à la place du graphique quand il n’y a rien à dessiner (aucune valeur, ou toutes à 0). */
  emptyMessage: string
}

const number = new Intl.NumberFormat('fr-FR')

const Root = styled.section`
  display: flex;
  flex-direction: column;
  gap: ${theme.space[3]}px;
  min-width: 0;
  padding: ${theme.space[4]}px;
  border: 1px solid ${theme.colors.divider};
  border-radius: ${theme.radii.md};
  background: ${theme.colors.surface};
`

const Header = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  justify-content: space-between;
  gap: ${theme.space[2]}px;
`

const Title = styled.h2`
  margin: 0;
  font-size: ${theme.fontSizes.lg};
  font-weight: ${theme.fontWeights.bold};
`

const Empty = styled.p`
  margin: 0;
  padding: ${theme.space[5]}px 0;
  color: ${theme.colors.textMuted};
  text-align: center;
`

const Scale = styled.p`
  margin: 0;
  color: ${theme.colors.textMuted};
  font-size: ${theme.fontSizes.xs};
`

/** Charts.css draws the table (classes `charts-css column|bar`); these rules give it the theme's look. */
const ChartTable = styled.table`
  --color: ${theme.colors.primary};
  --primary-axis-color: ${theme.colors.textMuted};
  --secondary-axes-color: ${theme.colors.divider};
  font-size: ${theme.fontSizes.sm};

  &.column {
    --labels-size: 1.75rem;
  }
  &.column tbody {
    height: 180px;
    aspect-ratio: auto;
  }
  &.column th {
    color: ${theme.colors.textMuted};
    font-size: ${theme.fontSizes.xs};
    font-weight: normal;
    white-space: nowrap;
  }
  &.column td {
    border-radius: 2px 2px 0 0;
  }

  &.bar {
    --labels-size: 11rem;
  }
  /* Room at the end for the longest bar's value. */
  &.bar tbody {
    width: calc(100% - 3rem);
  }
  &.bar th {
    overflow: hidden;
    font-weight: normal;
    text-overflow: ellipsis;
    white-space: nowrap;
  }
  &.bar th > span {
    overflow: hidden;
    text-overflow: ellipsis;
  }
  &.bar td {
    border-radius: 0 4px 4px 0;
  }
  &.bar .data {
    position: absolute;
    inset-block: 0;
    inset-inline-start: 100%;
    display: flex;
    align-items: center;
    transform: none;
    white-space: nowrap;
    padding-inline-start: ${theme.space[2]}px;
    color: ${theme.colors.text};
    font-variant-numeric: tabular-nums;
    font-weight: ${theme.fontWeights.medium};
  }

  /* Without the chart classes: the same table, plain. */
  &:not(.charts-css) {
    width: 100%;
    border-collapse: collapse;
  }
  &:not(.charts-css) caption {
    position: absolute;
    width: 1px;
    height: 1px;
    overflow: hidden;
    clip-path: inset(50%);
  }
  &:not(.charts-css) th,
  &:not(.charts-css) td {
    padding: ${theme.space[1]}px ${theme.space[2]}px;
    border-bottom: 1px solid ${theme.colors.divider};
    font-weight: normal;
    text-align: left;
  }
  &:not(.charts-css) thead th {
    font-weight: ${theme.fontWeights.bold};
  }
  &:not(.charts-css) td,
  &:not(.charts-css) th:last-child {
    text-align: right;
    font-variant-numeric: tabular-nums;
  }
`

/**
 * A bar chart that is a table: Charts.css (CSS only, no script) draws the `<table>` itself as columns or bars,
 * so assistive technology reads the same table that is drawn (caption, one row per entry: its label and value).
 * "Afficher le tableau" takes the chart classes off and shows that table plain, with its headers.
 */
export function BarChart({
  title,
  data,
  layout = 'columns',
  labelHeader,
  valueHeader,
  emptyMessage,
}: BarChartProps) {
  const titleId = useId()
  const tableId = useId()
  const [tableShown, setTableShown] = useState(false)
  const max = Math.max(0, ...data.map((datum) => datum.value))
  const ratio = (value: number) => (max === 0 ? 0 : value / max)
  // About six labels under a time axis, the last one always.
  const step = Math.max(1, Math.ceil(data.length / 6))
  const drawn = !tableShown
  const chartClass =
    layout === 'columns'
      ? 'charts-css column show-labels hide-data show-primary-axis show-4-secondary-axes data-spacing-1'
      : 'charts-css bar show-labels show-primary-axis data-spacing-4'

  return (
    <Root aria-labelledby={titleId}>
      <Header>
        <Title id={titleId}>{title}</Title>
        {max > 0 ? (
          <Button
            variant="text"
            size="small"
            aria-expanded={tableShown}
            aria-controls={tableId}
            onClick={() => setTableShown((shown) => !shown)}
          >
            {tableShown ? 'Masquer le tableau' : 'Afficher le tableau'}
          </Button>
        ) : null}
      </Header>
      {max === 0 ? (
        <Empty>{emptyMessage}</Empty>
      ) : (
        <>
          {drawn && layout === 'columns' ? (
            <Scale aria-hidden="true">Maximum : {number.format(max)}</Scale>
          ) : null}
          <ChartTable id={tableId} className={drawn ? chartClass : undefined}>
            <caption>{title}</caption>
            <thead>
              <tr>
                <th scope="col">{labelHeader}</th>
                <th scope="col">{valueHeader}</th>
              </tr>
            </thead>
            <tbody>
              {data.map((datum, index) => {
                const axisLabel =
                  drawn && layout === 'columns' ? (datum.axisLabel ?? datum.label) : datum.label
                const labelled = layout === 'rows' || (data.length - 1 - index) % step === 0
                return (
                  <tr key={datum.key} className={drawn && !labelled ? 'hide-label' : undefined}>
                    <th scope="row" title={drawn && layout === 'rows' ? datum.label : undefined}>
                      {axisLabel === datum.label ? (
                        <span>{datum.label}</span>
                      ) : (
                        <>
                          <span aria-hidden="true">{axisLabel}</span>
                          <VisuallyHidden>{datum.label}</VisuallyHidden>
                        </>
                      )}
                    </th>
                    <td
                      style={{ '--size': ratio(datum.value) } as CSSProperties}
                      title={
                        drawn && layout === 'columns'
                          ? `${datum.label} : ${number.format(datum.value)}`
                          : undefined
                      }
                    >
                      <span className="data">{number.format(datum.value)}</span>
                    </td>
                  </tr>
                )
              })}
            </tbody>
          </ChartTable>
        </>
      )}
    </Root>
  )
}
