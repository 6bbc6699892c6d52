import { useCallback } from 'react'
import { useSWRConfig } from 'swr'
import type { IdRef, UserBody } from '../../../contract/schemas.ts'
import { apiPaths } from '../../../contract/paths.ts'
import { apiRequest } from '../client.ts'

/** POST /api/users; the answer carries userId. */
export const createUser = (body: UserBody) =>
  apiRequest<{ userId: IdRef }>(apiPaths.users(), { method: 'POST', body })

export function useCreateUser() {
  const { mutate } = useSWRConfig()
  return useCallback(
    async (body: UserBody) => {
      const created = await createUser(body)
      void mutate(apiPaths.users())
      return created
    },
    [mutate],
  )
}
