import styled from 'styled-components'

/** Form fields in two columns on a laptop, one on narrow screens; `data-span="full"` spans both. */
export const FormGrid = styled.div`
  display: grid;
  grid-template-columns: repeat(2, minmax(0, 1fr));
  gap: ${({ theme }) => theme.space[4]}px;
  & > [data-span='full'] {
    grid-column: 1 / -1;
  }
  @media (max-width: ${({ theme }) => theme.breakpoints.sm - 0.02}px) {
    grid-template-columns: minmax(0, 1fr);
  }
`

/** A vertical stack of fields (dialogs). */
export const FieldStack = styled.div`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space[4]}px;
`

export const FormActions = styled.div`
  display: flex;
  justify-content: flex-end;
  gap: ${({ theme }) => theme.space[2]}px;
  margin-top: ${({ theme }) => theme.space[5]}px;
`
