/// <reference types="google.maps" />
import { importLibrary, setOptions } from '@googlemaps/js-api-loader'
import { loadWithRetries } from './loadWithRetries.ts'
import type {
  Bounds,
  LatLng,
  MapMarker,
  MapsService,
  MapView,
  MapViewOptions,
  PlaceDetails,
  Suggestion,
} from './types.ts'

// Advanced markers need a map id; Google's demo id renders the default style.
const MAP_ID = 'DEMO_MAP_ID'

let optionsSet = false

/**
 * Loads the Maps JavaScript API (maps, marker, places, geocoding) with the run-time key, retrying after 2, 8 and
 * 24 s. Only this module imports the loader, and it is itself imported lazily, so the script loads on demand.
 */
export async function createGoogleMapsService(key: string): Promise<MapsService> {
  if (!optionsSet) {
    setOptions({ key, v: 'weekly', language: 'fr', region: 'FR' })
    optionsSet = true
  }
  const [maps, marker, places, geocoding] = await loadWithRetries(() =>
    Promise.all([
      importLibrary('maps'),
      importLibrary('marker'),
      importLibrary('places'),
      importLibrary('geocoding'),
    ]),
  )
  let sessionToken = new places.AutocompleteSessionToken()

  const suggest = async (input: string, includedPrimaryTypes: string[]): Promise<Suggestion[]> => {
    if (!input.trim()) return []
    const { suggestions } = await places.AutocompleteSuggestion.fetchAutocompleteSuggestions({
      input,
      includedPrimaryTypes,
      includedRegionCodes: ['fr'],
      language: 'fr',
      sessionToken,
    })
    return suggestions.flatMap(({ placePrediction }) =>
      placePrediction
        ? [
            {
              placeId: placePrediction.placeId,
              label: placePrediction.mainText?.text ?? placePrediction.text.text,
              secondary: placePrediction.secondaryText?.text ?? '',
            },
          ]
        : [],
    )
  }

  const fetchPlace = async (placeId: string, fields: string[]) => {
    const place = new places.Place({ id: placeId, requestedLanguage: 'fr' })
    await place.fetchFields({ fields })
    // The token covers one session: typing, then one details call.
    sessionToken = new places.AutocompleteSessionToken()
    return place
  }

  const component = (components: google.maps.places.AddressComponent[] | undefined, type: string) =>
    components?.find((c) => c.types.includes(type))?.longText ?? null

  return {
    createMap: (element, options) => createGoogleMapView(maps, marker, element, options),
    searchCities: (input) => suggest(input, ['(cities)']),
    async getCity(placeId) {
      const place = await fetchPlace(placeId, ['displayName', 'location'])
      if (!place.location) throw new Error('City not found')
      return { name: place.displayName ?? '', position: place.location.toJSON() }
    },
    searchPlaces: (input) => suggest(input, ['establishment']),
    async getPlace(placeId): Promise<PlaceDetails> {
      const place = await fetchPlace(placeId, [
        'displayName',
        'location',
        'addressComponents',
        'nationalPhoneNumber',
        'rating',
        'userRatingCount',
      ])
      const streetNumber = component(place.addressComponents, 'street_number')
      const route = component(place.addressComponents, 'route')
      return {
        name: place.displayName ?? '',
        address: [streetNumber, route].filter(Boolean).join(' '),
        city: component(place.addressComponents, 'locality') ?? '',
        postalCode: component(place.addressComponents, 'postal_code'),
        position: place.location?.toJSON() ?? { lat: 0, lng: 0 },
        phone: place.nationalPhoneNumber ?? null,
        rating: place.rating ?? null,
        userRatingsTotal: place.userRatingCount ?? null,
      }
    },
    async reverseGeocode(position) {
      const geocoder = new geocoding.Geocoder()
      const { results } = await geocoder.geocode({ location: position, language: 'fr' })
      if (!results.length) throw new Error('No results found')
      const all = results.flatMap((r) => r.address_components)
      const city = all.find((c) => c.types.includes('locality'))?.long_name
      if (!city) throw new Error('City not found')
      return {
        cityName: city,
        postalCode: all.find((c) => c.types.includes('postal_code'))?.long_name ?? null,
      }
    },
  }
}

function createGoogleMapView(
  maps: google.maps.MapsLibrary,
  markerLibrary: google.maps.MarkerLibrary,
  element: HTMLElement,
  options: MapViewOptions,
): MapView {
  const map = new maps.Map(element, {
    ...options,
    mapId: MAP_ID,
    disableDefaultUI: true,
    zoomControl: true,
    clickableIcons: false,
    gestureHandling: 'greedy',
  })
  let markers: google.maps.marker.AdvancedMarkerElement[] = []
  const toBounds = (b: google.maps.LatLngBounds | undefined): Bounds | null => {
    if (!b) return null
    const { east, north, south, west } = b.toJSON()
    return { east, north, south, west }
  }
  return {
    getCenter: () => map.getCenter()?.toJSON() ?? options.center,
    getZoom: () => map.getZoom() ?? options.zoom,
    getBounds: () => toBounds(map.getBounds()),
    setCenter: (center: LatLng) => map.setCenter(center),
    setZoom: (zoom) => map.setZoom(zoom),
    onBoundsChanged(listener) {
      const handle = map.addListener('idle', () => {
        const bounds = toBounds(map.getBounds())
        if (bounds) listener(bounds)
      })
      return () => handle.remove()
    },
    setMarkers<T>(next: MapMarker<T>[], onClick: (marker: MapMarker<T>) => void) {
      for (const m of markers) m.map = null
      markers = next.map((item) => {
        const m = new markerLibrary.AdvancedMarkerElement({
          map,
          position: item.position,
          title: item.title,
          gmpClickable: true,
        })
        m.addListener('gmp-click', () => onClick(item))
        return m
      })
    },
    destroy() {
      for (const m of markers) m.map = null
      markers = []
      google.maps.event.clearInstanceListeners(map)
    },
  }
}
