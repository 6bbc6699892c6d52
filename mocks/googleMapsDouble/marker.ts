/// <reference types="google.maps" />
/* eslint-disable @typescript-eslint/no-unsafe-function-type -- the double keeps the Maps API's own signatures, which take Function */
import { LatLngDouble, event, toLiteral } from './core.ts'
import { MapDouble, type MapMarkerSlot } from './map.ts'

type MarkerPosition = NonNullable<google.maps.marker.AdvancedMarkerElementOptions['position']>

// Google's default pin: a red drop with a dark dot, 26×37, its tip on the position.
const PIN_SVG = `<svg xmlns="http://www.w3.org/2000/svg" width="26" height="37" viewBox="0 0 26 37" aria-hidden="true">
<path d="M13 0C5.8 0 0 5.8 0 13c0 9.8 13 24 13 24s13-14.2 13-24C26 5.8 20.2 0 13 0z" fill="#ea4335" stroke="#b31412"/>
<circle cx="13" cy="13" r="4.5" fill="#b31412"/></svg>`

/** Sent to 'gmp-click' listeners, like google.maps.marker.AdvancedMarkerClickEvent. */
export class AdvancedMarkerClickEventDouble extends Event {
  readonly domEvent: Event
  constructor(domEvent: Event) {
    super('gmp-click', { bubbles: false })
    this.domEvent = domEvent
  }
}

/**
 * google.maps.marker.AdvancedMarkerElement, a `<gmp-advanced-marker>` custom element as Google's is (the clusterer
 * tells advanced markers apart with instanceof, and compares them by identity because they are elements). Setting
 * `map` puts it in the map's marker pane; `position`, `title`, `zIndex`, `content` and `gmpClickable` behave as
 * Google documents: a clickable marker is a focusable button named by its title that Enter, Space or a click
 * activate, firing 'gmp-click' to addListener handlers and as a DOM event.
 */
export class AdvancedMarkerElementDouble
  extends HTMLElement
  implements
    Pick<
      google.maps.marker.AdvancedMarkerElement,
      'map' | 'position' | 'gmpClickable' | 'zIndex' | 'content' | 'addListener' | 'element' | 'title'
    >,
    MapMarkerSlot
{
  #map: MapDouble | null = null
  #position: MarkerPosition | null = null
  #clickable = false
  #content: Node | null = null

  constructor(options: google.maps.marker.AdvancedMarkerElementOptions = {}) {
    super()
    this.style.cssText = 'position:absolute;transform:translate(-50%,-100%);line-height:0;'
    this.addEventListener('click', this.#activate)
    this.addEventListener('keydown', (keyboardEvent) => {
      if (!this.#clickable || (keyboardEvent.key !== 'Enter' && keyboardEvent.key !== ' ')) return
      keyboardEvent.preventDefault()
      this.#activate(keyboardEvent)
    })
    // A press on a marker is not the start of a map drag.
    this.addEventListener('pointerdown', (pointerEvent) => pointerEvent.stopPropagation())
    this.content = options.content ?? null
    if (options.title !== undefined) this.title = options.title ?? ''
    if (options.zIndex !== undefined) this.zIndex = options.zIndex
    this.gmpClickable = options.gmpClickable ?? false
    if (options.position) this.position = options.position
    if (options.map) this.map = options.map
  }

  get element() {
    return this
  }

  get map() {
    return this.#map as unknown as google.maps.Map | null
  }
  set map(map: google.maps.Map | null | undefined) {
    if (map && !(map instanceof MapDouble)) throw new Error('InvalidValueError: map: not an instance of Map')
    if (map === this.#map) return
    this.#map?.detachMarker(this)
    this.#map = map ?? null
    this.#map?.attachMarker(this)
  }

  get position(): MarkerPosition | null {
    return this.#position
  }
  set position(position: MarkerPosition | null | undefined) {
    this.#position = position
      ? new LatLngDouble(toLiteral(position as google.maps.LatLngLiteral)).toJSON()
      : null
    this.#map?.placeMarker(this)
  }

  get positionLiteral() {
    return this.#position ? toLiteral(this.#position as google.maps.LatLngLiteral) : null
  }

  get gmpClickable() {
    return this.#clickable
  }
  set gmpClickable(clickable: boolean | null | undefined) {
    this.#clickable = Boolean(clickable)
    if (this.#clickable) {
      this.setAttribute('role', 'button')
      this.tabIndex = 0
      this.style.cursor = 'pointer'
    } else {
      this.removeAttribute('role')
      this.removeAttribute('tabindex')
      this.style.cursor = ''
    }
    this.#name()
  }

  get zIndex() {
    return this.style.zIndex === '' ? null : Number(this.style.zIndex)
  }
  set zIndex(zIndex: number | null | undefined) {
    this.style.zIndex = zIndex === null || zIndex === undefined ? '' : String(zIndex)
  }

  get content() {
    return this.#content
  }
  set content(content: Node | null | undefined) {
    this.#content = content ?? null
    if (content) this.replaceChildren(content)
    else this.innerHTML = PIN_SVG
  }

  static observedAttributes = ['title']
  attributeChangedCallback() {
    this.#name()
  }

  addListener(eventName: string, handler: Function) {
    return event.addListener(this, eventName, handler)
  }

  /** A clickable marker's accessible name is its title, as Google's markers expose it to screen readers. */
  #name() {
    if (this.#clickable && this.title) this.setAttribute('aria-label', this.title)
    else this.removeAttribute('aria-label')
  }

  #activate = (domEvent: Event) => {
    if (!this.#clickable) return
    const clickEvent = new AdvancedMarkerClickEventDouble(domEvent)
    event.trigger(this, 'gmp-click', clickEvent)
    this.dispatchEvent(new AdvancedMarkerClickEventDouble(domEvent))
  }
}

export function defineAdvancedMarkerElement() {
  if (!customElements.get('gmp-advanced-marker'))
    customElements.define('gmp-advanced-marker', AdvancedMarkerElementDouble)
  return customElements.get('gmp-advanced-marker') as typeof AdvancedMarkerElementDouble
}
