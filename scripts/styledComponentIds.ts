import { transformAsync } from '@babel/core'
import type { Plugin } from 'vite'

/**
 * Stable styled-components class names for the app's builds (issue 38: hydration does no work the HTML already
 * did). styled-components names a component after a counter of the components created before it, so the same
 * component got one class name in the prerendered HTML (the Node bundle, app/prerender) and another in the
 * browser, whose chunks create the components in another order: the browser then inserted every rule of the
 * page again under its own names (25 rules on /login, TextField's and Button's), and React's first update of an
 * element swapped its class. babel-plugin-styled-components, styled-components' own plugin, names each component
 * after its file (relative to the package) and its rank in the file instead (its `ssr` option), which both builds
 * share; nothing else of the plugin is turned on. Builds only (the client, the prerender's Node bundle and
 * Storybook's): the dev server and the tests render nothing prerendered.
 */
export function styledComponentIds(): Plugin {
  return {
    name: 'styled-component-ids',
    apply: 'build',
    enforce: 'pre',
    transform: {
      filter: { id: /\.tsx?$/, code: 'styled-components' },
      async handler(code, id) {
        if (id.includes('/node_modules/')) return null
        const result = await transformAsync(code, {
          filename: id,
          babelrc: false,
          configFile: false,
          sourceMaps: true,
          parserOpts: { plugins: id.endsWith('.tsx') ? ['jsx', 'typescript'] : ['typescript'] },
          plugins: [
            [
              'babel-plugin-styled-components',
              {
                ssr: true,
                displayName: false,
                fileName: false,
                minify: false,
                transpileTemplateLiterals: false,
                pure: false,
              },
            ],
          ],
        })
        return result?.code ? { code: result.code, map: result.map } : null
      },
    },
  }
}
