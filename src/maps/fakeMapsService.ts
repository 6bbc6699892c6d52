import { moveMapForKey } from './keyboardMoves.ts'
import type {
  Bounds,
  CityPlace,
  LatLng,
  MapMarker,
  MapsService,
  MapView,
  PlaceDetails,
  Suggestion,
  UserCity,
} from './types.ts'

/** French cities the fake knows, for autocomplete and reverse geocoding. */
export const fakeCities: (CityPlace & { placeId: string; postalCode: string })[] = [
  {
    placeId: 'ville-marseille',
    name: 'Marseille',
    position: { lat: 43.2965, lng: 5.3698 },
    postalCode: '13001',
  },
  {
    placeId: 'ville-aix',
    name: 'Aix-en-Provence',
    position: { lat: 43.5297, lng: 5.4474 },
    postalCode: '13100',
  },
  { placeId: 'ville-aubagne', name: 'Aubagne', position: { lat: 43.2927, lng: 5.5708 }, postalCode: '13400' },
  { placeId: 'ville-cassis', name: 'Cassis', position: { lat: 43.2148, lng: 5.5377 }, postalCode: '13260' },
  { placeId: 'ville-toulon', name: 'Toulon', position: { lat: 43.1242, lng: 5.928 }, postalCode: '83000' },
  { placeId: 'ville-lyon', name: 'Lyon', position: { lat: 45.764, lng: 4.8357 }, postalCode: '69001' },
  { placeId: 'ville-paris', name: 'Paris', position: { lat: 48.8566, lng: 2.3522 }, postalCode: '75001' },
  {
    placeId: 'ville-marseillan',
    name: 'Marseillan',
    position: { lat: 43.3569, lng: 3.5283 },
    postalCode: '34340',
  },
]

export const fakePlaces: (PlaceDetails & { placeId: string })[] = [
  {
    placeId: 'lieu-bar-marine',
    name: 'Bar de la Marine',
    address: '15 Quai de Rive Neuve',
    city: 'Marseille',
    postalCode: '13007',
    position: { lat: 43.2931, lng: 5.3713 },
    phone: '04 91 54 95 42',
    rating: 4.1,
    userRatingsTotal: 2210,
  },
  {
    placeId: 'lieu-four-navettes',
    name: 'Four des Navettes',
    address: '136 Rue Sainte',
    city: 'Marseille',
    postalCode: '13007',
    position: { lat: 43.2905, lng: 5.3651 },
    phone: '04 91 33 32 12',
    rating: 4.5,
    userRatingsTotal: 1870,
  },
]

export interface FakeMapsOptions {
  /** Reverse geocoding answer: a city, or an error message ('City not found', 'No results found'). */
  reverseGeocode?: UserCity | string
  /** Simulated latency of the asynchronous calls, in ms. */
  latencyMs?: number
}

const normalize = (text: string) => text.toLowerCase().normalize('NFD').replace(/\p{M}/gu, '')

// A drawn stand-in for map tiles and pins (tests, stories), not interface colours: they stay out of the theme.
// eslint-disable-next-line no-restricted-syntax
const MAP_STYLE = `position:relative;width:100%;height:100%;overflow:hidden;touch-action:none;outline-offset:-3px;
background-color:#dfe9d8;background-image:linear-gradient(#c7d6c0 1px,transparent 1px),
linear-gradient(90deg,#c7d6c0 1px,transparent 1px);background-size:48px 48px;`
// eslint-disable-next-line no-restricted-syntax
const MARKER_STYLE = `position:absolute;width:28px;height:28px;margin:-28px 0 0 -14px;padding:0;border:2px solid #fff;
border-radius:50% 50% 50% 0;transform:rotate(-45deg);background:#c62828;cursor:pointer;box-shadow:0 1px 3px #0006;`

/**
 * A faithful in-memory stand-in for the maps service: a pannable, zoomable map drawn with plain elements (arrow
 * keys, +/- or a pointer drag move it, as on Google Maps), markers as buttons named by their title, bounds
 * events after every move, city and place autocomplete over fixed lists, reverse geocoding to the nearest city.
 */
export function createFakeMapsService(options: FakeMapsOptions = {}) {
  const wait = () => new Promise<void>((resolve) => setTimeout(resolve, options.latencyMs ?? 0))
  let lastView: FakeMapView | null = null

  const service: MapsService = {
    createMap(element, mapOptions) {
      lastView = new FakeMapView(
        element,
        mapOptions.center,
        mapOptions.zoom,
        mapOptions.minZoom,
        mapOptions.maxZoom,
      )
      return lastView
    },
    async searchCities(input) {
      await wait()
      const query = normalize(input.trim())
      if (!query) return []
      return fakeCities
        .filter((city) => normalize(city.name).startsWith(query))
        .map<Suggestion>((city) => ({ placeId: city.placeId, label: city.name, secondary: 'France' }))
    },
    async getCity(placeId) {
      await wait()
      const city = fakeCities.find((c) => c.placeId === placeId)
      if (!city) throw new Error('City not found')
      return { name: city.name, position: city.position }
    },
    async searchPlaces(input) {
      await wait()
      const query = normalize(input.trim())
      if (!query) return []
      return fakePlaces
        .filter((place) => normalize(place.name).includes(query))
        .map((place) => ({
          placeId: place.placeId,
          label: place.name,
          secondary: `${place.address}, ${place.city}`,
        }))
    },
    async getPlace(placeId) {
      await wait()
      const place = fakePlaces.find((p) => p.placeId === placeId)
      if (!place) throw new Error('No results found')
      const { placeId: _id, ...details } = place
      return details
    },
    async reverseGeocode(position) {
      await wait()
      if (typeof options.reverseGeocode === 'string') throw new Error(options.reverseGeocode)
      if (options.reverseGeocode) return options.reverseGeocode
      const nearest = [...fakeCities].sort(
        (a, b) => distance(a.position, position) - distance(b.position, position),
      )[0]
      return { cityName: nearest.name, postalCode: nearest.postalCode }
    },
  }
  return Object.assign(service, {
    /** The map most recently created, for tests that move it or read its markers. */
    get view(): FakeMapView | null {
      return lastView
    },
  })
}

export type FakeMapsService = ReturnType<typeof createFakeMapsService>

const distance = (a: LatLng, b: LatLng) => Math.hypot(a.lat - b.lat, a.lng - b.lng)

export class FakeMapView implements MapView {
  private readonly root: HTMLDivElement
  private readonly listeners = new Set<(bounds: Bounds) => void>()
  private markers: { marker: MapMarker<unknown>; button: HTMLButtonElement }[] = []
  private settleTimer: ReturnType<typeof setTimeout> | undefined
  private center: LatLng
  private zoom: number
  private readonly minZoom: number
  private readonly maxZoom: number

  constructor(element: HTMLElement, center: LatLng, zoom: number, minZoom: number, maxZoom: number) {
    this.center = { ...center }
    this.zoom = zoom
    this.minZoom = minZoom
    this.maxZoom = maxZoom
    this.root = document.createElement('div')
    this.root.setAttribute('role', 'region')
    this.root.setAttribute('aria-label', 'Carte')
    this.root.setAttribute('aria-roledescription', 'carte')
    this.root.dataset.testid = 'fake-map'
    this.root.tabIndex = 0
    this.root.style.cssText = MAP_STYLE
    this.root.addEventListener('keydown', this.onKeyDown)
    this.root.addEventListener('pointerdown', this.onPointerDown)
    element.append(this.root)
    this.settle()
  }

  /** Degrees of longitude per pixel at the current zoom (256-pixel world tiles, as Google's). */
  private get degreesPerPixel() {
    return 360 / (256 * 2 ** this.zoom)
  }

  private get size() {
    return { width: this.root.clientWidth || 390, height: this.root.clientHeight || 600 }
  }

  getCenter = () => ({ ...this.center })
  getZoom = () => this.zoom

  getBounds(): Bounds {
    const { width, height } = this.size
    const dx = (width / 2) * this.degreesPerPixel
    const dy = (height / 2) * this.degreesPerPixel * Math.cos((this.center.lat * Math.PI) / 180)
    const round = (n: number) => Math.round(n * 1e6) / 1e6
    return {
      east: round(this.center.lng + dx),
      north: round(this.center.lat + dy),
      south: round(this.center.lat - dy),
      west: round(this.center.lng - dx),
    }
  }

  setCenter(center: LatLng) {
    this.center = { ...center }
    this.settle()
  }

  setZoom(zoom: number) {
    this.zoom = Math.min(this.maxZoom, Math.max(this.minZoom, zoom))
    this.settle()
  }

  /** Moves the view by pixels, as a drag does. */
  panBy(dx: number, dy: number) {
    const latScale = Math.cos((this.center.lat * Math.PI) / 180)
    this.center = {
      lat: this.center.lat - dy * this.degreesPerPixel * latScale,
      lng: this.center.lng + dx * this.degreesPerPixel,
    }
    this.settle()
  }

  onBoundsChanged(listener: (bounds: Bounds) => void) {
    this.listeners.add(listener)
    return () => void this.listeners.delete(listener)
  }

  setMarkers<T>(markers: MapMarker<T>[], onClick: (marker: MapMarker<T>) => void) {
    for (const { button } of this.markers) button.remove()
    this.markers = markers.map((marker) => {
      const button = document.createElement('button')
      button.type = 'button'
      button.title = marker.title
      button.setAttribute('aria-label', marker.title)
      button.style.cssText = MARKER_STYLE
      button.addEventListener('click', () => onClick(marker))
      button.addEventListener('pointerdown', (event) => event.stopPropagation())
      this.root.append(button)
      return { marker: marker as MapMarker<unknown>, button }
    })
    this.placeMarkers()
  }

  /** The markers currently on the map (tests). */
  get markerTitles() {
    return this.markers.map(({ marker }) => marker.title)
  }

  destroy() {
    clearTimeout(this.settleTimer)
    this.listeners.clear()
    this.root.remove()
  }

  private placeMarkers() {
    const { width, height } = this.size
    const latScale = Math.cos((this.center.lat * Math.PI) / 180)
    for (const { marker, button } of this.markers) {
      const x = width / 2 + (marker.position.lng - this.center.lng) / this.degreesPerPixel
      const y = height / 2 - (marker.position.lat - this.center.lat) / (this.degreesPerPixel * latScale)
      button.style.left = `${x}px`
      button.style.top = `${y}px`
      button.hidden = x < 0 || y < 0 || x > width || y > height
    }
  }

  /** Like Google's 'idle': one event once the view stops changing. */
  private settle() {
    this.placeMarkers()
    this.root.style.backgroundPosition = `${(-this.center.lng / this.degreesPerPixel) % 48}px ${(this.center.lat / this.degreesPerPixel) % 48}px`
    clearTimeout(this.settleTimer)
    this.settleTimer = setTimeout(() => {
      const bounds = this.getBounds()
      for (const listener of this.listeners) listener(bounds)
    }, 30)
  }

  private onKeyDown = (event: KeyboardEvent) => {
    moveMapForKey(this, this.zoom, event)
  }

  private onPointerDown = (event: PointerEvent) => {
    let last = { x: event.clientX, y: event.clientY }
    const onMove = (move: PointerEvent) => {
      this.panBy(last.x - move.clientX, last.y - move.clientY)
      last = { x: move.clientX, y: move.clientY }
    }
    const onUp = () => {
      window.removeEventListener('pointermove', onMove)
      window.removeEventListener('pointerup', onUp)
    }
    window.addEventListener('pointermove', onMove)
    window.addEventListener('pointerup', onUp)
  }
}
