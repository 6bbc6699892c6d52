import { describe, expect, it } from 'vitest'
import { publicAppFiles } from './pwa.ts'

describe('the service worker’s precache list', () => {
  it('holds what the public app can load, statically or lazily, and nothing only the back-office uses', () => {
    const files = publicAppFiles({
      'index.html': {
        file: 'assets/index-1.js',
        isEntry: true,
        imports: ['_react.js'],
        dynamicImports: ['src/screens/public/FindScreen.tsx', 'src/screens/backoffice/Partners.tsx'],
        css: ['assets/index-1.css'],
      },
      '_react.js': { file: 'assets/react-2.js' },
      'src/screens/public/FindScreen.tsx': {
        file: 'assets/FindScreen-3.js',
        imports: ['_Button.js'],
        assets: ['assets/empty-4.svg'],
      },
      'src/screens/backoffice/Partners.tsx': {
        file: 'assets/bo-Partners-5.js',
        imports: ['_Button.js', '_DataTable.js'],
      },
      '_Button.js': { file: 'assets/Button-6.js' },
      '_DataTable.js': { file: 'assets/DataTable-7.js' },
    })
    expect([...files].sort()).toEqual([
      'assets/Button-6.js',
      'assets/FindScreen-3.js',
      'assets/empty-4.svg',
      'assets/index-1.css',
      'assets/index-1.js',
      'assets/react-2.js',
    ])
  })
})
