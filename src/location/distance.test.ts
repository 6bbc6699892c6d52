import { describe, expect, it } from 'vitest'
import { distanceKm } from './distance.ts'

describe('distanceKm', () => {
  it('is 0 for the same point', () => {
    expect(distanceKm({ lat: 43.2951, lng: 5.3739 }, { lat: 43.2951, lng: 5.3739 })).toBe(0)
  })

  it('measures Marseille (Vieux-Port) to Paris (Notre-Dame) as about 661 km', () => {
    const km = distanceKm({ lat: 43.2951, lng: 5.3739 }, { lat: 48.853, lng: 2.3499 })
    expect(km).toBeGreaterThan(655)
    expect(km).toBeLessThan(665)
  })

  it('is symmetric', () => {
    const a = { lat: 43.5297, lng: 5.4474 }
    const b = { lat: 45.764, lng: 4.8357 }
    expect(distanceKm(a, b)).toBeCloseTo(distanceKm(b, a), 9)
  })
})
