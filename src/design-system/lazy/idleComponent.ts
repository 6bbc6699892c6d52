import { useCallback, useEffect, useState, type ComponentType } from 'react'
import { afterQuiet } from './afterQuiet.ts'

const waiting = new Set<() => void>()

/**
 * Calls `load` at the page's first press anywhere (pointerdown: the press that opens a sheet starts its load; a
 * prerendered page has fetched the chunk already, PRELOAD_LATER_ATTRIBUTE, so only its evaluation is left),
 * or once start-up is over (afterQuiet: 5 s without a long task), whichever comes first; one listener for every
 * deferred component. Not when the page is merely idle: a phone's start-up has idle gaps between its tasks, and
 * a chunk evaluated in one of them is a long task inside Total Blocking Time's window. Not on a key either: the
 * evaluation would then land in the first keystroke typed in a search box. Returns the cancel.
 */
function onFirstPressOrAfterStartup(load: () => void): () => void {
  if (waiting.size === 0) {
    let fired = false
    const fire = () => {
      if (fired) return
      fired = true
      document.removeEventListener('pointerdown', fire, true)
      const loads = [...waiting]
      waiting.clear()
      loads.forEach((waitingLoad) => waitingLoad())
    }
    document.addEventListener('pointerdown', fire, { capture: true, passive: true })
    void afterQuiet().then(fire)
  }
  waiting.add(load)
  return () => void waiting.delete(load)
}

/**
 * A hook giving a component whose code is loaded apart: at the page's first press, once start-up is over, or
 * at once when the caller asks (`load`, e.g. on the key or press that opens it).
 * Until then the hook gives null. For parts a first render does not draw (a sheet, a dialog): their code then
 * stays out of the page's start-up. The module is asked once per page; a failed load is asked again at the
 * next `load`.
 */
export function idleComponent<P extends object>(
  importComponent: () => Promise<ComponentType<P>>,
): () => [ComponentType<P> | null, () => void] {
  let loaded: ComponentType<P> | null = null
  let loading: Promise<ComponentType<P>> | null = null
  const loadOnce = () => {
    loading ??= importComponent().then(
      (component) => (loaded = component),
      (error: unknown) => {
        loading = null
        throw error
      },
    )
    return loading
  }
  return function useIdleComponent() {
    const [component, setComponent] = useState(() => loaded)
    const load = useCallback(() => {
      loadOnce().then(
        (ready) => setComponent(() => ready),
        () => {},
      )
    }, [])
    useEffect(() => {
      if (loaded) return
      return onFirstPressOrAfterStartup(load)
    }, [load])
    return [component, load]
  }
}
