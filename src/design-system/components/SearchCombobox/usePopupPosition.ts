import { useLayoutEffect, useState, type CSSProperties, type RefObject } from 'react'

/** Space between the box and its list, as a popup under a field has it. */
const GAP = 4

/**
 * Where a fixed popup stands under its anchor: its left edge and width, 4 px below it. Follows the anchor while
 * open (it grows with its chips, the page scrolls or the window changes size).
 */
export function usePopupPosition(anchor: RefObject<HTMLElement | null>, open: boolean): CSSProperties {
  const [position, setPosition] = useState<CSSProperties>({ top: 0, left: 0, width: 0 })
  useLayoutEffect(() => {
    const element = anchor.current
    if (!open || !element) return
    const place = () => {
      const box = element.getBoundingClientRect()
      setPosition({ top: box.bottom + GAP, left: box.left, width: box.width })
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
