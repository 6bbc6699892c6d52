import type { PartnerSearchCriteria } from '@/src/api/partners/searchPartners.ts'

/**
 * Home's rows as filters of Find (issue 41): their 'Tout voir' opens /rechercher?filtre=…, beside the spec's c
 * (category) and v (city) and the typed name n. Find shows the filter as a chip that removes it.
 */
export const FILTER_PARAM = 'filtre'

export const FIND_FILTERS = {
  'expire-bientot': { label: 'Expire bientôt', criteria: { expiring: true } },
  nouveautes: { label: 'Nouveautés', criteria: { new: true } },
} as const satisfies Record<string, { label: string; criteria: PartnerSearchCriteria }>

export type FindFilter = keyof typeof FIND_FILTERS

/** The address's filter, or null (none, or a value Find does not know: the whole list). */
export function findFilterOf(params: URLSearchParams): FindFilter | null {
  const value = params.get(FILTER_PARAM)
  return value !== null && Object.hasOwn(FIND_FILTERS, value) ? (value as FindFilter) : null
}

/** The search criteria of the address's filter (none without one). */
export const findFilterCriteria = (filter: FindFilter | null): PartnerSearchCriteria =>
  filter === null ? {} : FIND_FILTERS[filter].criteria

/** Find filtered as a Home row: its 'Tout voir'. */
export const findFilterPath = (filter: FindFilter) => `/rechercher?${FILTER_PARAM}=${filter}`
