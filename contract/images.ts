import type { Image, ImageVariant, ListImage } from './schemas.ts'

/** The formats of an image's smaller copies, best first, with their MIME types. */
export const IMAGE_VARIANT_FORMATS = [
  { format: 'avif', type: 'image/avif' },
  { format: 'webp', type: 'image/webp' },
] as const
export type ImageVariantFormat = (typeof IMAGE_VARIANT_FORMATS)[number]['format']

/** Where the server serves an image's copy `width` pixels wide in `format` (`/uploads/<id>-640.avif`). */
export function imageVariantUrl(id: string, width: number, format: ImageVariantFormat): string {
  return `/uploads/${id}-${width}.${format}`
}

/**
 * An image's variants from its widths: every width in AVIF, then in WebP (the order the server has always
 * listed them). A search result sends the widths only (ListImage); the app builds the same list as an Image's.
 */
export function imageVariants(id: string, widths: readonly number[]): ImageVariant[] {
  return IMAGE_VARIANT_FORMATS.flatMap(({ format, type }) =>
    widths.map((width) => ({ width, type, url: imageVariantUrl(id, width, format) })),
  )
}

/** A search result's photo as an Image: its variants' URLs built from their widths (for srcset). */
export function imageFromList(image: ListImage): Image {
  const { variantWidths, ...rest } = image
  return { ...rest, variants: imageVariants(image.id, variantWidths) }
}

/** An Image as a search result carries it: each variant width once, in the order they are listed. */
export function listImageFrom(image: Image): ListImage {
  return {
    id: image.id,
    type: image.type,
    url: image.url,
    width: image.width ?? null,
    height: image.height ?? null,
    variantWidths: [...new Set((image.variants ?? []).map((v) => v.width))],
  }
}
