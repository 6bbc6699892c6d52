/**
 * Codemod: rewrites every relative import that climbs two or more folders (`../../x`) as an `@/` import from
 * the repository's root (`@/src/x`), the alias tsconfig.json's `paths` and vite.config.ts's `resolve.alias`
 * define. Imports within a folder or its parent (`./x`, `../x`) stay as they are. Idempotent: a second run
 * finds nothing to change.
 *
 * Usage: node --import tsx scripts/aliases.ts [--check] [folder or file …]
 * Default: the TypeScript and JavaScript files git tracks (or that are new and not ignored) in the client,
 * server and test folders. --check changes nothing and exits 1 when a file would change (for CI).
 */
import { execFileSync } from 'node:child_process'
import { readFileSync, writeFileSync } from 'node:fs'
import { dirname, relative, resolve, sep } from 'node:path'
import { fileURLToPath } from 'node:url'
import { parseArgs } from 'node:util'

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..')

const defaultFolders = [
  'app',
  'bench',
  'contract',
  'e2e',
  'mocks',
  'scripts',
  'server',
  'src',
  'stories',
  '.storybook',
]

/**
 * Files Vite's config loads when it bundles itself (vite.config.ts -> scripts/prerender.ts -> these): that bundle
 * is resolved by Node, before the config's alias exists, so they keep relative imports.
 */
const loadedByViteConfig = new Set(['app/prerender/routes.ts'])

/** `from '…'`, `import '…'`, `import('…')`, `vi.mock('…')`: the specifier is the third group. */
const importPattern =
  /(\bfrom\s*|\bimport\s*\(\s*|\bimport\s+|\bvi\.mock\(\s*)(['"])(\.\.\/\.\.\/[^'"\n]*)\2/g

/** The `@/` form of a climbing specifier, or null when it leaves the repository (then it is left alone). */
export function aliasFor(file: string, specifier: string): string | null {
  const target = resolve(dirname(file), specifier)
  const fromRoot = relative(root, target)
  if (fromRoot === '' || fromRoot.startsWith('..') || resolve(root, fromRoot) !== target) return null
  return `@/${fromRoot.split(sep).join('/')}`
}

/** The file's text with its climbing imports aliased. */
export function rewriteImports(file: string, text: string): string {
  return text.replace(importPattern, (whole, before: string, quote: string, specifier: string) => {
    const alias = aliasFor(file, specifier)
    return alias ? `${before}${quote}${alias}${quote}` : whole
  })
}

function sourceFiles(paths: string[]): string[] {
  const listed = execFileSync(
    'git',
    ['ls-files', '--cached', '--others', '--exclude-standard', '--', ...paths],
    {
      cwd: root,
      encoding: 'utf8',
    },
  )
  return listed
    .split('\n')
    .filter((path) => /\.(?:ts|tsx|mts|js|jsx|mjs)$/.test(path) && !path.includes('node_modules/'))
    .filter((path) => !loadedByViteConfig.has(path))
    .map((path) => resolve(root, path))
}

function main() {
  const { values, positionals } = parseArgs({
    options: { check: { type: 'boolean', default: false } },
    allowPositionals: true,
  })
  const files = sourceFiles(positionals.length > 0 ? positionals : defaultFolders)
  const changed: string[] = []
  for (const file of files) {
    const before = readFileSync(file, 'utf8')
    const after = rewriteImports(file, before)
    if (after === before) continue
    changed.push(relative(root, file))
    if (!values.check) writeFileSync(file, after)
  }
  const verb = values.check ? 'à réécrire' : 'réécrits'
  console.log(`${changed.length} fichiers ${verb} sur ${files.length}`)
  for (const file of changed) console.log(`  ${file}`)
  if (values.check && changed.length > 0) process.exitCode = 1
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) main()
