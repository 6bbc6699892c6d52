export type * from './types.ts'
export { MAP_DEFAULTS, boundsToQuery } from './types.ts'
export { MapsProvider, MissingMapsKeyError, useMaps, useMapsLoader, type MapsState } from './MapsProvider.tsx'
export { MAPS_RETRY_DELAYS_MS, loadWithRetries } from './loadWithRetries.ts'
