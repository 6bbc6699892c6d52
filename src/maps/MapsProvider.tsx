import { createContext, useContext, useEffect, useMemo, useState, type ReactNode } from 'react'
import { useClientConfig } from '../api/config.ts'
import type { MapsService } from './types.ts'

export type MapsState =
  | { status: 'loading' }
  | { status: 'ready'; service: MapsService }
  /** The server has no maps key: the map says so and the rest of the app works. */
  | { status: 'no-key' }
  | { status: 'error'; error: unknown }

interface MapsLoader {
  /** Loads the service on first use (Google's script only downloads then); rejects without a key. */
  load: () => Promise<MapsService>
  /** Whether a key is known to be missing (null while the configuration loads). */
  hasKey: boolean | null
}

export class MissingMapsKeyError extends Error {
  constructor() {
    super('Aucune clé Google Maps n’est configurée')
    this.name = 'MissingMapsKeyError'
  }
}

const MapsContext = createContext<MapsLoader>({
  load: () => Promise.reject(new Error('Aucun MapsProvider autour de ce composant')),
  hasKey: false,
})

/**
 * Provides a maps service: the given one (the fake in stories and tests), or Google Maps with the key from the
 * server's run-time configuration, loaded lazily on first use.
 */
export function MapsProvider({ service, children }: { service?: MapsService; children: ReactNode }) {
  const config = useClientConfig()
  const key = service ? null : config.data?.googleMapsApiKey
  const configLoaded = service !== undefined || config.data !== undefined || config.error !== undefined
  const loader = useMemo<MapsLoader>(() => {
    if (service) return { load: () => Promise.resolve(service), hasKey: true }
    if (!configLoaded) {
      return {
        load: () => new Promise<MapsService>(() => undefined),
        hasKey: null,
      }
    }
    if (!key) return { load: () => Promise.reject(new MissingMapsKeyError()), hasKey: false }
    let pending: Promise<MapsService> | null = null
    return {
      load: () => {
        pending ??= import('./googleMapsService.ts').then((m) => m.createGoogleMapsService(key))
        // A failed load (after its retries) may be tried again later, e.g. on the next visit of the map.
        pending.catch(() => {
          pending = null
        })
        return pending
      },
      hasKey: true,
    }
  }, [service, key, configLoaded])
  return <MapsContext.Provider value={loader}>{children}</MapsContext.Provider>
}

export function useMapsLoader(): MapsLoader {
  return useContext(MapsContext)
}

/** The map screen's view of the service: loading, ready, no key or failed. */
export function useMaps(): MapsState {
  const { load, hasKey } = useMapsLoader()
  const [state, setState] = useState<MapsState>({ status: 'loading' })
  useEffect(() => {
    if (hasKey === null) return
    let active = true
    load().then(
      (service) => active && setState({ status: 'ready', service }),
      (error: unknown) => {
        if (!active) return
        if (error instanceof MissingMapsKeyError) setState({ status: 'no-key' })
        else {
          console.error('Chargement de Google Maps impossible', error)
          setState({ status: 'error', error })
        }
      },
    )
    return () => {
      active = false
    }
  }, [load, hasKey])
  return hasKey === null ? { status: 'loading' } : state
}
