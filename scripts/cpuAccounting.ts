/**
 * CPU accounting for `npm test` (scripts/test.ts). Two figures, so a regression shows and so does whether the
 * run waits or computes:
 * - per suite, the CPU time of every process the suite started, daemons included (a PostgreSQL cluster started
 *   by pg_ctl, nginx, the test servers), from a cgroup of its own when the machine lets this process make one
 *   (root, cgroup v1's cpuacct or cgroup v2); elsewhere the caller falls back to bash's `times`, which counts
 *   only the processes waited for;
 * - for the whole machine, the busy CPU time from /proc/stat over the run, against the cores × the run's time.
 */
import { existsSync, mkdirSync, readFileSync, readdirSync, rmdirSync } from 'node:fs'
import { join } from 'node:path'

export interface SuiteCgroups {
  /** A fresh cgroup for one suite: its `cgroup.procs` (the suite's shell writes its pid there) and its usage. */
  forSuite(name: string): { procs: string; cpuSeconds(): number | null }
  /** Removes the cgroups; processes still in one (a daemon a suite left behind) keep theirs. */
  remove(): void
}

function writable(dir: string): boolean {
  try {
    const probe = join(dir, `partenaires-probe-${process.pid}`)
    mkdirSync(probe)
    rmdirSync(probe)
    return true
  } catch {
    return false
  }
}

/** Per-suite cgroups under a run folder, or null when the machine does not allow them. */
export function suiteCgroups(): SuiteCgroups | null {
  const v1 = '/sys/fs/cgroup/cpuacct'
  const v2 = existsSync('/sys/fs/cgroup/cgroup.controllers') ? '/sys/fs/cgroup' : null
  const base = existsSync(join(v1, 'cpuacct.usage')) && writable(v1) ? v1 : v2 && writable(v2) ? v2 : null
  if (!base) return null
  const usage =
    base === v1
      ? (dir: string) => Number(readFileSync(join(dir, 'cpuacct.usage'), 'utf8')) / 1e9
      : (dir: string) => {
          const line = /^usage_usec (\d+)$/m.exec(readFileSync(join(dir, 'cpu.stat'), 'utf8'))
          return line ? Number(line[1]) / 1e6 : Number.NaN
        }
  const run = join(base, `partenaires-tests-${process.pid}`)
  mkdirSync(run)
  return {
    forSuite(name) {
      const dir = join(run, name.replace(/\W+/g, '-'))
      mkdirSync(dir)
      return {
        procs: join(dir, 'cgroup.procs'),
        cpuSeconds() {
          try {
            const seconds = usage(dir)
            return Number.isFinite(seconds) ? seconds : null
          } catch {
            return null
          }
        },
      }
    },
    remove() {
      for (const dir of readdirSync(run, { withFileTypes: true })) {
        if (!dir.isDirectory()) continue
        try {
          rmdirSync(join(run, dir.name))
        } catch {
          // A process is still inside: the cgroup stays until it exits.
        }
      }
      try {
        rmdirSync(run)
      } catch {
        // idem
      }
    },
  }
}

/** Busy and total CPU time of the machine so far, in seconds (/proc/stat's first line), or null off Linux. */
export function machineCpu(): { busy: number; total: number } | null {
  try {
    const fields = readFileSync('/proc/stat', 'utf8').split('\n')[0].trim().split(/\s+/).slice(1).map(Number)
    // user nice system idle iowait irq softirq steal: idle and iowait are the waiting.
    const [user, nice, system, idle, iowait, irq, softirq, steal] = fields
    const busy = user + nice + system + irq + softirq + (steal ?? 0)
    // In USER_HZ, 100 on Linux.
    return { busy: busy / 100, total: (busy + idle + iowait) / 100 }
  } catch {
    return null
  }
}
