import { useEffect, useState, type RefObject } from 'react'

export interface ScrollEnds {
  /** Content lies before the visible part (scrolled away from the start). */
  start: boolean
  /** Content lies after the visible part. */
  end: boolean
}

const same = (a: ScrollEnds, b: ScrollEnds) => a.start === b.start && a.end === b.end

/**
 * Which ends of a horizontally scrolling element hide content, followed as it scrolls and as it or its
 * children change size (a filter's label, its × appearing). Both false when everything fits.
 */
export function useScrollEnds(ref: RefObject<HTMLElement | null>): ScrollEnds {
  const [ends, setEnds] = useState<ScrollEnds>({ start: false, end: false })
  useEffect(() => {
    const element = ref.current
    if (!element) return
    const update = () => {
      const hidden = element.scrollWidth - element.clientWidth
      // A pixel of slack: widths are fractional and scroll positions are not.
      const next = { start: element.scrollLeft > 1, end: element.scrollLeft < hidden - 1 }
      setEnds((current) => (same(current, next) ? current : next))
    }
    update()
    element.addEventListener('scroll', update, { passive: true })
    const observer = new ResizeObserver(update)
    observer.observe(element)
    for (const child of element.children) observer.observe(child)
    return () => {
      element.removeEventListener('scroll', update)
      observer.disconnect()
    }
  }, [ref])
  return ends
}
