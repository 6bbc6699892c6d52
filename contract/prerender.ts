/**
 * What the build (scripts/prerender.ts) hands the server about the prerendered pages: dist/prerendered/ holds
 * one HTML file per public route and routes.json, this index.
 */
export const PRERENDERED_DIR = 'prerendered'
export const PRERENDERED_INDEX = 'routes.json'

export interface PrerenderIndex {
  /** Each route's pattern, file (relative to the build folder) and script chunks to announce for preloading. */
  routes: { pattern: string; file: string; preload: string[] }[]
  /** For every other page (index.html): the entry's chunks. */
  fallback: { preload: string[] }
}

/** Whether a path matches a react-router pattern: same segment count, literals equal, `:name` any segment. */
export function matchesPattern(pattern: string, pathname: string): boolean {
  const wanted = pattern.split('/').filter(Boolean)
  const actual = pathname.split('/').filter(Boolean)
  return (
    wanted.length === actual.length &&
    wanted.every((segment, i) => (segment.startsWith(':') ? actual[i] !== '' : segment === actual[i]))
  )
}

/** The path react-router matches: a trailing slash is the same page. */
export const withoutTrailingSlash = (pathname: string) =>
  pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname

/**
 * How wide a page's main picture is drawn (Home's banner, a partner's photos), as `sizes` says it: the screen,
 * up to the laptop layout's 1,120 px column from 1,280 px on. The page's `<picture>` and the server's preload
 * hint for it must give the same value, or the browser downloads the picture twice.
 */
export const MAIN_PICTURE_SIZES = '(min-width: 1280px) 1120px, 100vw'

/**
 * The inline script a prerendered page starts its JavaScript with, once its first contentful paint is on screen:
 * the page's HTML already paints its content, and scripts that finish downloading before that paint delay it on
 * a phone (and Lighthouse's simulation charges every one of them to the page's LCP). `data-entry` names the
 * entry module, `data-modules` the chunks it and the route's screen import (announced as module preloads at the
 * same moment). The paint is the browser's own 'first-contentful-paint' entry (a frame's presentation; a
 * requestAnimationFrame callback runs before it); without paint timing, the frame after the first. A hidden page
 * gets no frames: it starts at once, or when it is hidden; a paint that never comes starts it after 2 s.
 * The server allows exactly this text in its Content-Security-Policy (its sha256): change it here only.
 */
export const SCRIPT_LOADER =
  "(function(s,d){var done=0;function go(){if(done)return;done=1;(s.getAttribute('data-modules')||'').split(' ').forEach(function(u){if(!u)return;var l=d.createElement('link');l.rel='modulepreload';l.href=u;d.head.appendChild(l)});var e=d.createElement('script');e.type='module';e.src=s.getAttribute('data-entry');d.head.appendChild(e)}if(d.visibilityState!=='visible')return go();d.addEventListener('visibilitychange',go);setTimeout(go,2000);var P=window.PerformanceObserver;if(P&&P.supportedEntryTypes&&P.supportedEntryTypes.indexOf('paint')>=0)new P(function(l){l.getEntries().forEach(function(p){if(p.name==='first-contentful-paint')setTimeout(go,0)})}).observe({type:'paint',buffered:true});else requestAnimationFrame(function(){requestAnimationFrame(go)})})(document.currentScript,document)"
