import { useCallback } from 'react'
import { useSWRConfig } from 'swr'
import type { PartnerImportQuery } from '@/contract/backoffice.ts'
import { apiPaths } from '@/contract/paths.ts'
import { callApi } from '../client.ts'

/**
 * POST /api/imports/partners: every partner of the file in one transaction, or none. `query` says whether to
 * create the missing categories and what becomes of the duplicates of saved partners; `versions`, the
 * preview's, has the server refuse it all (412) if one of the partners it updates has changed since.
 */
export function importPartners(file: File, query: PartnerImportQuery, versions?: string) {
  const body = new FormData()
  // Before the file: the server reads the fields that come ahead of it.
  if (versions !== undefined) body.append('versions', versions)
  body.append('file', file)
  return callApi('importPartners', { query, body }, { shownByCaller: true })
}

/** Imports, then has the partner list and the categories read again. */
export function useImportPartners() {
  const { mutate } = useSWRConfig()
  return useCallback(
    async (file: File, query: PartnerImportQuery, versions?: string) => {
      const result = await importPartners(file, query, versions)
      void mutate(apiPaths.partners())
      void mutate(apiPaths.categories())
      return result
    },
    [mutate],
  )
}
