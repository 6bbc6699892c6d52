import { useCallback, useRef } from 'react'

/**
 * Radix returns focus only to its own Trigger; our dialogs are opened by any button, so remember what had the
 * focus when the dialog opened and give it back on close. When the opener has left the page meanwhile (the
 * dialog's action removed it), `fallback` says where the focus goes instead of the page's top.
 */
export function useReturnFocus(fallback?: () => HTMLElement | null | undefined) {
  const opener = useRef<HTMLElement | null>(null)
  const rememberOpener = useCallback(() => {
    opener.current = document.activeElement instanceof HTMLElement ? document.activeElement : null
  }, [])
  const restoreFocus = useCallback(
    (event: Event) => {
      const target = opener.current?.isConnected ? opener.current : fallback?.()
      if (target?.isConnected) {
        event.preventDefault()
        target.focus()
      }
      opener.current = null
    },
    [fallback],
  )
  return { rememberOpener, restoreFocus }
}
