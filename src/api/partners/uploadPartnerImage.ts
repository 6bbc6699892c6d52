import { useCallback } from 'react'
import { useSWRConfig } from 'swr'
import type { Partner } from '@/contract/schemas.ts'
import { apiPaths } from '@/contract/paths.ts'
import { callApi } from '../client.ts'
import { partnerListKeys } from './getPartners.ts'

/** POST /api/partners/{id}/image, multipart with the field `file`; answers the stored image. */
export function uploadPartnerImage(partnerId: number, file: File) {
  const body = new FormData()
  body.append('file', file)
  return callApi('uploadPartnerImage', { params: { id: partnerId }, body })
}

/** Uploads, then adds the image to the cached partner without refetching it. */
export function useUploadPartnerImage(partnerId: number) {
  const { mutate } = useSWRConfig()
  return useCallback(
    async (file: File) => {
      const image = await uploadPartnerImage(partnerId, file)
      await mutate<Partner>(
        apiPaths.partner(partnerId),
        (partner) => (partner ? { ...partner, images: [...partner.images, image] } : partner),
        { revalidate: false },
      )
      void mutate(partnerListKeys)
      return image
    },
    [mutate, partnerId],
  )
}
