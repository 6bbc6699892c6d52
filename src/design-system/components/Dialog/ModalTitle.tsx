import type { ReactNode } from 'react'
import { Dialog, VisuallyHidden } from 'radix-ui'
import styled from 'styled-components'

const Title = styled(Dialog.Title)`
  flex: 1;
  margin: 0;
  font-weight: ${({ theme }) => theme.fontWeights.bold};
`

export interface ModalTitleProps {
  children: ReactNode
  /** Keep the title for screen readers only: it still names the dialog. */
  hidden?: boolean
  className?: string
}

/** The title of a dialog or a sheet, its accessible name: shown in its header, or for screen readers only. */
export function ModalTitle({ children, hidden = false, className }: ModalTitleProps) {
  const title = <Title className={className}>{children}</Title>
  return hidden ? <VisuallyHidden.Root asChild>{title}</VisuallyHidden.Root> : title
}
