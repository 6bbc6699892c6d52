/// <reference types="google.maps" />
import { importLibrary, setOptions } from '@googlemaps/js-api-loader'
import { MarkerClusterer, SuperClusterAlgorithm, type Renderer } from '@googlemaps/markerclusterer'
import { theme } from '@/src/design-system/theme/theme.ts'
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

/**
 * Up to this many partners every marker is drawn and directly tappable; above it (a city's worth, the search
 * answers at most 50) markers closer than CLUSTER_RADIUS_PX merge into a numbered group that zooms in on tap.
 */
export const CLUSTER_THRESHOLD = 20
const CLUSTER_RADIUS_PX = 60
/** From this zoom on (streets) markers are never grouped. */
const CLUSTER_MAX_ZOOM = 15

export const clusterLabel = (count: number) => `Groupe de ${count} partenaires, zoomer`

/** A group: a round badge with its count, a button named for screen readers (Google's markers read their title). */
const clusterRenderer: Renderer = {
  render({ count, position }, _stats, map) {
    const badge = document.createElement('div')
    badge.textContent = String(count)
    badge.style.cssText = `display:grid;place-items:center;width:44px;height:44px;border-radius:50%;
background:${theme.colors.primary};color:${theme.colors.onPrimary};font:600 15px/1 Inter,Arial,sans-serif;
border:3px solid ${theme.colors.onPrimary};box-shadow:0 1px 4px rgba(0, 0, 0, 0.4);transform:translateY(50%);`
    return new google.maps.marker.AdvancedMarkerElement({
      map,
      position,
      title: clusterLabel(count),
      content: badge,
      gmpClickable: true,
      zIndex: 1000 + count,
    })
  },
}

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
  // The last suggestions: their toPlace() carries the session token into the details call, which ends the session
  // (a Place built from the id alone would leave every keystroke billed on its own).
  let predictions = new Map<string, google.maps.places.PlacePrediction>()

  const suggest = async (input: string, includedPrimaryTypes: string[]): Promise<Suggestion[]> => {
    if (!input.trim()) return []
    const { suggestions } = await places.AutocompleteSuggestion.fetchAutocompleteSuggestions({
      input,
      includedPrimaryTypes,
      includedRegionCodes: ['fr'],
      language: 'fr',
      sessionToken,
    })
    predictions = new Map(
      suggestions.flatMap(({ placePrediction }) =>
        placePrediction ? [[placePrediction.placeId, placePrediction] as const] : [],
      ),
    )
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
    const place =
      predictions.get(placeId)?.toPlace() ?? new places.Place({ id: placeId, requestedLanguage: 'fr' })
    // The token covers one session: typing, then one details call.
    sessionToken = new places.AutocompleteSessionToken()
    predictions = new Map()
    await place.fetchFields({ fields })
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
  const clusterer = new MarkerClusterer({
    map,
    algorithm: new SuperClusterAlgorithm({ radius: CLUSTER_RADIUS_PX, maxZoom: CLUSTER_MAX_ZOOM }),
    renderer: clusterRenderer,
  })
  const removeMarkers = () => {
    clusterer.clearMarkers()
    for (const m of markers) m.map = null
    markers = []
  }
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
      removeMarkers()
      const clustered = next.length > CLUSTER_THRESHOLD
      markers = next.map((item) => {
        const m = new markerLibrary.AdvancedMarkerElement({
          // The clusterer puts on the map the markers that are not in a group.
          map: clustered ? null : map,
          position: item.position,
          title: item.title,
          gmpClickable: true,
        })
        m.addListener('gmp-click', () => onClick(item))
        return m
      })
      if (clustered) clusterer.addMarkers(markers)
    },
    destroy() {
      removeMarkers()
      clusterer.setMap(null)
      google.maps.event.clearInstanceListeners(map)
    },
  }
}
