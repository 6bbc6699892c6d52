import type { ComponentType } from 'react'
import type { RouteObject } from 'react-router'
import { RouteErrorBoundary } from '@/src/screens/errors/RouteErrorScreen.tsx'
import { lazyScreen } from './lazyScreen.ts'

/**
 * The French page a route shows when it fails (its code not fetched offline, a render error), never React
 * Router's English default. On each screen's own route, it takes the screen's place inside its layout: the tab
 * bar, or the back-office's menu, stays around it.
 */
export const routeErrorElement = <RouteErrorBoundary />

/** Nothing, while a screen without a skeleton loads its code on the first page. */
const NothingYet = () => null

/**
 * A screen's route: its code loaded lazily (lazyScreen), the French error page where the screen would be, and
 * what shows while its code loads on the first page (its skeleton, or nothing). A route whose code failed to load
 * keeps its `lazy`, and React Router then draws the matched routes only down to the deepest one with a
 * HydrateFallback: without one on the route itself, its error page would not be drawn, nor its layout.
 */
export const screenRoute = (
  load: Parameters<typeof lazyScreen>[0],
  HydrateFallback: ComponentType = NothingYet,
) => ({ lazy: lazyScreen(load), errorElement: routeErrorElement, HydrateFallback }) satisfies RouteObject
