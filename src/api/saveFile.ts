/**
 * Hands a file a download call resolved (downloadApi) to the browser as a download: an object URL on a
 * `<a download>`, since the call carries the bearer token that a plain link could not.
 */
export function saveFile(blob: Blob, name: string) {
  const url = URL.createObjectURL(blob)
  const link = document.createElement('a')
  link.href = url
  link.download = name
  link.hidden = true
  document.body.append(link)
  link.click()
  link.remove()
  // Revoked after the browser has started reading it.
  setTimeout(() => URL.revokeObjectURL(url), 10_000)
}

/** Today's date as a file name wants it (2026-11-28), in the device's own day. */
export function fileDate(now = new Date()): string {
  const pad = (n: number) => String(n).padStart(2, '0')
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`
}
