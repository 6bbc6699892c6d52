import sharp from 'sharp'

function escapeXml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`)
}

/** Wraps a title into lines of at most `width` characters. */
function wrap(text: string, width: number): string[] {
  const lines: string[] = []
  let line = ''
  for (const word of text.split(' ')) {
    if ((line + ' ' + word).trim().length > width && line) {
      lines.push(line)
      line = word
    } else line = (line + ' ' + word).trim()
  }
  if (line) lines.push(line)
  return lines
}

/** A demo picture rendered locally (gradient, soft shapes, label): never downloaded. */
export async function renderDemoImage(
  label: string,
  colors: [string, string],
  width: number,
  height: number,
  variant = 0,
): Promise<Buffer> {
  const fontSize = Math.round(Math.min(width, height) / 10)
  const lines = wrap(label, Math.max(10, Math.floor(width / (fontSize * 0.6))))
  const startY = height / 2 - ((lines.length - 1) * fontSize * 1.2) / 2
  const text = lines
    .map(
      (l, i) =>
        `<text x="50%" y="${startY + i * fontSize * 1.2}" text-anchor="middle" dominant-baseline="middle" font-family="DejaVu Sans, sans-serif" font-weight="bold" font-size="${fontSize}" fill="#ffffff" fill-opacity="0.95">${escapeXml(l)}</text>`,
    )
    .join('')
  const angle = (variant * 47) % 360
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">
    <defs><linearGradient id="g" gradientTransform="rotate(${angle} 0.5 0.5)"><stop offset="0" stop-color="${colors[0]}"/><stop offset="1" stop-color="${colors[1]}"/></linearGradient></defs>
    <rect width="100%" height="100%" fill="url(#g)"/>
    <circle cx="${width * (0.2 + 0.15 * variant)}" cy="${height * 0.25}" r="${Math.min(width, height) * 0.35}" fill="#ffffff" fill-opacity="0.12"/>
    <circle cx="${width * 0.85}" cy="${height * (0.8 - 0.1 * variant)}" r="${Math.min(width, height) * 0.25}" fill="#000000" fill-opacity="0.08"/>
    ${text}
  </svg>`
  return sharp(Buffer.from(svg)).webp({ quality: 80 }).toBuffer()
}
