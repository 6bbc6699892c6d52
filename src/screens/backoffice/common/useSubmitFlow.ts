import { useCallback } from 'react'
import { setIn, type FormApi, type SubmissionErrors } from 'final-form'
import { ApiError } from '@/src/api/client.ts'
import { useNotification } from '@/src/notifications/index.ts'

interface SubmitFlow<Values, Result> {
  /** Sends the create or the update (the form is there for what must be kept between tries, e.g. an upload). */
  send: (values: Values, form: FormApi<Values>) => Promise<Result>
  /** The success toast; none when the caller shows the outcome in place (the account's sections). */
  successMessage?: string
  /** After the success toast: close the dialog, go back, open the created item… */
  onSuccess: (result: Result) => void
  /** A 412 (someone changed the record since it was read): the form shows it (versionConflict.tsx). */
  onStale?: (error: ApiError) => void
}

/**
 * The spec's submit flow (section 4) as a react-final-form `onSubmit`, for every back-office form and dialog:
 * final-form has already validated and stopped on errors; this sends, then toasts and hands over. final-form's
 * `submitting` ends when the promise settles, whatever the outcome. A failed call keeps the values; the fields
 * the server names get its French message (`fields`, else `message` under `field`); what no field of the form
 * can show goes to the toast.
 */
export function useSubmitFlow<Values, Result>({
  send,
  successMessage,
  onSuccess,
  onStale,
}: SubmitFlow<Values, Result>) {
  const { notify } = useNotification()
  return useCallback(
    async (values: Values, form: FormApi<Values>): Promise<SubmissionErrors | undefined> => {
      let result: Result
      try {
        result = await send(values, form)
      } catch (error) {
        if (!(error instanceof ApiError)) throw error
        if (error.status === 412 && onStale) {
          onStale(error)
          return undefined
        }
        const fields = error.fields ?? (error.field ? { [error.field]: error.message } : {})
        const registered = new Set<string>(form.getRegisteredFields())
        const shown = Object.entries(fields).filter(([path]) => registered.has(path))
        // Kept off the toast for the fields (inForm), but one of them is not on this form: say it there.
        if (error.shownByCaller && shown.length < Object.keys(fields).length) notify(error.message, 'error')
        if (shown.length === 0) return undefined
        return shown.reduce<object>((errors, [path, message]) => setIn(errors, path, message), {})
      }
      if (successMessage) notify(successMessage, 'success')
      onSuccess(result)
      return undefined
    },
    [send, successMessage, onSuccess, onStale, notify],
  )
}
