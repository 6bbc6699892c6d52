import { execFileSync } from 'node:child_process'
import { cpus, freemem, loadavg, totalmem } from 'node:os'

export interface Machine {
  cpuModel: string
  cpus: number
  memoryGiB: number
  freeMemoryGiB: number
  node: string
  platform: string
  chromium: string | null
  postgres: string | null
  /** 1-minute load average at the start: above the core count, other work is competing with the bench. */
  loadAverage: number
}

function tryRun(cmd: string, args: string[]): string | null {
  try {
    return execFileSync(cmd, args, { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }).trim()
  } catch {
    return null
  }
}

export function describeMachine(chromiumPath: string | undefined): Machine {
  const list = cpus()
  return {
    cpuModel: list[0]?.model.trim() ?? 'unknown',
    cpus: list.length,
    memoryGiB: Math.round((totalmem() / 2 ** 30) * 10) / 10,
    freeMemoryGiB: Math.round((freemem() / 2 ** 30) * 10) / 10,
    node: process.version,
    platform: `${process.platform} ${tryRun('uname', ['-r']) ?? ''}`.trim(),
    chromium: chromiumPath ? tryRun(chromiumPath, ['--version']) : null,
    postgres: process.env.DATABASE_URL ? 'DATABASE_URL' : null,
    loadAverage: Math.round(loadavg()[0] * 10) / 10,
  }
}
