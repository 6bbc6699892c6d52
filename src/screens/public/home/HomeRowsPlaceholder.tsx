import styled from 'styled-components'
import { theme } from '@/src/design-system/theme/index.ts'

/** A Home row's height: its title line and a line of tiles, kept while the rows load so nothing shifts. */
export const HOME_ROW_HEIGHT = 152

const Row = styled.div`
  display: flex;
  flex-direction: column;
  gap: 12px;
  height: ${HOME_ROW_HEIGHT}px;
  padding: 16px;
  box-sizing: border-box;
  overflow: hidden;
  & > span {
    width: 140px;
    height: 20px;
    border-radius: ${theme.radii.sm};
    background: ${theme.colors.skeleton};
  }
  & > div {
    display: flex;
    gap: 12px;
  }
  & > div > span {
    flex: none;
    width: 168px;
    height: 88px;
    border-radius: ${theme.radii.md};
    background: ${theme.colors.skeleton};
  }
`

/**
 * Home's personal rows while they load (below the carousel, out of the first screen): grey titles and tiles, on
 * Home itself and in its prerendered skeleton.
 */
export function HomeRowsPlaceholder({ rows = 2 }: { rows?: number }) {
  return (
    <div aria-hidden data-testid="home-rows-placeholder">
      {Array.from({ length: rows }, (_, i) => (
        <Row key={i}>
          <span />
          <div>
            <span />
            <span />
            <span />
          </div>
        </Row>
      ))}
    </div>
  )
}
