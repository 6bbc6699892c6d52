import { useCallback } from 'react'
import { useNavigate } from 'react-router'
import { useGoBack } from '@/src/navigation/index.ts'
import { setIn, type SubmissionErrors } from 'final-form'
import { ApiError } from '@/src/api/client.ts'
import { useNotification } from '@/src/notifications/index.ts'

interface SubmitFlow<Values, Result> {
  /** True when editing an existing item (success goes back one step). */
  isEdit: boolean
  /** Sends the create or the update. */
  send: (values: Values) => Promise<Result>
  /** Where a created item is consulted: the page replaces the form's. */
  consultPath: (result: Result) => string
  successMessage: string
}

/**
 * The spec's submit flow (section 4) as a react-final-form `onSubmit`: final-form has already validated and
 * stopped on errors; this sends, then on edit goes back one step and on create replaces the page with the new
 * item's consult page. final-form's `submitting` ends when the promise settles, whatever the outcome. A
 * failed call was already shown by the global error toast; the form keeps its values, and when the server
 * names the field in cause its message is shown under that field.
 */
export function useSubmitFlow<Values, Result>({
  isEdit,
  send,
  consultPath,
  successMessage,
}: SubmitFlow<Values, Result>) {
  const navigate = useNavigate()
  // An edit opened from a link (no page of the app before it) ends on the back-office home, not out of the app.
  const goBack = useGoBack('/bo/gerer-accueil')
  const { notify } = useNotification()
  return useCallback(
    async (values: Values): Promise<SubmissionErrors | undefined> => {
      let result: Result
      try {
        result = await send(values)
      } catch (error) {
        if (error instanceof ApiError && error.field)
          return setIn({}, error.field, error.message) as SubmissionErrors
        if (error instanceof ApiError) return undefined
        throw error
      }
      notify(successMessage, 'success')
      if (isEdit) goBack()
      else navigate(consultPath(result), { replace: true })
      return undefined
    },
    [isEdit, send, consultPath, successMessage, navigate, goBack, notify],
  )
}
