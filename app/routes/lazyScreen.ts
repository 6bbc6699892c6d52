import type { ComponentType } from 'react'
import { matchRoutes, type RouteObject } from 'react-router'

/**
 * A route's `lazy` loader for a screen module whose default export is the screen: each route's code
 * (and its dependencies, e.g. the maps loader) is fetched only when the route is visited.
 */
export const lazyScreen = (load: () => Promise<{ default: ComponentType }>) => async () => ({
  Component: (await load()).default,
})

/**
 * Loads the screens of the routes matching `url` and puts them on the route objects, before the router is
 * created: the first render then shows the screen itself (react-router's pattern for hydrating lazy routes),
 * identical on the server that prerendered it and in the browser that hydrates it.
 */
export async function loadMatchedScreens(routes: RouteObject[], url: string): Promise<void> {
  const matches = matchRoutes(routes, url) ?? []
  await Promise.all(
    matches.map(async ({ route }) => {
      if (typeof route.lazy !== 'function') return
      const loaded = await route.lazy()
      Object.assign(route, loaded, { lazy: undefined })
    }),
  )
}
