import { useLayoutEffect, useState, type CSSProperties, type RefObject } from 'react'

/** Space between the box and its list, as a popup under a field has it. */
const GAP = 4
/** The list's own limit (about six options); the space left in the window may cut it shorter. */
export const POPUP_MAX_HEIGHT = 280
/** Kept free between the list and the window's edge. */
const MARGIN = 8

/**
 * Where a fixed popup stands by its anchor: its left edge and width, 4 px below it, or above it when the window
 * has more room there than below and too little below for the whole list (a field at the foot of a form: a list
 * under it would open outside the window, where nobody can see or tap it). `--popup-max-height` is the room on
 * the chosen side. Follows the anchor while open (it grows with its chips, the page scrolls or the window changes
 * size).
 */
export function usePopupPosition(anchor: RefObject<HTMLElement | null>, open: boolean): CSSProperties {
  const [position, setPosition] = useState<CSSProperties>({ top: 0, left: 0, width: 0 })
  useLayoutEffect(() => {
    const element = anchor.current
    if (!open || !element) return
    const place = () => {
      const box = element.getBoundingClientRect()
      const height = window.innerHeight
      const below = height - box.bottom - GAP - MARGIN
      const above = box.top - GAP - MARGIN
      const up = below < POPUP_MAX_HEIGHT && above > below
      const style: CSSProperties & { '--popup-max-height': string } = {
        ...(up ? { bottom: height - box.top + GAP } : { top: box.bottom + GAP }),
        left: box.left,
        width: box.width,
        '--popup-max-height': `${Math.max(0, Math.round(up ? above : below))}px`,
      }
      setPosition(style)
    }
    place()
    const resize = new ResizeObserver(place)
    resize.observe(element)
    // Capture: a scroll of any container around the anchor moves it too.
    window.addEventListener('scroll', place, true)
    window.addEventListener('resize', place)
    return () => {
      resize.disconnect()
      window.removeEventListener('scroll', place, true)
      window.removeEventListener('resize', place)
    }
  }, [anchor, open])
  return position
}
