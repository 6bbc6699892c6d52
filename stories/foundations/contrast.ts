/** WCAG 2.x contrast between two opaque colours written #rgb or #rrggbb. */
export function contrastRatio(foreground: string, background: string) {
  const [lighter, darker] = [luminance(foreground), luminance(background)].sort((a, b) => b - a)
  return (lighter + 0.05) / (darker + 0.05)
}

function luminance(hex: string) {
  const digits = hex.replace('#', '')
  const full = digits.length === 3 ? [...digits].map((digit) => digit + digit).join('') : digits
  const [r, g, b] = [0, 2, 4].map((start) => {
    const channel = parseInt(full.slice(start, start + 2), 16) / 255
    return channel <= 0.04045 ? channel / 12.92 : ((channel + 0.055) / 1.055) ** 2.4
  })
  return 0.2126 * r + 0.7152 * g + 0.0722 * b
}

/** '4,5:1' as French writes it, rounded down to one decimal so a pass shown is a pass. */
export const formatRatio = (ratio: number) =>
  `${(Math.floor(ratio * 10) / 10).toLocaleString('fr-FR', { minimumFractionDigits: 1 })}:1`

/** A computed style's 'rgb(r, g, b)' as '#rrggbb', for contrastRatio. */
export function rgbToHex(rgb: string) {
  const channels = rgb.match(/\d+/g)?.slice(0, 3) ?? []
  return `#${channels.map((channel) => Number(channel).toString(16).padStart(2, '0')).join('')}`
}
