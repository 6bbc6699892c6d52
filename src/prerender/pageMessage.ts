import { PAGE_MESSAGE_ATTRIBUTE } from '@/contract/prerender.ts'

/**
 * Hands a prerendered page's message over to the screen: without a Maps key the server serves the map page with
 * its no-key message in the HTML, outside #root and over the skeleton (scripts/prerender.ts), so it paints before
 * any script. Called in the layout phase of the render that shows the screen's own message (same text, same
 * box: no flash, no larger paint), or of anything else the screen shows, and when the visitor goes elsewhere.
 */
export function releasePageMessage(): void {
  if (typeof document === 'undefined') return
  document.querySelector(`[${PAGE_MESSAGE_ATTRIBUTE}]`)?.remove()
}
