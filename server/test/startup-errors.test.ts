import { spawn } from 'node:child_process'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { childNodeArgs } from './child-node.ts'
import { serverProcessEnv } from './helpers.ts'

/**
 * server/main.ts as a child process that stops before it opens a store: the same on both stores, so this file
 * runs in the PGlite pass only (vite.config.ts, storeIndependentTests).
 */
const root = resolve(import.meta.dirname, '..', '..')
const dataDir = mkdtempSync(join(tmpdir(), 'partenaires-demarrage-'))
afterAll(() => rmSync(dataDir, { recursive: true, force: true }))

/** Runs main.ts to its exit and returns its code and the JSON lines it printed. */
async function runToExit(
  env: Record<string, string>,
): Promise<{ code: number | null; lines: Record<string, unknown>[]; raw: string }> {
  const child = spawn(process.execPath, [...childNodeArgs, 'server/main.ts'], {
    cwd: root,
    env: serverProcessEnv(dataDir, { SEED_DEMO: '0', ...env }),
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  let raw = ''
  child.stdout.on('data', (chunk: Buffer) => (raw += chunk.toString()))
  child.stderr.on('data', (chunk: Buffer) => (raw += chunk.toString()))
  const code = await new Promise<number | null>((r) => child.on('exit', (c) => r(c)))
  const lines = raw
    .split('\n')
    .filter(Boolean)
    .map((line) => JSON.parse(line) as Record<string, unknown>)
  return { code, lines, raw }
}

// A server process start on a 2-core machine at load 20+ needs more than the default 30 s.
describe('start-up errors', { timeout: 90_000 }, () => {
  it('an unreachable PostgreSQL: retries with backoff, then exits 1 with one French JSON line and no stack', async () => {
    const { code, lines, raw } = await runToExit({
      DATABASE_URL: 'postgres://personne@127.0.0.1:9/rien',
      DATABASE_CONNECT_TIMEOUT_SECONDS: '2',
    })
    expect(code, raw).toBe(1)
    const retries = lines.filter((l) => /PostgreSQL injoignable \(essai \d+\)/.test(String(l.msg)))
    expect(retries.length).toBeGreaterThanOrEqual(2)
    const fatal = lines.at(-1)!
    expect(fatal.level).toBe(60)
    expect(fatal.msg).toMatch(/^Démarrage impossible : PostgreSQL est injoignable depuis 2 s .*DATABASE_URL/)
    expect(raw).not.toMatch(/^\s+at /m)
  })

  it('a bad setting (TRUST_PROXY=true) stops the start with a French JSON line naming the variable', async () => {
    const { code, lines } = await runToExit({ TRUST_PROXY: 'true' })
    expect(code).toBe(1)
    expect(lines.at(-1)).toMatchObject({
      level: 60,
      msg: expect.stringMatching(/^Configuration invalide : TRUST_PROXY/),
    })
  })
})
