import { useId, useState } from 'react'
import styled, { css } from 'styled-components'
import { Button } from '../Button/index.ts'

export interface BarChartDatum {
  key: string
  /** The category or day in full, as the table shows it (e.g. '25/11/2026', 'Restaurants'). */
  label: string
  value: number
  /** A shorter label under a column (e.g. '25/11'); the label when absent. */
  axisLabel?: string
}

export interface BarChartProps {
  /** The chart's heading (h2) and its table's caption. */
  title: string
  data: BarChartDatum[]
  /** 'columns': one column per entry along a time axis; 'rows': ranked horizontal bars with their value. */
  layout?: 'columns' | 'rows'
  /** The table's two column headers, e.g. 'Jour' and 'Utilisations'. */
  labelHeader: string
  valueHeader: string
  /** Shown instead of the chart when there is nothing to draw (no entry, or every value 0). */
  emptyMessage: string
}

const number = new Intl.NumberFormat('fr-FR')

const Root = styled.section`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space[3]}px;
  min-width: 0;
  padding: ${({ theme }) => theme.space[4]}px;
  border: 1px solid ${({ theme }) => theme.colors.divider};
  border-radius: ${({ theme }) => theme.radii.md};
  background: ${({ theme }) => theme.colors.surface};
`

const Header = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  justify-content: space-between;
  gap: ${({ theme }) => theme.space[2]}px;
`

const Title = styled.h2`
  margin: 0;
  font-size: ${({ theme }) => theme.fontSizes.lg};
  font-weight: ${({ theme }) => theme.fontWeights.bold};
`

const Empty = styled.p`
  margin: 0;
  padding: ${({ theme }) => theme.space[5]}px 0;
  color: ${({ theme }) => theme.colors.textMuted};
  text-align: center;
`

const Columns = styled.div<{ $count: number }>`
  display: grid;
  grid-template-columns: repeat(${({ $count }) => $count}, minmax(0, 1fr));
  grid-template-rows: 160px auto;
  column-gap: 2px;
  border-top: 1px dashed ${({ theme }) => theme.colors.divider};
`

const Column = styled.span<{ $ratio: number }>`
  grid-row: 1;
  align-self: end;
  height: ${({ $ratio }) => Math.max($ratio * 100, $ratio > 0 ? 2 : 0)}%;
  min-height: 1px;
  border-radius: 2px 2px 0 0;
  background: ${({ theme }) => theme.colors.primary};
`

const Tick = styled.span`
  grid-row: 2;
  padding-top: ${({ theme }) => theme.space[1]}px;
  border-top: 1px solid ${({ theme }) => theme.colors.textMuted};
  color: ${({ theme }) => theme.colors.textMuted};
  font-size: ${({ theme }) => theme.fontSizes.xs};
  white-space: nowrap;
`

const Scale = styled.p`
  margin: 0;
  color: ${({ theme }) => theme.colors.textMuted};
  font-size: ${({ theme }) => theme.fontSizes.xs};
`

const Rows = styled.div`
  display: grid;
  grid-template-columns: minmax(0, max-content) minmax(64px, 1fr) auto;
  align-items: center;
  gap: ${({ theme }) => theme.space[2]}px ${({ theme }) => theme.space[3]}px;
`

const RowLabel = styled.span`
  overflow: hidden;
  max-width: 220px;
  text-overflow: ellipsis;
  white-space: nowrap;
`

const Bar = styled.span<{ $ratio: number }>`
  display: block;
  width: ${({ $ratio }) => Math.max($ratio * 100, 1)}%;
  height: 16px;
  border-radius: 0 4px 4px 0;
  background: ${({ theme }) => theme.colors.primary};
`

const RowValue = styled.span`
  font-variant-numeric: tabular-nums;
  font-weight: ${({ theme }) => theme.fontWeights.medium};
  text-align: right;
`

const hidden = css`
  position: absolute;
  width: 1px;
  height: 1px;
  overflow: hidden;
  clip-path: inset(50%);
`

const Table = styled.table<{ $visible: boolean }>`
  ${({ $visible }) => ($visible ? '' : hidden)}
  width: 100%;
  border-collapse: collapse;
  font-size: ${({ theme }) => theme.fontSizes.sm};
  caption {
    ${hidden}
  }
  th,
  td {
    padding: ${({ theme }) => theme.space[1]}px ${({ theme }) => theme.space[2]}px;
    border-bottom: 1px solid ${({ theme }) => theme.colors.divider};
    text-align: left;
  }
  td:last-child,
  th:last-child {
    text-align: right;
    font-variant-numeric: tabular-nums;
  }
`

/**
 * A bar chart drawn with CSS grid, no chart library (the whole dashboard chunk is 2.5 kB gzipped with it, 108 kB
 * with recharts' bar chart in its place), readable as a table: the table is always in the page for assistive technology (the drawing is hidden from
 * it) and shown on screen with "Afficher le tableau".
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
          {tableShown ? null : layout === 'columns' ? (
            <div aria-hidden="true">
              <Scale>Maximum : {number.format(max)}</Scale>
              <Columns $count={data.length}>
                {data.map((datum) => (
                  <Column
                    key={datum.key}
                    $ratio={ratio(datum.value)}
                    title={`${datum.label} : ${number.format(datum.value)}`}
                  />
                ))}
                {data.map((datum, index) => (
                  <Tick key={datum.key}>
                    {(data.length - 1 - index) % step === 0 ? (datum.axisLabel ?? datum.label) : ''}
                  </Tick>
                ))}
              </Columns>
            </div>
          ) : (
            <Rows aria-hidden="true">
              {data.map((datum) => (
                <RowBar key={datum.key} datum={datum} ratio={ratio(datum.value)} />
              ))}
            </Rows>
          )}
          <Table id={tableId} $visible={tableShown}>
            <caption>{title}</caption>
            <thead>
              <tr>
                <th scope="col">{labelHeader}</th>
                <th scope="col">{valueHeader}</th>
              </tr>
            </thead>
            <tbody>
              {data.map((datum) => (
                <tr key={datum.key}>
                  <td>{datum.label}</td>
                  <td>{number.format(datum.value)}</td>
                </tr>
              ))}
            </tbody>
          </Table>
        </>
      )}
    </Root>
  )
}

function RowBar({ datum, ratio }: { datum: BarChartDatum; ratio: number }) {
  return (
    <>
      <RowLabel title={datum.label}>{datum.label}</RowLabel>
      <Bar $ratio={ratio} />
      <RowValue>{number.format(datum.value)}</RowValue>
    </>
  )
}
