// Built once: toLocaleString creates a new Intl.NumberFormat on every call, once per list row.
const oneDecimal = new Intl.NumberFormat('fr-FR', { maximumFractionDigits: 1 })
const noDecimal = new Intl.NumberFormat('fr-FR', { maximumFractionDigits: 0 })

/** '0,6 km', '26 km': the distance to the user as the rows and details show it. */
export function formatDistance(km: number): string {
  return `${(km < 10 ? oneDecimal : noDecimal).format(km)} km`
}
