import { format, parseISO } from 'date-fns'
import { describe, expect, it } from 'vitest'
import { expiryDay } from './expiryDay.ts'

describe('expiryDay', () => {
  it.each(['2026-12-31', '2027-01-01', '2026-03-29', '2026-10-25', '0999-02-03', '2028-02-29'])(
    'writes %s as date-fns format(…, dd/MM/yyyy) does',
    (isoDay) => {
      expect(expiryDay(isoDay)).toBe(format(parseISO(isoDay), 'dd/MM/yyyy'))
    },
  )

  it('writes the day of the string, not of UTC', () => {
    expect(expiryDay('2026-12-31')).toBe('31/12/2026')
  })
})
