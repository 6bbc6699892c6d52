import type { Preview } from '@storybook/react-vite'

/** Docs pages for every file, as in the project's Storybook; no docs container: screens stay inline. */
const preview: Preview = { tags: ['autodocs'] }

export default preview
