import { lazy, Suspense, useEffect, useRef, useState } from 'react'
import { HomeRowsPlaceholder } from './HomeRowsPlaceholder.tsx'

const HomeRows = lazy(() => import('./HomeRows.tsx'))

/**
 * Where Home's personal rows go, below the carousel: grey rows (as in the prerendered HTML) until the carousel
 * has its data and the place comes near the screen; only then the rows' code and their one call load, so Home's
 * first load and its carousel are not slowed by what is below the fold.
 */
export function HomeRowsSlot({ ready }: { ready: boolean }) {
  const placeholder = useRef<HTMLDivElement>(null)
  const [near, setNear] = useState(false)
  useEffect(() => {
    const element = placeholder.current
    if (!ready || near || !element) return
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) setNear(true)
      },
      { rootMargin: '200px 0px' },
    )
    observer.observe(element)
    return () => observer.disconnect()
  }, [ready, near])
  if (!near)
    return (
      <div ref={placeholder}>
        <HomeRowsPlaceholder />
      </div>
    )
  return (
    <Suspense fallback={<HomeRowsPlaceholder />}>
      <HomeRows />
    </Suspense>
  )
}
