import { useCallback, useEffect, useState, type ComponentType } from 'react'

/**
 * A hook giving a component whose code is loaded apart: once the page is idle (requestIdleCallback, 3 s at
 * most), or at once when the caller asks (`load`, e.g. on the press that opens it). Until then the hook gives
 * null. For parts a first render does not draw (a sheet, a dialog): their code then stays out of the page's
 * first chunks. The module is asked once per page; a failed load is asked again at the next `load`.
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
      if (typeof requestIdleCallback === 'function') {
        const idle = requestIdleCallback(load, { timeout: 3000 })
        return () => cancelIdleCallback(idle)
      }
      const timer = setTimeout(load, 500)
      return () => clearTimeout(timer)
    }, [load])
    return [component, load]
  }
}
