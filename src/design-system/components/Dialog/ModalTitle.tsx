import type { ReactNode } from 'react'
import { Dialog, VisuallyHidden } from 'radix-ui'
import styled from 'styled-components'
import { theme } from '@/src/design-system/theme/theme.ts'

const Title = styled(Dialog.Title)`
  flex: 1;
  margin: 0;
  font-weight: ${theme.fontWeights.bold};
`

export interface ModalTitleProps {
  /** Le titre. */
  children: ReactNode
  /** Titre lu par le lecteur d’écran mais pas affiché : il nomme toujours le dialogue. */
  hidden?: boolean
  /** Classe CSS ajoutée au titre. */
  className?: string
}

/** The title of a dialog or a sheet, its accessible name: shown in its header, or for screen readers only. */
export function ModalTitle({ children, hidden = false, className }: ModalTitleProps) {
  const title = <Title className={className}>{children}</Title>
  return hidden ? <VisuallyHidden.Root asChild>{title}</VisuallyHidden.Root> : title
}
