import type { DiscountOffer, OfferBody, OfferStatus } from '@/contract/schemas.ts'
import { emptyToNull, isBlank, isIsoDate, isRealDate, messages } from '../../forms/validation.ts'

export interface CouponFormValues {
  status: OfferStatus | ''
  libelle: string
  expirationDate: string
}

export const emptyCouponValues: CouponFormValues = { status: 'ENABLED', libelle: '', expirationDate: '' }

export const couponToValues = (offer: DiscountOffer): CouponFormValues => ({
  status: offer.status,
  libelle: offer.libelle,
  expirationDate: offer.expirationDate ?? '',
})

/**
 * Spec section 5: status and libelle required; a filled date must be AAAA-MM-JJ (the spec's message), whatever
 * shape it was typed in, and a real day ('Date invalide' for 2026-02-31).
 */
export function validateCoupon(values: CouponFormValues): Record<string, string> {
  const errors: Record<string, string> = {}
  if (isBlank(values.status)) errors.status = messages.required
  if (isBlank(values.libelle)) errors.libelle = messages.required
  const date = values.expirationDate
  if (!isBlank(date) && !isIsoDate(date)) errors.expirationDate = messages.date
  else if (!isBlank(date) && !isRealDate(date)) errors.expirationDate = messages.impossibleDate
  return errors
}

export const valuesToOfferBody = (values: CouponFormValues): OfferBody => ({
  status: values.status as OfferStatus,
  libelle: values.libelle.trim(),
  expirationDate: emptyToNull(values.expirationDate),
})

/** The status choice of the coupon dialog. */
export const offerStatusOptions: { value: OfferStatus; label: string }[] = [
  { value: 'ENABLED', label: 'Activé' },
  { value: 'DISABLED', label: 'Désactivé' },
]

/** Today's date (AAAA-MM-JJ) in `timeZone`: the day the operators live in (APP_TIME_ZONE), not the browser's. */
export function todayIn(timeZone: string, now: Date = new Date()): string {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-GB', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' })
      .formatToParts(now)
      .map((part) => [part.type, part.value]),
  )
  return `${parts.year}-${parts.month}-${parts.day}`
}

/** A coupon is usable through its expiry day, so it is expired from the day after (the server's rule). */
export const isExpired = (expirationDate: string | null | undefined, today: string): boolean =>
  !!expirationDate && isRealDate(expirationDate) && expirationDate.trim() < today

/** Shown under a past expiry date in the coupon dialog; saving it stays allowed. */
export const PAST_DATE_WARNING = 'Cette date est passée : le coupon sera expiré.'
