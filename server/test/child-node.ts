/**
 * How the tests start server/main.ts and the scripts in a child process: the same files `npm start` and `npm run
 * backup` run with tsx, run by Node's own type stripping with a resolve hook for the '@/…' alias
 * (node-hooks.ts). tsx's loader costs ~0.7 CPU-s of each start (full server start 3.6 → 2.9 CPU-s, restore
 * script 1.0 → 0.5), and the suites start some 30 such processes; the end-to-end journeys still start the server
 * with tsx, as `npm start` does. A Node without type stripping or registerHooks falls back to tsx.
 * No vitest import: the bench's memory section starts servers through load-mix.ts outside vitest.
 */
import * as nodeModule from 'node:module'

const native = Boolean(process.features.typescript) && typeof nodeModule.registerHooks === 'function'

/** Node's arguments before the entry file. */
export const childNodeArgs: readonly string[] = [
  '--import',
  native ? new URL('./node-hooks.ts', import.meta.url).href : 'tsx',
]
