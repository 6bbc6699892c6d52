import styled from 'styled-components'
import { theme } from '@/src/design-system/theme/index.ts'

/** Form fields in two columns on a laptop, one on narrow screens; `data-span="full"` spans both. */
export const FormGrid = styled.div`
  display: grid;
  grid-template-columns: repeat(2, minmax(0, 1fr));
  gap: ${theme.space[4]}px;
  & > [data-span='full'] {
    grid-column: 1 / -1;
  }
  @media (max-width: ${theme.breakpoints.sm - 0.02}px) {
    grid-template-columns: minmax(0, 1fr);
  }
`

/** A vertical stack of fields (dialogs). */
export const FieldStack = styled.div`
  display: flex;
  flex-direction: column;
  gap: ${theme.space[4]}px;
`

/**
 * A page form's 'Annuler' / 'Valider': stuck to the bottom of the window while the form runs below it, so a
 * long form can be sent from anywhere; it spans the Panel's width (its padding, as Panel sets it).
 */
export const FormActions = styled.div`
  position: sticky;
  bottom: 0;
  z-index: 1;
  display: flex;
  justify-content: flex-end;
  gap: ${theme.space[2]}px;
  margin: ${theme.space[5]}px -${theme.space[5]}px -${theme.space[5]}px;
  padding: ${theme.space[3]}px ${theme.space[5]}px;
  border-top: 1px solid ${theme.colors.border};
  border-radius: 0 0 ${theme.radii.md} ${theme.radii.md};
  background: ${theme.colors.surface};
  ${theme.media.mobile} {
    margin: ${theme.space[4]}px -${theme.space[4]}px -${theme.space[4]}px;
    padding: ${theme.space[3]}px ${theme.space[4]}px;
  }
`

const Legend = styled.p`
  margin: 0 0 ${theme.space[4]}px;
  color: ${theme.colors.textMuted};
  font-size: ${theme.fontSizes.sm};
`

const Star = styled.span`
  color: ${theme.colors.danger};
`

/** The key to the fields' '*' marks, above a form's fields. */
export function RequiredLegend() {
  return (
    <Legend>
      <Star aria-hidden="true">*</Star> champ obligatoire
    </Legend>
  )
}
