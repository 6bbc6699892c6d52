import type { ScopedMutator } from 'swr'

/**
 * Reads a versioned record (partner, user, article) again after a save and puts the answer in the cache as is.
 * A plain revalidation would keep the cached object when the new one has the same fields (a save that changed
 * nothing), and with it the old ETag (`etagOf`): the next save would then be refused as stale.
 */
export function refreshVersioned<T>(mutate: ScopedMutator, key: string, read: () => Promise<T>) {
  return mutate(key, read(), { revalidate: false })
}
