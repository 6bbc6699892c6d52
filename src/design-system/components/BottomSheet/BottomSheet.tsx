import type { ReactNode } from 'react'
import { Dialog, VisuallyHidden } from 'radix-ui'
import styled, { keyframes } from 'styled-components'
import { Icon, mdiClose } from '@/src/design-system/icons/index.ts'
import { modalOverlay, quietIconButton } from '@/src/design-system/theme/mixins.ts'
import { useReturnFocus } from './useReturnFocus.ts'
import { useBackToClose } from './useBackToClose.ts'
import { ModalTitle } from '../Dialog/ModalTitle.tsx'
import { theme } from '@/src/design-system/theme/theme.ts'

const slideUp = keyframes`
  from { transform: translateY(100%); }
  to { transform: translateY(0); }
`

const Overlay = styled(Dialog.Overlay)`
  ${modalOverlay('sheet')}
`

const Content = styled(Dialog.Content)`
  position: fixed;
  left: 0;
  right: 0;
  bottom: 0;
  z-index: ${theme.zIndices.sheet};
  display: flex;
  flex-direction: column;
  width: 100%;
  max-width: 720px;
  /* Spec: the sheet takes at most half of the screen's height. */
  max-height: 50vh;
  max-height: 50dvh;
  margin: 0 auto;
  border-radius: ${theme.radii.lg} ${theme.radii.lg} 0 0;
  background: ${theme.colors.surface};
  box-shadow: ${theme.shadows[3]};
  padding-bottom: env(safe-area-inset-bottom);
  animation: ${slideUp} ${theme.transitions.normal};
  outline: none;
`

const Handle = styled.div`
  width: 40px;
  height: 4px;
  margin: 8px auto 0;
  border-radius: 2px;
  background: ${theme.colors.border};
  flex: none;
`

const Header = styled.div`
  display: flex;
  align-items: center;
  gap: 8px;
  padding: 4px 8px 4px 16px;
  flex: none;
`

const Title = styled(ModalTitle)`
  font-size: ${theme.fontSizes.lg};
`

const CloseButton = styled(Dialog.Close)`
  ${quietIconButton(40)}
  margin-left: auto;
`

const Body = styled.div`
  flex: 1;
  min-height: 0;
  overflow-y: auto;
  overscroll-behavior: contain;
  padding: 0 16px 16px;
  &[data-flush='true'] {
    padding: 0 0 8px;
  }
`

export interface BottomSheetProps {
  /** La feuille est ouverte. */
  open: boolean
  /** Appelée avec `false` une fois la feuille fermée (retour, Échap, clic à côté, « Fermer »). */
  onOpenChange: (open: boolean) => void
  /** Titre de la feuille, qui est aussi son nom pour le lecteur d’écran. */
  title: string
  /** Titre lu par le lecteur d’écran mais pas affiché. */
  hideTitle?: boolean
  /** Description facultative, lue avec le titre. */
  description?: string
  /** Le contenu de la feuille. */
  children: ReactNode
  /** Sans marge intérieure (listes bord à bord). */
  flush?: boolean
}

/**
 * A modal sheet from the bottom of the screen, at most 50% high. Focus is trapped and Escape closes it. The
 * browser's back action closes it first (it pushes a history entry on open, inside or outside react-router).
 */
export function BottomSheet({
  open,
  onOpenChange,
  title,
  hideTitle = false,
  description,
  children,
  flush = false,
}: BottomSheetProps) {
  const { rememberOpener, restoreFocus } = useReturnFocus()
  const requestClose = useBackToClose(open, () => onOpenChange(false))
  return (
    <Dialog.Root
      open={open}
      onOpenChange={(next) => {
        if (next) onOpenChange(true)
        else requestClose()
      }}
    >
      <Dialog.Portal>
        <Overlay />
        <Content
          {...(description ? {} : { 'aria-describedby': undefined })}
          onOpenAutoFocus={rememberOpener}
          onCloseAutoFocus={restoreFocus}
        >
          <Handle aria-hidden />
          <Header>
            <Title hidden={hideTitle}>{title}</Title>
            <CloseButton aria-label="Fermer">
              <Icon path={mdiClose} size={22} />
            </CloseButton>
          </Header>
          {description ? (
            <VisuallyHidden.Root asChild>
              <Dialog.Description>{description}</Dialog.Description>
            </VisuallyHidden.Root>
          ) : null}
          <Body data-flush={flush} tabIndex={0}>
            {children}
          </Body>
        </Content>
      </Dialog.Portal>
    </Dialog.Root>
  )
}

/** Wrap an element (asChild) so activating it closes the enclosing sheet through the history, like back. */
export const BottomSheetClose = Dialog.Close
