import { describe, expect, it } from 'vitest'
import { INVALID_DATE } from '@/src/design-system/components/DateField/index.ts'
import { validateCoupon } from './couponForm.ts'

const coupon = (expirationDate: string) => ({
  status: 'ENABLED' as const,
  libelle: 'Un café',
  expirationDate,
})

describe('validateCoupon', () => {
  it('takes no date and real days', () => {
    for (const date of ['', '2030-12-31', '2028-02-29'])
      expect(validateCoupon(coupon(date)), date).toEqual({})
  })

  it('refuses what the picker could not read and impossible days with « Date invalide »', () => {
    for (const date of [INVALID_DATE, '2026-02-31', '2027-02-29', '2030-13-01', '1899-12-31'])
      expect(validateCoupon(coupon(date)), date).toEqual({ expirationDate: 'Date invalide' })
  })

  it('keeps the spec’s message for a value not shaped AAAA-MM-JJ', () => {
    expect(validateCoupon(coupon('31/12/2030'))).toEqual({
      expirationDate: 'La date doit être au format AAAA-MM-JJ',
    })
  })
})
