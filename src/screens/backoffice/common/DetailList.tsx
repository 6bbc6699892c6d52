import type { ReactNode } from 'react'
import styled from 'styled-components'
import { theme } from '@/src/design-system/theme/index.ts'

const List = styled.dl`
  display: grid;
  grid-template-columns: repeat(auto-fill, minmax(220px, 1fr));
  gap: ${theme.space[4]}px ${theme.space[5]}px;
  margin: 0;
  & > div[data-span='full'] {
    grid-column: 1 / -1;
  }
`

const Term = styled.dt`
  margin-bottom: ${theme.space[1]}px;
  color: ${theme.colors.textMuted};
  font-size: ${theme.fontSizes.sm};
  font-weight: ${theme.fontWeights.medium};
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
