import { useCallback, useEffect, useState, type ComponentType } from 'react'
import { afterQuiet } from './afterQuiet.ts'

const waiting = new Set<() => void>()

/**
 * Calls `load` once the page's first press anywhere is over (the part a press opens loads itself at once; a
 * prerendered page fetches and evaluates the parts' chunks after its first render, PRELOAD_LATER_ATTRIBUTE),
 * or once start-up is over (afterQuiet: 5 s without a long task), whichever comes first; one listener for every
 * deferred component. Not when the page is merely idle: a phone's start-up has idle gaps between its tasks, and
 * a chunk evaluated in one of them is a long task inside Total Blocking Time's window. Not on a key either: the
 * evaluation would then land in the first keystroke typed in a search box. Returns the cancel.
 */
function onFirstPressOrAfterStartup(load: () => void): () => void {
  if (waiting.size === 0) {
    let pressed = false
    let ran = false
    // Once, at the press or after start-up, whichever comes first.
    const run = () => {
      if (ran) return
      ran = true
      document.removeEventListener('pointerdown', onPress, true)
      const loads = [...waiting]
      waiting.clear()
      loads.forEach((waitingLoad) => waitingLoad())
    }
    // At a press, once it is over and its frame drawn: the part it opens loads itself (its own `load`, at the
    // click), and the others (the toast, the page's other sheets) do not compete with that part's first frame.
    const afterPress = () => {
      document.removeEventListener('pointerup', afterPress, true)
      document.removeEventListener('pointercancel', afterPress, true)
      requestAnimationFrame(() => setTimeout(run, 0))
    }
    function onPress() {
      if (pressed) return
      pressed = true
      document.addEventListener('pointerup', afterPress, { capture: true, passive: true })
      document.addEventListener('pointercancel', afterPress, { capture: true, passive: true })
    }
    document.addEventListener('pointerdown', onPress, { capture: true, passive: true })
    void afterQuiet().then(run)
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
