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
