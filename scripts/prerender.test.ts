import type { Manifest } from 'vite'
import { describe, expect, it } from 'vitest'
import { PRERENDERED_ATTRIBUTE } from '../app/prerender/hydration.ts'
import { prerenderedRoutes } from '../app/prerender/routes.ts'
import {
  PAGE_MESSAGE_ATTRIBUTE,
  PAGE_PICTURE_ATTRIBUTE,
  PAGE_PICTURE_SLOT,
  PRELOAD_LATER_ATTRIBUTE,
  SCRIPT_LOADER,
  PRERENDERED_STYLES_ATTRIBUTE,
} from '../contract/prerender.ts'
import { NO_KEY_MESSAGE } from '../src/screens/public/map/messages.ts'
import { EARLY_SEARCH_SCRIPT } from '../contract/earlySearch.ts'
import { PAGE_ROWS_ATTRIBUTE, PAGE_ROWS_SCRIPT, PAGE_ROWS_TEMPLATE_ATTRIBUTE } from '../contract/pageRows.ts'
import {
  chunksOf,
  laterChunksOf,
  pageHtml,
  pageRowsSlot,
  scriptsAfterFirstPaint,
  withEarlySearch,
} from './prerender.ts'

const manifest: Manifest = {
  'index.html': { file: 'assets/index-1.js', imports: ['_react-2.js'], isEntry: true },
  '_react-2.js': { file: 'assets/react-2.js' },
  'src/screens/auth/LoginScreen.tsx': {
    file: 'assets/LoginScreen-3.js',
    imports: ['_AuthLayout-4.js', '_react-2.js'],
    isDynamicEntry: true,
  },
  '_AuthLayout-4.js': { file: 'assets/AuthLayout-4.js', imports: ['index.html'] },
}

describe('prerender', () => {
  it('lists a route’s chunks: its own and what it imports, transitively, each once', () => {
    expect([...chunksOf(manifest, 'src/screens/auth/LoginScreen.tsx')]).toEqual([
      '/assets/LoginScreen-3.js',
      '/assets/AuthLayout-4.js',
      '/assets/index-1.js',
      '/assets/react-2.js',
    ])
    expect(() => chunksOf(manifest, 'src/absent.tsx')).toThrow('absent du manifeste')
  })

  it('lists for later the chunks of the parts a screen loads apart, not the other screens nor what is loaded', () => {
    const withSheet: Manifest = {
      'index.html': {
        file: 'assets/index-1.js',
        imports: ['_react-2.js'],
        dynamicImports: ['src/screens/public/find/FindScreen.tsx', 'src/notifications/NotificationToast.tsx'],
        isEntry: true,
      },
      '_react-2.js': { file: 'assets/react-2.js' },
      'src/notifications/NotificationToast.tsx': { file: 'assets/Toast-9.js', isDynamicEntry: true },
      'src/screens/public/find/FindScreen.tsx': {
        file: 'assets/FindScreen-3.js',
        imports: ['_Picker-4.js', 'index.html'],
        dynamicImports: ['src/screens/public/map/PartnersMap.tsx'],
        isDynamicEntry: true,
      },
      '_Picker-4.js': {
        file: 'assets/Picker-4.js',
        imports: ['_react-2.js'],
        dynamicImports: ['src/design-system/components/BottomSheetPicker/PickerSheet.tsx'],
      },
      'src/design-system/components/BottomSheetPicker/PickerSheet.tsx': {
        file: 'assets/PickerSheet-5.js',
        imports: ['_radix-6.js', '_react-2.js', 'index.html'],
        isDynamicEntry: true,
      },
      '_radix-6.js': { file: 'assets/radix-6.js' },
      'src/screens/public/map/PartnersMap.tsx': { file: 'assets/PartnersMap-7.js', isDynamicEntry: true },
    }
    const loaded = chunksOf(withSheet, 'src/screens/public/find/FindScreen.tsx')
    expect(laterChunksOf(withSheet, 'src/screens/public/find/FindScreen.tsx', loaded)).toEqual([
      '/assets/PickerSheet-5.js',
      '/assets/radix-6.js',
    ])
    expect(laterChunksOf(manifest, 'src/screens/auth/LoginScreen.tsx', new Set())).toEqual([])
  })

  it('marks the page’s styled-components sheet as the prerender’s own, for the app to adopt as it is', () => {
    const template = '<html><head><title>Partenaires</title></head><body><div id="root"></div></body></html>'
    const login = prerenderedRoutes.find((route) => route.pattern === '/login')!
    const html = pageHtml(template, login, {
      html: '<main>Connexion</main>',
      styles: '<style data-styled="true" data-styled-version="6.6.0">.a{}/*!sc*/\n</style>',
    })
    expect(html).toContain(`<style ${PRERENDERED_STYLES_ATTRIBUTE}>.a{}/*!sc*/\n</style>`)
    expect(html).not.toContain('data-styled=')
  })

  it('fills the empty root with the markup and the head with its styles', () => {
    const login = prerenderedRoutes.find((route) => route.pattern === '/login')!
    const html = pageHtml(
      '<html><head><title>Partenaires</title></head><body><div id="root"></div></body></html>',
      login,
      { html: '<main>Connexion</main>', styles: '<style data-styled="true">.a{}</style>' },
    )
    expect(html).toBe(
      `<html><head><title>Connexion — Partenaires</title><style data-styled="true">.a{}</style>\n  </head><body><div id="root" ${PRERENDERED_ATTRIBUTE}="/login"><main>Connexion</main></div></body></html>`,
    )
    expect(() => pageHtml('<div id="app"></div>', login, { html: '', styles: '' })).toThrow('index.html')
    expect(() => pageHtml('<div id="root"></div>', login, { html: '', styles: '' })).toThrow('<title>')
  })

  it('gives each page the title its screen sets, and the app’s name where it is known only in the browser', () => {
    const template = '<head><title>Partenaires</title></head><body><div id="root"></div></body>'
    const rows = { html: '<div class="a"></div>', styles: '<style>.a{}</style>' }
    const titles = Object.fromEntries(
      prerenderedRoutes.map((route) => [
        route.pattern,
        /<title>([^<]*)<\/title>/.exec(
          pageHtml(template, route, { html: '', styles: '' }, 'with-maps-key', rows),
        )?.[1],
      ]),
    )
    expect(titles).toEqual({
      '/login': 'Connexion — Partenaires',
      '/inscription': 'Inscription — Partenaires',
      '/forgot-password': 'Mot de passe oublié — Partenaires',
      '/reset-password': 'Réinitialisation du mot de passe — Partenaires',
      '/confidentialite': 'Politique de confidentialité — Partenaires',
      '/mentions-legales': 'Mentions légales — Partenaires',
      '/accessibilite': 'Déclaration d’accessibilité — Partenaires',
      '/': 'Accueil — Partenaires',
      '/rechercher': 'Rechercher — Partenaires',
      // The partner's name comes with its data.
      '/partenaire/:id': 'Partenaires',
      '/map': 'Carte — Partenaires',
      '/menu': 'Menu — Partenaires',
      '/favoris': 'Mes favoris — Partenaires',
      '/mes-coupons': 'Mes coupons utilisés — Partenaires',
    })
    const map = prerenderedRoutes.find((route) => route.pattern === '/map')!
    expect(pageHtml(template, map, { html: '', styles: '' }, 'without-maps-key')).toContain(
      '<title>Carte — Partenaires</title>',
    )
  })

  it('puts Find’s early search first in the head, right after the charset, and only on Find', () => {
    expect(withEarlySearch('<head><meta charset="UTF-8" /><title>P</title></head>')).toBe(
      `<head><meta charset="UTF-8" />\n    <script>${EARLY_SEARCH_SCRIPT}</script><title>P</title></head>`,
    )
    expect(() => withEarlySearch('<head></head>')).toThrow('charset')
    expect(prerenderedRoutes.filter((route) => route.earlySearch).map((route) => route.pattern)).toEqual([
      '/rechercher',
    ])
  })

  it('gives a page with a main picture its slot after #root, and the slot its box on phones', () => {
    const home = prerenderedRoutes.find((route) => route.pattern === '/')!
    const html = pageHtml('<head><title>Partenaires</title></head><body><div id="root"></div></body>', home, {
      html: '',
      styles: '',
    })
    expect(html).toContain(
      `<div id="root" ${PRERENDERED_ATTRIBUTE}="/"></div><div ${PAGE_PICTURE_ATTRIBUTE} aria-hidden="true">${PAGE_PICTURE_SLOT}</div>`,
    )
    expect(html).toMatch(
      new RegExp(`<style>\\[${PAGE_PICTURE_ATTRIBUTE}\\]\\{position:absolute;[^<]*top: 56px;`),
    )
    expect(html).toContain(`@media (min-width:1280px){[${PAGE_PICTURE_ATTRIBUTE}]{display:none}}`)
  })

  it('gives the map’s page without a Maps key the no-key message after #root, styled as the screen’s', () => {
    const map = prerenderedRoutes.find((route) => route.pattern === '/map')!
    const template = '<head><title>Partenaires</title></head><body><div id="root"></div></body>'
    const page = { html: '<main>squelette</main>', styles: '' }
    expect(pageHtml(template, map, page)).toBe(
      `<head><title>Carte — Partenaires</title>\n  </head><body><div id="root" ${PRERENDERED_ATTRIBUTE}="/map"><main>squelette</main></div></body>`,
    )
    const html = pageHtml(template, map, page, 'without-maps-key')
    expect(html).toContain(
      `<main>squelette</main></div><div ${PAGE_MESSAGE_ATTRIBUTE}><div><svg viewBox="0 0 24 24" width="24" height="24"`,
    )
    expect(html).toContain(`<p>${NO_KEY_MESSAGE}</p></div></div></body>`)
    // The screen's colours (theme: surface, infoBg, text, info) and its Main's box above the bottom navigation.
    expect(html).toContain(
      `[${PAGE_MESSAGE_ATTRIBUTE}]{position:absolute;left:0;right:0;overflow:hidden;background:#ffffff;top: 0; height: calc(100dvh - 57px)}`,
    )
    expect(html).toContain('background:#e3f2fd;color:#1a1f26')
    expect(html).toContain(`@media (min-width:1280px){[${PAGE_MESSAGE_ATTRIBUTE}]{display:none}}`)
    // Another page has no such variant: its own slot only.
    const home = prerenderedRoutes.find((route) => route.pattern === '/')!
    expect(pageHtml(template, home, page, 'without-maps-key')).not.toContain(PAGE_MESSAGE_ATTRIBUTE)
  })

  it('moves the entry script and its module preloads after the first paint, into the inline loader', () => {
    const built = `<html><head><title>P</title>
    <script type="module" crossorigin src="/assets/index-1.js"></script>
    <link rel="modulepreload" crossorigin href="/assets/react-2.js">
  </head><body><div id="root"></div></body></html>`
    const html = scriptsAfterFirstPaint(built, [
      '/assets/index-1.js',
      '/assets/react-2.js',
      '/assets/Login-3.js',
    ])
    const head = html.split('</head>')[0]
    expect(head).not.toContain('type="module"')
    expect(head).not.toContain('modulepreload')
    expect(html).toContain(
      `<div id="root"></div>  <script data-entry="/assets/index-1.js" data-modules="/assets/react-2.js /assets/Login-3.js">${SCRIPT_LOADER}</script>\n  </body>`,
    )
    expect(() => scriptsAfterFirstPaint('<body></body>', [])).toThrow('entrée')
    expect(
      scriptsAfterFirstPaint(built, ['/assets/index-1.js'], ['/assets/Sheet-5.js', '/assets/radix-6.js']),
    ).toContain(
      `<script data-entry="/assets/index-1.js" data-modules="" ${PRELOAD_LATER_ATTRIBUTE}="/assets/Sheet-5.js /assets/radix-6.js">${SCRIPT_LOADER}</script>`,
    )
  })
})

/** Runs the inline loader against a stand-in document; returns what it added and how to drive it. */
function loaderRun(
  picture: { complete: boolean } | 'message' | 'rows' | null,
  storedUser: string | null = 'x',
) {
  const added: { tag: string; rel?: string; href?: string; type?: string; src?: string }[] = []
  const timers: (() => void)[] = []
  const imageListeners = new Map<string, () => void>()
  let removed = false
  let observer: ((list: { getEntries: () => { name: string }[] }) => void) | undefined
  class PerformanceObserver {
    static supportedEntryTypes = ['paint']
    constructor(callback: typeof observer) {
      observer = callback
    }
    observe(options: unknown) {
      expect(options).toEqual({ type: 'paint', buffered: true })
    }
  }
  const image = picture &&
    picture !== 'message' &&
    picture !== 'rows' && {
      ...picture,
      addEventListener: (name: string, listener: () => void) => imageListeners.set(name, listener),
    }
  const documentListeners = new Map<string, { listener: (event: unknown) => void; capture: unknown }>()
  const rootAttributes = new Set<string>()
  let mutationObserver: { callback: () => void; disconnected: boolean; options?: unknown } | undefined
  class MutationObserver {
    constructor(callback: (records: unknown[], observer: MutationObserver) => void) {
      mutationObserver = { callback: () => callback([], this), disconnected: false }
    }
    observe(target: unknown, options: unknown) {
      expect(target).toBe(document.documentElement)
      mutationObserver!.options = options
    }
    disconnect() {
      mutationObserver!.disconnected = true
    }
  }
  const document = {
    documentElement: { hasAttribute: (name: string) => rootAttributes.has(name) },
    visibilityState: 'visible',
    currentScript: {
      getAttribute: (name: string) => ({ 'data-entry': '/e.js', 'data-modules': '/a.js /b.js' })[name],
    },
    head: { appendChild: (node: (typeof added)[number]) => added.push(node) },
    createElement: (tag: string) => ({ tag }),
    addEventListener: (name: string, listener: (event: unknown) => void, capture?: unknown) =>
      documentListeners.set(name, { listener, capture }),
    // The page's slot: its picture (with an <img> inside) or its message (none); or Find's rows.
    querySelector: (selector: string) =>
      (selector === `[${PAGE_PICTURE_ATTRIBUTE}],[${PAGE_MESSAGE_ATTRIBUTE}]` &&
        picture &&
        picture !== 'rows') ||
      (selector === `[${PAGE_ROWS_ATTRIBUTE}]` && picture === 'rows')
        ? { querySelector: () => image || null, remove: () => (removed = true) }
        : null,
  }
  const localStorage = { getItem: () => storedUser }
  const run = new Function('document', 'window', 'setTimeout', 'localStorage', SCRIPT_LOADER)
  run(
    document,
    { PerformanceObserver, MutationObserver },
    (callback: () => void, delay: number) => {
      if (delay === 0) timers.push(callback)
    },
    localStorage,
  )
  const flush = () => timers.splice(0).forEach((timer) => timer())
  const paint = (name: string) => observer!({ getEntries: () => [{ name }] })
  /** The app marks <html data-app-start> after its first render; the loader's observer hears of it. */
  const appRendered = () => {
    rootAttributes.add('data-app-start')
    if (!mutationObserver!.disconnected) mutationObserver!.callback()
  }
  return {
    added,
    flush,
    paint,
    imageListeners,
    removed: () => removed,
    documentListeners,
    appRendered,
    mutationObserver,
  }
}

/** A form on the page and a submit event from its button, noting what the loader does with them. */
function submitOf(connected = true) {
  const submitted: unknown[] = []
  const form = {
    isConnected: connected,
    requestSubmit: (...submitter: unknown[]) => submitted.push(submitter),
  }
  const button = { form }
  let prevented = 0
  let stopped = 0
  const event = {
    target: form,
    submitter: button,
    preventDefault: () => (prevented += 1),
    stopPropagation: () => (stopped += 1),
  }
  return { event, button, submitted, prevented: () => prevented, stopped: () => stopped }
}

const started = [
  { tag: 'link', rel: 'modulepreload', href: '/a.js' },
  { tag: 'link', rel: 'modulepreload', href: '/b.js' },
  { tag: 'script', type: 'module', src: '/e.js' },
]

describe('Find’s rows template', () => {
  const rows = {
    html: '<div class="sc-a b"><a class="sc-c d" href="/partenaire/@@id@@" data-testid="partner-row">@@name@@</a></div>',
    styles:
      '<style data-styled="true" data-styled-version="6.1.19">.b>a{padding-right:60px;}/*!sc*/\n' +
      '.d:hover{color:red;}/*!sc*/\n.bb{color:blue;}/*!sc*/\n@media (min-width:600px){.d{gap:1px;}}/*!sc*/\n' +
      'data-styled.g1[id="sc-a"]{content:"b,"}/*!sc*/\n</style>',
  }
  const slot = pageRowsSlot(rows, 'top: 110px')

  it('renames every class of the template, in its markup and its rules, and drops the test ids', () => {
    expect(slot.html).toContain(
      `<template ${PAGE_ROWS_TEMPLATE_ATTRIBUTE}><div class="pr-sc-a pr-b"><a class="pr-sc-c pr-d" href="/partenaire/@@id@@">@@name@@</a></div></template>`,
    )
    expect(slot.style).toContain('.pr-b>a{padding-right:60px;}')
    expect(slot.style).toContain('.pr-d:hover{color:red;}')
    expect(slot.style).toContain('@media (min-width:600px){.pr-d{gap:1px;}}')
  })

  it('keeps only the rules of the template’s classes, outside styled-components’ sheet', () => {
    // `.bb` is another component's class, not `.b`'s; the rehydration marker would register the names.
    expect(slot.style).not.toContain('bb')
    expect(slot.style).not.toContain('data-styled')
    expect(slot.style).not.toMatch(/\.(b|d)[^\w-]/)
  })

  it('puts the slot, phones only, in its box, then the template, then the script that fills it', () => {
    expect(slot.style).toContain(`[${PAGE_ROWS_ATTRIBUTE}]{position:absolute;left:0;right:0;top: 110px}`)
    expect(slot.style).toContain(`@media (min-width:1280px){[${PAGE_ROWS_ATTRIBUTE}]{display:none}}`)
    expect(slot.html.startsWith(`<div ${PAGE_ROWS_ATTRIBUTE}></div><template`)).toBe(true)
    expect(slot.html.endsWith(`</template><script>${PAGE_ROWS_SCRIPT}</script>`)).toBe(true)
  })

  it('is put after Find’s #root only', () => {
    const template = '<html><head><title>Partenaires</title></head><body><div id="root"></div></body></html>'
    const page = { html: '<main></main>', styles: '' }
    for (const route of prerenderedRoutes) {
      const html = pageHtml(template, route, page, 'with-maps-key', rows)
      expect(html.includes(PAGE_ROWS_SCRIPT), route.pattern).toBe(route.pattern === '/rechercher')
    }
  })
})

describe('the inline script loader', () => {
  it('preloads the modules, then adds the entry, once, after the first contentful paint', () => {
    const { added, flush, paint } = loaderRun(null)
    paint('first-paint')
    flush()
    expect(added).toEqual([])
    paint('first-contentful-paint')
    paint('first-contentful-paint')
    expect(added).toEqual([])
    flush()
    expect(added).toEqual(started)
  })

  it('waits for the page picture in the HTML, loaded or failed, as well as for the paint', () => {
    const { added, flush, paint, imageListeners } = loaderRun({ complete: false })
    paint('first-contentful-paint')
    flush()
    expect(added).toEqual([])
    imageListeners.get('error')!()
    flush()
    expect(added).toEqual(started)
  })

  it('a visitor without a session never sees the signed-in page’s picture; the scripts start at once', () => {
    const { added, removed } = loaderRun({ complete: false }, null)
    expect(removed()).toBe(true)
    expect(added).toEqual(started)
  })

  it('with the page’s message in the HTML (no picture to wait for), starts after the first contentful paint', () => {
    const { added, flush, paint, removed } = loaderRun('message')
    expect(added).toEqual([])
    paint('first-contentful-paint')
    flush()
    expect(added).toEqual(started)
    expect(removed()).toBe(false)
  })

  it('on Find, waits for its rows drawn from the HTML (or none) as well as for the paint', () => {
    const { added, flush, paint, documentListeners, removed } = loaderRun('rows')
    paint('first-contentful-paint')
    flush()
    expect(added).toEqual([])
    documentListeners.get('pagerows')!.listener({})
    flush()
    expect(added).toEqual(started)
    expect(removed()).toBe(false)
  })

  it('a visitor without a session gets no rows slot on Find; the scripts start at once', () => {
    const { added, removed } = loaderRun('rows', null)
    expect(removed()).toBe(true)
    expect(added).toEqual(started)
  })

  it('a visitor without a session never sees the signed-in page’s message; the scripts start at once', () => {
    const { added, removed } = loaderRun('message', null)
    expect(removed()).toBe(true)
    expect(added).toEqual(started)
  })
})

describe('a form submitted before the app has rendered (prerendered /login, /inscription…)', () => {
  it('is held, not sent natively, and sent once the app has rendered, by the same button', () => {
    const { documentListeners, appRendered, mutationObserver } = loaderRun(null)
    const submit = documentListeners.get('submit')!
    expect(submit.capture).toBe(true)
    expect(mutationObserver!.options).toEqual({ attributes: true, attributeFilter: ['data-app-start'] })
    const { event, button, submitted, prevented, stopped } = submitOf()
    submit.listener(event)
    expect(prevented()).toBe(1)
    // Not handled by React's listeners during the hydration as well: the replay is the one submit.
    expect(stopped()).toBe(1)
    expect(submitted).toEqual([])
    appRendered()
    expect(submitted).toEqual([[button]])
    expect(mutationObserver!.disconnected).toBe(true)
  })

  it('is not held once the app has rendered: the app handles it', () => {
    const { documentListeners, appRendered } = loaderRun(null)
    appRendered()
    const { event, submitted, prevented } = submitOf()
    documentListeners.get('submit')!.listener(event)
    expect(prevented()).toBe(0)
    expect(submitted).toEqual([])
  })

  it('is dropped when the app rendered the page afresh (the held form is gone)', () => {
    const { documentListeners, appRendered } = loaderRun(null)
    const { event, submitted, prevented } = submitOf(false)
    documentListeners.get('submit')!.listener(event)
    expect(prevented()).toBe(1)
    appRendered()
    expect(submitted).toEqual([])
  })

  it('is held even when the scripts start at once (no session)', () => {
    const { documentListeners } = loaderRun({ complete: false }, null)
    const { event, prevented } = submitOf()
    documentListeners.get('submit')!.listener(event)
    expect(prevented()).toBe(1)
  })
})

/** A button on the page and a click inside it (`type` its type), noting what the loader does with them. */
function clickOn(type: string, connected = true) {
  let pressed = 0
  const button = { isConnected: connected, click: () => (pressed += 1) }
  const target = {
    closest: (selector: string) => (selector === 'button[type=button]' && type === 'button' ? button : null),
  }
  let prevented = 0
  let stopped = 0
  const event = { target, preventDefault: () => (prevented += 1), stopPropagation: () => (stopped += 1) }
  return { event, pressed: () => pressed, prevented: () => prevented, stopped: () => stopped }
}

describe('a button pressed before the app has rendered (« Retour » on a prerendered page…)', () => {
  it('is pressed again once the app has rendered: the prerendered button had no handler', () => {
    const { documentListeners, appRendered } = loaderRun(null)
    const click = documentListeners.get('click')!
    expect(click.capture).toBe(true)
    const { event, pressed, prevented, stopped } = clickOn('button')
    click.listener(event)
    expect(prevented()).toBe(1)
    // Not handled by React's listeners during the hydration as well: the replay is the one press.
    expect(stopped()).toBe(1)
    expect(pressed()).toBe(0)
    appRendered()
    expect(pressed()).toBe(1)
  })

  it('leaves a submit button to the held submit, and any press to the app once it has rendered', () => {
    const { documentListeners, appRendered } = loaderRun(null)
    const submitButton = clickOn('submit')
    documentListeners.get('click')!.listener(submitButton.event)
    expect(submitButton.prevented()).toBe(0)
    appRendered()
    expect(submitButton.pressed()).toBe(0)
    const later = clickOn('button')
    documentListeners.get('click')!.listener(later.event)
    expect(later.prevented()).toBe(0)
    expect(later.stopped()).toBe(0)
    expect(later.pressed()).toBe(0)
  })

  it('is dropped when the app rendered the page afresh (the pressed button is gone)', () => {
    const { documentListeners, appRendered } = loaderRun(null)
    const { event, pressed } = clickOn('button', false)
    documentListeners.get('click')!.listener(event)
    appRendered()
    expect(pressed()).toBe(0)
  })
})

describe('prerendered routes', () => {
  it('names, for every prerendered route, a screen module and a distinct file', () => {
    const files = prerenderedRoutes.map((route) => route.file)
    expect(new Set(files).size).toBe(files.length)
    for (const route of prerenderedRoutes) expect(route.screenModule).toMatch(/^src\/screens\/.+Screen\.tsx$/)
  })
})
