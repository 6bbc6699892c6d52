import type { ReactNode } from 'react'
import type { ButtonColor } from '../Button/index.ts'
import { Dialog } from '../Dialog/index.ts'

export interface ConfirmDialogProps {
  /** Le dialogue est ouvert. */
  open: boolean
  /** La question, par exemple « Supprimer la photo ? » ; c’est aussi le nom du dialogue. */
  title: string
  /** Le texte sous la question, qui dit les conséquences. */
  description?: ReactNode
  /** Le bouton de l’action, par exemple « Supprimer », « Abandonner ». */
  confirmLabel: string
  /** Le bouton pour revenir en arrière, par exemple « Annuler » (par défaut) ou « Continuer la saisie ». */
  cancelLabel?: string
  /** Couleur du bouton de l’action : `danger` pour ce qu’on ne peut pas défaire. */
  confirmColor?: ButtonColor
  /** L’action est en cours : indicateur sur le bouton, le dialogue ne se ferme pas. */
  confirmLoading?: boolean
  /** Appelée quand l’action est confirmée. */
  onConfirm: () => void
  /** Appelée par le bouton d’annulation, Échap, le bouton Fermer ou un clic à côté. */
  onCancel: () => void
  /** Où mettre le focus à la fermeture quand l’élément qui avait ouvert le dialogue n’existe plus. */
  fallbackFocus?: () => HTMLElement | null | undefined
}

/**
 * A yes/no question over the page (or over another dialog: radix stacks them, Escape closes the top one). The
 * caller owns the state; the part only answers.
 */
export function ConfirmDialog({ onCancel, cancelLabel = 'Annuler', ...dialog }: ConfirmDialogProps) {
  return (
    <Dialog
      {...dialog}
      cancelLabel={cancelLabel}
      onOpenChange={(next) => {
        if (!next) onCancel()
      }}
    />
  )
}
