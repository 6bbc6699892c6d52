import { describe, expect, it } from 'vitest'
import { formatDistance } from './formatDistance.ts'

describe('formatDistance', () => {
  it('writes what Intl.NumberFormat fr-FR writes', () => {
    for (const km of [
      0, 0.04, 0.05, 0.56, 0.96, 1, 2.45, 9.94, 9.96, 10, 26.4, 26.5, 999.6, 1234.4, 98765.2,
    ]) {
      const intl = new Intl.NumberFormat('fr-FR', { maximumFractionDigits: km < 10 ? 1 : 0 }).format(km)
      expect(formatDistance(km), String(km)).toBe(`${intl} km`)
    }
  })
})
