import type { StorybookConfig } from '@storybook/react-vite'
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
  // The 'Nouveautés' page's data, read from git when Storybook builds (changes.ts).
  viteFinal: (config) => ({ ...config, plugins: [...(config.plugins ?? []), storybookChanges()] }),
}

export default config
