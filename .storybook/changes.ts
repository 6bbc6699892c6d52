import { execFileSync } from 'node:child_process'
import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import type { Plugin } from 'vite'
import { sanitize } from 'storybook/internal/csf'

/** One design-system part as the 'Nouveautés' page lists it. */
export interface ComponentChange {
  title: string
  docsId: string
  /** ISO 8601 date and time of the last commit that touched it (newest first, to the second). */
  lastChange: string
  changesIn60Days: number
  subjects: string[]
}

const MODULE_ID = 'virtual:storybook-changes'
// Storybook, its build and the story tests all run from the repository's root.
const root = process.cwd()

function git(args: string[]) {
  try {
    return execFileSync('git', args, { cwd: root, encoding: 'utf8' }).trim()
  } catch {
    // A copy without its history (an archive): the page says there is nothing to show.
    return ''
  }
}

/**
 * For each design-system story file, its component's last change in git (story file or component folder), how
 * many commits touched it in the last 60 days and their subjects, newest first: read when Storybook builds, so
 * the page follows the history without being edited.
 */
export function componentChanges(): ComponentChange[] {
  const storiesDir = join(root, 'stories/design-system')
  const changes = readdirSync(storiesDir)
    .filter((file) => file.endsWith('.stories.tsx'))
    .map((file) => {
      const title = /title: '([^']+)'/.exec(readFileSync(join(storiesDir, file), 'utf8'))?.[1] ?? file
      const name = file.replace('.stories.tsx', '')
      const paths = [`stories/design-system/${file}`, `src/design-system/components/${name}`]
      const [lastChange = ''] = git(['log', '-1', '--format=%cI', '--', ...paths]).split('\n')
      const recent = git(['log', '--since=60.days', '--format=%s', '--', ...paths])
      const subjects = recent ? recent.split('\n') : []
      return {
        title,
        docsId: `${sanitize(title)}--documentation`,
        lastChange,
        changesIn60Days: subjects.length,
        subjects,
      }
    })
  return changes
    .filter((change) => change.lastChange)
    .sort((a, b) => Date.parse(b.lastChange) - Date.parse(a.lastChange))
}

/** `import changes from 'virtual:storybook-changes'` in a docs page. */
export function storybookChanges(): Plugin {
  return {
    name: 'storybook-changes',
    resolveId: (id) => (id === MODULE_ID ? `\0${MODULE_ID}` : undefined),
    load: (id) =>
      id === `\0${MODULE_ID}` ? `export default ${JSON.stringify(componentChanges())}` : undefined,
  }
}
