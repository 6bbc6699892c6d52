import { spawnSync } from 'node:child_process'
import { existsSync, mkdtempSync, readFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { machineCpu, suiteCgroups } from './cpuAccounting.ts'

describe('CPU accounting of npm test', () => {
  it('counts the CPU of a daemon a suite leaves behind, which bash’s times misses', () => {
    const cgroups = suiteCgroups()
    // Only root may make cgroups at the hierarchy's top (CI runs as root): elsewhere npm test falls back to
    // bash's times.
    if (process.getuid?.() !== 0) {
      expect(cgroups).toBeNull()
      return
    }
    expect(cgroups).not.toBeNull()
    const suite = cgroups!.forSuite('daemon-probe')
    const report = join(mkdtempSync(join(tmpdir(), 'cpu-probe-')), 'cpu.json')
    try {
      // The suite's shell joins the cgroup, then starts a detached process (as pg_ctl starts PostgreSQL) that
      // computes for a while and writes the CPU time it used, and does not wait for it.
      const spin = `let x = 0; for (let i = 0; i < 2e8; i++) x += i % 7; require('fs').writeFileSync(${JSON.stringify(report)}, JSON.stringify(process.cpuUsage()))`
      const script = `echo $$ > "${suite.procs}"; setsid ${JSON.stringify(process.execPath)} -e "$SPIN" & disown; times`
      const run = spawnSync('bash', ['-c', script], { encoding: 'utf8', env: { ...process.env, SPIN: spin } })
      expect(run.status).toBe(0)
      // `times` of the shell: the detached process is not among what it waited for.
      const childrenLine = run.stdout.trim().split('\n')[1]
      const [, m1, s1, m2, s2] = /(\d+)m([\d.]+)s\s+(\d+)m([\d.]+)s/.exec(childrenLine)!.map(Number)
      expect(m1 * 60 + s1 + m2 * 60 + s2).toBeLessThan(0.1)
      const until = Date.now() + 30_000
      while (!existsSync(report) && Date.now() < until) spawnSync('sleep', ['0.1'])
      spawnSync('sleep', ['0.2'])
      const used = JSON.parse(readFileSync(report, 'utf8')) as { user: number; system: number }
      const selfReported = (used.user + used.system) / 1e6
      expect(selfReported).toBeGreaterThan(0.1)
      // The cgroup saw all of it (and node's start-up besides).
      expect(suite.cpuSeconds()).toBeGreaterThanOrEqual(selfReported)
    } finally {
      cgroups!.remove()
    }
  })

  it('reads the machine’s busy and total CPU time, growing with time', () => {
    const first = machineCpu()!
    spawnSync('sleep', ['0.2'])
    const second = machineCpu()!
    expect(second.total).toBeGreaterThan(first.total)
    expect(second.busy).toBeGreaterThanOrEqual(first.busy)
    expect(second.busy).toBeLessThanOrEqual(second.total)
  })
})
