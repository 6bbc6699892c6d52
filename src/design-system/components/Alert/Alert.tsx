import type { ReactNode } from 'react'
import styled from 'styled-components'
import {
  Icon,
  mdiAlert,
  mdiAlertCircle,
  mdiCheckCircle,
  mdiInformation,
} from '@/src/design-system/icons/index.ts'
import { theme } from '@/src/design-system/theme/theme.ts'

export type Severity = 'info' | 'success' | 'warning' | 'error'

const icons: Record<Severity, string> = {
  info: mdiInformation,
  success: mdiCheckCircle,
  warning: mdiAlert,
  error: mdiAlertCircle,
}

const Root = styled.div`
  display: flex;
  align-items: flex-start;
  gap: 12px;
  padding: 12px 16px;
  border-radius: ${theme.radii.md};
  border: 1px solid;
  font-size: ${theme.fontSizes.sm};
  line-height: ${theme.lineHeights.normal};
  overflow-wrap: anywhere;
  &[data-severity='info'] {
    background: ${theme.colors.infoBg};
    border-color: ${theme.colors.info};
    color: ${theme.colors.infoText};
  }
  &[data-severity='success'] {
    background: ${theme.colors.successBg};
    border-color: ${theme.colors.success};
    color: ${theme.colors.successDark};
  }
  &[data-severity='warning'] {
    background: ${theme.colors.warningBg};
    border-color: ${theme.colors.warning};
    color: ${theme.colors.warningText};
  }
  &[data-severity='error'] {
    background: ${theme.colors.dangerBg};
    border-color: ${theme.colors.danger};
    color: ${theme.colors.dangerText};
  }
  & > svg {
    flex: none;
    margin-top: 1px;
  }
`

const Body = styled.div`
  flex: 1;
  min-width: 0;
`

const Title = styled.p`
  margin: 0 0 2px;
  font-weight: ${theme.fontWeights.bold};
`

export interface AlertProps {
  /**
   * Gravité : `error` (erreur, annoncée aussitôt), `warning` (avertissement), `success` (succès) ou `info`
   * (information, par défaut). Elle choisit la couleur et l’icône.
   */
  severity?: Severity
  /** Titre en gras au-dessus du message, pour un message de plus de deux lignes. */
  title?: ReactNode
  /** Le message : une phrase qui dit ce qui s’est passé et quoi faire. */
  children: ReactNode
  /** Une action à la fin du message, par exemple un bouton « Réessayer ». */
  action?: ReactNode
  /** Classe CSS ajoutée à l’élément racine (placement dans la page). */
  className?: string
}

/**
 * An inline message. Errors use role="alert" (announced at once); the others role="status" (polite).
 */
export function Alert({ severity = 'info', title, children, action, className }: AlertProps) {
  return (
    <Root role={severity === 'error' ? 'alert' : 'status'} data-severity={severity} className={className}>
      <Icon path={icons[severity]} size={20} />
      <Body>
        {title ? <Title>{title}</Title> : null}
        {children}
      </Body>
      {action}
    </Root>
  )
}
