// Without Intl: a page's first Intl.NumberFormat loads the locale's data, ≈14 ms of main thread (≈55 ms on a
// phone) in the task that first shows a distance. The French form is simple enough to write out.
const GROUP_SEPARATOR = '\u202f'

/** '0,6 km', '26 km', '1 234 km' (narrow no-break space): the distance to the user as rows and details show it. */
export function formatDistance(km: number): string {
  const rounded = km < 10 ? Math.round(km * 10) / 10 : Math.round(km)
  const [whole, decimals] = String(rounded).split('.')
  const grouped = whole.replace(/\B(?=(\d{3})+$)/g, GROUP_SEPARATOR)
  return `${decimals ? `${grouped},${decimals}` : grouped} km`
}
