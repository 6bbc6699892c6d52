import { EARLY_SEARCH_GLOBAL } from '@/contract/earlySearch.ts'

/** What Find's inline script (contract/earlySearch.ts) leaves on the window: the address, the token, the answer. */
interface EarlySearch {
  url: string
  token: string
  response: Promise<Response>
}

const sortedParams = (url: string) => {
  const parsed = new URL(url, 'http://partenaires.invalid')
  parsed.searchParams.sort()
  return `${parsed.pathname}?${parsed.searchParams.toString()}`
}

/**
 * Takes the answer Find's HTML asked for, once, when `url` and `token` are the ones it was asked with (same
 * parameters, in any order): a search the app would make anyway, only sent earlier. Otherwise nothing.
 */
export function takeEarlySearch(url: string, token: string | undefined): Promise<Response> | undefined {
  const early = (globalThis as Record<string, unknown>)[EARLY_SEARCH_GLOBAL] as EarlySearch | undefined
  forgetEarlySearch()
  if (!early || !token || early.token !== token) return undefined
  return sortedParams(early.url) === sortedParams(url) ? early.response : undefined
}

/** Drops an answer nothing took at start-up: a later search must not get a page asked before it. */
export function forgetEarlySearch(): void {
  delete (globalThis as Record<string, unknown>)[EARLY_SEARCH_GLOBAL]
}
