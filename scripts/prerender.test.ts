import type { Manifest } from 'vite'
import { describe, expect, it } from 'vitest'
import { PRERENDERED_ATTRIBUTE } from '../app/prerender/hydration.ts'
import { prerenderedRoutes } from '../app/prerender/routes.ts'
import { chunksOf, pageHtml } from './prerender.ts'

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

  it('fills the empty root with the markup and the head with its styles', () => {
    const login = prerenderedRoutes.find((route) => route.pattern === '/login')!
    const html = pageHtml(
      '<html><head><title>Partenaires</title></head><body><div id="root"></div></body></html>',
      login,
      { html: '<main>Connexion</main>', styles: '<style data-styled="true">.a{}</style>' },
    )
    expect(html).toBe(
      `<html><head><title>Partenaires</title><style data-styled="true">.a{}</style>\n  </head><body><div id="root" ${PRERENDERED_ATTRIBUTE}="/login"><main>Connexion</main></div></body></html>`,
    )
    expect(() => pageHtml('<div id="app"></div>', login, { html: '', styles: '' })).toThrow('index.html')
  })

  it('names, for every prerendered route, a screen module and a distinct file', () => {
    const files = prerenderedRoutes.map((route) => route.file)
    expect(new Set(files).size).toBe(files.length)
    for (const route of prerenderedRoutes) expect(route.screenModule).toMatch(/^src\/screens\/.+Screen\.tsx$/)
  })
})
