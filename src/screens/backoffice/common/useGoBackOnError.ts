import { useEffect } from 'react'
import { useNavigate } from 'react-router'

/**
 * Spec section 8: when a detail or edit page cannot load its item, go back one page (the toast says why).
 * Callers pass the error only while they have no item, so a failed background refresh keeps the page.
 */
export function useGoBackOnError(error: unknown) {
  const navigate = useNavigate()
  useEffect(() => {
    if (error) navigate(-1)
  }, [error, navigate])
}
