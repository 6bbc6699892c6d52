import { useState, type ImgHTMLAttributes, type ReactNode } from 'react'
import styled from 'styled-components'

/** A smaller copy of a picture: the same picture `width` pixels wide, in one format (MIME `type`). */
export interface ResponsiveImageVariant {
  width: number
  type: string
  url: string
}

/** What a picture offers: the original, its size when known, and its smaller copies. */
export interface ResponsiveImageSource {
  url: string
  width?: number | null
  height?: number | null
  variants?: ResponsiveImageVariant[]
}

/** Lays out as its <img>: the caller's sizes (100 % of a slide, a flex item) apply to the picture itself. */
const Picture = styled.picture`
  display: contents;
`

// Best first: a browser takes the first <source> whose type it decodes.
const FORMAT_ORDER = ['image/avif', 'image/webp']

export interface ResponsiveImageProps extends Omit<
  ImgHTMLAttributes<HTMLImageElement>,
  'src' | 'srcSet' | 'sizes' | 'width' | 'height' | 'loading' | 'fetchPriority' | 'decoding'
> {
  /** L’image : l’original, sa taille quand elle est connue, et ses copies plus légères. */
  image: ResponsiveImageSource
  /**
   * La largeur à laquelle l’image est affichée (attribut `sizes`, par exemple `72px`, `100vw`) : le navigateur
   * choisit la copie d’après elle.
   */
  sizes: string
  /** Texte alternatif : ce que montre l’image ; vide si elle est décorative. */
  alt: string
  /**
   * L’image principale de la page (première diapositive d’une bannière) : chargée tout de suite, en priorité.
   * Les autres se chargent à l’approche.
   */
  priority?: boolean
  /**
   * Affiché à la place quand l’image ne peut pas être chargée (hors ligne, supprimée du serveur), par exemple
   * l’image « pas de photo ».
   */
  fallback?: ReactNode
}

/**
 * A picture in `<picture>`: AVIF then WebP copies as `srcset` with `sizes`, so a phone downloads the width it
 * draws (a 72 px thumbnail takes the 320 px copy, not the photo); the original as the `<img>` fallback. The
 * original's width and height go on the `<img>` so its box is reserved before any byte arrives (CLS 0), and
 * the caller's CSS sizes it (`width: 100%; height: 100%; object-fit: …`). Style the `<img>` through
 * `className` / `style`: they go to it, not to the `<picture>` wrapper, which lays out as its content. With a
 * `fallback`, a picture that fails to load is replaced by it.
 */
export function ResponsiveImage({
  image,
  sizes,
  alt,
  priority = false,
  fallback,
  ...imgProps
}: ResponsiveImageProps) {
  // The address that failed: another picture given later is tried.
  const [failed, setFailed] = useState<string | null>(null)
  if (fallback !== undefined && failed === image.url) return fallback
  const byType = new Map<string, ResponsiveImageVariant[]>()
  for (const variant of image.variants ?? []) {
    const list = byType.get(variant.type) ?? []
    list.push(variant)
    byType.set(variant.type, list)
  }
  const types = [...byType.keys()].sort(
    (a, b) => rank(FORMAT_ORDER.indexOf(a)) - rank(FORMAT_ORDER.indexOf(b)),
  )
  return (
    <Picture>
      {types.map((type) => (
        <source
          key={type}
          type={type}
          sizes={sizes}
          srcSet={byType
            .get(type)!
            .map((v) => `${v.url} ${v.width}w`)
            .join(', ')}
        />
      ))}
      <img
        {...imgProps}
        src={image.url}
        alt={alt}
        width={image.width ?? undefined}
        height={image.height ?? undefined}
        loading={priority ? 'eager' : 'lazy'}
        fetchPriority={priority ? 'high' : 'auto'}
        decoding={priority ? 'sync' : 'async'}
        onError={(event) => {
          imgProps.onError?.(event)
          if (fallback !== undefined) setFailed(image.url)
        }}
      />
    </Picture>
  )
}

function rank(index: number): number {
  return index === -1 ? FORMAT_ORDER.length : index
}
