import type { ReactNode } from 'react'
import { ApiError, GENERIC_ERROR_MESSAGE } from '@/src/api/client.ts'
import { ErrorState } from '@/src/design-system/components/EmptyState/index.ts'

/**
 * Whether asking again may succeed: the server out of reach, busy or failing. A request it refused (400: a
 * criterion it does not accept) gets the same answer however often it is sent.
 */
export function retryCanHelp(error: Error): boolean {
  if (!(error instanceof ApiError)) return true
  return error.status === 0 || error.status === 408 || error.status === 429 || error.status >= 500
}

/** The answer's own message, when it had one (the client's generic text stands for none). */
function serverMessage(error: Error): string | null {
  return error instanceof ApiError && error.message !== GENERIC_ERROR_MESSAGE ? error.message : null
}

export interface SearchFailureProps {
  error: Error
  /** The list's own words for a failed load (the spec's 'Oups... …'). */
  message: string
  onRetry: () => void
  retrying?: boolean
  /** Offered instead of 'Réessayer' when retrying cannot help (e.g. 'Réinitialiser les filtres'). */
  fallbackAction?: ReactNode
}

/**
 * A failed search shown in place, as one alert: the list's message, then the server's reason under it (spec:
 * a failed call shows the answer's message), and 'Réessayer' only when another try may succeed.
 */
export function SearchFailure({ error, message, onRetry, retrying, fallbackAction }: SearchFailureProps) {
  const retry = retryCanHelp(error)
  return (
    <ErrorState
      message={message}
      detail={serverMessage(error)}
      onRetry={retry ? onRetry : undefined}
      retrying={retrying}
      action={retry ? null : fallbackAction}
    />
  )
}
