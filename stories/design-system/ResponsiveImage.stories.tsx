import type { Meta, StoryObj } from '@storybook/react-vite'
import { http, HttpResponse } from 'msw'
import { expect, waitFor } from 'storybook/test'
import { ResponsiveImage, type ResponsiveImageSource } from '@/src/design-system/index.ts'
import { placeholderImage } from './fixtures.ts'
import { guides, withGuidance } from './guidance.ts'

// Each copy says which it is, so the picture shows which one the browser chose. Served over HTTP (msw):
// given data: URLs, Chromium takes the largest candidate whatever `sizes` says.
const copy = (width: number, type: 'image/avif' | 'image/webp') => ({
  width,
  type,
  url: `/story-images/${type === 'image/avif' ? 'avif' : 'webp'}-${width}`,
})
const served = http.get('/story-images/:name', ({ params }) => {
  const [format, width] = String(params.name).split('-')
  const svg = decodeURIComponent(
    placeholderImage(`${format.toUpperCase()} ${width}`, '#1565c0', Number(width), Number(width)).split(
      ',',
    )[1],
  )
  return new HttpResponse(svg, { headers: { 'content-type': 'image/svg+xml' } })
})

const photo: ResponsiveImageSource = {
  url: placeholderImage('Original', '#b45309', 1600, 1600),
  width: 1600,
  height: 1600,
  variants: [
    copy(320, 'image/avif'),
    copy(640, 'image/avif'),
    copy(1280, 'image/avif'),
    copy(320, 'image/webp'),
    copy(640, 'image/webp'),
    copy(1280, 'image/webp'),
  ],
}

const meta = {
  title: 'Système de conception/Affichage de données/Image adaptative',
  component: ResponsiveImage,
  args: { image: photo, alt: 'Une photo', sizes: '72px' },
  parameters: withGuidance(guides.responsiveImage, { msw: [served] }),
} satisfies Meta<typeof ResponsiveImage>

export default meta
type Story = StoryObj<typeof meta>

/**
 * La vignette de 72 px d’une ligne de Rechercher : chargée à l’approche, le navigateur prend la copie AVIF de
 * 320 px, pas l’original de 1 600 px.
 */
export const Thumbnail: Story = {
  name: 'Vignette',
  args: { style: { width: 72, height: 72, objectFit: 'cover', display: 'block' } },
  play: async ({ canvas, canvasElement }) => {
    const img = canvas.getByRole<HTMLImageElement>('img', { name: 'Une photo' })
    const sources = [...canvasElement.querySelectorAll('picture > source')]
    await expect(sources.map((s) => s.getAttribute('type'))).toEqual(['image/avif', 'image/webp'])
    await expect(sources[0]).toHaveAttribute('sizes', '72px')
    await expect(sources[0].getAttribute('srcset')).toMatch(/ 320w, .* 640w, .* 1280w$/)
    await expect(img).toHaveAttribute('loading', 'lazy')
    await expect(img).toHaveAttribute('fetchpriority', 'auto')
    // Space reserved before any byte arrives: the original's size on the <img>.
    await expect(img).toHaveAttribute('width', '1600')
    await expect(img).toHaveAttribute('height', '1600')
    await waitFor(() => expect(img.complete && img.naturalWidth > 0).toBe(true))
    await expect(new URL(img.currentSrc).pathname).toBe(photo.variants![0].url)
  },
}

/**
 * L’image principale d’une page (première diapositive d’une bannière) : chargée tout de suite, en priorité,
 * affichée sur 320 px.
 */
export const Priority: Story = {
  name: 'Image principale prioritaire',
  args: {
    priority: true,
    sizes: '320px',
    style: { width: 320, height: 320, objectFit: 'cover', display: 'block' },
  },
  play: async ({ canvas }) => {
    const img = canvas.getByRole<HTMLImageElement>('img', { name: 'Une photo' })
    await expect(img).toHaveAttribute('loading', 'eager')
    await expect(img).toHaveAttribute('fetchpriority', 'high')
    await waitFor(() => expect(img.complete && img.naturalWidth > 0).toBe(true))
    // 320 CSS px at the device's pixel ratio: an AVIF copy at least that wide, never the original.
    const chosen = photo.variants!.find((v) => v.url === new URL(img.currentSrc).pathname)
    await expect(chosen?.type).toBe('image/avif')
    await expect(chosen!.width).toBeGreaterThanOrEqual(320 * Math.min(window.devicePixelRatio, 2))
  },
}

/** Une image enregistrée avant que ses copies existent : l’original seul, comme avant. */
export const OriginalOnly: Story = {
  name: 'Original seul',
  args: {
    image: { url: placeholderImage('Original', '#b45309', 400, 400) },
    style: { width: 72, height: 72, objectFit: 'cover', display: 'block' },
  },
  play: async ({ canvas, canvasElement }) => {
    const img = canvas.getByRole<HTMLImageElement>('img', { name: 'Une photo' })
    await expect(canvasElement.querySelectorAll('source')).toHaveLength(0)
    await expect(img).not.toHaveAttribute('width')
    await waitFor(() => expect(img.currentSrc).toBe(img.src))
  },
}
