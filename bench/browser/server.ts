import { spawn, type ChildProcess } from 'node:child_process'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { apiPaths } from '@/contract/paths.ts'
import type { Article, AuthUser, PartnerSearchResult } from '@/contract/schemas.ts'
import { freePort, waitForHttp } from '../lib/proc.ts'

export const benchAdmin = { email: 'admin.bench@exemple.fr', password: 'banc-essai-admin-mot-de-passe' }

export interface RunningServer {
  base: string
  user: AuthUser
  child: ChildProcess
  stop(): Promise<void>
}

/** The server exactly as `npm start` runs it after its build: built client + API, demo seed, temp DATA_DIR. */
export async function startServer(root: string): Promise<RunningServer> {
  const port = await freePort()
  const dataDir = mkdtempSync(join(tmpdir(), 'bench-server-'))
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    cwd: root,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      SEED_DEMO: '1',
      ADMIN_EMAIL: benchAdmin.email,
      ADMIN_PASSWORD: benchAdmin.password,
      PUBLIC_URL: `http://127.0.0.1:${port}`,
      GOOGLE_MAPS_API_KEY: '',
      LOG_LEVEL: 'warn',
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  })
  const base = `http://127.0.0.1:${port}`
  const stop = async () => {
    if (child.exitCode === null) {
      child.kill('SIGTERM')
      await new Promise((resolve) => {
        const timer = setTimeout(() => {
          child.kill('SIGKILL')
          resolve(null)
        }, 12_000)
        child.once('exit', () => {
          clearTimeout(timer)
          resolve(null)
        })
      })
    }
    rmSync(dataDir, { recursive: true, force: true })
  }
  try {
    await waitForHttp(`${base}/api/health`, 120_000, child)
    // A real sign-in: the session the app stores in localStorage under 'user'.
    const res = await fetch(`${base}/api/auth/authenticate`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: benchAdmin.email, password: benchAdmin.password }),
    })
    if (!res.ok) throw new Error(`authenticate answered ${res.status}: ${await res.text()}`)
    const user = (await res.json()) as AuthUser
    await waitForImageVariants(base, user.access_token)
    return { base, user, child, stop }
  } catch (error) {
    await stop()
    throw error
  }
}

/**
 * The demo's pictures get their AVIF/WebP copies from the server's start-up backfill: measuring before it
 * ends would load the originals and share the CPU with the encoder. Waits until every banner and Find photo
 * lists its variants (2 minutes at most; a slow machine then measures what it has).
 */
async function waitForImageVariants(base: string, token: string): Promise<void> {
  const headers = { authorization: `Bearer ${token}` }
  const deadline = Date.now() + 120_000
  while (Date.now() < deadline) {
    const articles = (await (
      await fetch(base + apiPaths.articlesPublished(), { headers })
    ).json()) as Article[]
    const found = (await (
      await fetch(`${base}${apiPaths.partnerSearch()}?pageSize=50`, { headers })
    ).json()) as PartnerSearchResult[]
    // A search result's photo lists its variants' widths (ListImage), an article's image their URLs.
    if (
      articles.every((a) => !a.image || (a.image.variants ?? []).length > 0) &&
      found.every((p) => !p.images[0] || p.images[0].variantWidths.length > 0)
    )
      return
    await new Promise((resolve) => setTimeout(resolve, 1_000))
  }
  console.warn('  images: the demo pictures still had no variants after 2 minutes; measuring anyway')
}
