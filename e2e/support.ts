import type { APIRequestContext, Page } from '@playwright/test'
import type { AuthUser, PartnerSearchResult } from '../contract/schemas.ts'
import { apiPaths } from '../contract/paths.ts'

/** A fresh user, registered through the real API (each journey starts from its own account). */
export async function registerUser(
  request: APIRequestContext,
  firstname = 'Test',
): Promise<AuthUser & { password: string }> {
  const password = 'une phrase de passe de test'
  const email = `${firstname.toLowerCase()}.${Date.now()}.${Math.floor(Math.random() * 1e6)}@exemple.fr`
  const response = await request.post(apiPaths.register(), {
    data: { firstname, lastname: 'Parcours', email, password },
  })
  if (!response.ok()) throw new Error(`Inscription refusée : ${response.status()} ${await response.text()}`)
  return { ...((await response.json()) as AuthUser), password }
}

/** Signs in through the real API and stores the session where the app restores it from. */
export async function signInAs(
  page: Page,
  credentials: { email: string; password: string },
): Promise<AuthUser> {
  const response = await page.request.post(apiPaths.authenticate(), {
    data: { username: credentials.email, password: credentials.password },
  })
  if (!response.ok()) throw new Error(`Connexion refusée : ${response.status()} ${await response.text()}`)
  const user = (await response.json()) as AuthUser
  await page.addInitScript((stored) => {
    if (!localStorage.getItem('user')) localStorage.setItem('user', stored)
  }, JSON.stringify(user))
  return user
}

/** The first partner the search shows this user: a partner page that exists in the demo directory. */
export async function firstPartnerId(page: Page, accessToken: string): Promise<number> {
  const search = await page.request.get(apiPaths.partnerSearch(), {
    headers: { authorization: `Bearer ${accessToken}` },
  })
  return ((await search.json()) as PartnerSearchResult[])[0].partnerId.id
}

/** The paths of the build's chunks matching `file` (e.g. /^PartnersMap-/) that this page has fetched. */
export function chunksLoaded(page: Page, file: RegExp): Promise<string[]> {
  return page.evaluate(
    ({ source, flags }) =>
      performance
        .getEntriesByType('resource')
        .map((entry) => new URL(entry.name).pathname)
        .filter((path) => path.startsWith('/assets/') && new RegExp(source, flags).test(path.slice(8))),
    { source: file.source, flags: file.flags },
  )
}

/**
 * The map's own chunks (src/screens/public/map/PartnersMap.tsx: the map, its filters, the marker's sheet) this
 * page has asked for: loaded only when the server has a Maps key.
 */
export const mapChunksLoaded = (page: Page) => chunksLoaded(page, /^PartnersMap-[\w-]+\.js$/)
