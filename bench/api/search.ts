import type { PartnerSearchQuery } from '@/contract/schemas.ts'

/** The fixed, rotating set of realistic searches: Find list (position, name, city, category) and map boxes. */
export const searchQueries: PartnerSearchQuery[] = [
  { userPosition: '48.8566,2.3522', pageSize: 50, page: 0 },
  { userPosition: '45.764,4.8357', name: 'boul', pageSize: 50, page: 0 },
  { userPosition: '43.2965,5.3698', city: 'Marseille', pageSize: 50, page: 0 },
  { userPosition: '48.8566,2.3522', categoryId: 3, pageSize: 50, page: 1 },
  { bounds: '2.85,49.35,48.35,1.85', categoryId: 1, pageSize: 50, page: 0 },
  { bounds: '5.9,43.8,42.8,4.9', pageSize: 50, page: 0 },
  { name: 'pizzeria du port', pageSize: 50, page: 0 },
  { userPosition: '44.8378,-0.5792', city: 'Bordeaux', categoryId: 2, pageSize: 50, page: 0 },
]

export function toQueryString(q: PartnerSearchQuery): string {
  const params = new URLSearchParams()
  for (const [k, v] of Object.entries(q)) if (v !== undefined) params.set(k, String(v))
  return params.toString()
}
