import { describe, expect, it } from 'vitest'
import { isExpired, todayIn, validateCoupon, valuesToOfferBody } from './couponForm.ts'

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

describe('todayIn and isExpired', () => {
  it('takes the day in the operators’ zone, not the browser’s', () => {
    // 23:30 UTC on 31 December is already 1 January in Paris (UTC+1), still 31 December in New York.
    const lateEvening = new Date('2025-12-31T23:30:00Z')
    expect(todayIn('Europe/Paris', lateEvening)).toBe('2026-01-01')
    expect(todayIn('America/New_York', lateEvening)).toBe('2025-12-31')
  })

  it('a coupon is usable through its date and expired from the day after', () => {
    expect(isExpired('2026-01-01', '2026-01-01')).toBe(false)
    expect(isExpired('2025-12-31', '2026-01-01')).toBe(true)
    expect(isExpired('2020-06-30', '2026-01-01')).toBe(true)
    for (const value of [null, undefined, '', '31/12/2020', '2020-02-31'])
      expect(isExpired(value, '2026-01-01'), String(value)).toBe(false)
  })
})
