import {
  type ReactNode,
  type Ref,
  useCallback,
  useEffect,
  useImperativeHandle,
  useLayoutEffect,
  useRef,
  useState,
} from 'react'
import { useWindowVirtualizer, type VirtualItem } from '@tanstack/react-virtual'
import type { PartnerSearchResult } from '@/contract/schemas.ts'
import { PARTNER_ROW_HEIGHT } from './PartnerRow.tsx'

/** The rows' measured heights, as the list hands them over to be restored (Back to Find). */
export type PartnerListSizes = VirtualItem[]

export interface PartnerListHandle {
  /** The heights of the rows drawn so far, for `sizes` when the list is drawn again. */
  sizes(): PartnerListSizes
}

/** Rows drawn beyond each edge of the window: a fast flick shows drawn rows, not blank space. */
const OVERSCAN_ROWS = 3

interface PartnerListProps {
  partners: readonly PartnerSearchResult[]
  /** The rows' heights as the user left the list; without them a row counts PARTNER_ROW_HEIGHT until drawn. */
  sizes?: PartnerListSizes
  renderRow: (partner: PartnerSearchResult) => ReactNode
  /** After the first render that drew rows, in its layout phase (before the browser paints them). */
  onRowsDrawn: () => void
  /** The last row is drawn: time to ask for the next page. */
  onEndReached: () => void
  /** Under the rows (loading the next page, its error). */
  footer?: ReactNode
  ref?: Ref<PartnerListHandle>
}

/**
 * Find's list: the window scrolls, and only the rows in it and a few around are in the page
 * (@tanstack/react-virtual: a few kilobytes and plain hooks, where the list's first render is most of Find's
 * start-up work on a phone). Each row keeps its own height, measured once drawn; the rows are placed from those
 * heights, so the first rows land where the HTML drew them (src/prerender/pageRows.ts).
 */
export function PartnerList({
  partners,
  sizes,
  renderRow,
  onRowsDrawn,
  onEndReached,
  footer,
  ref,
}: PartnerListProps) {
  const listRef = useRef<HTMLDivElement>(null)
  // The list's distance from the page's top (the search header above it): the rows' positions are the window's.
  const [scrollMargin, setScrollMargin] = useState(0)
  const getItemKey = useCallback((index: number) => partners[index]?.partnerId.id ?? index, [partners])
  const virtualizer = useWindowVirtualizer({
    count: partners.length,
    estimateSize: () => PARTNER_ROW_HEIGHT,
    getItemKey,
    overscan: OVERSCAN_ROWS,
    scrollMargin,
    // The window's size from the first render on: the first rows are drawn by that render, not by a second one
    // once the list has measured the window.
    initialRect: { width: window.innerWidth, height: window.innerHeight },
    initialMeasurementsCache: sizes,
    // Each row's exact height, not rounded to a pixel: the rows stack as the HTML's do (the same boxes).
    measureElement: (row) => row.getBoundingClientRect().height,
  })
  useImperativeHandle(ref, () => ({ sizes: () => virtualizer.takeSnapshot() }), [virtualizer])

  useLayoutEffect(() => {
    const measure = () => {
      const list = listRef.current
      if (list) setScrollMargin(Math.round(list.getBoundingClientRect().top + window.scrollY))
    }
    measure()
    // A turned phone may wrap the header's pickers differently.
    window.addEventListener('resize', measure)
    return () => window.removeEventListener('resize', measure)
  }, [])

  const rows = virtualizer.getVirtualItems()
  const drawn = rows.length > 0
  const firstDrawn = useRef(false)
  useLayoutEffect(() => {
    if (!drawn || firstDrawn.current) return
    firstDrawn.current = true
    onRowsDrawn()
  })
  // Once per page of results: when the last row is drawn with this many rows.
  const endReached = useRef(onEndReached)
  useLayoutEffect(() => {
    endReached.current = onEndReached
  })
  const lastDrawn = rows.at(-1)?.index
  const atEnd = lastDrawn !== undefined && lastDrawn >= partners.length - 1
  useEffect(() => {
    if (atEnd) endReached.current()
  }, [atEnd, partners.length])

  return (
    <>
      <div ref={listRef} style={{ position: 'relative', height: virtualizer.getTotalSize() }}>
        {rows.map((row) => (
          <div
            key={row.key}
            data-index={row.index}
            ref={virtualizer.measureElement}
            style={{
              position: 'absolute',
              left: 0,
              width: '100%',
              top: row.start - scrollMargin,
            }}
          >
            {renderRow(partners[row.index])}
          </div>
        ))}
      </div>
      {footer}
    </>
  )
}
