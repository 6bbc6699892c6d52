import { HttpResponse, type HttpHandler } from 'msw'
import type { Dashboard, PartnerImportPreview } from '@/contract/backoffice.ts'
import { dashboard, partnersCsv, previewReady, previewWithErrors } from '../fixtures/dashboard.ts'
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
