import type { PluginOption } from 'vite'

/**
 * The plugins of vite.config.ts that make the installable app's build, not a Storybook's: the first load's
 * chunks (scripts/firstLoadChunks.ts), the .br/.gz copies (scripts/precompress.ts), the prerendered pages
 * (scripts/prerender.ts, which reads the app's build manifest) and the service worker (scripts/pwa.ts:
 * vite-plugin-pwa's plugins and the one that compresses sw.js).
 * Storybook reuses vite.config.ts, so its configurations (.storybook/main.ts, the static check's fixtures) leave
 * these out by name, whatever folder they build to. styled-component-ids (stable class names in builds) and
 * React's plugin (Storybook's React framework adds none of its own) stay.
 */
const appOnlyPlugins = [
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

/** `plugins` flattened (Vite accepts nested arrays and promises), without the app-only ones and empty entries. */
export async function withoutAppOnlyPlugins(plugins: PluginOption[]): Promise<PluginOption[]> {
  const kept: PluginOption[] = []
  for (const plugin of await Promise.all(plugins)) {
    if (Array.isArray(plugin)) kept.push(...(await withoutAppOnlyPlugins(plugin)))
    else if (plugin && !appOnlyPlugins.includes(plugin.name)) kept.push(plugin)
  }
  return kept
}
