import { useCallback, useContext, useEffect, useState, type ReactNode } from 'react'
import { useForm, useFormState } from 'react-final-form'
import { UNSAFE_DataRouterContext, useBlocker } from 'react-router'
import { ConfirmDialog } from '@/src/design-system/components/ConfirmDialog/index.ts'

interface DiscardChangesDialogProps {
  open: boolean
  onDiscard: () => void
  onKeepEditing: () => void
}

/** 'Abandonner les modifications ?': asked before a changed form or dialog is left. */
export function DiscardChangesDialog({ open, onDiscard, onKeepEditing }: DiscardChangesDialogProps) {
  return (
    <ConfirmDialog
      open={open}
      title="Abandonner les modifications ?"
      description="Les modifications non enregistrées seront perdues."
      confirmLabel="Abandonner"
      confirmColor="danger"
      cancelLabel="Continuer la saisie"
      onConfirm={onDiscard}
      onCancel={onKeepEditing}
    />
  )
}

/** While `when`, reloading or closing the tab asks the browser's own "leave the page?" first. */
export function useBeforeUnloadWhen(when: boolean | undefined) {
  useEffect(() => {
    if (!when) return
    const onBeforeUnload = (event: BeforeUnloadEvent) => {
      event.preventDefault()
      // Older browsers ask only when returnValue is set.
      event.returnValue = ''
    }
    window.addEventListener('beforeunload', onBeforeUnload)
    return () => window.removeEventListener('beforeunload', onBeforeUnload)
  }, [when])
}

/** useBeforeUnloadWhen as an element, for a dialog whose `dirty` is known inside a react-final-form render. */
export function BeforeUnloadGuard({ when }: { when: boolean | undefined }) {
  useBeforeUnloadWhen(when)
  return null
}

/**
 * For a dialog's form: `guard(dirty, close)` closes at once when nothing changed, else asks first; render
 * `prompt` beside the dialog (it stacks above it).
 */
export function useDiscardPrompt(): {
  guard: (dirty: boolean | undefined, leave: () => void) => void
  prompt: ReactNode
} {
  const [leave, setLeave] = useState<(() => void) | null>(null)
  const guard = useCallback((dirty: boolean | undefined, next: () => void) => {
    if (dirty) setLeave(() => next)
    else next()
  }, [])
  const prompt = (
    <DiscardChangesDialog
      open={leave !== null}
      onDiscard={() => {
        setLeave(null)
        leave?.()
      }}
      onKeepEditing={() => setLeave(null)}
    />
  )
  return { guard, prompt }
}

interface LeaveState {
  dirty?: boolean
  submitting?: boolean
  submitSucceeded?: boolean
  dirtySinceLastSubmit?: boolean
}

/**
 * Whether leaving now would lose typed values: changed, not being sent, and not just saved. A save's own
 * navigation may start while final-form still counts it as submitting (a creation's replace) or after it is
 * done (an edit's "back one step" arrives as a later popstate): both leave without asking.
 */
const wouldLoseChanges = (state: LeaveState) =>
  Boolean(state.dirty && !state.submitting && !(state.submitSucceeded && !state.dirtySinceLastSubmit))

/** Asks before any in-app navigation leaves a changed form ('Annuler', a menu link, Back). */
function NavigationPrompt() {
  const form = useForm()
  // Read when the navigation starts, not when the form last rendered.
  const blocker = useBlocker(() => wouldLoseChanges(form.getState()))
  return (
    <DiscardChangesDialog
      open={blocker.state === 'blocked'}
      onDiscard={() => blocker.proceed?.()}
      onKeepEditing={() => blocker.reset?.()}
    />
  )
}

/**
 * Rendered inside a page's react-final-form `Form`: leaving it changed asks first, in the app (router
 * navigation) and out of it (reload, close). Navigation is guarded under a data router only (the app's; a
 * story's memory router opts in with `parameters.router.data`).
 */
export function LeaveFormGuard() {
  const state = useFormState({
    subscription: { dirty: true, submitting: true, submitSucceeded: true, dirtySinceLastSubmit: true },
  })
  useBeforeUnloadWhen(wouldLoseChanges(state))
  const dataRouter = useContext(UNSAFE_DataRouterContext)
  return dataRouter ? <NavigationPrompt /> : null
}
