/// <reference types="google.maps" />
import { LatLngDouble, MapsRequestErrorDouble, toLiteral } from './core.ts'
import { doublePlaces, type DoublePlace } from './fixtures.ts'

/** One call the double answered, for tests to read (window.__googleMapsDouble.requests). */
export type DoubleRequest =
  | {
      kind: 'autocomplete'
      input: string
      includedPrimaryTypes: string[]
      includedRegionCodes: string[]
      language: string | null
      sessionToken: number | null
    }
  | { kind: 'placeDetails'; placeId: string; fields: string[]; sessionToken: number | null }
  | { kind: 'geocode'; location: google.maps.LatLngLiteral }

export const requestLog: DoubleRequest[] = []

/** Google answers over the network: the double answers in a later task too, never synchronously. */
const later = <T>(value: () => T) =>
  new Promise<T>((resolve, reject) =>
    setTimeout(() => {
      try {
        resolve(value())
      } catch (error) {
        reject(error)
      }
    }, 0),
  )

const normalize = (text: string) => text.toLocaleLowerCase('fr').normalize('NFD').replace(/\p{M}/gu, '')

let tokenCount = 0
const tokenIds = new WeakMap<object, number>()

export class AutocompleteSessionTokenDouble implements google.maps.places.AutocompleteSessionToken {
  constructor() {
    tokenIds.set(this, ++tokenCount)
  }
}

const tokenId = (token: google.maps.places.AutocompleteSessionToken | undefined) =>
  (token && tokenIds.get(token)) ?? null

export class FormattableTextDouble implements Pick<google.maps.places.FormattableText, 'text' | 'matches'> {
  readonly text: string
  readonly matches: google.maps.places.StringRange[]
  constructor(text: string, matches: google.maps.places.StringRange[] = []) {
    this.text = text
    this.matches = matches
  }
  toString() {
    return this.text
  }
}

export class AddressComponentDouble implements Pick<
  google.maps.places.AddressComponent,
  'longText' | 'shortText' | 'types'
> {
  readonly longText: string
  readonly shortText: string
  readonly types: string[]
  constructor(longText: string, shortText: string, types: string[]) {
    this.longText = longText
    this.shortText = shortText
    this.types = types
  }
}

/** Fields the double can fetch, by the Place property names fetchFields takes. */
const FIELDS: Record<string, (place: DoublePlace) => unknown> = {
  id: (p) => p.id,
  displayName: (p) => p.displayName,
  types: (p) => p.types,
  primaryType: (p) => p.types[0],
  location: (p) => new LatLngDouble(p.location),
  formattedAddress: (p) => p.formattedAddress,
  addressComponents: (p) =>
    p.addressComponents.map((c) => new AddressComponentDouble(c.longText, c.shortText, c.types)),
  nationalPhoneNumber: (p) => p.nationalPhoneNumber ?? null,
  rating: (p) => p.rating ?? null,
  userRatingCount: (p) => p.userRatingCount ?? null,
}

/**
 * google.maps.places.Place: each field is undefined until fetchFields has fetched it, then its value (null when
 * the place has none). A Place from PlacePrediction.toPlace() sends its prediction's session token with its first
 * fetchFields (that call ends the autocomplete session); a Place built from an id sends none.
 */
export class PlaceDouble implements Pick<
  google.maps.places.Place,
  | 'id'
  | 'displayName'
  | 'location'
  | 'addressComponents'
  | 'nationalPhoneNumber'
  | 'rating'
  | 'userRatingCount'
  | 'formattedAddress'
  | 'types'
  | 'fetchFields'
> {
  readonly #fetched = new Map<string, unknown>()
  #sessionToken: number | null
  readonly id: string
  requestedLanguage: string | null

  constructor(options: google.maps.places.PlaceOptions, sessionToken: number | null = null) {
    if (!options.id) throw new Error('InvalidValueError: in property id: not a string')
    this.id = options.id
    this.requestedLanguage = options.requestedLanguage ?? null
    this.#sessionToken = sessionToken
  }

  get displayName() {
    return this.#fetched.get('displayName') as string | null | undefined
  }
  get location() {
    return this.#fetched.get('location') as google.maps.LatLng | null | undefined
  }
  get addressComponents() {
    return this.#fetched.get('addressComponents') as google.maps.places.AddressComponent[] | undefined
  }
  get nationalPhoneNumber() {
    return this.#fetched.get('nationalPhoneNumber') as string | null | undefined
  }
  get rating() {
    return this.#fetched.get('rating') as number | null | undefined
  }
  get userRatingCount() {
    return this.#fetched.get('userRatingCount') as number | null | undefined
  }
  get formattedAddress() {
    return this.#fetched.get('formattedAddress') as string | null | undefined
  }
  get types() {
    return this.#fetched.get('types') as string[] | undefined
  }

  fetchFields(options: google.maps.places.FetchFieldsRequest): Promise<{ place: google.maps.places.Place }> {
    const fields = [...(options?.fields ?? [])]
    const sessionToken = this.#sessionToken
    this.#sessionToken = null
    requestLog.push({ kind: 'placeDetails', placeId: this.id, fields, sessionToken })
    return later(() => {
      if (fields.length === 0) throw new Error('InvalidValueError: fetchFields: fields must not be empty')
      const unknown = fields.filter((field) => field !== '*' && !(field in FIELDS))
      if (unknown.length)
        throw new Error(`InvalidValueError: Unknown fields requested: ${unknown.join(', ')}`)
      const place = doublePlaces.find((p) => p.id === this.id)
      if (!place)
        throw new MapsRequestErrorDouble(
          `PLACES_GET_PLACE: NOT_FOUND: Place '${this.id}' not found.`,
          'NOT_FOUND',
          'PLACES_GET_PLACE',
        )
      for (const field of fields.includes('*') ? Object.keys(FIELDS) : fields)
        this.#fetched.set(field, FIELDS[field](place))
      return { place: this as unknown as google.maps.places.Place }
    })
  }
}

export class PlacePredictionDouble implements Pick<
  google.maps.places.PlacePrediction,
  'placeId' | 'text' | 'mainText' | 'secondaryText' | 'types' | 'distanceMeters' | 'toPlace'
> {
  readonly placeId: string
  readonly text: google.maps.places.FormattableText
  readonly mainText: google.maps.places.FormattableText
  readonly secondaryText: google.maps.places.FormattableText | null
  readonly types: string[]
  readonly distanceMeters = null
  readonly #sessionToken: number | null

  constructor(place: DoublePlace, input: string, sessionToken: number | null) {
    this.#sessionToken = sessionToken
    this.placeId = place.id
    const secondary = place.formattedAddress.startsWith(`${place.displayName}, `)
      ? place.formattedAddress.slice(place.displayName.length + 2)
      : place.formattedAddress
    const start = normalize(place.displayName).indexOf(normalize(input))
    const matches = start >= 0 ? [{ startOffset: start, endOffset: start + input.length }] : []
    this.mainText = new FormattableTextDouble(
      place.displayName,
      matches,
    ) as google.maps.places.FormattableText
    this.secondaryText = new FormattableTextDouble(secondary) as google.maps.places.FormattableText
    this.text = new FormattableTextDouble(
      `${place.displayName}, ${secondary}`,
      matches,
    ) as google.maps.places.FormattableText
    this.types = place.types
  }

  toPlace() {
    return new PlaceDouble({ id: this.placeId }, this.#sessionToken) as unknown as google.maps.places.Place
  }
}

const TYPE_COLLECTIONS: Record<string, string[]> = {
  '(cities)': ['locality', 'administrative_area_level_3'],
  '(regions)': [
    'locality',
    'sublocality',
    'postal_code',
    'country',
    'administrative_area_level_1',
    'administrative_area_level_2',
  ],
}

/**
 * google.maps.places.AutocompleteSuggestion.fetchAutocompleteSuggestions: the places whose name has a word starting
 * with the input, of the included primary types ('(cities)' or '(regions)' alone, or up to five types) and regions,
 * at most five, as Google's autocomplete returns. Invalid requests reject as Google's do.
 */
export class AutocompleteSuggestionDouble implements Pick<
  google.maps.places.AutocompleteSuggestion,
  'placePrediction'
> {
  readonly placePrediction: google.maps.places.PlacePrediction
  constructor(placePrediction: google.maps.places.PlacePrediction) {
    this.placePrediction = placePrediction
  }

  static fetchAutocompleteSuggestions(
    request: google.maps.places.AutocompleteRequest,
  ): Promise<{ suggestions: google.maps.places.AutocompleteSuggestion[] }> {
    const types = request.includedPrimaryTypes ?? []
    const regions = (request.includedRegionCodes ?? []).map((code) => code.toUpperCase())
    const sessionToken = tokenId(request.sessionToken)
    requestLog.push({
      kind: 'autocomplete',
      input: request.input,
      includedPrimaryTypes: types,
      includedRegionCodes: request.includedRegionCodes ?? [],
      language: request.language ?? null,
      sessionToken,
    })
    return later(() => {
      const invalid = (message: string) =>
        new MapsRequestErrorDouble(
          `PLACES_AUTOCOMPLETE: INVALID_ARGUMENT: ${message}`,
          'INVALID_ARGUMENT',
          'PLACES_AUTOCOMPLETE',
        )
      if (typeof request.input !== 'string') throw invalid('input is required.')
      if (types.length > 5) throw invalid('At most 5 included primary types can be specified.')
      if (types.some((type) => type in TYPE_COLLECTIONS) && types.length > 1)
        throw invalid('(cities) and (regions) cannot be combined with other types.')
      if (regions.length > 15) throw invalid('At most 15 region codes can be specified.')
      const query = normalize(request.input.trim())
      if (!query) return { suggestions: [] }
      const matchesType = (place: DoublePlace) =>
        types.length === 0 ||
        types.some((type) =>
          TYPE_COLLECTIONS[type]
            ? TYPE_COLLECTIONS[type].includes(place.types[0])
            : place.types.includes(type),
        )
      const matchesText = (place: DoublePlace) =>
        normalize(place.displayName)
          .split(/[\s'’-]+/)
          .some((_, index, words) => words.slice(index).join(' ').startsWith(query))
      const suggestions = doublePlaces
        .filter((place) => (regions.length === 0 || regions.includes(place.regionCode)) && matchesType(place))
        .filter(matchesText)
        .slice(0, 5)
        .map(
          (place) =>
            new AutocompleteSuggestionDouble(
              new PlacePredictionDouble(
                place,
                request.input.trim(),
                sessionToken,
              ) as unknown as google.maps.places.PlacePrediction,
            ) as unknown as google.maps.places.AutocompleteSuggestion,
        )
      return { suggestions }
    })
  }
}

const distanceKm = (a: google.maps.LatLngLiteral, b: google.maps.LatLngLiteral) => {
  const rad = Math.PI / 180
  const h =
    Math.sin(((b.lat - a.lat) * rad) / 2) ** 2 +
    Math.cos(a.lat * rad) * Math.cos(b.lat * rad) * Math.sin(((b.lng - a.lng) * rad) / 2) ** 2
  return 12742 * Math.asin(Math.sqrt(h))
}

/**
 * google.maps.Geocoder, reverse geocoding only (what the app uses): the city of the fixtures within 15 km of the
 * location, with Google's snake_case address components. None: the promise rejects with ZERO_RESULTS, unless the
 * request asks for fulfillOnZeroResults, as Google's does.
 */
export class GeocoderDouble implements Pick<google.maps.Geocoder, 'geocode'> {
  geocode(request: google.maps.GeocoderRequest): Promise<google.maps.GeocoderResponse> {
    if (!request.location)
      return Promise.reject(
        new MapsRequestErrorDouble(
          'GEOCODER_GEOCODE: INVALID_REQUEST: the double answers reverse geocoding only',
          'INVALID_REQUEST',
          'GEOCODER_GEOCODE',
        ),
      )
    const location = toLiteral(request.location)
    requestLog.push({ kind: 'geocode', location })
    return later(() => {
      const city = doublePlaces
        .filter((place) => place.types[0] === 'locality' && distanceKm(place.location, location) <= 15)
        .sort((a, b) => distanceKm(a.location, location) - distanceKm(b.location, location))[0]
      if (!city) {
        if (request.fulfillOnZeroResults) return { results: [] }
        throw new MapsRequestErrorDouble(
          'GEOCODER_GEOCODE: ZERO_RESULTS: No result was found for this GeocoderRequest.',
          'ZERO_RESULTS',
          'GEOCODER_GEOCODE',
        )
      }
      const result = {
        place_id: city.id,
        formatted_address: city.formattedAddress,
        types: city.types,
        address_components: city.addressComponents.map((c) => ({
          long_name: c.longText,
          short_name: c.shortText,
          types: c.types,
        })),
        geometry: { location: new LatLngDouble(city.location), location_type: 'APPROXIMATE' },
      }
      return { results: [result as unknown as google.maps.GeocoderResult] }
    })
  }
}
