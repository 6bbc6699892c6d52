/**
 * CPU time of groups of processes over a load phase, from /proc (Linux): each process's utime + stime, sampled
 * every few hundred milliseconds so processes that come and go during the phase (PostgreSQL backends) are
 * counted too, plus the whole machine's busy time from /proc/stat and this process's own (the load generator).
 */
import { execFileSync } from 'node:child_process'
import { readFileSync } from 'node:fs'
import { cpus } from 'node:os'
import { round } from './stats.ts'

export interface CpuReport {
  wallSeconds: number
  /** Per group: CPU seconds and the share of one core they amount to (100 % = one core busy all along). */
  groups: Record<string, { cpuSeconds: number; percentOfCore: number; processes: number }>
  /** This process (autocannon and whatever else runs in it). */
  self: { cpuSeconds: number; percentOfCore: number }
  /** The whole machine: busy time in % of one core, out of cores × 100 %. */
  machine: { percentOfCore: number; cores: number }
  /** Busy time on the machine that none of the above accounts for (other work running beside the bench). */
  otherPercentOfCore: number
}

export interface CpuSampler {
  stop(): CpuReport
}

const ticksPerSecond = (() => {
  try {
    return Number(execFileSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).trim()) || 100
  } catch {
    return 100
  }
})()

/** utime + stime in clock ticks, or null when the process is gone. */
function processTicks(pid: number): number | null {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8')
    // The command name (field 2) may hold spaces and parentheses: count fields after its closing one.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ')
    return Number(fields[11]) + Number(fields[12])
  } catch {
    return null
  }
}

/** Busy and total ticks of every core together. */
function machineTicks(): { busy: number; total: number } {
  const line = readFileSync('/proc/stat', 'utf8').split('\n')[0]
  const values = line.trim().split(/\s+/).slice(1).map(Number)
  const total = values.reduce((a, b) => a + b, 0)
  // idle + iowait
  const idle = values[3] + (values[4] ?? 0)
  return { busy: total - idle, total }
}

/** The process and its direct children (a PostgreSQL postmaster's backends, an nginx master's workers). */
export function withChildren(pid: number | null): number[] {
  if (!pid) return []
  try {
    const children = readFileSync(`/proc/${pid}/task/${pid}/children`, 'utf8')
      .trim()
      .split(/\s+/)
      .filter(Boolean)
      .map(Number)
    return [pid, ...children]
  } catch {
    return [pid]
  }
}

/** First line of a pid file (postmaster.pid, nginx.pid), or null. */
export function pidFromFile(file: string): number | null {
  try {
    const pid = Number(readFileSync(file, 'utf8').split('\n')[0].trim())
    return Number.isInteger(pid) && pid > 0 ? pid : null
  } catch {
    return null
  }
}

/** Starts sampling; `groups` maps a name to the pids to count, asked again at every sample. */
export function sampleCpu(groups: Record<string, () => number[]>, intervalMs = 250): CpuSampler {
  const started = performance.now()
  const selfStart = process.cpuUsage()
  const machineStart = machineTicks()
  // Per group and pid: ticks when first seen (0 for a process born after the first sample) and last seen.
  const seen = new Map<string, Map<number, { first: number; last: number }>>()
  let firstSample = true
  const sample = () => {
    for (const [name, pids] of Object.entries(groups)) {
      let group = seen.get(name)
      if (!group) seen.set(name, (group = new Map()))
      for (const pid of pids()) {
        const ticks = processTicks(pid)
        if (ticks === null) continue
        const entry = group.get(pid)
        if (entry) entry.last = ticks
        else group.set(pid, { first: firstSample ? ticks : 0, last: ticks })
      }
    }
    firstSample = false
  }
  sample()
  const timer = setInterval(sample, intervalMs)
  return {
    stop() {
      clearInterval(timer)
      sample()
      const wallSeconds = (performance.now() - started) / 1000
      const percent = (seconds: number) => round((seconds / wallSeconds) * 100, 0)
      const report: CpuReport['groups'] = {}
      let accounted = 0
      for (const [name, group] of seen) {
        const ticks = [...group.values()].reduce((sum, e) => sum + e.last - e.first, 0)
        const cpuSeconds = ticks / ticksPerSecond
        accounted += cpuSeconds
        report[name] = {
          cpuSeconds: round(cpuSeconds, 2),
          percentOfCore: percent(cpuSeconds),
          processes: group.size,
        }
      }
      const usage = process.cpuUsage(selfStart)
      const selfSeconds = (usage.user + usage.system) / 1e6
      const machineEnd = machineTicks()
      const busySeconds = (machineEnd.busy - machineStart.busy) / ticksPerSecond
      return {
        wallSeconds: round(wallSeconds, 2),
        groups: report,
        self: { cpuSeconds: round(selfSeconds, 2), percentOfCore: percent(selfSeconds) },
        machine: { percentOfCore: percent(busySeconds), cores: cpus().length },
        otherPercentOfCore: Math.max(0, percent(busySeconds - accounted - selfSeconds)),
      }
    },
  }
}
