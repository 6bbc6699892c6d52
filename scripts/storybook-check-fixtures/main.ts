import type { StorybookConfig } from '@storybook/react-vite'

/**
 * A Storybook of stories made to fail the static check (scripts/storybookCheck.ts), one per kind of defect, and
 * of their sound counterparts; built and checked by scripts/storybook-check.test.ts.
 */
const config: StorybookConfig = {
  stories: ['./*.stories.tsx'],
  addons: ['@storybook/addon-docs'],
  framework: { name: '@storybook/react-vite', options: {} },
  core: { disableTelemetry: true },
  typescript: { reactDocgen: 'react-docgen' },
}

export default config
