/**
 * Counted as a failed test (the other files fail in beforeAll, which vitest reports as skipped tests): in CI a
 * machine without nginx or PostgreSQL must not pass this suite quietly.
 */
import { expect, it } from 'vitest'
import { clusterUnavailable } from '@/scripts/cluster/index.ts'

it('nginx and the PostgreSQL binaries are installed', () => {
  expect(clusterUnavailable()).toBeNull()
})
