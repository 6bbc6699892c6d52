/// <reference types="google.maps" />
/* eslint-disable @typescript-eslint/no-unsafe-function-type -- the double keeps the Maps API's own signatures, which take Function */
/**
 * The core of the local Maps JavaScript API double: LatLng, LatLngBounds, Point, MVCObject and the
 * google.maps.event registry, with the real API's signatures (each class implements the part of @types/google.maps
 * the app and @googlemaps/markerclusterer use, so a signature drift fails the type check).
 */

type LatLngInput = google.maps.LatLng | google.maps.LatLngLiteral

export class LatLngDouble implements google.maps.LatLng {
  readonly #lat: number
  readonly #lng: number

  constructor(
    latOrLiteral: number | LatLngInput,
    lngOrNoClampNoWrap?: number | boolean | null,
    noClampNoWrap?: boolean,
  ) {
    let lat: number
    let lng: number
    let noClamp = noClampNoWrap ?? false
    if (typeof latOrLiteral === 'number') {
      lat = latOrLiteral
      lng = typeof lngOrNoClampNoWrap === 'number' ? lngOrNoClampNoWrap : NaN
    } else {
      const literal = toLiteral(latOrLiteral)
      lat = literal.lat
      lng = literal.lng
      if (typeof lngOrNoClampNoWrap === 'boolean') noClamp = lngOrNoClampNoWrap
    }
    // As Google's: latitude clamped to [-90, 90], longitude wrapped into [-180, 180), unless told not to.
    this.#lat = noClamp ? lat : Math.max(-90, Math.min(90, lat))
    const inRange = lng >= -180 && lng < 180
    this.#lng = noClamp || inRange || lng === 180 ? lng : ((((lng + 180) % 360) + 360) % 360) - 180
  }

  lat() {
    return this.#lat
  }
  lng() {
    return this.#lng
  }
  equals(other: LatLngInput | null | undefined) {
    if (!other) return false
    const o = toLiteral(other)
    return Math.abs(o.lat - this.#lat) <= 1e-9 && Math.abs(o.lng - this.#lng) <= 1e-9
  }
  toJSON(): google.maps.LatLngLiteral {
    return { lat: this.#lat, lng: this.#lng }
  }
  toString() {
    return `(${this.#lat}, ${this.#lng})`
  }
  toUrlValue(precision = 6) {
    const round = (n: number) => Number(n.toFixed(precision))
    return `${round(this.#lat)},${round(this.#lng)}`
  }
}

export const toLiteral = (value: LatLngInput): google.maps.LatLngLiteral =>
  typeof value.lat === 'function'
    ? { lat: (value as google.maps.LatLng).lat(), lng: (value as google.maps.LatLng).lng() }
    : (value as google.maps.LatLngLiteral)

const isBoundsLiteral = (value: unknown): value is google.maps.LatLngBoundsLiteral =>
  typeof value === 'object' && value !== null && 'north' in value && 'east' in value

/** Bounds that never cross the antimeridian (the app's maps stay in France): enough for what is used. */
export class LatLngBoundsDouble implements Pick<
  google.maps.LatLngBounds,
  'contains' | 'extend' | 'getCenter' | 'getNorthEast' | 'getSouthWest' | 'isEmpty' | 'toJSON' | 'union'
> {
  #south = 1
  #west = 180
  #north = -1
  #east = -180

  constructor(
    swOrBounds?: LatLngInput | google.maps.LatLngBounds | google.maps.LatLngBoundsLiteral | null,
    ne?: LatLngInput | null,
  ) {
    if (!swOrBounds) return
    if (swOrBounds instanceof LatLngBoundsDouble) {
      this.union((swOrBounds as LatLngBoundsDouble).toJSON())
    } else if (isBoundsLiteral(swOrBounds)) {
      this.union(swOrBounds)
    } else {
      this.extend(swOrBounds as LatLngInput)
      if (ne) this.extend(ne)
    }
  }

  isEmpty() {
    return this.#south > this.#north
  }
  extend(point: LatLngInput) {
    const { lat, lng } = toLiteral(point)
    if (this.isEmpty()) {
      this.#south = this.#north = lat
      this.#west = this.#east = lng
    } else {
      this.#south = Math.min(this.#south, lat)
      this.#north = Math.max(this.#north, lat)
      this.#west = Math.min(this.#west, lng)
      this.#east = Math.max(this.#east, lng)
    }
    return this as unknown as google.maps.LatLngBounds
  }
  union(other: google.maps.LatLngBounds | google.maps.LatLngBoundsLiteral) {
    const o = isBoundsLiteral(other) ? other : other.toJSON()
    if (o.south > o.north) return this as unknown as google.maps.LatLngBounds
    this.extend({ lat: o.south, lng: o.west })
    this.extend({ lat: o.north, lng: o.east })
    return this as unknown as google.maps.LatLngBounds
  }
  contains(point: LatLngInput) {
    const { lat, lng } = toLiteral(point)
    return lat >= this.#south && lat <= this.#north && lng >= this.#west && lng <= this.#east
  }
  getCenter() {
    return new LatLngDouble((this.#south + this.#north) / 2, (this.#west + this.#east) / 2)
  }
  getNorthEast() {
    return new LatLngDouble(this.#north, this.#east)
  }
  getSouthWest() {
    return new LatLngDouble(this.#south, this.#west)
  }
  toJSON(): google.maps.LatLngBoundsLiteral {
    return { east: this.#east, north: this.#north, south: this.#south, west: this.#west }
  }
  toString() {
    return `((${this.#south}, ${this.#west}), (${this.#north}, ${this.#east}))`
  }
}

export class PointDouble implements google.maps.Point {
  x: number
  y: number
  constructor(x: number, y: number) {
    this.x = x
    this.y = y
  }
  equals(other: google.maps.Point | null) {
    return !!other && other.x === this.x && other.y === this.y
  }
  toString() {
    return `(${this.x}, ${this.y})`
  }
}

/** google.maps.event: listeners kept per instance and event name, as MVCObject.addListener uses them. */
const registry = new WeakMap<object, Map<string, Set<Function>>>()

class Listener implements google.maps.MapsEventListener {
  readonly instance: object
  readonly eventName: string
  readonly handler: Function
  constructor(instance: object, eventName: string, handler: Function) {
    this.instance = instance
    this.eventName = eventName
    this.handler = handler
  }
  remove() {
    registry.get(this.instance)?.get(this.eventName)?.delete(this.handler)
  }
}

type EventNamespace = Pick<
  typeof google.maps.event,
  | 'addListener'
  | 'addListenerOnce'
  | 'removeListener'
  | 'clearListeners'
  | 'clearInstanceListeners'
  | 'hasListeners'
  | 'trigger'
>

export const event: EventNamespace = {
  addListener(instance: object, eventName: string, handler: Function): google.maps.MapsEventListener {
    let byName = registry.get(instance)
    if (!byName) registry.set(instance, (byName = new Map()))
    let handlers = byName.get(eventName)
    if (!handlers) byName.set(eventName, (handlers = new Set()))
    // The same function added twice is called twice, as in Google's registry: wrap it to keep both.
    const entry = handlers.has(handler) ? (...args: unknown[]) => handler(...args) : handler
    handlers.add(entry)
    return new Listener(instance, eventName, entry)
  },
  addListenerOnce(instance: object, eventName: string, handler: Function) {
    const listener: google.maps.MapsEventListener = event.addListener(
      instance,
      eventName,
      (...args: unknown[]) => {
        listener.remove()
        handler(...args)
      },
    )
    return listener
  },
  removeListener(listener: google.maps.MapsEventListener) {
    listener.remove()
  },
  clearListeners(instance: object, eventName: string) {
    registry.get(instance)?.delete(eventName)
  },
  clearInstanceListeners(instance: object) {
    registry.delete(instance)
  },
  hasListeners(instance: object, eventName: string) {
    return (registry.get(instance)?.get(eventName)?.size ?? 0) > 0
  },
  trigger(instance: object, eventName: string, ...eventArgs: unknown[]) {
    for (const handler of [...(registry.get(instance)?.get(eventName) ?? [])])
      handler.apply(instance, eventArgs)
  },
}

/**
 * Google's classes are plain constructor functions whose prototype methods are enumerable, and code built on them
 * relies on it: MarkerClusterer copies google.maps.OverlayView's prototype with a for…in loop onto its own class,
 * whose instances are never constructed by OverlayView. So the double's base classes make their methods enumerable
 * and keep their state in WeakMaps instead of private fields.
 */
export function withEnumerableMethods(type: { prototype: object }) {
  for (const name of Object.getOwnPropertyNames(type.prototype))
    if (name !== 'constructor') Object.defineProperty(type.prototype, name, { enumerable: true })
}

const mvcValues = new WeakMap<object, Map<string, unknown>>()

/** MVCObject: key-value properties with `<key>_changed` notifications, and addListener. */
export class MVCObjectDouble implements Pick<
  google.maps.MVCObject,
  'addListener' | 'get' | 'set' | 'notify'
> {
  addListener(eventName: string, handler: Function) {
    return event.addListener(this, eventName, handler)
  }
  get(key: string): unknown {
    return mvcValues.get(this)?.get(key)
  }
  set(key: string, value: unknown) {
    let values = mvcValues.get(this)
    if (!values) mvcValues.set(this, (values = new Map()))
    values.set(key, value)
    this.notify(key)
  }
  notify(key: string) {
    const method = (this as unknown as Record<string, unknown>)[`${key}_changed`]
    if (typeof method === 'function') method.call(this)
    event.trigger(this, `${key}_changed`)
  }
}
withEnumerableMethods(MVCObjectDouble)

/** The error the Places and Geocoding calls reject with (google.maps.MapsRequestError). */
export class MapsRequestErrorDouble extends Error {
  readonly code: string
  readonly endpoint: string
  constructor(message: string, code: string, endpoint: string) {
    super(message)
    this.code = code
    this.endpoint = endpoint
    this.name = 'MapsRequestError'
  }
}

/** Web Mercator on 256-pixel tiles, as Google's map projection. */
export const TILE_SIZE = 256

export function project({ lat, lng }: google.maps.LatLngLiteral) {
  const sin = Math.min(Math.max(Math.sin((lat * Math.PI) / 180), -0.9999), 0.9999)
  return {
    x: TILE_SIZE * (0.5 + lng / 360),
    y: TILE_SIZE * (0.5 - Math.log((1 + sin) / (1 - sin)) / (4 * Math.PI)),
  }
}

export function unproject({ x, y }: { x: number; y: number }): google.maps.LatLngLiteral {
  const n = Math.PI - (2 * Math.PI * y) / TILE_SIZE
  return {
    lat: (180 / Math.PI) * Math.atan(0.5 * (Math.exp(n) - Math.exp(-n))),
    lng: (x / TILE_SIZE - 0.5) * 360,
  }
}
