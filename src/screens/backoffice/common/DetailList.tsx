import type { ReactNode } from 'react'
import styled from 'styled-components'

const List = styled.dl`
  display: grid;
  grid-template-columns: repeat(auto-fill, minmax(220px, 1fr));
  gap: ${({ theme }) => theme.space[4]}px ${({ theme }) => theme.space[5]}px;
  margin: 0;
  & > div[data-span='full'] {
    grid-column: 1 / -1;
  }
`

const Term = styled.dt`
  margin-bottom: ${({ theme }) => theme.space[1]}px;
  color: ${({ theme }) => theme.colors.textMuted};
  font-size: ${({ theme }) => theme.fontSizes.sm};
  font-weight: ${({ theme }) => theme.fontWeights.medium};
`

const Value = styled.dd`
  margin: 0;
  overflow-wrap: anywhere;
  white-space: pre-line;
`

export interface DetailItem {
  label: string
  /** Empty values show '-' (spec). */
  value: ReactNode
  full?: boolean
}

const isEmpty = (value: ReactNode) =>
  value === null ||
  value === undefined ||
  value === false ||
  (typeof value === 'string' && value.trim() === '')

/** Label/value pairs of a consult page. */
export function DetailList({ items }: { items: DetailItem[] }) {
  return (
    <List>
      {items.map((item) => (
        <div key={item.label} data-span={item.full ? 'full' : undefined}>
          <Term>{item.label}</Term>
          <Value>{isEmpty(item.value) ? '-' : item.value}</Value>
        </div>
      ))}
    </List>
  )
}
