import type { StorybookConfig } from '@storybook/react-vite'
import { withoutAppOnlyPlugins } from './appOnlyPlugins.ts'
import { storybookChanges } from './changes.ts'

const config: StorybookConfig = {
  stories: ['../stories/**/*.mdx', '../stories/**/*.stories.@(ts|tsx)'],
  addons: [
    '@storybook/addon-docs',
    '@storybook/addon-a11y',
    '@storybook/addon-vitest',
    'msw-storybook-addon',
  ],
  framework: { name: '@storybook/react-vite', options: {} },
  staticDirs: ['../public', './public'],
  core: { disableTelemetry: true },
  typescript: { reactDocgen: 'react-docgen-typescript' },
  // The sidebar's entry for each component's generated page, in the designers' language.
  docs: { defaultName: 'Documentation' },
  // vite.config.ts's plugins without the installable app's own (appOnlyPlugins.ts: prerendered pages, service
  // worker, .br/.gz copies), whatever folder Storybook builds to; then the 'Nouveautés' page's data, read from
  // git when Storybook builds (changes.ts).
  viteFinal: async (config) => ({
    ...config,
    plugins: [...(await withoutAppOnlyPlugins(config.plugins ?? [])), storybookChanges()],
  }),
}

export default config
