/** Offline images for the stories: an SVG data URI with a colour and a caption. */
export function placeholderImage(caption: string, color = '#1565c0', width = 800, height = 500): string {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}"><rect width="100%" height="100%" fill="${color}"/><text x="50%" y="50%" fill="#fff" font-family="sans-serif" font-size="${Math.round(height / 8)}" text-anchor="middle" dominant-baseline="middle">${caption}</text></svg>`
  return `data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`
}
