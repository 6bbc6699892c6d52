import { PAGE_ROWS_ATTRIBUTE } from '@/contract/pageRows.ts'

/**
 * Hands Find's rows drawn from the HTML over to the screen: an inline script draws the early search's first rows
 * in a slot outside #root, over the skeleton (contract/pageRows.ts). Removed in the layout phase of the render
 * that shows the screen's own rows (same rows, same place, same size: no flash, no larger paint, one copy for a
 * screen reader), of anything else the screen shows (no results, an error), when the search's criteria change
 * (the drawn rows are the first criteria's), and when the visitor goes elsewhere. Removed, the slot also stops
 * an answer that arrives later from being drawn.
 */
export function releasePageRows(): void {
  if (typeof document === 'undefined') return
  document.querySelector(`[${PAGE_ROWS_ATTRIBUTE}]`)?.remove()
}
