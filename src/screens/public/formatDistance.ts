/** '0,6 km', '26 km': the distance to the user as the rows and details show it. */
export function formatDistance(km: number): string {
  return `${km.toLocaleString('fr-FR', { maximumFractionDigits: km < 10 ? 1 : 0 })} km`
}
