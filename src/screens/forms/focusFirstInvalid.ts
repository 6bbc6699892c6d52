import type { FormEvent } from 'react'
import type { FormApi } from 'final-form'

/** How long the errors may take to render after the submit settled (a slow device, a busy main thread). */
const renderPatience = 2000

/**
 * Once the errors have rendered, focuses the form's first invalid field (document order) and scrolls it to
 * the middle of its scrolling box (the page, or a dialog's body). The field is looked for on each frame until
 * it appears: the frame after the submit settled is not always the one that shows the errors.
 */
function focusFirstInvalid(root: HTMLElement, since = performance.now()) {
  requestAnimationFrame(() => {
    const field = root.querySelector<HTMLElement>('[aria-invalid="true"]')
    if (!field) {
      if (performance.now() - since < renderPatience) focusFirstInvalid(root, since)
      return
    }
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
