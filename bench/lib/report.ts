import { mkdirSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { format, resolveConfig } from 'prettier'

/** One line of the results table: a figure, its value and, when it has one, its budget. */
export interface Figure {
  section: string
  name: string
  value: number | string | null
  unit?: string
  /** Human-readable budget, e.g. '≥ 70 %'. */
  budget?: string
  /** true met, false missed, null not applicable / not measured. */
  ok?: boolean | null
  note?: string
}

export type Check = (value: number) => boolean

/** A figure with a numeric budget: ok is computed, a missing value counts as not measured. */
export function budgeted(
  section: string,
  name: string,
  value: number | null,
  unit: string,
  budget: string,
  check: Check,
  note?: string,
): Figure {
  const ok = value === null || !Number.isFinite(value) ? null : check(value)
  return { section, name, value, unit, budget, ok, ...(note ? { note } : {}) }
}

export function info(
  section: string,
  name: string,
  value: number | string | null,
  unit = '',
  note?: string,
): Figure {
  return { section, name, value, unit, ...(note ? { note } : {}) }
}

function cell(f: Figure): string {
  if (f.value === null) return 'n/a'
  return typeof f.value === 'number' ? `${f.value}${f.unit ? ` ${f.unit}` : ''}` : f.value
}

export function printTable(figures: Figure[]): string {
  const rows = figures.map((f) => [
    f.section,
    f.name,
    cell(f),
    f.budget ?? '',
    f.ok === true ? '✓' : f.ok === false ? '✗' : f.budget ? '?' : '',
    f.note ?? '',
  ])
  const header = ['Section', 'Figure', 'Value', 'Budget', '', 'Note']
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i].length)))
  const line = (r: string[]) =>
    r
      .map((c, i) => (i === r.length - 1 ? c : c.padEnd(widths[i])))
      .join('  ')
      .trimEnd()
  const out = [line(header), widths.map((w) => '-'.repeat(w)).join('  '), ...rows.map(line)].join('\n')
  return out
}

/** Written as Prettier formats JSON, so `npm run lint` (prettier --check .) stays clean. */
export async function writeResults(dir: string, payload: object, startedAt: Date): Promise<string> {
  mkdirSync(dir, { recursive: true })
  const stamp = startedAt
    .toISOString()
    .replace(/[:]/g, '-')
    .replace(/\.\d+Z$/, 'Z')
  const file = join(dir, `${stamp}.json`)
  // Formatted with the project's Prettier settings, as `npm run lint` (prettier --check .) checks it.
  const text = await format(JSON.stringify(payload), { ...(await resolveConfig(file)), parser: 'json' })
  writeFileSync(file, text)
  writeFileSync(join(dir, 'latest.json'), text)
  return file
}
