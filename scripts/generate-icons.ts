/**
 * Generates the installable app's PNG icons from the SVG sources in public/icons/ (run after editing them:
 * `npx tsx scripts/generate-icons.ts`; the PNGs are committed).
 */
import { readFileSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import sharp from 'sharp'

const iconsDir = join(dirname(fileURLToPath(import.meta.url)), '..', 'public', 'icons')

const outputs = [
  // The page's favicon: an SVG favicon is drawn by the page's own renderer as a document of its own (about 8 ms of
  // its main thread on this machine, ~30 ms on a phone, during every first load); a PNG is only decoded.
  { source: 'icon.svg', file: 'favicon-48.png', size: 48 },
  { source: 'icon.svg', file: 'icon-192.png', size: 192 },
  { source: 'icon.svg', file: 'icon-512.png', size: 512 },
  { source: 'icon-maskable.svg', file: 'icon-maskable-512.png', size: 512 },
  // iOS ignores the manifest's icons and wants a full-bleed square.
  { source: 'icon-maskable.svg', file: 'apple-touch-icon.png', size: 180 },
]

for (const { source, file, size } of outputs) {
  const svg = readFileSync(join(iconsDir, source))
  await sharp(svg, { density: Math.ceil((72 * size) / 512) * 2 })
    .resize(size, size)
    .png({ compressionLevel: 9 })
    .toFile(join(iconsDir, file))
  console.log(`public/icons/${file} (${size}x${size})`)
}
