import { useEffect } from 'react'
import { fullPageTitle } from './titles.ts'

/** A back-office page's title: its own, then the area (the list 'Partenaires' is not the app 'Partenaires'). */
export const backofficeTitle = (title: string) => `${title} — Administration`

type Listener = (title: string) => void
const listeners = new Set<Listener>()

/** Called with every full title a screen sets (the announcer's feed). */
export function subscribeToPageTitle(listener: Listener): () => void {
  listeners.add(listener)
  return () => {
    listeners.delete(listener)
  }
}

/**
 * Sets `document.title` to '<title> — Partenaires' (WCAG 2.4.2) and tells the announcer. `null` while the
 * title is still loading (e.g. the partner's name): the tab shows the app's name and nothing is announced.
 */
export function usePageTitle(title: string | null) {
  useEffect(() => {
    const full = fullPageTitle(title)
    document.title = full
    if (title === null) return
    for (const listener of listeners) listener(full)
  }, [title])
}
