import { HttpResponse } from 'msw'
import type { ClientConfig } from '@/contract/schemas.ts'
import { mockApi } from './mockApi.ts'
import { iconHandlers } from './icons.ts'
import { baseFavoritesHandlers, baseUsedOffersHandlers } from './me.ts'
import { homeHandlers } from './offerUses.ts'

export const demoClientConfig: ClientConfig = {
  googleMapsApiKey: null,
  helpUrl: '/docs/aide.html',
  termsUrl: '/docs/conditions-generales-utilisation.pdf',
  privacyUrl: '/docs/politique-de-confidentialite.pdf',
}

export const configHandlers = {
  config: (config: Partial<ClientConfig> = {}) =>
    mockApi('getConfig', () => HttpResponse.json({ ...demoClientConfig, ...config })),
}

/**
 * Answered in every story unless the story overrides them: the run-time configuration, category icons, the
 * user's (empty) favourites that every partner's heart reads, their (empty) list of used coupons, and their
 * (empty) Home rows.
 */
export const baseHandlers = [
  configHandlers.config(),
  iconHandlers.icon(),
  ...baseFavoritesHandlers,
  ...baseUsedOffersHandlers,
  homeHandlers.empty(),
]
