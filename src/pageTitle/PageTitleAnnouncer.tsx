import { useEffect, useRef, useState } from 'react'
import { VisuallyHidden } from 'radix-ui'
import { subscribeToPageTitle } from './usePageTitle.ts'

/**
 * A polite live region that reads out each new page title after a route change (or once a loaded title such
 * as the partner's name arrives). The first title is not announced: screen readers read it as the page loads.
 * Render once, in the layout around every route, so the region exists before its text changes.
 */
export function PageTitleAnnouncer() {
  const [announcement, setAnnouncement] = useState('')
  const seen = useRef<string | null>(null)
  useEffect(
    () =>
      subscribeToPageTitle((title) => {
        if (seen.current !== null && title !== seen.current) setAnnouncement(title)
        seen.current = title
      }),
    [],
  )
  // aria-live without role="status": the screens' own status messages stay the page's only 'status' role.
  return (
    <VisuallyHidden.Root aria-live="polite" aria-atomic="true" data-testid="page-title-announcer">
      {announcement}
    </VisuallyHidden.Root>
  )
}
