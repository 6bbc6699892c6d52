import type { ComponentType } from 'react'
import { matchRoutes, type RouteObject } from 'react-router'

/** Settles when the first render is on screen; until then a loaded screen waits before joining its route. */
let firstRender: Promise<void> = Promise.resolve()

/**
 * Holds every lazy screen's arrival until `rendered` settles. The browser hydrates in slices, yielding between
 * them; the router puts a loaded screen on its route object at once, and a slice rendering that route after it
 * would draw the screen where the HTML has its skeleton (a hydration mismatch). Loading itself starts at once.
 */
export function holdLazyScreensUntil(rendered: Promise<void>): void {
  firstRender = rendered
}

/**
 * A route's `lazy` loader for a screen module whose default export is the screen: each route's code
 * (and its dependencies, e.g. the maps loader) is fetched only when the route is visited.
 */
export const lazyScreen = (load: () => Promise<{ default: ComponentType }>) => async () => {
  const [screen] = await Promise.all([load(), firstRender])
  return { Component: screen.default }
}

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
