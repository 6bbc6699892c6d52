import { HttpResponse, type HttpHandler } from 'msw'
import type { Dashboard, PartnerImportPreview } from '@/contract/backoffice.ts'
import {
  dashboard,
  partnersCsv,
  previewReady,
  previewWithErrors,
  previewWithUpdates,
} from '../fixtures/dashboard.ts'
import { mockApi } from './mockApi.ts'

const csv = (text: string) =>
  new HttpResponse(text, { headers: { 'content-type': 'text/csv; charset=utf-8' } }) as HttpResponse<string>

/** The back-office exports, import and dashboard (issue 21), answering from fixtures. */
export function exchangeHandlers(
  options: {
    dashboard?: Dashboard
    /** The preview without, then with « Créer les catégories manquantes ». */
    preview?: (createCategories: boolean) => PartnerImportPreview
  } = {},
): HttpHandler[] {
  const preview = options.preview ?? ((create) => (create ? previewReady : previewWithErrors))
  return [
    mockApi('getDashboard', () => HttpResponse.json(options.dashboard ?? dashboard)),
    mockApi('exportPartners', () => csv(partnersCsv)),
    mockApi('exportUsers', () =>
      csv('\uFEFFId;Prénom;Nom;Email;Statut;Rôle;Inscrit le;Coupons utilisés\r\n'),
    ),
    mockApi('exportCouponUses', () =>
      csv(
        '\uFEFFUtilisé le;Utilisateur;Email;Partenaire;Id partenaire;Coupon;Id coupon;Réactivé;Réactivé le\r\n',
      ),
    ),
    mockApi('previewPartnerImport', ({ request }) =>
      HttpResponse.json(preview(new URL(request.url).searchParams.get('createCategories') === 'true')),
    ),
    mockApi('importPartners', ({ request }) => {
      const ready = preview(new URL(request.url).searchParams.get('createCategories') === 'true')
      if (ready.errorCount > 0)
        return HttpResponse.json(
          { message: `Aucun partenaire importé : le fichier contient ${ready.errorCount} erreurs.` },
          { status: 400 },
        )
      // The duplicates of saved partners updated as the server would: `duplicates` for all, but `exceptLines`.
      const params = new URL(request.url).searchParams
      const except = (params.get('exceptLines') ?? '').split(',')
      const updatedDuplicates = ready.duplicates.filter(
        (duplicate) =>
          duplicate.existing &&
          (params.get('duplicates') === 'update') !== except.includes(String(duplicate.line)),
      ).length
      return HttpResponse.json(
        {
          created: ready.validCount - ready.updateCount,
          updated: ready.updateCount + updatedDuplicates,
          ignored: ready.duplicateCount - updatedDuplicates,
          categoriesCreated: ready.newCategories,
        },
        { status: 201 },
      )
    }),
  ]
}

/**
 * An import whose partner 1 someone else changes between the first preview and the import: the import sending
 * that preview's `versions` is refused (412, with the server's message), a new preview reads the new version and
 * its import goes through. `sent` keeps each import's « versions » field; `reset` in a story's `beforeEach`.
 */
export function importChangedSincePreview() {
  let version = 3
  let previews = 0
  const sent: (string | null)[] = []
  const versions = () => `1:${version},2:1`
  const handlers: HttpHandler[] = [
    mockApi('previewPartnerImport', () => {
      const answer = { ...previewWithUpdates, versions: versions() }
      // Alice Martin saves partner 1 right after the first preview.
      if (++previews === 1) version++
      return HttpResponse.json(answer)
    }),
    mockApi('importPartners', async ({ request }) => {
      const field = (await request.formData()).get('versions')
      sent.push(typeof field === 'string' ? field : null)
      if (field !== versions())
        return HttpResponse.json(
          {
            message:
              'Aucun partenaire importé, pour ne pas écraser une modification plus récente : « Le Comptoir du Panier » (ligne 2) a été modifié par Alice Martin le 28/11/2026 à 09:12 depuis l’aperçu. Refaites l’aperçu pour voir le fichier face aux versions actuelles.',
          },
          { status: 412 },
        )
      return HttpResponse.json({ created: 1, updated: 2, ignored: 0, categoriesCreated: [] }, { status: 201 })
    }),
  ]
  return {
    handlers,
    sent,
    reset() {
      version = 3
      previews = 0
      sent.length = 0
    },
  }
}

/**
 * The partner and user exports answering the fixture's file, each request's query kept in `queries` (e.g. the
 * `ids` of « Exporter la sélection ») for play functions; `reset` in a story's `beforeEach`.
 */
export function recordedExports() {
  const queries: URLSearchParams[] = []
  const handlers: HttpHandler[] = [
    mockApi('exportPartners', ({ request }) => {
      queries.push(new URL(request.url).searchParams)
      return csv(partnersCsv)
    }),
    mockApi('exportUsers', ({ request }) => {
      queries.push(new URL(request.url).searchParams)
      return csv('\uFEFFId;Prénom;Nom;Email;Statut;Rôle;Inscrit le;Coupons utilisés\r\n')
    }),
  ]
  return {
    handlers,
    queries,
    reset() {
      queries.length = 0
    },
  }
}
