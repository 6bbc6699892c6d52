declare module 'virtual:storybook-changes' {
  const changes: import('../.storybook/changes.ts').ComponentChange[]
  export default changes
}
