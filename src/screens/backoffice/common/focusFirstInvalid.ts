import type { FormEvent } from 'react'
import type { FormApi } from 'final-form'

/**
 * After the errors have rendered, focuses the form's first invalid field (document order) and scrolls it to
 * the middle of its scrolling box (the page, or a dialog's body).
 */
function focusFirstInvalid(root: HTMLElement) {
  requestAnimationFrame(() => {
    const field = root.querySelector<HTMLElement>('[aria-invalid="true"]')
    if (!field) return
    field.scrollIntoView({ block: 'center' })
    field.focus({ preventScroll: true })
  })
}

/**
 * The `<form onSubmit>` of a back-office form: final-form's handleSubmit, then, when the form refused
 * (validation) or the server did (field errors), the focus goes to the first field in error instead of
 * staying on 'Valider'.
 */
export function submitAndFocus<Values>(
  handleSubmit: (event?: FormEvent<HTMLFormElement>) => Promise<unknown> | undefined,
  form: FormApi<Values>,
) {
  return (event: FormEvent<HTMLFormElement>) => {
    const root = event.currentTarget
    const check = () => {
      const state = form.getState()
      if (state.hasValidationErrors || state.hasSubmitErrors) focusFirstInvalid(root)
    }
    const pending = handleSubmit(event)
    if (pending) void pending.then(check)
    else check()
  }
}
