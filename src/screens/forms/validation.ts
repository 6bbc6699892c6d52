/**
 * The forms' field messages (back-office, sign-in and account screens). The spec leaves them open ("not
 * shown"), so they are decided here once and shared, except the two it spells out (image and coupon date).
 */
export const messages = {
  required: 'Ce champ est obligatoire',
  email: 'Adresse e-mail invalide',
  number: 'Veuillez saisir un nombre',
  integer: 'Veuillez saisir un nombre entier',
  latitude: 'La latitude doit être comprise entre -90 et 90.',
  longitude: 'La longitude doit être comprise entre -180 et 180.',
  categories: 'Choisissez au moins une catégorie',
  imageRequired: "L'image est obligatoire",
  date: 'La date doit être au format AAAA-MM-JJ',
  /** A date in the right shape that names no day (2026-02-31). */
  impossibleDate: 'Date invalide',
} as const

// The server's rule (one @, no spaces, a dotted domain), so the form refuses what the server would.
const emailPattern = /^[^\s@<>()[\]\\,;:"]+@[^\s@<>()[\]\\,;:"]+\.[^\s@<>()[\]\\,;:".]{2,}$/

export const isBlank = (value: unknown): boolean =>
  value === undefined || value === null || (typeof value === 'string' && value.trim() === '')

export const isEmail = (value: string): boolean => emailPattern.test(value.trim())

/** The spec's coupon date rule: four digits, dash, two digits, dash, two digits. */
export const isIsoDate = (value: string): boolean => /^\d{4}-\d{2}-\d{2}$/.test(value.trim())

/** An AAAA-MM-JJ that names a day of the calendar (not 2026-02-31), as the server checks it. */
export function isRealDate(value: string): boolean {
  if (!isIsoDate(value)) return false
  const [year, month, day] = value.trim().split('-').map(Number)
  const date = new Date(Date.UTC(year, month - 1, day))
  return year >= 1900 && date.getUTCMonth() === month - 1 && date.getUTCDate() === day
}

export const isNumber = (value: unknown): boolean =>
  typeof value === 'number'
    ? Number.isFinite(value)
    : typeof value === 'string' && value.trim() !== '' && Number.isFinite(Number(value.replace(',', '.')))

/** Accepts a French decimal comma, since admins type coordinates by hand. */
export const toNumber = (value: string | number): number =>
  typeof value === 'number' ? value : Number(value.trim().replace(',', '.'))

/** Empty strings become null: the contract's optional texts are nullable. */
export const emptyToNull = (value: string | null | undefined): string | null =>
  value === undefined || value === null || value.trim() === '' ? null : value.trim()
