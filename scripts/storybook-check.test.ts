/**
 * The static Storybook check (scripts/storybookCheck.ts) fails on each kind of defect designers met (issue 39):
 * it builds a Storybook of stories made to fail (scripts/storybook-check-fixtures) and checks it.
 */
import { spawnSync } from 'node:child_process'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { findChromium } from './chromium.ts'
import { checkStaticStorybook, type CheckResult } from './storybookCheck.ts'

const root = resolve(import.meta.dirname, '..')
// Any folder: the fixtures' Storybook reads no vite.config.ts (its root is scripts/, which has none), so none of
// the app's build plugins (precompress, prerender, PWA) runs.
const workDir = mkdtempSync(join(tmpdir(), 'partenaires-sb-check-'))
const staticDir = join(workDir, 'out')
let result: CheckResult

beforeAll(async () => {
  const build = spawnSync(
    'npx',
    ['storybook', 'build', '--quiet', '-c', 'scripts/storybook-check-fixtures', '-o', staticDir],
    { cwd: root, encoding: 'utf8' },
  )
  if (build.status !== 0) throw new Error(`storybook build: ${build.stderr || build.stdout}`)
  const executablePath = findChromium()
  if (!executablePath) throw new Error('Chromium introuvable (CHROME_PATH)')
  result = await checkStaticStorybook(staticDir, { executablePath })
}, 300_000)

afterAll(() => rmSync(workDir, { recursive: true, force: true }))

const failure = (label: string) => result.failures.get(label)

describe('the static Storybook check', () => {
  it('passes sound stories and docs pages', () => {
    expect(failure('Vérification/Fonction play › Passes')).toBeUndefined()
    expect(failure('Vérification/Barre fixe en cadre › At The Bottom')).toBeUndefined()
    expect(failure('Vérification/Barre fixe en cadre › Docs')).toBeUndefined()
  })

  it('fails a story whose play function throws', () => {
    expect(failure('Vérification/Fonction play › Throws')).toMatch(/Au revoir/)
  })

  it('fails a story whose interaction failed though its play function ended well (the panel says FAIL)', () => {
    expect(failure('Vérification/Fonction play › Caught Failure')).toMatch(
      /^interaction en échec \(.*\) : .*Au revoir/,
    )
  })

  it('fails a story with an assertion that failed after its play function ended', () => {
    expect(failure('Vérification/Fonction play › Late Failure')).toMatch(/Au revoir/)
  })

  it('fails a docs page covered by an inline story’s overlay', () => {
    expect(failure('Vérification/Voile inline › Docs')).toMatch(
      /tableau des props recouvert par <div role="dialog">/,
    )
  })

  it('fails a docs page whose inline story draws only outside its preview (a fixed bar)', () => {
    expect(failure('Vérification/Barre fixe inline › Docs')).toMatch(
      /aperçu vide pour « vérification-barre-fixe-inline--at-the-bottom »/,
    )
  })

  it('fails a docs page that shows a screen inline, where its msw answers would mix with the others’', () => {
    expect(failure('Écrans/Vérification › Docs')).toMatch(/écran « écrans-vérification--loaded » inline/)
  })

  it('fails a story that ends on the bare address line, not on a story that names the next screen', () => {
    expect(failure('Vérification/Adresse seule › Bare Address')).toMatch(/page vide/)
    expect(failure('Vérification/Adresse seule › With Next Screen')).toBeUndefined()
  })

  it('reports nothing else', () => {
    expect([...result.failures.keys()].sort()).toEqual([
      'Vérification/Adresse seule › Bare Address',
      'Vérification/Barre fixe inline › Docs',
      'Vérification/Fonction play › Caught Failure',
      'Vérification/Fonction play › Late Failure',
      'Vérification/Fonction play › Throws',
      'Vérification/Voile inline › Docs',
      'Écrans/Vérification › Docs',
    ])
  })
})
