/// <reference types="google.maps" />
import { LatLngBoundsDouble, LatLngDouble, MVCObjectDouble, PointDouble, event } from './core.ts'
import { MapDouble, OverlayViewDouble } from './map.ts'
import { AdvancedMarkerClickEventDouble, defineAdvancedMarkerElement } from './marker.ts'
import {
  AddressComponentDouble,
  AutocompleteSessionTokenDouble,
  AutocompleteSuggestionDouble,
  FormattableTextDouble,
  GeocoderDouble,
  PlaceDouble,
  PlacePredictionDouble,
  requestLog,
  type DoubleRequest,
} from './places.ts'

/** What tests read from the page: the loader's request and every Places and Geocoding call. */
export interface GoogleMapsDoubleState {
  /** The query of the script URL the loader requested (key, v, language, region, libraries, callback). */
  scriptParams: Record<string, string>
  requests: DoubleRequest[]
}

declare global {
  interface Window {
    __googleMapsDouble?: GoogleMapsDoubleState
  }
}

/**
 * Runs what https://maps.googleapis.com/maps/api/js does when the loader's bootstrap adds it to the page: installs
 * google.maps (importLibrary and the classes of the loaded libraries) and calls the callback the URL names
 * (google.maps.__ib__ for @googlemaps/js-api-loader). Without a key it fails as Google's does: an error in the
 * console and window.gm_authFailure called, with no library.
 */
export function installGoogleMapsDouble(scriptUrl: string) {
  const params = new URL(scriptUrl).searchParams
  window.__googleMapsDouble = { scriptParams: Object.fromEntries(params), requests: requestLog }
  const g = ((window as unknown as { google?: { maps?: Record<string, unknown> } }).google ??= {})
  const namespace = (g.maps ??= {})

  if (!params.get('key')) {
    console.error('Google Maps JavaScript API error: MissingKeyMapError')
    ;(window as unknown as { gm_authFailure?: () => void }).gm_authFailure?.()
    return
  }

  const core = {
    LatLng: LatLngDouble,
    LatLngBounds: LatLngBoundsDouble,
    MVCObject: MVCObjectDouble,
    Point: PointDouble,
    event,
  }
  const libraries: Record<string, Record<string, unknown>> = {
    core,
    maps: { Map: MapDouble, OverlayView: OverlayViewDouble },
    marker: {
      AdvancedMarkerElement: defineAdvancedMarkerElement(),
      AdvancedMarkerClickEvent: AdvancedMarkerClickEventDouble,
    },
    places: {
      AutocompleteSessionToken: AutocompleteSessionTokenDouble,
      AutocompleteSuggestion: AutocompleteSuggestionDouble,
      PlacePrediction: PlacePredictionDouble,
      FormattableText: FormattableTextDouble,
      Place: PlaceDouble,
      AddressComponent: AddressComponentDouble,
    },
    geocoding: { Geocoder: GeocoderDouble },
  }
  // Loaded libraries also show on the namespace (google.maps.Map, google.maps.marker.…), as Google's do:
  // MarkerClusterer reads google.maps.OverlayView, google.maps.Map and google.maps.marker.AdvancedMarkerElement.
  const expose = (name: string) => {
    const library = libraries[name]
    if (name === 'marker' || name === 'places')
      namespace[name] = Object.assign((namespace[name] as object) ?? {}, library)
    else Object.assign(namespace, library)
  }
  expose('core')
  for (const name of (params.get('libraries') ?? '').split(',').filter(Boolean))
    if (libraries[name]) expose(name)

  namespace.importLibrary = (name: string) => {
    const library = libraries[name]
    if (!library) return Promise.reject(new Error(`The library ${name} is unknown to the local double.`))
    expose(name)
    return Promise.resolve(library)
  }

  const callback = params.get('callback')
  if (callback) {
    const path = callback.split('.')
    let target: unknown = window
    for (const part of path) target = (target as Record<string, unknown> | undefined)?.[part]
    if (typeof target === 'function') target()
    else console.error(`Google Maps JavaScript API error: InvalidCallbackError ${callback}`)
  }
}
