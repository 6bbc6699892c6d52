import { useLayoutEffect, useRef, useState, type ReactNode } from 'react'
import { createPortal } from 'react-dom'
import { Dialog as RadixDialog } from 'radix-ui'
import styled, { keyframes } from 'styled-components'
import { Icon, mdiClose } from '@/src/design-system/icons/index.ts'
import { fadeIn, modalOverlay, roundIconButton } from '@/src/design-system/theme/mixins.ts'
import { useReturnFocus } from '../BottomSheet/useReturnFocus.ts'
import { Button, type ButtonColor } from '../Button/index.ts'
import { ModalTitle } from './ModalTitle.tsx'
import { theme } from '@/src/design-system/theme/theme.ts'

const popIn = keyframes`
  from { opacity: 0; transform: translate(-50%, -48%) scale(0.97); }
  to { opacity: 1; transform: translate(-50%, -50%) scale(1); }
`

const Overlay = styled(RadixDialog.Overlay)`
  ${modalOverlay('dialog')}
`

const Content = styled(RadixDialog.Content)`
  position: fixed;
  top: 50%;
  left: 50%;
  z-index: ${theme.zIndices.dialog};
  display: flex;
  flex-direction: column;
  /* Spec section 9: dialogs 50% wide, min 300px, max 800px. */
  width: 50%;
  min-width: min(300px, calc(100vw - 16px));
  max-width: 800px;
  max-height: calc(100dvh - 32px);
  border-radius: ${theme.radii.lg};
  background: ${theme.colors.surface};
  box-shadow: ${theme.shadows[3]};
  transform: translate(-50%, -50%);
  animation: ${popIn} ${theme.transitions.normal};
  outline: none;
  &[data-fullscreen='true'] {
    inset: 0;
    top: 0;
    left: 0;
    width: 100vw;
    min-width: 0;
    max-width: none;
    height: 100dvh;
    max-height: none;
    border-radius: 0;
    transform: none;
    animation: ${fadeIn} ${theme.transitions.normal};
    background: ${theme.colors.viewerBackground};
    color: ${theme.colors.onDark};
  }
`

const Header = styled.div`
  display: flex;
  align-items: center;
  gap: 8px;
  padding: 16px 60px 8px 24px;
  min-height: 64px;
  flex: none;
`

const Title = styled(ModalTitle)`
  font-size: ${theme.fontSizes.xl};
  line-height: ${theme.lineHeights.tight};
`

const CloseButton = styled(RadixDialog.Close)`
  position: absolute;
  top: 12px;
  right: 12px;
  ${roundIconButton(40)}
  background: transparent;
  color: inherit;
  z-index: 1;
  &:hover {
    background: rgba(127, 127, 127, 0.16);
  }
`

const Body = styled.div`
  flex: 1;
  min-height: 0;
  overflow-y: auto;
  padding: 8px 24px 16px;
  [data-fullscreen='true'] > & {
    display: flex;
    padding: 0;
  }
`

const Actions = styled.div`
  display: flex;
  flex-wrap: wrap;
  justify-content: flex-end;
  gap: 8px;
  padding: 8px 24px 20px;
  flex: none;
`

/*
 * Left on the page for a moment after a dialog closed under a press: the second tap of a double tap (which comes
 * within ~300 ms) lands here, not on whatever was under the button that closed it ('Confirmer' over a 'tel:'
 * link opened the phone's dialler). Invisible; it takes no focus, so the keyboard is never held up.
 */
const TapShield = styled.div`
  position: fixed;
  inset: 0;
  z-index: ${theme.zIndices.dialog};
  pointer-events: auto;
`

/** How long the shield stays after the close, and how recent the press must be to count as the closing one. */
export const GHOST_TAP_MS = 400

/** Whether the dialog has just closed under a press inside it: the shield is up (see TapShield). */
function useTapShield(open: boolean) {
  const lastPress = useRef(Number.NEGATIVE_INFINITY)
  const wasOpen = useRef(open)
  const [shielded, setShielded] = useState(false)
  // A layout effect: the shield is in the page before the browser handles the next tap.
  useLayoutEffect(() => {
    const closedUnderPress = wasOpen.current && !open && performance.now() - lastPress.current < GHOST_TAP_MS
    wasOpen.current = open
    if (!closedUnderPress) return
    setShielded(true)
    const timer = window.setTimeout(() => setShielded(false), GHOST_TAP_MS)
    return () => window.clearTimeout(timer)
  }, [open])
  const notePress = () => {
    lastPress.current = performance.now()
  }
  return { shielded, notePress }
}

export interface DialogProps {
  /** Le dialogue est ouvert. */
  open: boolean
  /** Appelée quand le dialogue s’ouvre ou se ferme (Échap, Annuler, clic à côté, Fermer). */
  onOpenChange: (open: boolean) => void
  /** Titre du dialogue, qui est aussi son nom pour le lecteur d’écran. */
  title: ReactNode
  /** Titre lu par le lecteur d’écran mais pas affiché (par exemple la visionneuse de photos). */
  hideTitle?: boolean
  /** Texte facultatif sous le titre, lu comme description du dialogue. */
  description?: ReactNode
  /** Le contenu du dialogue (souvent un court formulaire). */
  children?: ReactNode
  /** Boutons sur mesure, à la place de la paire Confirmer / Annuler. */
  actions?: ReactNode
  /** Libellé du bouton principal (« Enregistrer », « Valider »…) ; sans lui, pas de bouton principal. */
  confirmLabel?: string
  /** Appelée par le bouton principal. */
  onConfirm?: () => void
  /** L’action est en cours : indicateur sur le bouton principal, le dialogue ne se ferme pas. */
  confirmLoading?: boolean
  /** Le bouton principal ne répond pas (formulaire incomplet). */
  confirmDisabled?: boolean
  /** Couleur du bouton principal : `primary` (par défaut) ou `danger`. */
  confirmColor?: ButtonColor
  /** Fait du bouton principal le bouton d’envoi du formulaire qui porte cet identifiant, dans le dialogue. */
  confirmForm?: string
  /** Libellé du bouton d’annulation, « Annuler » par défaut ; `null` le retire. */
  cancelLabel?: string | null
  /** Variante plein écran et sombre (visionneuse de photos). */
  fullScreen?: boolean
  /** Où mettre le focus à la fermeture quand l’élément qui avait ouvert le dialogue n’existe plus. */
  fallbackFocus?: () => HTMLElement | null | undefined
}

/**
 * A modal dialog (radix): 50% wide, min 300px, max 800px; title, content, actions; Escape and 'Fermer' close it;
 * focus is trapped and returns to the opener.
 */
export function Dialog({
  open,
  onOpenChange,
  title,
  hideTitle = false,
  description,
  children,
  actions,
  confirmLabel,
  onConfirm,
  confirmLoading = false,
  confirmDisabled = false,
  confirmColor = 'primary',
  confirmForm,
  cancelLabel = 'Annuler',
  fullScreen = false,
  fallbackFocus,
}: DialogProps) {
  const { rememberOpener, restoreFocus } = useReturnFocus(fallbackFocus)
  const { shielded, notePress } = useTapShield(open)
  const defaultActions =
    confirmLabel || cancelLabel ? (
      <>
        {cancelLabel ? (
          <Button variant="text" onClick={() => onOpenChange(false)} disabled={confirmLoading}>
            {cancelLabel}
          </Button>
        ) : null}
        {confirmLabel ? (
          <Button
            color={confirmColor}
            loading={confirmLoading}
            disabled={confirmDisabled}
            type={confirmForm ? 'submit' : 'button'}
            form={confirmForm}
            onClick={confirmForm ? undefined : onConfirm}
          >
            {confirmLabel}
          </Button>
        ) : null}
      </>
    ) : null
  const footer = fullScreen ? null : (actions ?? defaultActions)
  return (
    <>
      <RadixDialog.Root
        open={open}
        onOpenChange={(next) => {
          // Closing mid-save would lose track of the request's outcome.
          if (!next && confirmLoading) return
          onOpenChange(next)
        }}
      >
        <RadixDialog.Portal>
          <Overlay onPointerUp={notePress} />
          <Content
            onPointerUp={notePress}
            data-fullscreen={fullScreen}
            {...(description ? {} : { 'aria-describedby': undefined })}
            onOpenAutoFocus={rememberOpener}
            onCloseAutoFocus={restoreFocus}
          >
            <Header>
              <Title hidden={hideTitle}>{title}</Title>
            </Header>
            <Body>
              {description ? <RadixDialog.Description>{description}</RadixDialog.Description> : null}
              {children}
            </Body>
            {footer ? <Actions>{footer}</Actions> : null}
            {/* Last in the DOM (shown top right) so opening focuses the content or 'Annuler', not 'Fermer'. */}
            <CloseButton aria-label="Fermer">
              <Icon path={mdiClose} size={22} />
            </CloseButton>
          </Content>
        </RadixDialog.Portal>
      </RadixDialog.Root>
      {shielded
        ? createPortal(<TapShield aria-hidden data-testid="dialog-tap-shield" />, document.body)
        : null}
    </>
  )
}
