import { test as base } from '@playwright/test'
import { e2eServersKey, type E2eServer } from './servers.ts'

/** The servers the global setup started, one per worker (e2e/global-setup.ts). */
function e2eServers(): E2eServer[] {
  const servers = process.env[e2eServersKey]
  if (!servers)
    throw new Error(`${e2eServersKey} absent : les serveurs sont démarrés par e2e/global-setup.ts`)
  return JSON.parse(servers) as E2eServer[]
}

/**
 * The journeys' `test`: each worker talks to its own server (parallelIndex stays the same when a worker is
 * replaced after a failure), so its journeys see only their own changes to the data.
 */
export const test = base.extend<{ server: E2eServer }>({
  // eslint-disable-next-line no-empty-pattern -- Playwright fixtures take their dependencies as a pattern
  server: async ({}, provide, testInfo) => {
    const server = e2eServers()[testInfo.parallelIndex]
    if (!server) throw new Error(`Pas de serveur pour le worker ${testInfo.parallelIndex}`)
    await provide(server)
  },
  baseURL: async ({ server }, provide) => provide(server.url),
})

export { expect } from '@playwright/test'
