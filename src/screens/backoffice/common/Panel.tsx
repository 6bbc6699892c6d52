import styled from 'styled-components'
import { theme } from '@/src/design-system/theme/index.ts'

/** The white panel every back-office page sits on. */
export const Panel = styled.section`
  display: flex;
  flex-direction: column;
  gap: ${theme.space[5]}px;
  background: ${theme.colors.surface};
  border-radius: ${theme.radii.md};
  box-shadow: ${theme.shadows[1]};
  padding: ${theme.space[5]}px;
  ${theme.media.mobile} {
    padding: ${theme.space[4]}px;
  }
`

export const SectionTitle = styled.h2`
  margin: 0;
  font-size: ${theme.fontSizes.xl};
`
