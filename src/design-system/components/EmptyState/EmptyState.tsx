import type { ReactNode } from 'react'
import styled from 'styled-components'
import { Icon, mdiAlertCircle, mdiMagnify, mdiRefresh } from '@/src/design-system/icons/index.ts'
import { Button } from '../Button/index.ts'
import { theme } from '@/src/design-system/theme/theme.ts'

const Root = styled.div`
  display: flex;
  flex-direction: column;
  align-items: center;
  gap: 12px;
  padding: 32px 16px;
  text-align: center;
  color: ${theme.colors.textMuted};
  & > svg {
    opacity: 0.8;
  }
  &[data-kind='error'] > svg {
    color: ${theme.colors.danger};
  }
`

const Message = styled.p`
  max-width: 40ch;
  margin: 0;
  font-size: ${theme.fontSizes.md};
  color: ${theme.colors.text};
`

const Detail = styled.p`
  max-width: 40ch;
  margin: 0;
  font-size: ${theme.fontSizes.sm};
  color: ${theme.colors.textMuted};
  overflow-wrap: anywhere;
`

export interface EmptyStateProps {
  /** Le message, par exemple « Aucun résultat essayez avec d'autres critères! ». */
  message: ReactNode
  /** Un tracé d’icône ou un élément ; une loupe par défaut. */
  icon?: string | ReactNode
  /** Une issue facultative (bouton ou lien), par exemple retirer les filtres. */
  action?: ReactNode
  /** Classe CSS ajoutée à l’élément racine. */
  className?: string
}

/** Shown when a list has nothing to show. */
export function EmptyState({ message, icon = mdiMagnify, action, className }: EmptyStateProps) {
  return (
    <Root role="status" data-kind="empty" className={className}>
      {typeof icon === 'string' ? <Icon path={icon} size={48} /> : icon}
      <Message>{message}</Message>
      {action}
    </Root>
  )
}

export interface ErrorStateProps {
  /** Le message, par exemple « Oups... Nous ne parvenons pas à récupérer les résultats ». */
  message: ReactNode
  /** Une seconde ligne, plus petite, sous le message (par exemple la raison donnée par le serveur). */
  detail?: ReactNode
  /** Affiche un bouton « Réessayer » qui appelle cette fonction. */
  onRetry?: () => void
  /** Libellé du bouton de nouvel essai, « Réessayer » par défaut. */
  retryLabel?: string
  /** Le nouvel essai est en cours : indicateur sur le bouton. */
  retrying?: boolean
  /** Un tracé d’icône ou un élément à la place de l’icône d’erreur. */
  icon?: string | ReactNode
  /** Une autre action, après « Réessayer » (quand réessayer ne suffit pas). */
  action?: ReactNode
  /** Classe CSS ajoutée à l’élément racine. */
  className?: string
}

/** Shown when loading failed, with a 'Réessayer' action; announced as an alert. */
export function ErrorState({
  message,
  detail,
  onRetry,
  retryLabel = 'Réessayer',
  retrying = false,
  icon = mdiAlertCircle,
  action,
  className,
}: ErrorStateProps) {
  return (
    <Root role="alert" data-kind="error" className={className}>
      {typeof icon === 'string' ? <Icon path={icon} size={48} /> : icon}
      <Message>{message}</Message>
      {detail ? <Detail>{detail}</Detail> : null}
      {onRetry ? (
        <Button
          variant="outlined"
          startIcon={<Icon path={mdiRefresh} size={20} />}
          loading={retrying}
          onClick={onRetry}
        >
          {retryLabel}
        </Button>
      ) : null}
      {action}
    </Root>
  )
}
