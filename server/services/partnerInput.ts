import { isIconName } from '@/contract/icons.ts'
import type { CategoryInput, OfferBody, Partner, PartnerBody } from '@/contract/schemas.ts'
import type { PartnersTable } from '../db/types.ts'
import { badRequest } from '../errors.ts'
import { email, numberInRange, optionalIsoDate, optionalText, requiredText } from '../validation.ts'

/** A partner body once checked: the columns it writes as they are named in the table, the rest in the body's names. */
export type CleanPartner = Pick<
  PartnersTable,
  'name' | 'description' | 'siren' | 'address' | 'city' | 'lat' | 'lng' | 'email' | 'phone' | 'rating'
> & {
  representativeFirstName: string | null
  representativeLastName: string | null
  categories: CategoryInput[]
  status: Partner['status']
  userRatingsTotal: number | null
}

/**
 * Coordinates nearer 0 than 1e-9 degree (0.1 mm) are 0. geo_point's trigonometry on a denormal such as 5e-324
 * gives a product that underflows to zero, which PostgreSQL refuses (22003 "value out of range: underflow").
 */
export function coordinate(value: number): number {
  return Math.abs(value) < 1e-9 ? 0 : value
}

/** Field-level checks beyond the schema's types, with messages naming the field. */
export function cleanPartnerBody(body: PartnerBody): CleanPartner {
  const phone = requiredText(body.phone, 'phone', 'Tél', { max: 30 })
  if (!/^[0-9+().\s-]{4,30}$/.test(phone))
    throw badRequest('Le numéro de téléphone n’est pas valide.', 'phone')
  const siren = optionalText(body.siren, 'siren', 'Siren', { max: 20 })
  if (siren !== null && !/^\d{9}$/.test(siren.replace(/\s/g, '')))
    throw badRequest('Le SIREN doit comporter 9 chiffres.', 'siren')
  if (body.categories.length === 0) throw badRequest('Choisissez au moins une catégorie.', 'categories')
  if (body.categories.length > 20) throw badRequest('Vingt catégories au plus par partenaire.', 'categories')
  const categories = body.categories.map((c, i) => {
    const label = requiredText(c.label, `categories[${i}].label`, 'Catégorie', { max: 60 })
    const icon = c.icon === undefined || c.icon.trim() === '' ? undefined : c.icon.trim()
    if (icon !== undefined && !isIconName(icon)) {
      throw badRequest(
        'Le nom d’icône doit être un nom Material Design Icons (minuscules, chiffres et tirets), ex. « silverware-fork-knife ».',
        `categories[${i}].icon`,
      )
    }
    if (c.id !== undefined && (c.id < 1 || c.id > 2_147_483_647))
      throw badRequest('Catégorie inconnue.', `categories[${i}].id`)
    return { id: c.id, label, icon }
  })
  const rating = body.rating ?? null
  const total = body.userRatingsTotal ?? null
  return {
    name: requiredText(body.name, 'name', 'Dénomination', { max: 200 }),
    description: requiredText(body.description, 'description', 'Description', { max: 5000, multiline: true }),
    siren: siren === null ? null : siren.replace(/\s/g, ''),
    address: requiredText(body.location.address, 'location.address', 'Adresse', { max: 300 }),
    city: requiredText(body.location.city, 'location.city', 'Ville', { max: 100 }),
    lat: coordinate(numberInRange(body.location.position.lat, 'location.position.lat', 'Latitude', -90, 90)),
    lng: coordinate(
      numberInRange(body.location.position.lng, 'location.position.lng', 'Longitude', -180, 180),
    ),
    email: email(body.email),
    phone,
    representativeFirstName: optionalText(
      body.representativeFirstName,
      'representativeFirstName',
      'Prénom Gérant',
      { max: 100 },
    ),
    representativeLastName: optionalText(
      body.representativeLastName,
      'representativeLastName',
      'Nom Gérant',
      { max: 100 },
    ),
    categories,
    status: body.status,
    rating: rating === null ? null : numberInRange(rating, 'rating', 'Note', 0, 5),
    userRatingsTotal:
      total === null ? null : numberInRange(total, 'userRatingsTotal', 'Nombre d’avis', 0, 100_000_000),
  }
}

/** An offer's fields checked and in the columns' shape. */
export function cleanOffer(body: OfferBody) {
  return {
    libelle: requiredText(body.libelle, 'libelle', 'Libelle', { max: 200 }),
    status: body.status,
    expiration_date: optionalIsoDate(body.expirationDate, 'expirationDate', 'Date d’expiration'),
  }
}
