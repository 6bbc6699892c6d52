import type { ReactNode } from 'react'
import type { ButtonColor } from '../Button/index.ts'
import { Dialog } from '../Dialog/index.ts'

export interface ConfirmDialogProps {
  open: boolean
  title: string
  description?: ReactNode
  /** The action's button, e.g. 'Supprimer', 'Abandonner'. */
  confirmLabel: string
  /** The way back, e.g. 'Annuler', 'Continuer la saisie'. */
  cancelLabel?: string
  /** 'danger' for what cannot be undone. */
  confirmColor?: ButtonColor
  confirmLoading?: boolean
  onConfirm: () => void
  /** 'cancelLabel', Escape, the close button or a click outside. */
  onCancel: () => void
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
