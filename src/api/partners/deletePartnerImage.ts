import { useCallback } from 'react'
import { useSWRConfig } from 'swr'
import type { Partner } from '@/contract/schemas.ts'
import { apiPaths } from '@/contract/paths.ts'
import { callApi } from '../client.ts'
import { partnerListKeys } from './getPartners.ts'

/** DELETE /api/partners/{id}/image/{imageId}. */
export const deletePartnerImage = (partnerId: number, imageId: string) =>
  callApi('deletePartnerImage', { params: { id: partnerId, imageId } })

/** Deletes, then drops the image from the cached partner. */
export function useDeletePartnerImage(partnerId: number) {
  const { mutate } = useSWRConfig()
  return useCallback(
    async (imageId: string) => {
      await deletePartnerImage(partnerId, imageId)
      await mutate<Partner>(
        apiPaths.partner(partnerId),
        (partner) =>
          partner ? { ...partner, images: partner.images.filter((image) => image.id !== imageId) } : partner,
        { revalidate: false },
      )
      void mutate(partnerListKeys)
    },
    [mutate, partnerId],
  )
}
