import type { ReactNode } from 'react'
import { Toast as RadixToast } from 'radix-ui'
import styled, { keyframes } from 'styled-components'
import {
  Icon,
  mdiAlert,
  mdiAlertCircle,
  mdiCheckCircle,
  mdiClose,
  mdiInformation,
} from '@/src/design-system/icons/index.ts'
import type { Severity } from '../Alert/index.ts'
import { roundIconButton, unstyledList } from '@/src/design-system/theme/mixins.ts'
import { BOTTOM_NAV_HEIGHT } from '../BottomNavigation/index.ts'
import { theme } from '@/src/design-system/theme/theme.ts'

/** Spec section 9: the notification toast closes itself after 5000 ms. */
export const TOAST_DURATION = 5000

const Viewport = styled(RadixToast.Viewport)`
  position: fixed;
  right: 16px;
  bottom: 16px;
  z-index: ${theme.zIndices.toast};
  display: flex;
  flex-direction: column;
  align-items: flex-end;
  gap: 8px;
  max-width: 100vw;
  ${unstyledList}
  outline: none;
  /* Above a fixed tab bar, never over it (the tab bar stays usable while a toast shows); laptops have it on top. */
  ${theme.media.mobile} {
    body:has([data-bottom-navigation='fixed']) & {
      bottom: calc(${BOTTOM_NAV_HEIGHT + 16}px + env(safe-area-inset-bottom));
    }
  }
  /* Phones: full width minus the margins. */
  @media (max-width: ${theme.breakpoints.sm - 0.02}px) {
    left: 16px;
    align-items: stretch;
  }
`

const slideIn = keyframes`
  from { transform: translateX(calc(100% + 16px)); }
  to { transform: translateX(0); }
`
const fadeOut = keyframes`
  from { opacity: 1; }
  to { opacity: 0; }
`

const Root = styled(RadixToast.Root)`
  display: flex;
  align-items: flex-start;
  gap: 12px;
  box-sizing: border-box;
  /* Spec section 9: min width 300px, max width 35%, multi-line. */
  min-width: 300px;
  max-width: 35vw;
  padding: 12px 8px 12px 16px;
  border-radius: ${theme.radii.md};
  box-shadow: ${theme.shadows[3]};
  color: ${theme.colors.onDark};
  white-space: pre-line;
  overflow-wrap: anywhere;
  &[data-type='info'] {
    background: ${theme.colors.primaryDark};
  }
  &[data-type='success'] {
    background: ${theme.colors.successDark};
  }
  &[data-type='warning'] {
    background: ${theme.colors.warningDark};
  }
  &[data-type='error'] {
    background: ${theme.colors.dangerDark};
  }
  &[data-state='open'] {
    animation: ${slideIn} ${theme.transitions.normal};
  }
  &[data-state='closed'] {
    animation: ${fadeOut} ${theme.transitions.fast};
  }
  &[data-swipe='move'] {
    transform: translateX(var(--radix-toast-swipe-move-x));
  }
  &[data-swipe='cancel'] {
    transform: translateX(0);
    transition: transform ${theme.transitions.normal};
  }
  &[data-swipe='end'] {
    transform: translateX(var(--radix-toast-swipe-end-x));
  }
  & > svg {
    flex: none;
    margin-top: 2px;
  }
  @media (max-width: ${theme.breakpoints.sm - 0.02}px) {
    min-width: 0;
    max-width: none;
  }
`

const Message = styled(RadixToast.Description)`
  flex: 1;
  min-width: 0;
  margin: 2px 0;
  font-size: ${theme.fontSizes.sm};
  line-height: ${theme.lineHeights.normal};
`

const Title = styled(RadixToast.Title)`
  margin: 2px 0 4px;
  font-weight: ${theme.fontWeights.bold};
`

const CloseButton = styled(RadixToast.Close)`
  flex: none;
  ${roundIconButton(32)}
  background: transparent;
  color: inherit;
  &:hover {
    background: rgba(255, 255, 255, 0.16);
  }
  &:focus-visible {
    outline-color: ${theme.colors.onDark};
  }
`

const icons: Record<Severity, string> = {
  info: mdiInformation,
  success: mdiCheckCircle,
  warning: mdiAlert,
  error: mdiAlertCircle,
}

export interface ToastProviderProps {
  /** L’application, dans laquelle les messages temporaires peuvent s’afficher. */
  children?: ReactNode
  /** Délai de fermeture automatique par défaut, en millisecondes. */
  duration?: number
}

/**
 * The toast region (radix Toast provider and its bottom-right viewport). Render once around the app; toasts
 * render inside it. It does not listen to navigation, so going back never closes a toast.
 */
export function ToastProvider({ children, duration = TOAST_DURATION }: ToastProviderProps) {
  return (
    <RadixToast.Provider duration={duration} swipeDirection="right" label="Notification">
      {children}
      <Viewport label="Notifications ({hotkey})" />
    </RadixToast.Provider>
  )
}

export interface ToastProps {
  /** Le message est affiché. */
  open: boolean
  /** Appelée quand le message se ferme (délai écoulé, bouton Fermer, glissement). */
  onOpenChange: (open: boolean) => void
  /** Le texte ; les retours à la ligne sont gardés. */
  message: ReactNode
  /** Titre en gras au-dessus du texte, facultatif. */
  title?: ReactNode
  /** Gravité : `info` (par défaut), `success`, `warning` ou `error` ; elle choisit la couleur et l’icône. */
  type?: Severity
  /** Délai de fermeture automatique en millisecondes (5000 par défaut). */
  duration?: number
}

/** One toast message with its type colour and a 'Fermer' button. Needs a ToastProvider above it. */
export function Toast({
  open,
  onOpenChange,
  message,
  title,
  type = 'info',
  duration = TOAST_DURATION,
}: ToastProps) {
  return (
    <Root
      open={open}
      onOpenChange={onOpenChange}
      duration={duration}
      data-type={type}
      type={type === 'error' ? 'foreground' : 'background'}
    >
      <Icon path={icons[type]} size={20} />
      <Message asChild>
        <div>
          {title ? <Title>{title}</Title> : null}
          {message}
        </div>
      </Message>
      <CloseButton aria-label="Fermer">
        <Icon path={mdiClose} size={20} />
      </CloseButton>
    </Root>
  )
}
