/**
 * Whether `error` is a page's code that could not be fetched (offline, or a release gone from the server), as
 * each browser words it: Chromium's and Firefox's failed `import()`, Safari's, and Vite's preload of a chunk's
 * styles.
 */
export function isChunkLoadError(error: unknown): boolean {
  if (!(error instanceof Error)) return false
  return /dynamically imported module|Importing a module script failed|Unable to preload/i.test(error.message)
}
