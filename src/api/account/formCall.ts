import { announceApiError, ApiError } from '../client.ts'

/**
 * A form's call whose refusals name their field with `field` alone (the account routes answer
 * `{ message, field }`, as `badRequest(message, field)` does, without `fields`): `inForm` would still toast them
 * while the form shows them under the field, two messages for one error. The call is made silent, then its
 * error is told to the app's listeners (a 401 still signs out), marked shown by the form when the form has
 * that field; any other error keeps its toast.
 */
export async function formCall<T>(
  call: (options: { silent: true }) => Promise<T>,
  formFields: readonly string[],
): Promise<T> {
  try {
    return await call({ silent: true })
  } catch (error) {
    if (error instanceof ApiError) {
      const named = error.fields ? Object.keys(error.fields) : error.field ? [error.field] : []
      error.shownByCaller = named.length > 0 && named.every((field) => formFields.includes(field))
      announceApiError(error)
    }
    throw error
  }
}
