import type { CategoryInput, Partner, PartnerBody, PartnerStatus } from '@/contract/schemas.ts'
import type { PlaceDetails } from '@/src/maps/types.ts'
import { emptyToNull, isBlank, isEmail, isNumber, messages, toNumber } from '../../forms/validation.ts'

/** The partner form's values: the contract's shape, with coordinates as typed text. */
export interface PartnerFormValues {
  status: PartnerStatus | ''
  name: string
  siren: string
  description: string
  location: { address: string; city: string; position: { lat: string; lng: string } }
  email: string
  phone: string
  representativeFirstName: string
  representativeLastName: string
  categories: CategoryInput[]
  /** Kept from a place search; not edited by hand. */
  rating: number | null
  userRatingsTotal: number | null
}

export const emptyPartnerValues: PartnerFormValues = {
  status: '',
  name: '',
  siren: '',
  description: '',
  location: { address: '', city: '', position: { lat: '', lng: '' } },
  email: '',
  phone: '',
  representativeFirstName: '',
  representativeLastName: '',
  categories: [],
  rating: null,
  userRatingsTotal: null,
}

export function partnerToValues(partner: Partner): PartnerFormValues {
  return {
    status: partner.status,
    name: partner.name,
    siren: partner.siren ?? '',
    description: partner.description,
    location: {
      address: partner.location.address,
      city: partner.location.city,
      position: { lat: String(partner.location.position.lat), lng: String(partner.location.position.lng) },
    },
    email: partner.email,
    phone: partner.phone,
    representativeFirstName: partner.representativeFirstName ?? '',
    representativeLastName: partner.representativeLastName ?? '',
    categories: partner.categories,
    rating: partner.rating,
    userRatingsTotal: partner.userRatingsTotal,
  }
}

type Errors = Record<string, unknown>

/** Spec section 5: required name, description, email, phone, categories, status, address, city, latitude, longitude. */
export function validatePartner(values: PartnerFormValues): Errors {
  const errors: Errors = {}
  const location: Errors = {}
  const position: Errors = {}
  if (isBlank(values.status)) errors.status = messages.required
  if (isBlank(values.name)) errors.name = messages.required
  if (isBlank(values.description)) errors.description = messages.required
  if (isBlank(values.email)) errors.email = messages.required
  else if (!isEmail(values.email)) errors.email = messages.email
  if (isBlank(values.phone)) errors.phone = messages.required
  if (!values.categories?.length) errors.categories = messages.categories
  if (isBlank(values.location?.address)) location.address = messages.required
  if (isBlank(values.location?.city)) location.city = messages.required
  const { lat, lng } = values.location?.position ?? { lat: '', lng: '' }
  if (isBlank(lat)) position.lat = messages.required
  else if (!isNumber(lat)) position.lat = messages.number
  else if (Math.abs(toNumber(lat)) > 90) position.lat = messages.latitude
  if (isBlank(lng)) position.lng = messages.required
  else if (!isNumber(lng)) position.lng = messages.number
  else if (Math.abs(toNumber(lng)) > 180) position.lng = messages.longitude
  if (Object.keys(position).length) location.position = position
  if (Object.keys(location).length) errors.location = location
  return errors
}

export function valuesToPartnerBody(values: PartnerFormValues): PartnerBody {
  return {
    status: values.status as PartnerStatus,
    name: values.name.trim(),
    siren: emptyToNull(values.siren),
    description: values.description.trim(),
    location: {
      address: values.location.address.trim(),
      city: values.location.city.trim(),
      position: { lat: toNumber(values.location.position.lat), lng: toNumber(values.location.position.lng) },
    },
    email: values.email.trim(),
    phone: values.phone.trim(),
    representativeFirstName: emptyToNull(values.representativeFirstName),
    representativeLastName: emptyToNull(values.representativeLastName),
    categories: values.categories.map(({ id, label, icon }) =>
      id != null ? { id, label, icon } : { label, icon },
    ),
    rating: values.rating,
    userRatingsTotal: values.userRatingsTotal,
  }
}

/**
 * Pre-fills the form from a place found by the maps search (the service already builds the address from street
 * number plus street name and the city from the locality); what the place lacks keeps what the admin typed.
 */
export function applyPlace(values: PartnerFormValues, place: PlaceDetails): PartnerFormValues {
  return {
    ...values,
    name: place.name || values.name,
    phone: place.phone || values.phone,
    location: {
      address: place.address || values.location.address,
      city: place.city || values.location.city,
      position: { lat: String(place.position.lat), lng: String(place.position.lng) },
    },
    rating: place.rating ?? values.rating,
    userRatingsTotal: place.userRatingsTotal ?? values.userRatingsTotal,
  }
}

/** The icon a free-typed category gets until the admin picks one (spec: a star-style default). */
export const DEFAULT_CATEGORY_ICON = 'star'
