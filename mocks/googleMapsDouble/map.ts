/// <reference types="google.maps" />
import { moveMapForKey } from '@/src/maps/keyboardMoves.ts'
import {
  LatLngBoundsDouble,
  LatLngDouble,
  MVCObjectDouble,
  PointDouble,
  TILE_SIZE,
  event,
  project,
  withEnumerableMethods,
  toLiteral,
  unproject,
} from './core.ts'

/** What a marker needs from the map it is on (see marker.ts). */
export interface MapMarkerSlot {
  readonly element: HTMLElement
  readonly positionLiteral: google.maps.LatLngLiteral | null
}

const REGION_STYLE = `position:absolute;inset:0;overflow:hidden;touch-action:none;outline-offset:-3px;cursor:grab;
background-color:#e8eaed;background-image:linear-gradient(#d2d6db 1px,transparent 1px),
linear-gradient(90deg,#d2d6db 1px,transparent 1px);background-size:64px 64px;`
const CONTROL_STYLE = `width:40px;height:40px;border:0;background:#fff;color:#3c4043;font:500 22px/40px Arial,sans-serif;
cursor:pointer;padding:0;display:block;`

/**
 * google.maps.Map: a pannable, zoomable Web Mercator view drawn with plain elements. The map is ready (projection,
 * bounds) one task after construction, as Google's is after its first layout; every change of centre or zoom fires
 * `center_changed`/`zoom_changed` at once, then `bounds_changed` and one `idle` once the view stops changing (after
 * the drag ends, for a drag). Keyboard: arrows pan, +/- zoom, as on Google's map; the zoom control's buttons are
 * 'Zoom avant' and 'Zoom arrière'.
 */
export class MapDouble
  extends MVCObjectDouble
  implements
    Pick<
      google.maps.Map,
      | 'fitBounds'
      | 'getBounds'
      | 'getCenter'
      | 'getDiv'
      | 'getMapCapabilities'
      | 'getProjection'
      | 'getZoom'
      | 'panBy'
      | 'setCenter'
      | 'setZoom'
    >
{
  readonly #div: HTMLElement
  readonly #region: HTMLDivElement
  readonly panes: google.maps.MapPanes
  readonly #options: google.maps.MapOptions
  #center: LatLngDouble | undefined
  #zoom: number | undefined
  #ready = false
  #dragging = false
  #settleTimer: ReturnType<typeof setTimeout> | undefined
  readonly #markers = new Set<MapMarkerSlot>()
  readonly #overlays = new Set<google.maps.OverlayView>()

  constructor(mapDiv: HTMLElement, opts: google.maps.MapOptions = {}) {
    super()
    if (!(mapDiv instanceof HTMLElement))
      throw new Error('InvalidValueError: Map: Expected mapDiv of type HTMLElement')
    this.#div = mapDiv
    this.#options = { ...opts }
    this.#center = opts.center ? new LatLngDouble(opts.center) : undefined
    this.#zoom = opts.zoom ?? undefined

    const container = document.createElement('div')
    container.style.cssText = 'position:absolute;inset:0;overflow:hidden;font-family:Arial,sans-serif;'
    container.dataset.testid = 'google-maps-double'
    this.#region = document.createElement('div')
    // The same landmark as Google's map: a focusable region named 'Carte' (in French), described as a map.
    this.#region.setAttribute('role', 'region')
    this.#region.setAttribute('aria-label', 'Carte')
    this.#region.setAttribute('aria-roledescription', 'carte')
    this.#region.tabIndex = 0
    this.#region.style.cssText = REGION_STYLE
    const pane = (name: string, zIndex: number) => {
      const element = document.createElement('div')
      element.dataset.pane = name
      element.style.cssText = `position:absolute;left:0;top:0;width:0;height:0;z-index:${zIndex};`
      this.#region.append(element)
      return element
    }
    this.panes = {
      mapPane: pane('mapPane', 100),
      overlayLayer: pane('overlayLayer', 101),
      markerLayer: pane('markerLayer', 102),
      overlayMouseTarget: pane('overlayMouseTarget', 103),
      floatPane: pane('floatPane', 104),
    }
    container.append(this.#region)
    if (opts.zoomControl !== false) container.append(this.#zoomControl())
    const attribution = document.createElement('div')
    attribution.textContent = 'Double local de Google Maps'
    attribution.style.cssText =
      'position:absolute;left:4px;bottom:2px;font-size:10px;color:#3c4043;background:#fffc;padding:0 4px;'
    container.append(attribution)
    mapDiv.append(container)

    this.#region.addEventListener('keydown', this.#onKeyDown)
    this.#region.addEventListener('pointerdown', this.#onPointerDown)
    // First layout after the current task, like Google's: until then no projection and no bounds.
    setTimeout(() => {
      this.#ready = true
      event.trigger(this, 'projection_changed')
      for (const overlay of this.#overlays) this.#addOverlay(overlay)
      this.#changed()
    }, 0)
  }

  getDiv() {
    return this.#div
  }
  getCenter() {
    return this.#center
  }
  getZoom() {
    return this.#zoom
  }
  getMapCapabilities(): google.maps.MapCapabilities {
    // Advanced markers need a map id, as on Google's maps.
    return { isAdvancedMarkersAvailable: Boolean(this.#options.mapId), isDataDrivenStylingAvailable: false }
  }

  setCenter(latLng: google.maps.LatLng | google.maps.LatLngLiteral) {
    this.#center = new LatLngDouble(latLng)
    event.trigger(this, 'center_changed')
    this.#changed()
  }

  setZoom(zoom: number) {
    const next = this.#clampZoom(zoom)
    if (next === this.#zoom) return
    this.#zoom = next
    event.trigger(this, 'zoom_changed')
    this.#changed()
  }

  panBy(x: number, y: number) {
    if (!this.#center || this.#zoom === undefined) return
    const scale = 2 ** this.#zoom
    const world = project(this.#center.toJSON())
    this.#center = new LatLngDouble(unproject({ x: world.x + x / scale, y: world.y + y / scale }))
    event.trigger(this, 'center_changed')
    this.#changed()
  }

  /** The highest whole zoom at which the bounds fit the map's size less the padding; centred on the bounds. */
  fitBounds(
    bounds: google.maps.LatLngBounds | google.maps.LatLngBoundsLiteral,
    padding?: number | google.maps.Padding,
  ) {
    const { width, height } = this.#size()
    // A hidden map (display: none) has no size: Google's fitBounds does nothing then.
    if (!width || !height) return
    const literal =
      bounds instanceof LatLngBoundsDouble ? bounds.toJSON() : (bounds as google.maps.LatLngBoundsLiteral)
    const pad =
      typeof padding === 'number'
        ? { top: padding, right: padding, bottom: padding, left: padding }
        : { top: 0, right: 0, bottom: 0, left: 0, ...padding }
    const ne = project({ lat: literal.north, lng: literal.east })
    const sw = project({ lat: literal.south, lng: literal.west })
    const spanX = Math.abs(ne.x - sw.x)
    const spanY = Math.abs(sw.y - ne.y)
    const availableX = Math.max(1, width - pad.left - pad.right)
    const availableY = Math.max(1, height - pad.top - pad.bottom)
    const fits = (zoom: number) => spanX * 2 ** zoom <= availableX && spanY * 2 ** zoom <= availableY
    let zoom = this.#clampZoom(this.#options.maxZoom ?? 22)
    while (zoom > this.#clampZoom(this.#options.minZoom ?? 0) && !fits(zoom)) zoom--
    const center = unproject({ x: (ne.x + sw.x) / 2, y: (ne.y + sw.y) / 2 })
    this.#center = new LatLngDouble(center)
    event.trigger(this, 'center_changed')
    if (zoom !== this.#zoom) {
      this.#zoom = zoom
      event.trigger(this, 'zoom_changed')
    }
    this.#changed()
  }

  getBounds() {
    if (!this.#ready || !this.#center || this.#zoom === undefined) return undefined
    const { width, height } = this.#size()
    const scale = 2 ** this.#zoom
    const world = project(this.#center.toJSON())
    const sw = unproject({ x: world.x - width / 2 / scale, y: world.y + height / 2 / scale })
    const ne = unproject({ x: world.x + width / 2 / scale, y: world.y - height / 2 / scale })
    return new LatLngBoundsDouble(sw, ne) as unknown as google.maps.LatLngBounds
  }

  getProjection(): google.maps.Projection | undefined {
    if (!this.#ready) return undefined
    return {
      fromLatLngToPoint: (latLng) => {
        const { x, y } = project(toLiteral(latLng))
        return new PointDouble(x, y)
      },
      fromPointToLatLng: (point) => new LatLngDouble(unproject(point)),
    }
  }

  /** Pixel position of a point in the map's container (the double's div pixels are the same). */
  toContainerPixel(latLng: google.maps.LatLngLiteral) {
    const { width, height } = this.#size()
    const scale = 2 ** (this.#zoom ?? 0)
    const world = project(this.#center?.toJSON() ?? { lat: 0, lng: 0 })
    const point = project(latLng)
    return new PointDouble(width / 2 + (point.x - world.x) * scale, height / 2 + (point.y - world.y) * scale)
  }

  fromContainerPixel(pixel: { x: number; y: number }) {
    const { width, height } = this.#size()
    const scale = 2 ** (this.#zoom ?? 0)
    const world = project(this.#center?.toJSON() ?? { lat: 0, lng: 0 })
    return new LatLngDouble(
      unproject({ x: world.x + (pixel.x - width / 2) / scale, y: world.y + (pixel.y - height / 2) / scale }),
    )
  }

  worldWidth() {
    return TILE_SIZE * 2 ** (this.#zoom ?? 0)
  }

  /** Markers (marker.ts) join and leave the marker pane through these. */
  attachMarker(marker: MapMarkerSlot) {
    this.#markers.add(marker)
    this.panes.markerLayer.append(marker.element)
    this.#placeMarker(marker)
  }
  detachMarker(marker: MapMarkerSlot) {
    this.#markers.delete(marker)
    marker.element.remove()
  }
  placeMarker(marker: MapMarkerSlot) {
    if (this.#markers.has(marker)) this.#placeMarker(marker)
  }

  /** OverlayView.setMap goes through these: onAdd once the map is ready, then draw on every view change. */
  attachOverlay(overlay: google.maps.OverlayView) {
    this.#overlays.add(overlay)
    if (this.#ready) setTimeout(() => this.#overlays.has(overlay) && this.#addOverlay(overlay), 0)
  }
  detachOverlay(overlay: google.maps.OverlayView) {
    if (this.#overlays.delete(overlay)) overlay.onRemove()
  }

  #added = new WeakSet<google.maps.OverlayView>()
  #addOverlay(overlay: google.maps.OverlayView) {
    if (this.#added.has(overlay)) return
    this.#added.add(overlay)
    overlay.onAdd()
    overlay.draw()
  }

  #clampZoom(zoom: number) {
    const min = this.#options.minZoom ?? 0
    const max = this.#options.maxZoom ?? 22
    return Math.round(Math.min(max, Math.max(min, zoom)))
  }

  #size() {
    return { width: this.#region.clientWidth, height: this.#region.clientHeight }
  }

  #placeMarker(marker: MapMarkerSlot) {
    const position = marker.positionLiteral
    if (!position || !this.#ready) {
      marker.element.hidden = true
      return
    }
    const { x, y } = this.toContainerPixel(position)
    const { width, height } = this.#size()
    marker.element.style.left = `${x}px`
    marker.element.style.top = `${y}px`
    // Off-screen markers are not drawn (nor focusable), as on Google's map.
    marker.element.hidden = x < -20 || y < -20 || x > width + 20 || y > height + 20
  }

  #changed() {
    if (!this.#ready) return
    for (const marker of this.#markers) this.#placeMarker(marker)
    for (const overlay of this.#overlays) if (this.#added.has(overlay)) overlay.draw()
    const offset = this.#center ? project(this.#center.toJSON()) : { x: 0, y: 0 }
    const scale = 2 ** (this.#zoom ?? 0)
    this.#region.style.backgroundPosition = `${(-offset.x * scale) % 64}px ${(-offset.y * scale) % 64}px`
    if (this.#dragging) return
    clearTimeout(this.#settleTimer)
    this.#settleTimer = setTimeout(() => {
      event.trigger(this, 'bounds_changed')
      event.trigger(this, 'idle')
    }, 0)
  }

  #zoomControl() {
    const control = document.createElement('div')
    control.style.cssText =
      'position:absolute;right:10px;bottom:24px;border-radius:2px;box-shadow:0 1px 4px #0000004d;overflow:hidden;'
    const button = (label: string, text: string, delta: number) => {
      const element = document.createElement('button')
      element.type = 'button'
      element.title = label
      element.setAttribute('aria-label', label)
      element.textContent = text
      element.style.cssText = CONTROL_STYLE
      element.addEventListener('click', () => this.setZoom((this.#zoom ?? 0) + delta))
      return element
    }
    control.append(button('Zoom avant', '+', 1), button('Zoom arrière', '−', -1))
    return control
  }

  #onKeyDown = (keyboardEvent: KeyboardEvent) => {
    if (keyboardEvent.target !== this.#region) return
    moveMapForKey(this, this.#zoom ?? 0, keyboardEvent)
  }

  #onPointerDown = (pointerEvent: PointerEvent) => {
    if (pointerEvent.button !== 0) return
    let last = { x: pointerEvent.clientX, y: pointerEvent.clientY }
    const onMove = (move: PointerEvent) => {
      this.#dragging = true
      event.trigger(this, 'drag')
      this.panBy(last.x - move.clientX, last.y - move.clientY)
      last = { x: move.clientX, y: move.clientY }
    }
    const onUp = () => {
      window.removeEventListener('pointermove', onMove)
      window.removeEventListener('pointerup', onUp)
      if (!this.#dragging) return
      this.#dragging = false
      event.trigger(this, 'dragend')
      this.#changed()
    }
    window.addEventListener('pointermove', onMove)
    window.addEventListener('pointerup', onUp)
  }
}

const overlayMaps = new WeakMap<object, MapDouble | null>()

/**
 * google.maps.OverlayView: the base class custom overlays (and MarkerClusterer) extend. setMap(map) calls onAdd
 * once the map is ready, then draw; setMap(null) calls onRemove. Its projection converts with the map's view.
 */
export class OverlayViewDouble
  extends MVCObjectDouble
  implements
    Pick<
      google.maps.OverlayView,
      'getMap' | 'getPanes' | 'getProjection' | 'setMap' | 'draw' | 'onAdd' | 'onRemove'
    >
{
  static preventMapHitsAndGesturesFrom(element: Element) {
    for (const type of ['click', 'dblclick', 'pointerdown', 'wheel', 'contextmenu'])
      element.addEventListener(type, (domEvent) => domEvent.stopPropagation())
  }
  static preventMapHitsFrom(element: Element) {
    for (const type of ['click', 'dblclick', 'contextmenu'])
      element.addEventListener(type, (domEvent) => domEvent.stopPropagation())
  }

  draw() {}
  onAdd() {}
  onRemove() {}

  getMap() {
    return (overlayMaps.get(this) ?? null) as unknown as google.maps.Map | null
  }
  setMap(map: google.maps.Map | google.maps.StreetViewPanorama | null) {
    if (map !== null && !(map instanceof MapDouble))
      throw new Error('InvalidValueError: setMap: not an instance of Map')
    const previous = overlayMaps.get(this) ?? null
    if (map === previous) return
    overlayMaps.set(this, map)
    const self = this as unknown as google.maps.OverlayView
    previous?.detachOverlay(self)
    map?.attachOverlay(self)
  }
  getPanes() {
    return overlayMaps.get(this)?.panes ?? null
  }
  getProjection(): google.maps.MapCanvasProjection {
    const map = overlayMaps.get(this)
    const toPixel = (latLng: google.maps.LatLng | google.maps.LatLngLiteral | null) =>
      latLng && map ? map.toContainerPixel(toLiteral(latLng)) : null
    const toLatLng = (pixel: google.maps.Point | null) =>
      pixel && map ? map.fromContainerPixel(pixel) : null
    return {
      fromLatLngToDivPixel: toPixel,
      fromLatLngToContainerPixel: toPixel,
      fromDivPixelToLatLng: toLatLng,
      fromContainerPixelToLatLng: toLatLng,
      getWorldWidth: () => map?.worldWidth() ?? TILE_SIZE,
      getVisibleRegion: () => {
        const bounds = map?.getBounds()
        if (!bounds) return null
        const ne = bounds.getNorthEast()
        const sw = bounds.getSouthWest()
        return {
          latLngBounds: bounds,
          farLeft: new LatLngDouble(ne.lat(), sw.lng()),
          farRight: ne,
          nearLeft: sw,
          nearRight: new LatLngDouble(sw.lat(), ne.lng()),
        }
      },
    }
  }
}
withEnumerableMethods(OverlayViewDouble)
