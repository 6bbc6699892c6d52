import { loadavg } from 'node:os'
import { afterAll, beforeAll, expect, it } from 'vitest'
import type { PartnerImportPreview, PartnerImportResult } from '@/contract/backoffice.ts'
import type { PartnerPage } from '@/contract/schemas.ts'
import { fileForm, startAsAdmin, type Client, type TestServer } from './helpers.ts'

let server: TestServer
let api: Client
let token: string

beforeAll(async () => {
  let admin
  ;({ server, api, admin } = await startAsAdmin())
  token = admin.access_token
})
afterAll(() => server.close())

const LINES = 10_000

/**
 * A 10,000-line file imports whole (batched inserts in one transaction). Its time is printed, not asserted: speed
 * targets belong to `npm run bench`, not to a test on a shared machine.
 */
it('imports 10,000 partners in one all-or-nothing transaction', async () => {
  const categories = ['Restaurants', 'Bars', 'Librairies', 'Sport', 'Beauté']
  const csv = [
    '\uFEFFDénomination;Description;SIREN;Adresse;Code postal;Ville;Latitude;Longitude;Email;Téléphone;Prénom gérant;Nom gérant;Catégories;Statut',
    ...Array.from(
      { length: LINES },
      (_, i) =>
        `Partenaire ${i};"Description du partenaire ${i}; avec un point-virgule";;${i} rue de la République;13001;Marseille;43,${2900 + (i % 100)};5,${3700 + (i % 100)};p${i}@test.fr;04 91 00 ${String(i % 100).padStart(2, '0')} 00;Jean;Dupont;${categories[i % 5]} | ${categories[(i + 1) % 5]};Actif`,
    ),
  ].join('\r\n')
  const form = () => fileForm(csv, 'partenaires.csv', 'text/csv')

  let start = performance.now()
  const preview = await api.request<PartnerImportPreview>(
    'POST',
    '/api/imports/partners/preview?createCategories=true',
    {
      token,
      raw: form(),
    },
  )
  const previewMs = performance.now() - start
  expect(preview.status).toBe(200)
  expect(preview.body).toMatchObject({ lineCount: LINES, validCount: LINES, errorCount: 0 })

  start = performance.now()
  const done = await api.request<PartnerImportResult>('POST', '/api/imports/partners?createCategories=true', {
    token,
    raw: form(),
  })
  const importMs = performance.now() - start
  expect(done.status).toBe(201)
  expect(done.body.created).toBe(LINES)

  const store = process.env.DATABASE_URL ? 'PostgreSQL' : 'PGlite'
  console.info(
    `${store}: ${LINES} lignes (${Math.round(Buffer.byteLength(csv) / 1024)} Ko) — aperçu ${Math.round(previewMs)} ms, import ${Math.round(importMs)} ms, charge ${loadavg()
      .map((l) => l.toFixed(2))
      .join(' ')}`,
  )
  const partners = await api.get<PartnerPage>('/api/partners?pageSize=1', { token })
  expect(partners.body.total).toBe(LINES)
}, 60_000)
