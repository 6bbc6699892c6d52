import { resolve } from 'node:path'
import { loadConfigFromFile, type PluginOption } from 'vite'
import { describe, expect, it } from 'vitest'
import storybookConfig from '../.storybook/main.ts'

const root = resolve(import.meta.dirname, '..')

/** The names of `plugins`, flattened as Vite does (nested arrays, promises, empty entries). */
async function names(plugins: PluginOption[]): Promise<string[]> {
  const found: string[] = []
  for (const plugin of await Promise.all(plugins)) {
    if (Array.isArray(plugin)) found.push(...(await names(plugin)))
    else if (plugin) found.push(plugin.name)
  }
  return found
}

/**
 * The plugins that make the installable app's build (scripts/firstLoadChunks.ts, precompress.ts, prerender.ts,
 * pwa.ts).
 */
const appOnly = [
  'partenaires:first-load-chunks',
  'partenaires:precompress',
  'partenaires:prerender',
  'partenaires:compressed-service-worker',
  'vite-plugin-pwa',
  'vite-plugin-pwa:build',
  'vite-plugin-pwa:dev-sw',
  'vite-plugin-pwa:info',
  'vite-plugin-pwa:pwa-assets',
]

describe("Storybook's Vite configuration (.storybook/main.ts viteFinal)", () => {
  it('leaves out the app-only plugins of vite.config.ts by name and keeps the others, whatever the output folder', async () => {
    const loaded = await loadConfigFromFile(
      { command: 'build', mode: 'production', isSsrBuild: false },
      resolve(root, 'vite.config.ts'),
      root,
      'silent',
    )
    const plugins = loaded?.config.plugins ?? []
    const before = await names(plugins)
    // The project's list has them all (so the test sees a real removal), nested as vite.config.ts gives them.
    expect(before).toEqual(expect.arrayContaining([...appOnly, 'styled-component-ids', 'vite:react-babel']))
    expect(plugins.some(Array.isArray)).toBe(true)

    const viteFinal = storybookConfig.viteFinal
    if (!viteFinal) throw new Error('.storybook/main.ts has no viteFinal')
    // The folder Storybook is told to write to plays no part: a name without "storybook" in it.
    const final = await viteFinal({ root, plugins, build: { outDir: '/tmp/partenaires-sb-any' } }, {
      configType: 'PRODUCTION',
    } as Parameters<typeof viteFinal>[1])
    const after = await names(final.plugins ?? [])

    for (const name of appOnly) expect(after).not.toContain(name)
    // Every other plugin kept, in the same order (styled-components' stable ids and React's among them), then
    // the 'Nouveautés' page's data.
    expect(after).toEqual([...before.filter((name) => !appOnly.includes(name)), 'storybook-changes'])
    expect(after).toEqual(
      expect.arrayContaining(['styled-component-ids', 'vite:react-babel', 'vite:react-refresh']),
    )
  })
})
