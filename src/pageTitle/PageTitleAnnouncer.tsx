import { useEffect, useRef, useState } from 'react'
import { useLocation } from 'react-router'
import { VisuallyHidden } from 'radix-ui'
import { subscribeToPageTitle } from './usePageTitle.ts'

/**
 * A polite live region that reads out each new page title after a route change (or once a loaded title such
 * as the partner's name arrives). Titles set before the first route change are not announced: screen readers
 * read the page's title as it loads. Told by the address rather than by the first title heard, because a
 * prerendered screen may set its title while it hydrates, before this region has subscribed.
 * Render once, in the layout around every route, so the region exists before its text changes.
 */
export function PageTitleAnnouncer() {
  const [announcement, setAnnouncement] = useState('')
  const { pathname } = useLocation()
  const firstPath = useRef(pathname)
  const navigated = useRef(false)
  const lastAnnounced = useRef<string | null>(null)
  useEffect(() => {
    if (pathname !== firstPath.current) navigated.current = true
  }, [pathname])
  useEffect(
    () =>
      subscribeToPageTitle((title) => {
        if (!navigated.current || title === lastAnnounced.current) return
        lastAnnounced.current = title
        setAnnouncement(title)
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
