/** Small statistics helpers shared by the scenarios. */

export function percentile(values: readonly number[], p: number): number {
  if (values.length === 0) return Number.NaN
  const sorted = [...values].sort((a, b) => a - b)
  const rank = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))
  return sorted[rank]
}

export function median(values: readonly number[]): number {
  return percentile(values, 50)
}

export function round(value: number, digits = 1): number {
  if (!Number.isFinite(value)) return value
  const f = 10 ** digits
  return Math.round(value * f) / f
}

export const kb = (bytes: number) => round(bytes / 1024, 1)
export const mb = (bytes: number) => round(bytes / (1024 * 1024), 1)
