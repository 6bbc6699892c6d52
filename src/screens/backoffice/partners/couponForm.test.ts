import { describe, expect, it } from 'vitest'
import { validateCoupon, valuesToOfferBody } from './couponForm.ts'

const coupon = (expirationDate: string) => ({
  status: 'ENABLED' as const,
  libelle: 'Un café',
  expirationDate,
})

describe('validateCoupon', () => {
  it('takes no date and real days', () => {
    for (const date of ['', '   ', '2030-12-31', '2028-02-29', ' 2030-12-31 '])
      expect(validateCoupon(coupon(date)), date).toEqual({})
  })

  it('answers a date typed in another shape with the spec’s message', () => {
    for (const date of [
      '31/12/2030',
      '12/31/2030',
      '2030/12/31',
      '31-12-2030',
      '2030-1-5',
      'demain',
      '20301231',
    ])
      expect(validateCoupon(coupon(date)), date).toEqual({
        expirationDate: 'La date doit être au format AAAA-MM-JJ',
      })
  })

  it('refuses a day that does not exist with « Date invalide »', () => {
    for (const date of ['2026-02-31', '2027-02-29', '2030-13-01', '1899-12-31'])
      expect(validateCoupon(coupon(date)), date).toEqual({ expirationDate: 'Date invalide' })
  })
})

describe('valuesToOfferBody', () => {
  it('sends the typed date trimmed, and no date as null', () => {
    expect(valuesToOfferBody(coupon(' 2030-12-31 ')).expirationDate).toBe('2030-12-31')
    expect(valuesToOfferBody(coupon('')).expirationDate).toBeNull()
  })
})
