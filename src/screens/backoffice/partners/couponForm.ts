import type { DiscountOffer, OfferBody, OfferStatus } from '@/contract/schemas.ts'
import { emptyToNull, isBlank, isIsoDate, messages } from '../common/validation.ts'

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

/** Spec section 5: status and libelle required; a filled date must be AAAA-MM-JJ. */
export function validateCoupon(values: CouponFormValues): Record<string, string> {
  const errors: Record<string, string> = {}
  if (isBlank(values.status)) errors.status = messages.required
  if (isBlank(values.libelle)) errors.libelle = messages.required
  if (!isBlank(values.expirationDate) && !isIsoDate(values.expirationDate))
    errors.expirationDate = messages.date
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
