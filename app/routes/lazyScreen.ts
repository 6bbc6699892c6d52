import type { ComponentType } from 'react'

/**
 * A route's `lazy` loader for a screen module whose default export is the screen: each route's code
 * (and its dependencies, e.g. the maps loader) is fetched only when the route is visited.
 */
export const lazyScreen = (load: () => Promise<{ default: ComponentType }>) => async () => ({
  Component: (await load()).default,
})
