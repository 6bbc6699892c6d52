import { describe, expect, it } from 'vitest'
import { isChunkLoadError } from './chunkLoadError.ts'

describe('isChunkLoadError', () => {
  it('recognises a chunk that could not be fetched, as each browser and Vite word it', () => {
    for (const message of [
      'Failed to fetch dynamically imported module: https://exemple.fr/assets/MenuScreen-a1.js',
      'error loading dynamically imported module: https://exemple.fr/assets/MenuScreen-a1.js',
      'Importing a module script failed.',
      'Unable to preload CSS for /assets/MapScreen-b2.css',
    ])
      expect(isChunkLoadError(new TypeError(message)), message).toBe(true)
  })

  it('leaves any other error to the unexpected-error page', () => {
    expect(isChunkLoadError(new TypeError("Cannot read properties of undefined (reading 'id')"))).toBe(false)
    expect(isChunkLoadError('Failed to fetch dynamically imported module')).toBe(false)
    expect(isChunkLoadError(null)).toBe(false)
  })
})
