import { useCallback } from 'react'
import { useSWRConfig } from 'swr'
import { apiPaths } from '@/contract/paths.ts'
import { callApi } from '../client.ts'

/** POST /api/imports/partners: every partner of the file in one transaction, or none. */
export function importPartners(file: File, createCategories: boolean) {
  const body = new FormData()
  body.append('file', file)
  return callApi('importPartners', { query: { createCategories }, body }, { shownByCaller: true })
}

/** Imports, then has the partner list and the categories read again. */
export function useImportPartners() {
  const { mutate } = useSWRConfig()
  return useCallback(
    async (file: File, createCategories: boolean) => {
      const result = await importPartners(file, createCategories)
      void mutate(apiPaths.partners())
      void mutate(apiPaths.categories())
      return result
    },
    [mutate],
  )
}
