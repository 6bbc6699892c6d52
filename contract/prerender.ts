/**
 * What the build (scripts/prerender.ts) hands the server about the prerendered pages: dist/prerendered/ holds
 * one HTML file per public route and routes.json, this index.
 */
export const PRERENDERED_DIR = 'prerendered'
export const PRERENDERED_INDEX = 'routes.json'

export interface PrerenderIndex {
  /**
   * Each route's pattern, file (relative to the build folder) and script chunks to announce for preloading;
   * `pictureSlot`: its HTML holds PAGE_PICTURE_SLOT, where the server puts the page's main picture.
   */
  routes: {
    pattern: string
    file: string
    preload: string[]
    pictureSlot?: boolean
    /** The page served instead when the server has no Google Maps key (its HTML says so: PAGE_MESSAGE_ATTRIBUTE). */
    withoutMapsKey?: { file: string; preload: string[] }
  }[]
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

/** The element, outside #root, that shows a page's main picture from the HTML until the screen draws its own. */
export const PAGE_PICTURE_ATTRIBUTE = 'data-page-picture'
/** Where, in a prerendered page's HTML, the server writes the page's main picture (or nothing). */
export const PAGE_PICTURE_SLOT = '<!--page-picture-->'

/**
 * The element, outside #root, that shows a page's message from the HTML until the screen renders its own (the
 * map's no-key message): the server serves the page variant holding it when it has no Maps key.
 */
export const PAGE_MESSAGE_ATTRIBUTE = 'data-page-message'

/**
 * On the prerendered page's styled-components sheet, in place of styled-components' own `data-styled`: the
 * browser's copy of styled-components then leaves that sheet alone (it would take every rule out and insert it
 * again, one insertRule each, restyling the whole page before the first render), and the app registers the
 * sheet's class names as already present (src/prerender/prerenderedStyles.ts) so its first render inserts none
 * of them again.
 */
export const PRERENDERED_STYLES_ATTRIBUTE = 'data-prerendered-styles'

/**
 * On the inline loader's script: the chunks of the parts the page's screen loads apart (a sheet, a dialog), which
 * the app fetches without evaluating (modulepreload) once its first render is committed, so that the first press
 * that opens one evaluates it without a round trip (scripts/prerender.ts, laterChunksOf; app/main.tsx).
 */
export const PRELOAD_LATER_ATTRIBUTE = 'data-later'

/**
 * The inline script a prerendered page starts its JavaScript with, once its first contentful paint is on screen
 * and the main picture the server put in the HTML (PAGE_PICTURE_ATTRIBUTE) has loaded: the HTML already paints
 * the page's largest content, and scripts that finish downloading before that paint delay it on a phone (and
 * Lighthouse's simulation charges every one of them to the page's LCP). `data-entry` names the entry module,
 * `data-modules` the chunks it and the route's screen import (announced as module preloads at the same moment).
 * The paint is the browser's own 'first-contentful-paint' entry (a frame's presentation; a requestAnimationFrame
 * callback runs before it); without paint timing, the frame after the first. A hidden page gets no frames: it
 * starts at once, or when it is hidden; a paint or picture that never comes starts it after 2 s. On Find, whose
 * HTML draws its first rows from the early search (contract/pageRows.ts, PAGE_ROWS_ATTRIBUTE), it also waits for
 * those rows' paint or the answer's failure: the rows' script then fires `pagerows` on the document. A visitor
 * with no session (the app will send them to /login) never sees the signed-in page's picture, message or rows
 * slot (PAGE_MESSAGE_ATTRIBUTE): it goes at once.
 * Until the app has rendered (it marks <html data-app-start> after its first commit), a form's submit is held,
 * not sent: the prerendered forms (/login, /inscription…) would otherwise submit natively, putting what was
 * typed, password included, in a URL or a request the server does not expect. The last submit held is replayed
 * once the app has rendered, when its form is still on the page (hydrated, not replaced). So is a press on a
 * button that is not a submit (« Retour », showing a password…): the prerendered button has no handler until the
 * app has hydrated it, and a tap on a slow phone was lost; the last one is pressed again once the app has
 * rendered, if its button is still on the page. A held event goes no further than the document: React, whose
 * listeners are on #root from hydrateRoot on, would otherwise handle it during the hydration too, and the
 * replay would make it twice (two steps back, two sign-ins).
 * The server allows exactly this text in its Content-Security-Policy (its sha256): change it here only.
 */
export const SCRIPT_LOADER =
  "(function(s,d){var held,clicked,M=window.MutationObserver,root=d.documentElement;d.addEventListener('submit',function(e){if(root.hasAttribute('data-app-start'))return;e.preventDefault();e.stopPropagation();held=[e.target,e.submitter]},true);d.addEventListener('click',function(e){if(root.hasAttribute('data-app-start'))return;var b=e.target&&e.target.closest&&e.target.closest('button[type=button]');if(!b)return;e.preventDefault();e.stopPropagation();clicked=b},true);if(M)new M(function(c,o){o.disconnect();var h=held,k=clicked;held=clicked=0;if(h&&h[0].isConnected)try{h[1]&&h[1].form===h[0]?h[0].requestSubmit(h[1]):h[0].requestSubmit()}catch(x){}if(k&&k.isConnected)k.click()}).observe(root,{attributes:true,attributeFilter:['data-app-start']});var done=0,painted=0,pic=d.querySelector('[data-page-picture],[data-page-message]'),img=pic&&pic.querySelector('img'),loaded=!img||img.complete,rows=d.querySelector('[data-page-rows]'),drawn=!rows;function go(){if(done)return;done=1;(s.getAttribute('data-modules')||'').split(' ').forEach(function(u){if(!u)return;var l=d.createElement('link');l.rel='modulepreload';l.href=u;d.head.appendChild(l)});var e=d.createElement('script');e.type='module';e.src=s.getAttribute('data-entry');d.head.appendChild(e)}function ready(){if(painted&&loaded&&drawn)setTimeout(go,0)}try{if((pic||rows)&&!localStorage.getItem('user')){(pic||rows).remove();return go()}}catch(x){}if(d.visibilityState!=='visible')return go();d.addEventListener('visibilitychange',go);setTimeout(go,2000);if(!drawn)d.addEventListener('pagerows',function(){drawn=1;ready()});if(!loaded){var f=function(){loaded=1;ready()};img.addEventListener('load',f);img.addEventListener('error',f)}var P=window.PerformanceObserver;if(P&&P.supportedEntryTypes&&P.supportedEntryTypes.indexOf('paint')>=0)new P(function(l){l.getEntries().forEach(function(p){if(p.name==='first-contentful-paint'){painted=1;ready()}})}).observe({type:'paint',buffered:true});else requestAnimationFrame(function(){requestAnimationFrame(function(){painted=1;ready()})})})(document.currentScript,document)"
