import type { Preview } from '@storybook/react-vite'
// Before any component's styles: the story files share one page (vite.config.ts, `isolate: false`), and
// Charts.css, appended after the styled-components sheet by whichever file first renders a BarChart, would
// otherwise win over the chart's own rules of equal specificity in every later file.
import 'charts.css'
import { isCommonAssetRequest } from 'msw'
import { mswLoader } from 'msw-storybook-addon/csf3'
import { configure } from 'storybook/test'
import { baseHandlers } from '../mocks/handlers/config.ts'
import { resetHandlerState } from '../mocks/handlers/storyState.ts'
import { withAppProviders } from './decorators.tsx'
import { ScreenFramesDocsContainer } from './docsFrames.tsx'

/**
 * How long findBy* and waitFor wait for what a play function asserts (Testing Library's default is 1 s). On a
 * loaded machine (CI: load 8-10, up to 30 measured with the other suites beside) a screen's answer, lazy chunk
 * and render took longer than 1 s, twice in a row, and its story failed; a story that passes never waits longer.
 */
configure({ asyncUtilTimeout: 10_000 })

/** Phone first (the end-user app), desktop for the back-office; stories pick with `globals.viewport`. */
const viewports = {
  phone: { name: 'Téléphone 390x844', styles: { width: '390px', height: '844px' }, type: 'mobile' },
  tablet: { name: 'Tablette 820x1180', styles: { width: '820px', height: '1180px' }, type: 'tablet' },
  desktop: { name: 'Ordinateur 1366x900', styles: { width: '1366px', height: '900px' }, type: 'desktop' },
}

/** One worker for all stories; its initial handlers (run-time config) survive the reset between stories. */
async function startWorker() {
  const { setupWorker } = await import('msw/browser')
  const worker = setupWorker(...baseHandlers)
  await worker.start({
    quiet: true,
    onUnhandledRequest(request, print) {
      // An API call a story forgot to mock is a bug in the story: say so loudly.
      if (new URL(request.url).pathname.startsWith('/api/')) print.error()
      else if (!isCommonAssetRequest(request)) return
    },
  })
  return worker
}

/**
 * In a standalone Vitest run (`vitest run`, `npm test`), the accessibility report the addon keeps on each story
 * keeps axe's violations alone. The whole result (every rule's passes, incomplete and inapplicable checks with
 * their elements: 45 KB-1.1 MB a story) went with the test's result to Vitest's process, which only Storybook's
 * test panel reads: 175 MB over the 441 stories, serialised in the page and parsed in Node. The check itself is
 * unchanged: the addon fails the story on the violations of the result it holds, not on the report.
 */
function keepViolationsInReports({ reporting }: { reporting: { addReport(report: Report): Promise<void> } }) {
  if (import.meta.env.VITEST_STORYBOOK !== 'false') return
  const addReport = reporting.addReport.bind(reporting)
  reporting.addReport = (report) => {
    const result = report.result as { violations?: unknown } | undefined
    // axe's error (no violations list) is kept whole.
    if (report.type !== 'a11y' || !Array.isArray(result?.violations)) return addReport(report)
    return addReport({ ...report, result: { violations: result.violations } })
  }
}
interface Report {
  type: string
  result: unknown
}

const preview: Preview = {
  loaders: [mswLoader(startWorker)],
  // Stateful handlers start afresh for each story, and for a story run again (a retry, a second visit).
  beforeEach: [resetHandlerState, keepViolationsInReports],
  decorators: [withAppProviders],
  tags: ['autodocs'],
  parameters: {
    layout: 'centered',
    controls: { matchers: { color: /(background|color)$/i, date: /Date$/i } },
    a11y: { test: 'error' },
    viewport: { options: viewports },
    backgrounds: { disable: true },
    // Screens' stories render in frames of their own on their docs pages (docsFrames.tsx).
    docs: { container: ScreenFramesDocsContainer },
    options: {
      // Designers land on the introduction and what changed; then the tokens, the components by role, the screens.
      storySort: {
        order: [
          'Introduction',
          'Nouveautés',
          'Fondations',
          [
            'Couleurs',
            'Couleurs par rôle',
            'Typographie',
            'Espacements',
            'Arrondis',
            'Ombres',
            'Points de rupture',
            'Mouvement',
            'Icônes',
          ],
          'Système de conception',
          ['Saisie', 'Messages et attente', 'Navigation', 'Affichage de données', 'Mise en page'],
          'Écrans',
        ],
      },
    },
  },
}

export default preview
