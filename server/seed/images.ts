import sharp from 'sharp'

/**
 * A demo picture rendered locally (gradient and soft shapes): never downloaded. No text: the screens show the
 * title beside the picture, and a picture cropped to fit its frame (object-fit: cover) must lose nothing that
 * matters.
 */
export async function renderDemoImage(
  colors: [string, string],
  width: number,
  height: number,
  variant = 0,
): Promise<Buffer> {
  const angle = (variant * 47) % 360
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">
    <defs><linearGradient id="g" gradientTransform="rotate(${angle} 0.5 0.5)"><stop offset="0" stop-color="${colors[0]}"/><stop offset="1" stop-color="${colors[1]}"/></linearGradient></defs>
    <rect width="100%" height="100%" fill="url(#g)"/>
    <circle cx="${width * (0.2 + 0.15 * variant)}" cy="${height * 0.25}" r="${Math.min(width, height) * 0.35}" fill="#ffffff" fill-opacity="0.12"/>
    <circle cx="${width * 0.85}" cy="${height * (0.8 - 0.1 * variant)}" r="${Math.min(width, height) * 0.25}" fill="#000000" fill-opacity="0.08"/>
  </svg>`
  return sharp(Buffer.from(svg)).webp({ quality: 80 }).toBuffer()
}
