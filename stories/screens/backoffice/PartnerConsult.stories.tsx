import type { Meta, StoryObj } from '@storybook/react-vite'
import { expect, fireEvent, userEvent, waitFor, within } from 'storybook/test'
import { apiPaths, routePatterns } from '@/contract/paths.ts'
import type { AuditEntry, OfferUpdateBody } from '@/contract/schemas.ts'
import { auditEntries } from '@/mocks/fixtures/audit.ts'
import { signedInAdmin } from '@/mocks/fixtures/session.ts'
import { createBackofficeApi, failing, pending } from '@/mocks/handlers/backoffice.ts'
import { PartnerConsultScreen } from '@/src/screens/backoffice/partners/PartnerConsultScreen.tsx'
import { withToast } from './decorators.tsx'
import { chooseOption, expectToast, findDialog, portals } from './helpers.ts'
import { versionedRecord } from './versioned.ts'
import { fill } from '@/stories/fill.ts'

const api = createBackofficeApi()

const meta = {
  title: 'Écrans/Back-office/Partenaire (consultation)',
  component: PartnerConsultScreen,
  decorators: [withToast],
  beforeEach: () => api.reset(),
  parameters: {
    layout: 'fullscreen',
    session: { user: signedInAdmin },
    router: { path: '/bo/partenaires/:id', initialEntries: ['/bo/partenaires', '/bo/partenaires/1'] },
    msw: api.handlers,
  },
  globals: { viewport: { value: 'desktop' } },
} satisfies Meta<typeof PartnerConsultScreen>

export default meta
type Story = StoryObj<typeof meta>

const photo = () => new File([new Uint8Array([137, 80, 78, 71])], 'vitrine.png', { type: 'image/png' })
const photosRegion = (canvasElement: HTMLElement) =>
  within(within(canvasElement).getByRole('region', { name: 'Photos' }))
const couponsRegion = (canvasElement: HTMLElement) =>
  within(within(canvasElement).getByRole('region', { name: 'Coupons', hidden: true }))
const fileInput = (canvasElement: HTMLElement) =>
  canvasElement.querySelector<HTMLInputElement>('input[type=file]')!
const historyRegion = (canvasElement: HTMLElement) =>
  within(within(canvasElement).getByRole('region', { name: 'Historique de la fiche' }))

/** Twelve changes of the partner's phone, one a day, beside the Journal's other entries. */
const phoneChanges: AuditEntry[] = Array.from({ length: 12 }, (_, index) => ({
  id: String(100 + index),
  at: `2026-12-${String(12 - index).padStart(2, '0')}T09:00:00.000Z`,
  actor: { id: 1, name: 'Alice Admin', email: 'admin@exemple.fr' },
  action: 'partner.update',
  targetType: 'partner',
  targetId: '1',
  targetLabel: 'Le Comptoir du Panier',
  motif: null,
  before: { phone: `04 91 00 00 ${String(index + 1).padStart(2, '0')}` },
  after: { phone: `04 91 00 00 ${String(index).padStart(2, '0')}` },
}))
const longHistoryApi = createBackofficeApi({ audit: [...phoneChanges, ...auditEntries] })

export const Loaded: Story = {
  name: 'Chargée',
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    await expect(
      await canvas.findByRole('heading', { level: 1, name: 'Le Comptoir du Panier' }),
    ).toBeVisible()
    await expect(canvas.getByText('Consultation')).toBeVisible()
    for (const text of [
      '812345678',
      'Actif',
      '12 rue du Panier',
      'Marseille',
      '43.2985',
      '5.3676',
      '04 91 00 12 34',
    ]) {
      await expect(canvas.getByText(text)).toBeVisible()
    }
    await expect(canvas.getByText('contact@comptoirdupanier.fr')).toBeVisible()
    await expect(canvas.getByText('Julien Moreau')).toBeVisible()
    await expect(canvas.getByText('Restaurants')).toBeVisible()
    await expect(canvas.getByText('Épicerie fine')).toBeVisible()
    await expect(photosRegion(canvasElement).getAllByRole('button', { name: /^Agrandir/ })).toHaveLength(3)
    await expect(couponsRegion(canvasElement).getAllByRole('button', { name: /sur|offert/ })).toHaveLength(4)
    await expect(canvas.getByText("Valable jusqu'au 31/12/2031")).toBeVisible()
  },
}

/**
 * L’historique propre au partenaire : seules les modifications qui le concernent, avec qui, quand et ce qui a
 * changé.
 */
export const History: Story = {
  name: 'Historique de la fiche',
  // The section is at the foot of the page, below what the screenshots of 'Loaded' already show.
  tags: ['no-visual'],
  play: async ({ canvasElement }) => {
    await within(canvasElement).findByRole('heading', { level: 1, name: 'Le Comptoir du Panier' })
    const history = historyRegion(canvasElement)
    await expect(await history.findByText('Modification de partenaire')).toBeVisible()
    const [entry] = history.getAllByRole('listitem')
    await expect(history.getAllByRole('listitem')).toHaveLength(1)
    await expect(entry).toHaveTextContent('Modification de partenaire')
    await expect(entry).toHaveTextContent('Le 19/11/2026 10:10 par Bruno Gérant (bruno@exemple.fr)')
    await expect(entry).toHaveTextContent('DénominationLe Comptoir → Le Comptoir du Panier')
    await expect(entry).toHaveTextContent('StatutProspect → Actif')
    // An unchanged field is not listed; nor is another target's entry (an article's deletion, a user's creation).
    await expect(entry).not.toHaveTextContent('Tél')
    await expect(history.queryByText('Suppression d’article')).toBeNull()
    await expect(history.queryByRole('button', { name: 'Voir plus' })).toBeNull()
  },
}

/**
 * Dix entrées d’abord ; « Voir plus » ajoute les suivantes, des plus récentes aux plus anciennes, puis
 * disparaît quand tout est affiché.
 */
export const HistoryShowMore: Story = {
  name: 'Historique, voir plus',
  tags: ['no-visual'],
  beforeEach: () => longHistoryApi.reset(),
  parameters: { msw: longHistoryApi.handlers },
  play: async ({ canvasElement }) => {
    await within(canvasElement).findByRole('heading', { level: 1, name: 'Le Comptoir du Panier' })
    const history = historyRegion(canvasElement)
    await waitFor(() => expect(history.getAllByRole('listitem')).toHaveLength(11))
    await expect(history.getAllByRole('listitem')[0]).toHaveTextContent('Le 12/12/2026 10:00')
    await userEvent.click(history.getByRole('button', { name: 'Voir plus' }))
    await waitFor(() => expect(history.getAllByRole('listitem')).toHaveLength(13))
    const entries = history.getAllByRole('listitem')
    await expect(entries[10]).toHaveTextContent('Le 02/12/2026 10:00')
    await expect(entries[11]).toHaveTextContent('Le 01/12/2026 10:00')
    await expect(entries[12]).toHaveTextContent('Le 19/11/2026 10:10 par Bruno Gérant')
    await expect(history.queryByRole('button', { name: 'Voir plus' })).toBeNull()
  },
}

export const EmptyValues: Story = {
  name: 'Valeurs vides',
  parameters: { router: { path: '/bo/partenaires/:id', initialEntries: ['/bo/partenaires/7'] } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    await expect(
      await canvas.findByRole('heading', { level: 1, name: 'Épicerie Fine des Accoules' }),
    ).toBeVisible()
    await expect(canvas.getByText('Aucune photo')).toBeVisible()
    await expect(canvas.getByText('Aucun coupon')).toBeVisible()
  },
}

export const MissingFieldsShowDash: Story = {
  name: 'Champs absents : un tiret',
  parameters: { router: { path: '/bo/partenaires/:id', initialEntries: ['/bo/partenaires/3'] } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    await expect(
      await canvas.findByRole('heading', { level: 1, name: 'Atelier Coiffure Mazargues' }),
    ).toBeVisible()
    // Siren, Tél and Gérant are empty for this partner.
    await expect(canvas.getAllByText('-')).toHaveLength(3)
  },
}

export const Loading: Story = {
  name: 'Chargement',
  parameters: { msw: [pending('get', routePatterns.partner), ...api.handlers] },
  play: async ({ canvasElement }) => {
    await expect(
      within(canvasElement).getByRole('status', { name: 'Chargement du partenaire' }),
    ).toBeVisible()
  },
}

export const LoadFailure: Story = {
  name: 'Erreur de chargement',
  parameters: {
    msw: [
      failing('get', routePatterns.partner, { status: 404, message: 'Partenaire introuvable.' }),
      ...api.handlers,
    ],
  },
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByTestId('location')).toHaveTextContent(
      'Page : /bo/partenaires',
    )
    await expectToast('Partenaire introuvable.')
  },
}

/**
 * Ouverte depuis un lien, un favori ou un nouvel onglet (sans page de l’application avant) : en cas d’échec,
 * le retour mène à la liste des partenaires.
 */
export const LoadFailureOpenedDirectly: Story = {
  name: 'Erreur de chargement, ouverte depuis un lien',
  tags: ['no-visual'],
  parameters: {
    router: { path: '/bo/partenaires/:id', initialEntries: ['/bo/partenaires/99999'] },
    msw: [
      failing('get', routePatterns.partner, { status: 404, message: 'Partenaire introuvable.' }),
      ...api.handlers,
    ],
  },
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByTestId('location')).toHaveTextContent(
      /^Page : \/bo\/partenaires$/,
    )
    await expectToast('Partenaire introuvable.')
  },
}

export const GoesToEdit: Story = {
  name: 'Vers la modification',
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    await userEvent.click(await canvas.findByRole('button', { name: 'Editer' }))
    await expect(await canvas.findByTestId('location')).toHaveTextContent('Page : /bo/partenaires/edit/1')
  },
}

export const PhotoUploading: Story = {
  name: 'Photo en cours d’envoi',
  parameters: { msw: [pending('post', routePatterns.partnerImages), ...api.handlers] },
  play: async ({ canvasElement }) => {
    await within(canvasElement).findByRole('heading', { level: 1 })
    await userEvent.upload(fileInput(canvasElement), photo())
    await expect(await within(canvasElement).findByTestId('photo-uploading')).toHaveTextContent(
      'Envoi en cours…',
    )
  },
}

export const PhotoUploaded: Story = {
  name: 'Photo envoyée',
  play: async ({ canvasElement }) => {
    await within(canvasElement).findByRole('heading', { level: 1 })
    await userEvent.upload(fileInput(canvasElement), photo())
    await waitFor(() =>
      expect(photosRegion(canvasElement).getAllByRole('button', { name: /^Agrandir/ })).toHaveLength(4),
    )
    await expect(within(canvasElement).queryByTestId('photo-uploading')).toBeNull()
    await expect(api.lastBody('POST', apiPaths.partnerImages(1))).toEqual({ file: expect.any(File) })
  },
}

export const PhotoUploadFails: Story = {
  name: 'Erreur à l’envoi d’une photo',
  parameters: {
    msw: [
      failing('post', routePatterns.partnerImages, {
        status: 415,
        message: 'Format d’image non pris en charge.',
      }),
      ...api.handlers,
    ],
  },
  play: async ({ canvasElement }) => {
    await within(canvasElement).findByRole('heading', { level: 1 })
    await userEvent.upload(fileInput(canvasElement), photo())
    await expectToast('Format d’image non pris en charge.')
    // The placeholder goes; the photos stay as they were.
    await waitFor(() => expect(within(canvasElement).queryByTestId('photo-uploading')).toBeNull())
    await expect(photosRegion(canvasElement).getAllByRole('button', { name: /^Agrandir/ })).toHaveLength(3)
  },
}

export const PhotoDeleted: Story = {
  name: 'Photo supprimée',
  play: async ({ canvasElement }) => {
    await within(canvasElement).findByRole('heading', { level: 1 })
    await userEvent.click(
      photosRegion(canvasElement).getAllByRole('button', { name: 'Supprimer la photo' })[0],
    )
    // As article deletion: nothing goes before the admin confirms.
    const confirm = within(await findDialog('Supprimer la photo'))
    await expect(
      confirm.getByText('Voulez-vous vraiment supprimer « Photo 1 de Le Comptoir du Panier » ?'),
    ).toBeVisible()
    await expect(api.requests).toHaveLength(0)
    await userEvent.click(confirm.getByRole('button', { name: 'Supprimer' }))
    await waitFor(() =>
      expect(photosRegion(canvasElement).getAllByRole('button', { name: /^Agrandir/ })).toHaveLength(2),
    )
    await expect(api.requests.at(-1)).toMatchObject({
      method: 'DELETE',
      path: apiPaths.partnerImage(1, 'p1-1'),
    })
    await expectToast('La photo a été supprimée.')
  },
}

export const PhotoDeletionCancelled: Story = {
  name: 'Suppression de photo annulée',
  play: async ({ canvasElement }) => {
    await within(canvasElement).findByRole('heading', { level: 1 })
    await userEvent.click(
      photosRegion(canvasElement).getAllByRole('button', { name: 'Supprimer la photo' })[1],
    )
    const confirm = within(await findDialog('Supprimer la photo'))
    await userEvent.click(confirm.getByRole('button', { name: 'Annuler' }))
    await waitFor(() => expect(portals().queryByRole('dialog')).toBeNull())
    await expect(photosRegion(canvasElement).getAllByRole('button', { name: /^Agrandir/ })).toHaveLength(3)
    await expect(api.requests).toHaveLength(0)
  },
}

export const PhotoFullScreen: Story = {
  name: 'Photo en plein écran',
  play: async ({ canvasElement }) => {
    await within(canvasElement).findByRole('heading', { level: 1 })
    await userEvent.click(
      photosRegion(canvasElement).getByRole('button', {
        name: 'Agrandir : Photo 2 de Le Comptoir du Panier',
      }),
    )
    const viewer = await findDialog('Photo 2 de Le Comptoir du Panier')
    // The viewer fades in.
    await waitFor(() =>
      expect(within(viewer).getByRole('img', { name: 'Photo 2 de Le Comptoir du Panier' })).toBeVisible(),
    )
  },
}

export const AddCoupon: Story = {
  name: 'Ajout d’un coupon',
  play: async ({ canvasElement }) => {
    await within(canvasElement).findByRole('heading', { level: 1 })
    await userEvent.click(couponsRegion(canvasElement).getByRole('button', { name: 'Ajouter' }))
    const dialog = within(await findDialog('Ajouter un coupon'))
    await expect(dialog.getByLabelText('Status')).toHaveTextContent('Activé')
    await fill(dialog.getByLabelText('Libelle'), 'Apéritif offert')
    await userEvent.type(dialog.getByLabelText("Date d'expiration"), '2030-12-31')
    await userEvent.click(dialog.getByRole('button', { name: 'Valider' }))
    await waitFor(() => expect(portals().queryByRole('dialog')).toBeNull())
    await expect(api.lastBody('POST', apiPaths.partnerOffers(1))).toEqual({
      status: 'ENABLED',
      libelle: 'Apéritif offert',
      expirationDate: '2030-12-31',
    })
    await expect(
      await couponsRegion(canvasElement).findByRole('button', { name: /Apéritif offert/ }),
    ).toHaveTextContent("Valable jusqu'au 31/12/2030")
    await expectToast('Le coupon a été ajouté.')
  },
}

/**
 * Une date passée est signalée mais acceptée (la spécification laisse l’administrateur la choisir) ; la carte
 * du coupon affiche alors « Expiré ».
 */
export const AddExpiredCoupon: Story = {
  name: 'Ajout d’un coupon expiré',
  play: async ({ canvasElement }) => {
    await within(canvasElement).findByRole('heading', { level: 1 })
    await userEvent.click(couponsRegion(canvasElement).getByRole('button', { name: 'Ajouter' }))
    const dialog = within(await findDialog('Ajouter un coupon'))
    await fill(dialog.getByLabelText('Libelle'), 'Offre de 2020')
    const date = dialog.getByLabelText("Date d'expiration")
    await userEvent.type(date, '2030-12-31')
    await expect(dialog.queryByText('Cette date est passée : le coupon sera expiré.')).toBeNull()
    await userEvent.clear(date)
    await userEvent.type(date, '2020-06-30')
    await expect(date).toHaveAccessibleDescription('Cette date est passée : le coupon sera expiré.')
    await userEvent.click(dialog.getByRole('button', { name: 'Valider' }))
    await waitFor(() => expect(portals().queryByRole('dialog')).toBeNull())
    await expect(api.lastBody('POST', apiPaths.partnerOffers(1))).toMatchObject({
      status: 'ENABLED',
      expirationDate: '2020-06-30',
    })
    const card = await couponsRegion(canvasElement).findByRole('button', { name: /Offre de 2020/ })
    await expect(card).toHaveTextContent('Expiré')
    await expect(card).toHaveTextContent("Valable jusqu'au 30/06/2020")
    const coupons = couponsRegion(canvasElement)
    await expect(coupons.getByRole('button', { name: /-20 % sur la carte des vins/ })).toHaveTextContent(
      'Expiré',
    )
    await expect(coupons.getByRole('button', { name: /-10 % sur l’addition/ })).not.toHaveTextContent(
      'Expiré',
    )
    await expect(coupons.getByRole('button', { name: /Un café offert/ })).not.toHaveTextContent('Expiré')
  },
}

/**
 * La date d’expiration se tape (modèle AAAA-MM-JJ) ou se choisit dans le calendrier du navigateur, qui
 * remplit le champ : seulement des jours réels, à partir de 1900.
 */
export const CouponDatePicker: Story = {
  name: 'Coupon : sélecteur de date',
  play: async ({ canvasElement }) => {
    await within(canvasElement).findByRole('heading', { level: 1 })
    await userEvent.click(couponsRegion(canvasElement).getByRole('button', { name: 'Ajouter' }))
    const dialogElement = await findDialog('Ajouter un coupon')
    const dialog = within(dialogElement)
    const date = dialog.getByLabelText("Date d'expiration")
    await expect(date).toHaveAttribute('type', 'text')
    await expect(date).toHaveAttribute('placeholder', 'AAAA-MM-JJ')
    await expect(date).not.toHaveAttribute('aria-required')
    await expect(dialog.getByLabelText('Libelle')).toHaveAttribute('aria-required', 'true')
    await expect(dialog.getByText('champ obligatoire')).toBeVisible()
    await expect(dialog.getByRole('button', { name: 'Choisir dans le calendrier' })).toBeEnabled()
    // What the calendar reports when a day is picked in it (its popup is the browser's, out of the page).
    const calendar = dialogElement.querySelector<HTMLInputElement>('input[type=date]')!
    await expect(calendar).toHaveAttribute('min', '1900-01-01')
    fireEvent.change(calendar, { target: { value: '2030-06-15' } })
    await expect(date).toHaveValue('2030-06-15')
    // Typed, the calendar opens on that day.
    await userEvent.clear(date)
    await userEvent.type(date, '2031-01-20')
    await expect(calendar).toHaveValue('2031-01-20')
  },
}

/**
 * Une date tapée dans un autre format reçoit le message de la spécification ; tapée en AAAA-MM-JJ, le coupon
 * est enregistré avec elle.
 */
export const CouponDateTypedInAnotherShape: Story = {
  name: 'Coupon : date saisie dans un autre format',
  tags: ['no-visual'],
  play: async ({ canvasElement }) => {
    await within(canvasElement).findByRole('heading', { level: 1 })
    await userEvent.click(couponsRegion(canvasElement).getByRole('button', { name: 'Ajouter' }))
    const dialog = within(await findDialog('Ajouter un coupon'))
    await fill(dialog.getByLabelText('Libelle'), 'Apéritif offert')
    const date = dialog.getByLabelText("Date d'expiration")
    await userEvent.type(date, '31/12/2030')
    await userEvent.click(dialog.getByRole('button', { name: 'Valider' }))
    await expect(await dialog.findByText('La date doit être au format AAAA-MM-JJ')).toBeVisible()
    await expect(date).toHaveAttribute('aria-invalid', 'true')
    await expect(date).toHaveValue('31/12/2030')
    await waitFor(() => expect(date).toHaveFocus())
    await expect(api.requests.some((r) => r.method === 'POST')).toBe(false)

    await userEvent.clear(date)
    await userEvent.type(date, '2030-12-31')
    await userEvent.click(dialog.getByRole('button', { name: 'Valider' }))
    await waitFor(() => expect(portals().queryByRole('dialog')).toBeNull())
    await expect(api.lastBody('POST', apiPaths.partnerOffers(1))).toMatchObject({
      expirationDate: '2030-12-31',
    })
    await expect(
      await couponsRegion(canvasElement).findByRole('button', { name: /Apéritif offert/ }),
    ).toHaveTextContent("Valable jusqu'au 31/12/2030")
  },
}

/** Au bon format mais absente du calendrier (un 31 février, par exemple) : « Date invalide ». */
export const CouponImpossibleDate: Story = {
  name: 'Coupon : date impossible',
  tags: ['no-visual'],
  play: async ({ canvasElement }) => {
    await within(canvasElement).findByRole('heading', { level: 1 })
    await userEvent.click(couponsRegion(canvasElement).getByRole('button', { name: 'Ajouter' }))
    const dialog = within(await findDialog('Ajouter un coupon'))
    await fill(dialog.getByLabelText('Libelle'), 'Apéritif offert')
    await userEvent.type(dialog.getByLabelText("Date d'expiration"), '2026-02-31')
    await userEvent.click(dialog.getByRole('button', { name: 'Valider' }))
    await expect(await dialog.findByText('Date invalide')).toBeVisible()
    await expect(api.requests.some((r) => r.method === 'POST')).toBe(false)
  },
}

export const CouponValidationErrors: Story = {
  name: 'Coupon : erreurs de saisie',
  play: async ({ canvasElement }) => {
    await within(canvasElement).findByRole('heading', { level: 1 })
    await userEvent.click(couponsRegion(canvasElement).getByRole('button', { name: 'Ajouter' }))
    const dialog = within(await findDialog('Ajouter un coupon'))
    await userEvent.click(dialog.getByRole('button', { name: 'Valider' }))
    await expect(await dialog.findByText('Ce champ est obligatoire')).toBeVisible()
    // The focus leaves 'Valider' for the first field in error.
    await waitFor(() => expect(dialog.getByLabelText('Libelle')).toHaveFocus())
    await expect(api.requests).toHaveLength(0)
  },
}

/**
 * Le serveur refuse la date : son message en français s’affiche sous le champ concerné, sans notification
 * technique.
 */
export const CouponServerFieldError: Story = {
  name: 'Coupon : erreur du serveur sur un champ',
  parameters: {
    msw: [
      failing('post', apiPaths.partnerOffers(1), {
        status: 400,
        message:
          'La date doit être au format AAAA-MM-JJ et être une date réelle (champ « Date d’expiration »).',
        field: 'expirationDate',
        fields: { expirationDate: 'Date invalide' },
      }),
      ...api.handlers,
    ],
  },
  play: async ({ canvasElement }) => {
    await within(canvasElement).findByRole('heading', { level: 1 })
    await userEvent.click(couponsRegion(canvasElement).getByRole('button', { name: 'Ajouter' }))
    const dialog = within(await findDialog('Ajouter un coupon'))
    await fill(dialog.getByLabelText('Libelle'), 'Apéritif offert')
    await userEvent.type(dialog.getByLabelText("Date d'expiration"), '2030-12-31')
    await userEvent.click(dialog.getByRole('button', { name: 'Valider' }))
    await expect(await dialog.findByText('Date invalide')).toBeVisible()
    const date = dialog.getByLabelText("Date d'expiration")
    await expect(date).toHaveAttribute('aria-invalid', 'true')
    await waitFor(() => expect(date).toHaveFocus())
    await expect(portals().queryByText(/expirationDate/)).toBeNull()
    await expect(portals().getByRole('dialog', { name: 'Ajouter un coupon' })).toBeVisible()
  },
}

/**
 * Fermer la fenêtre d’un coupon modifié demande confirmation ; « Continuer la saisie » garde le texte, «
 * Abandonner » ferme.
 */
export const CouponUnsavedChanges: Story = {
  name: 'Coupon : abandonner les modifications',
  play: async ({ canvasElement }) => {
    await within(canvasElement).findByRole('heading', { level: 1 })
    await userEvent.click(couponsRegion(canvasElement).getByRole('button', { name: 'Ajouter' }))
    const dialog = within(await findDialog('Ajouter un coupon'))
    await fill(dialog.getByLabelText('Libelle'), 'Apéritif offert')
    await userEvent.click(dialog.getByRole('button', { name: 'Fermer' }))
    let prompt = within(await findDialog('Abandonner les modifications ?'))
    await userEvent.click(prompt.getByRole('button', { name: 'Continuer la saisie' }))
    await waitFor(() =>
      expect(portals().queryByRole('dialog', { name: 'Abandonner les modifications ?' })).toBeNull(),
    )
    await expect(dialog.getByLabelText('Libelle')).toHaveValue('Apéritif offert')
    await userEvent.keyboard('{Escape}')
    prompt = within(await findDialog('Abandonner les modifications ?'))
    await userEvent.click(prompt.getByRole('button', { name: 'Abandonner' }))
    await waitFor(() => expect(portals().queryByRole('dialog')).toBeNull())
    await expect(api.requests).toHaveLength(0)
  },
}

/** Rien de saisi : la fenêtre se ferme aussitôt, sans question. */
export const CouponUnchangedCloses: Story = {
  name: 'Coupon inchangé : fermeture immédiate',
  tags: ['no-visual'],
  play: async ({ canvasElement }) => {
    await within(canvasElement).findByRole('heading', { level: 1 })
    await userEvent.click(couponsRegion(canvasElement).getByRole('button', { name: /Un café offert/ }))
    await findDialog('Editer un coupon')
    await userEvent.keyboard('{Escape}')
    await waitFor(() => expect(portals().queryByRole('dialog')).toBeNull())
  },
}

export const EditCoupon: Story = {
  name: 'Modification d’un coupon',
  play: async ({ canvasElement }) => {
    await within(canvasElement).findByRole('heading', { level: 1 })
    await userEvent.click(couponsRegion(canvasElement).getByRole('button', { name: /Un café offert/ }))
    const dialog = within(await findDialog('Editer un coupon'))
    await expect(dialog.getByLabelText('Libelle')).toHaveValue('Un café offert pour un menu acheté')
    await chooseOption(dialog.getByLabelText('Status'), 'Désactivé')
    await userEvent.click(dialog.getByRole('button', { name: 'Valider' }))
    await waitFor(() => expect(portals().queryByRole('dialog')).toBeNull())
    await expect(api.lastBody('PUT', apiPaths.partnerOffers(1))).toEqual({
      id: { id: 102 },
      status: 'DISABLED',
      libelle: 'Un café offert pour un menu acheté',
      expirationDate: null,
    })
    await waitFor(() =>
      expect(couponsRegion(canvasElement).getByRole('button', { name: /Un café offert/ })).toHaveTextContent(
        'Désactivé',
      ),
    )
  },
}

export const CouponSubmitting: Story = {
  name: 'Coupon : envoi en cours',
  parameters: { msw: [pending('post', routePatterns.partnerOffers), ...api.handlers] },
  play: async ({ canvasElement }) => {
    await within(canvasElement).findByRole('heading', { level: 1 })
    await userEvent.click(couponsRegion(canvasElement).getByRole('button', { name: 'Ajouter' }))
    const dialog = within(await findDialog('Ajouter un coupon'))
    await fill(dialog.getByLabelText('Libelle'), 'Apéritif offert')
    await userEvent.click(dialog.getByRole('button', { name: 'Valider' }))
    await waitFor(() =>
      expect(dialog.getByRole('button', { name: 'Valider' })).toHaveAttribute('aria-busy', 'true'),
    )
    await expect(dialog.getByRole('button', { name: 'Annuler' })).toBeDisabled()
  },
}

export const CouponServerError: Story = {
  name: 'Coupon : erreur du serveur',
  parameters: { msw: [failing('post', routePatterns.partnerOffers), ...api.handlers] },
  play: async ({ canvasElement }) => {
    await within(canvasElement).findByRole('heading', { level: 1 })
    await userEvent.click(couponsRegion(canvasElement).getByRole('button', { name: 'Ajouter' }))
    const dialog = within(await findDialog('Ajouter un coupon'))
    await fill(dialog.getByLabelText('Libelle'), 'Apéritif offert')
    await userEvent.click(dialog.getByRole('button', { name: 'Valider' }))
    await expectToast('Une erreur interne est survenue.')
    await waitFor(() =>
      expect(dialog.getByRole('button', { name: 'Valider' })).not.toHaveAttribute('aria-busy'),
    )
    await expect(dialog.getByLabelText('Libelle')).toHaveValue('Apéritif offert')
  },
}

const partnerOne = () => api.data.partners.find((partner) => partner.partnerId.id === 1)!
const couponOf = (body: unknown) =>
  partnerOne().discountOffers.find((offer) => offer.id.id === (body as OfferUpdateBody).id.id)!
/** Partner 1 with versions; its coupons' saves check its ETag (If-Match), as the server does. */
const versionedCoupons = versionedRecord({
  path: apiPaths.partner(1),
  putPath: apiPaths.partnerOffers(1),
  kind: 'partner',
  subject: 'Ce partenaire',
  read: partnerOne,
  write: (body) => Object.assign(couponOf(body), body),
  answer: couponOf,
})

/**
 * Alice a modifié un coupon pendant que celui-ci était en cours d’édition : l’enregistrement est refusé, la
 * fenêtre dit qui et quand, garde le libellé saisi, et « Recharger » affiche la version d’Alice.
 */
export const EditCouponModifiedElsewhere: Story = {
  name: 'Coupon modifié entre-temps',
  beforeEach: () => versionedCoupons.reset(),
  parameters: { msw: [...versionedCoupons.handlers, ...api.handlers] },
  play: async ({ canvasElement }) => {
    await within(canvasElement).findByRole('heading', { level: 1, name: 'Le Comptoir du Panier' })
    await userEvent.click(couponsRegion(canvasElement).getByRole('button', { name: /-10 % sur l’addition/ }))
    const dialog = within(await findDialog('Editer un coupon'))
    versionedCoupons.changeElsewhere(() => {
      partnerOne().discountOffers[0].libelle = '-15 % sur l’addition'
    })
    await userEvent.clear(dialog.getByLabelText('Libelle'))
    await fill(dialog.getByLabelText('Libelle'), '-12 % sur l’addition')
    await userEvent.click(dialog.getByRole('button', { name: 'Valider' }))
    await expect(
      await dialog.findByText(
        'Ce partenaire a été modifié par Alice Martin le 28/11/2026 à 09:12 : rechargez-le avant d’enregistrer.',
      ),
    ).toBeVisible()
    await expect(versionedCoupons.ifMatches).toEqual(['"partner-v1"'])
    await expect(dialog.getByLabelText('Libelle')).toHaveValue('-12 % sur l’addition')

    await userEvent.click(dialog.getByRole('button', { name: 'Recharger' }))
    const prompt = within(await findDialog('Recharger la version actuelle ?'))
    await userEvent.click(prompt.getByRole('button', { name: 'Recharger' }))
    await waitFor(() => expect(dialog.getByLabelText('Libelle')).toHaveValue('-15 % sur l’addition'))
    await expect(dialog.queryByText(/a été modifié par Alice Martin/)).toBeNull()

    await userEvent.clear(dialog.getByLabelText('Libelle'))
    await fill(dialog.getByLabelText('Libelle'), '-12 % sur l’addition')
    await userEvent.click(dialog.getByRole('button', { name: 'Valider' }))
    await waitFor(() => expect(portals().queryByRole('dialog')).toBeNull())
    await expect(versionedCoupons.ifMatches).toEqual(['"partner-v1"', '"partner-v2"'])
    await expectToast('Le coupon a été modifié.')
    await expect(
      await couponsRegion(canvasElement).findByRole('button', { name: /-12 % sur l’addition/ }),
    ).toBeVisible()
  },
}
