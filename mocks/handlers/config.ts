import { HttpResponse } from 'msw'
import type { ClientConfig } from '../../contract/schemas.ts'
import { mockApi } from './mockApi.ts'
import { iconHandlers } from './icons.ts'

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

/** Answered in every story unless the story overrides them: the run-time configuration and category icons. */
export const baseHandlers = [configHandlers.config(), iconHandlers.icon()]
