import { useCallback, useRef } from 'react'

/**
 * Radix returns focus only to its own Trigger; our dialogs are opened by any button, so remember what had the
 * focus when the dialog opened and give it back on close.
 */
export function useReturnFocus() {
  const opener = useRef<HTMLElement | null>(null)
  const rememberOpener = useCallback(() => {
    opener.current = document.activeElement instanceof HTMLElement ? document.activeElement : null
  }, [])
  const restoreFocus = useCallback((event: Event) => {
    if (opener.current?.isConnected) {
      event.preventDefault()
      opener.current.focus()
    }
    opener.current = null
  }, [])
  return { rememberOpener, restoreFocus }
}
