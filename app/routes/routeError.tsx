import type { RouteObject } from 'react-router'
import { RouteErrorBoundary } from '@/src/screens/errors/RouteErrorScreen.tsx'
import { lazyScreen } from './lazyScreen.ts'

/**
 * The French page a route shows when it fails (its code not fetched offline, a render error), never React
 * Router's English default. On each screen's own route, it takes the screen's place inside its layout: the tab
 * bar, or the back-office's menu, stays around it.
 */
export const routeErrorElement = <RouteErrorBoundary />

/** A screen's route: its code loaded lazily (lazyScreen), and the French error page where the screen would be. */
export const screenRoute = (load: Parameters<typeof lazyScreen>[0]) =>
  ({ lazy: lazyScreen(load), errorElement: routeErrorElement }) satisfies RouteObject
