import styled from 'styled-components'
import { theme } from '@/src/design-system/theme/index.ts'

/** The chips row's height (12 px padding, 32 px chips), kept while the categories load so nothing shifts. */
export const CHIPS_ROW_HEIGHT = 56

const Row = styled.div`
  flex: none;
  display: flex;
  align-items: center;
  gap: 8px;
  height: ${CHIPS_ROW_HEIGHT}px;
  padding: 0 16px;
  overflow: hidden;
  background: ${theme.colors.surface};
  & > span {
    flex: none;
    width: 112px;
    height: 32px;
    border-radius: ${theme.radii.pill};
    background: ${theme.colors.skeleton};
  }
`

/** Home's category chips while they load: four grey pills, on Home itself and in its prerendered skeleton. */
export function ChipsPlaceholder() {
  return (
    <Row aria-hidden>
      <span />
      <span />
      <span />
      <span />
    </Row>
  )
}
