/**
 * Dates as the operators read them: dd/MM/yyyy, or dd/MM/yyyy HH:mm, in the app's time zone (APP_TIME_ZONE,
 * handed to the client by GET /api/config), whatever the zone of the server or of the browser. The CSV exports
 * and the Journal page write them alike. No dependency, so the browser bundle can use it too.
 */

/** The zone when none is configured (the server's default, and the client's until GET /api/config answers). */
export const DEFAULT_TIME_ZONE = 'Europe/Paris'

const formatters = new Map<string, Intl.DateTimeFormat>()

function formatter(timeZone: string, withTime: boolean): Intl.DateTimeFormat {
  const key = `${timeZone}|${withTime}`
  let found = formatters.get(key)
  if (!found) {
    found = new Intl.DateTimeFormat('fr-FR', {
      timeZone,
      day: '2-digit',
      month: '2-digit',
      year: 'numeric',
      ...(withTime ? { hour: '2-digit', minute: '2-digit', hourCycle: 'h23' as const } : {}),
    })
    formatters.set(key, found)
  }
  return found
}

/** `value` (a Date, an ISO text or a timestamp) as dd/MM/yyyy[ HH:mm] in `timeZone`; '' when there is none. */
export function zonedDate(
  value: Date | string | number | null | undefined,
  timeZone: string,
  withTime = false,
): string {
  if (value === null || value === undefined || value === '') return ''
  const date = new Date(value)
  if (Number.isNaN(date.getTime())) return ''
  // The parts, not format(): ICU's French pattern has changed between versions (« à » before the time).
  const parts = Object.fromEntries(
    formatter(timeZone, withTime)
      .formatToParts(date)
      .map((part) => [part.type, part.value]),
  )
  const day = `${parts.day}/${parts.month}/${parts.year}`
  return withTime ? `${day} ${parts.hour}:${parts.minute}` : day
}
