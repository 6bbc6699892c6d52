import { parseISO } from 'date-fns'

const padded = (value: number, digits: number) => String(value).padStart(digits, '0')

/**
 * A coupon's 'yyyy-MM-dd' expiry day as the spec writes it, 'dd/MM/yyyy'. What date-fns' `format` gives for this
 * pattern, without its formatter and default locale: 21 KB of script in the details page's (and the map's) chunks.
 */
export function expiryDay(isoDay: string): string {
  const day = parseISO(isoDay)
  return `${padded(day.getDate(), 2)}/${padded(day.getMonth() + 1, 2)}/${padded(day.getFullYear(), 4)}`
}
