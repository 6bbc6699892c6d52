import { crc32 } from 'node:zlib'
import { describe, expect, it } from 'vitest'
import type { Partner } from '@/contract/schemas.ts'
import { apiPaths } from '@/contract/paths.ts'
import { adminServerForFile, createPartner, fileForm, pngBytes } from './helpers.ts'

const t = adminServerForFile({ config: { maxUploadBytes: 1_572_864 } })

/**
 * A small real PNG whose header claims `width` × `height`: what a hostile or careless upload of a huge image
 * looks like to the server before anything is decoded (IHDR patched, its CRC computed again).
 */
async function pngClaiming(width: number, height: number): Promise<Buffer> {
  const png = Buffer.from(await pngBytes(8, 8))
  // Signature (8 bytes), IHDR length (4), type (4), then width and height; the CRC covers type and data.
  png.writeUInt32BE(width, 16)
  png.writeUInt32BE(height, 20)
  png.writeUInt32BE(crc32(png.subarray(12, 29)), 29)
  return png
}

const post = async (path: string, bytes: Buffer) =>
  t.api.request<{ message: string; field?: string }>('POST', path, {
    ...t.asAdmin(),
    raw: fileForm(bytes, 'photo.png', 'image/png'),
  })

describe('image upload limits, in French and with the numbers', () => {
  let partner: Partner
  const paths = () => [apiPaths.articleImage(), apiPaths.partnerImages(partner.partnerId.id)]

  it('a PNG claiming 30000 × 30000 pixels is too large in pixels, not of an unknown format', async () => {
    partner = await createPartner(t.api, t.admin, { name: 'Photos géantes' })
    for (const path of paths()) {
      const res = await post(path, await pngClaiming(30_000, 30_000))
      expect(res.status, path).toBe(413)
      expect(res.body).toEqual({
        message:
          'Image trop grande : 30000 × 30000 pixels, 50 millions de pixels au plus (par exemple 8000 × 6000).',
        field: 'file',
      })
    }
  })

  it('just under the pixel limit, a header is read on to decoding (this one is truncated: unreadable)', async () => {
    const res = await post('/api/articles/image', await pngClaiming(8000, 6000))
    expect(res.status).toBe(415)
    expect(res.body.message).toBe('Cette image est illisible ou endommagée.')
  })

  it('a file over MAX_UPLOAD_BYTES says the limit in Mo, written the French way', async () => {
    for (const path of paths()) {
      const res = await post(path, Buffer.alloc(t.server.config.maxUploadBytes + 10, 1))
      expect(res.status, path).toBe(413)
      expect(res.body).toEqual({ message: 'Le fichier dépasse 1,5 Mo.', field: 'file' })
    }
  })
})
