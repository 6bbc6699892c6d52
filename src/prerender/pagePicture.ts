import { PAGE_PICTURE_ATTRIBUTE } from '@/contract/prerender.ts'

/**
 * Hands a prerendered page's main picture over to the screen: the server put the picture in the HTML, outside
 * #root and over the skeleton (scripts/prerender.ts, server/services/pagePictures.ts), so it paints before any
 * script. Called once the screen's own picture, the same size in the same place, has loaded (`afterFrame`:
 * removed the frame after, when the screen's copy is on screen, so nothing flashes), or at once when the screen
 * shows something else (no picture, an error, another page). Nothing to do anywhere else.
 */
export function releasePagePicture(afterFrame = false): void {
  const slot = typeof document === 'undefined' ? null : document.querySelector(`[${PAGE_PICTURE_ATTRIBUTE}]`)
  if (!slot) return
  if (afterFrame) requestAnimationFrame(() => slot.remove())
  else slot.remove()
}
