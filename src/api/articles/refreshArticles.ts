import type { ScopedMutator } from 'swr'
import { apiPaths } from '@/contract/paths.ts'

/** After any article change both lists are stale: the admin's (all) and the carousel's (published). */
export function refreshArticles(mutate: ScopedMutator): Promise<unknown> {
  return Promise.all([mutate(apiPaths.articles()), mutate(apiPaths.articlesPublished())])
}
