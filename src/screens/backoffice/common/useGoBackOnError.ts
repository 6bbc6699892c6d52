import { useEffect } from 'react'
import { useBackofficeGoBack } from './useBackofficeGoBack.ts'

/**
 * Spec section 8: when a detail or edit page cannot load its item, go back one page (the toast says why), or to
 * the page's own list when it was opened from outside the app. Callers pass the error only while they
 * have no item, so a failed background refresh keeps the page.
 */
export function useGoBackOnError(error: unknown) {
  const goBack = useBackofficeGoBack()
  useEffect(() => {
    if (error) goBack()
  }, [error, goBack])
}
