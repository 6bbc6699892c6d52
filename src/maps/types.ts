/**
 * The project's own view of a maps service: what the screens need and nothing more. Google Maps implements it
 * in the app; an in-memory fake implements it in stories and tests.
 */
export interface LatLng {
  lat: number
  lng: number
}

/** The API's bounds order: east, north, south, west. */
export interface Bounds {
  east: number
  north: number
  south: number
  west: number
}

export interface MapMarker<T = unknown> {
  id: number | string
  title: string
  position: LatLng
  data: T
}

export interface MapViewOptions {
  center: LatLng
  zoom: number
  minZoom: number
  maxZoom: number
}

/** A map drawn into an element. */
export interface MapView {
  getCenter(): LatLng
  getZoom(): number
  getBounds(): Bounds | null
  setCenter(center: LatLng): void
  setZoom(zoom: number): void
  /** Called once the view settles after any move or zoom (the user's or the code's). Returns the unsubscribe. */
  onBoundsChanged(listener: (bounds: Bounds) => void): () => void
  /** Replaces every marker. */
  setMarkers<T>(markers: MapMarker<T>[], onClick: (marker: MapMarker<T>) => void): void
  destroy(): void
}

export interface Suggestion {
  placeId: string
  /** Main text, e.g. 'Marseille' or the establishment's name. */
  label: string
  /** Secondary text, e.g. 'France' or the address. */
  secondary: string
}

export interface CityPlace {
  name: string
  position: LatLng
}

/** An establishment found by the place search, shaped for the partner form. */
export interface PlaceDetails {
  name: string
  /** Street number plus street name. */
  address: string
  /** The locality. */
  city: string
  postalCode: string | null
  position: LatLng
  phone: string | null
  rating: number | null
  userRatingsTotal: number | null
}

export interface UserCity {
  cityName: string
  postalCode: string | null
}

export interface MapsService {
  createMap(element: HTMLElement, options: MapViewOptions): MapView
  /** City autocomplete, restricted to France and to cities. */
  searchCities(input: string): Promise<Suggestion[]>
  getCity(placeId: string): Promise<CityPlace>
  /** Establishment autocomplete, restricted to France (the back-office partner form). */
  searchPlaces(input: string): Promise<Suggestion[]>
  getPlace(placeId: string): Promise<PlaceDetails>
  /** Locality and postal code of a position; rejects with 'City not found' or 'No results found'. */
  reverseGeocode(position: LatLng): Promise<UserCity>
}

/** Spec section 9: the map's defaults. */
export const MAP_DEFAULTS = {
  center: { lat: 43.296, lng: 5.37 },
  zoom: 10,
  minZoom: 2,
  maxZoom: 21,
} as const satisfies MapViewOptions

/** The API's 'east,north,south,west' query value. */
export const boundsToQuery = (bounds: Bounds) =>
  [bounds.east, bounds.north, bounds.south, bounds.west].join(',')
