import type { Meta, StoryObj } from '@storybook/react-vite'
import { expect, userEvent, waitFor, within } from 'storybook/test'
import { apiPaths, routePatterns } from '@/contract/paths.ts'
import type { AuditEntry } from '@/contract/schemas.ts'
import { auditEntries } from '@/mocks/fixtures/audit.ts'
import { signedInAdmin } from '@/mocks/fixtures/session.ts'
import { createBackofficeApi, failing, pending } from '@/mocks/handlers/backoffice.ts'
import { accountApi, accountErrors } from '@/mocks/handlers/account.ts'
import { UserConsultScreen } from '@/src/screens/backoffice/users/UserConsultScreen.tsx'
import { withToast } from './decorators.tsx'
import { expectToast, findDialog, portals } from './helpers.ts'
import { fill } from '@/stories/fill.ts'

const api = createBackofficeApi()
const QUESTION =
  "Ce coupon a été utilisé. Voulez vous le réactiver pour permettre à l'utilisateur de le réutiliser?"

const region = (canvasElement: HTMLElement, name: string) =>
  within(within(canvasElement).getByRole('region', { name }))

/** Lucas a utilisé un coupon qu’un administrateur lui a rendu : plus rien d’utilisé, l’utilisation reste dans son historique. */
const givenBackAt = '2026-11-20T15:42:00.000Z'
const givenBack = {
  offerId: 101,
  libelle: '-10 % sur l’addition',
  partnerName: 'Le Comptoir du Panier',
  usedAt: '2026-11-18T11:05:00.000Z',
}
const reactivation: AuditEntry = {
  id: '7',
  at: givenBackAt,
  actor: { id: 1, name: 'Alice Admin', email: 'admin@exemple.fr' },
  action: 'coupon.reactivate',
  targetType: 'user',
  targetId: '3',
  targetLabel: 'Lucas Bernard · -10 % sur l’addition (Le Comptoir du Panier)',
  motif: 'Le terminal de paiement était en panne',
  before: givenBack,
  after: { ...givenBack, usedAt: null },
}
const reactivatedApi = createBackofficeApi({
  audit: [reactivation, ...auditEntries],
  couponHistory: {
    3: [
      {
        useId: '9',
        offerId: { id: givenBack.offerId },
        libelle: givenBack.libelle,
        partnerId: { id: 1 },
        partnerName: givenBack.partnerName,
        partnerActive: true,
        usedAt: givenBack.usedAt,
        reactivatedAt: givenBackAt,
      },
    ],
  },
})

const meta = {
  title: 'Écrans/Back-office/Utilisateur (consultation)',
  component: UserConsultScreen,
  decorators: [withToast],
  beforeEach: () => api.reset(),
  parameters: {
    layout: 'fullscreen',
    session: { user: signedInAdmin },
    router: { path: '/bo/utilisateurs/:id', initialEntries: ['/bo/utilisateurs', '/bo/utilisateurs/2'] },
    msw: api.handlers,
  },
  globals: { viewport: { value: 'desktop' } },
} satisfies Meta<typeof UserConsultScreen>

export default meta
type Story = StoryObj<typeof meta>

export const WithUsedCoupons: Story = {
  name: 'Avec des coupons utilisés',
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    await expect(await canvas.findByRole('heading', { level: 1, name: 'Camille Martin' })).toBeVisible()
    await expect(canvas.getByText('Consultation')).toBeVisible()
    await expect(canvas.getByText('Actif')).toBeVisible()
    await expect(canvas.getByText('camille.martin@exemple.fr')).toBeVisible()
    await expect(canvas.getByText('Rôles').nextElementSibling).toHaveTextContent(/^Utilisateur$/)
    await expect(canvas.getByRole('heading', { name: 'Coupons utilisés' })).toBeVisible()
    await expect(canvas.getAllByRole('button', { name: /Utilisé le/ })).toHaveLength(2)
    // Every use, newest first, with its partner and time in the app's zone (Paris: UTC+2 in October).
    const history = region(canvasElement, 'Historique des coupons')
    const uses = history.getAllByRole('listitem')
    await expect(uses).toHaveLength(2)
    await expect(uses[0]).toHaveTextContent('Première séance offerte')
    await expect(uses[0]).toHaveTextContent('Utilisé le 14/10/2026 19:05')
    await expect(uses[1]).toHaveTextContent('-10 % sur l’addition')
    await expect(uses[1]).toHaveTextContent('Utilisé le 02/10/2026 14:31')
    await expect(within(uses[1]!).getByRole('link', { name: 'Le Comptoir du Panier' })).toHaveAttribute(
      'href',
      '/bo/partenaires/1',
    )
    await expect(history.queryByText(/Réactivé/)).toBeNull()
  },
}

/** Un coupon rendu quitte « Coupons utilisés » mais reste dans l’historique, avec la date, l’auteur et le motif. */
export const ReactivatedUseStaysInHistory: Story = {
  name: 'Coupon réactivé gardé dans l’historique',
  beforeEach: () => reactivatedApi.reset(),
  parameters: {
    router: { path: '/bo/utilisateurs/:id', initialEntries: ['/bo/utilisateurs/3'] },
    msw: reactivatedApi.handlers,
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    await expect(await canvas.findByRole('heading', { level: 1, name: 'Lucas Bernard' })).toBeVisible()
    await expect(region(canvasElement, 'Coupons utilisés').getByText('(Aucun)')).toBeVisible()
    const [use] = region(canvasElement, 'Historique des coupons').getAllByRole('listitem')
    await expect(use).toHaveTextContent('-10 % sur l’addition')
    await expect(use).toHaveTextContent('Le Comptoir du Panier')
    await expect(use).toHaveTextContent('Utilisé le 18/11/2026 12:05')
    await expect(
      await within(use!).findByText(
        'Réactivé le 20/11/2026 16:42 par Alice Admin (motif : Le terminal de paiement était en panne)',
      ),
    ).toBeVisible()
    // The user's own history: the reactivation, then his creation, newest first.
    const own = region(canvasElement, 'Historique de la fiche')
    await waitFor(() => expect(own.getAllByRole('listitem')).toHaveLength(2))
    const [given, created] = own.getAllByRole('listitem')
    await expect(given).toHaveTextContent('Réactivation de coupon')
    await expect(given).toHaveTextContent('-10 % sur l’addition (Le Comptoir du Panier)')
    await expect(given).toHaveTextContent('Le 20/11/2026 16:42 par Alice Admin (admin@exemple.fr)')
    await expect(given).toHaveTextContent('Motif : Le terminal de paiement était en panne')
    await expect(given).toHaveTextContent('Utilisé le18/11/2026 12:05 → —')
    await expect(created).toHaveTextContent('Création d’utilisateur')
    await expect(created).toHaveTextContent('PrénomLucas')
    await expect(own.queryByRole('button', { name: 'Voir plus' })).toBeNull()
  },
}

/** Seules les entrées du journal qui concernent cette personne : aucune pour l’instant, et la page le dit. */
export const EmptyOwnHistory: Story = {
  name: 'Historique de la fiche vide',
  tags: ['no-visual'],
  parameters: { router: { path: '/bo/utilisateurs/:id', initialEntries: ['/bo/utilisateurs/4'] } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    await expect(await canvas.findByRole('heading', { level: 1, name: 'Inès Roux' })).toBeVisible()
    await expect(
      await region(canvasElement, 'Historique de la fiche').findByText('Aucune entrée dans le journal'),
    ).toBeVisible()
    await expect(
      region(canvasElement, 'Historique des coupons').getByText('Aucune utilisation'),
    ).toBeVisible()
  },
}

/** L’historique ne se charge pas : le reste de la page reste utilisable et propose de réessayer. */
export const OwnHistoryFails: Story = {
  name: 'Historique de la fiche en échec',
  tags: ['no-visual'],
  parameters: { msw: [failing('get', apiPaths.audit()), ...api.handlers] },
  play: async ({ canvasElement }) => {
    await within(canvasElement).findByRole('heading', { level: 1, name: 'Camille Martin' })
    const own = region(canvasElement, 'Historique de la fiche')
    await expect(await own.findByRole('alert')).toHaveTextContent('Impossible de charger l’historique.')
    await expect(own.getByRole('button', { name: 'Réessayer' })).toBeVisible()
    await expect(within(canvasElement).getAllByRole('button', { name: /Utilisé le/ })).toHaveLength(2)
  },
}

export const WithoutUsedCoupons: Story = {
  name: 'Sans coupon utilisé',
  parameters: { router: { path: '/bo/utilisateurs/:id', initialEntries: ['/bo/utilisateurs/3'] } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    await expect(await canvas.findByRole('heading', { level: 1, name: 'Lucas Bernard' })).toBeVisible()
    await expect(canvas.getByText('(Aucun)')).toBeVisible()
    await expect(canvas.getByText('Prospect')).toBeVisible()
  },
}

export const Loading: Story = {
  name: 'Chargement',
  parameters: { msw: [pending('get', routePatterns.user), ...api.handlers] },
  play: async ({ canvasElement }) => {
    await expect(
      within(canvasElement).getByRole('status', { name: "Chargement de l'utilisateur" }),
    ).toBeVisible()
  },
}

export const LoadFailure: Story = {
  name: 'Erreur de chargement',
  parameters: {
    msw: [
      failing('get', routePatterns.user, { status: 404, message: 'Utilisateur introuvable.' }),
      ...api.handlers,
    ],
  },
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByTestId('location')).toHaveTextContent(
      'Page : /bo/utilisateurs',
    )
    await expectToast('Utilisateur introuvable.')
  },
}

/**
 * Fiche ouverte depuis un lien, un favori ou un nouvel onglet (aucune page de l’application avant) : l’échec mène à
 * la liste des utilisateurs.
 */
export const LoadFailureOpenedDirectly: Story = {
  name: 'Erreur de chargement, page ouverte directement',
  tags: ['no-visual'],
  parameters: {
    router: { path: '/bo/utilisateurs/:id', initialEntries: ['/bo/utilisateurs/99999'] },
    msw: [
      failing('get', routePatterns.user, { status: 404, message: 'Utilisateur introuvable.' }),
      ...api.handlers,
    ],
  },
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByTestId('location')).toHaveTextContent(
      /^Page : \/bo\/utilisateurs$/,
    )
    await expectToast('Utilisateur introuvable.')
  },
}

export const GoesToEdit: Story = {
  name: 'Vers la modification',
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    await userEvent.click(await canvas.findByRole('button', { name: 'Editer' }))
    await expect(await canvas.findByTestId('location')).toHaveTextContent('Page : /bo/utilisateurs/edit/2')
  },
}

export const Reactivate: Story = {
  name: 'Réactiver un coupon',
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    await userEvent.click(await canvas.findByRole('button', { name: /-10 % sur l’addition/ }))
    const dialog = await findDialog('Editer le coupon utilisé')
    await expect(dialog).toHaveTextContent(QUESTION)
    await fill(within(dialog).getByRole('textbox', { name: /Motif/ }), 'Terminal en panne')
    await userEvent.click(within(dialog).getByRole('button', { name: 'Réactiver' }))
    await waitFor(() => expect(portals().queryByRole('dialog')).toBeNull())
    // The list is the server's answer: only the other coupon remains.
    await waitFor(() => expect(canvas.getAllByRole('button', { name: /Utilisé le/ })).toHaveLength(1))
    await expect(canvas.queryByRole('button', { name: /-10 % sur l’addition/ })).toBeNull()
    await expectToast('Le coupon a été réactivé.')
    // The motif goes with the request, for the journal.
    await expect(api.requests.findLast((r) => r.method === 'PUT')?.body).toEqual({
      motif: 'Terminal en panne',
    })
    // The use stays in the history, now with its reactivation, and the user's history has the new entry.
    const use = region(canvasElement, 'Historique des coupons')
      .getAllByRole('listitem')
      .find((item) => item.textContent?.includes('-10 % sur l’addition'))
    await expect(use).toBeDefined()
    await waitFor(() =>
      expect(use).toHaveTextContent(
        /Réactivé le \d{2}\/\d{2}\/\d{4} \d{2}:\d{2} par Alice Admin \(motif : Terminal en panne\)/,
      ),
    )
    const own = region(canvasElement, 'Historique de la fiche')
    await waitFor(() =>
      expect(own.getAllByRole('listitem')[0]).toHaveTextContent('Motif : Terminal en panne'),
    )
  },
}

/** Le motif est facultatif : laissé vide, le coupon est réactivé sans motif. */
export const ReactivateWithoutMotif: Story = {
  name: 'Réactiver sans motif',
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    await userEvent.click(await canvas.findByRole('button', { name: /Première séance offerte/ }))
    const dialog = await findDialog('Editer le coupon utilisé')
    await expect(dialog).toHaveTextContent(QUESTION)
    const motif = within(dialog).getByRole('textbox', { name: 'Motif (facultatif)' })
    await expect(motif).not.toBeRequired()
    await expect(motif).toHaveValue('')
    await userEvent.click(within(dialog).getByRole('button', { name: 'Réactiver' }))
    await waitFor(() => expect(portals().queryByRole('dialog')).toBeNull())
    await expectToast('Le coupon a été réactivé.')
    await waitFor(() => expect(canvas.getAllByRole('button', { name: /Utilisé le/ })).toHaveLength(1))
    await expect(canvas.queryByRole('button', { name: /Première séance offerte/ })).toBeNull()
    // No motif at all, rather than an empty one.
    await expect(api.requests.findLast((r) => r.method === 'PUT')?.body).toEqual({})
  },
}

/** Des espaces seuls ne font pas un motif : seule la réactivation est envoyée. */
export const ReactivateWithBlankMotif: Story = {
  name: 'Réactiver avec un motif blanc',
  tags: ['no-visual'],
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    await userEvent.click(await canvas.findByRole('button', { name: /Première séance offerte/ }))
    const dialog = await findDialog('Editer le coupon utilisé')
    await fill(within(dialog).getByRole('textbox', { name: 'Motif (facultatif)' }), '   ')
    await userEvent.click(within(dialog).getByRole('button', { name: 'Réactiver' }))
    await waitFor(() => expect(portals().queryByRole('dialog')).toBeNull())
    await expect(api.requests.findLast((r) => r.method === 'PUT')?.body).toEqual({})
  },
}

export const MotifRefusedByServer: Story = {
  name: 'Motif refusé par le serveur',
  parameters: {
    msw: [
      failing('put', routePatterns.reactivateOffer, {
        status: 400,
        message: 'Le champ « Motif » ne doit pas dépasser 500 caractères.',
        field: 'motif',
      }),
      ...api.handlers,
    ],
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    await userEvent.click(await canvas.findByRole('button', { name: /Première séance offerte/ }))
    const dialog = await findDialog('Editer le coupon utilisé')
    await fill(within(dialog).getByRole('textbox', { name: /Motif/ }), 'Geste commercial')
    await userEvent.click(within(dialog).getByRole('button', { name: 'Réactiver' }))
    // The server's message shows on the field itself.
    await expect(
      await within(dialog).findByText('Le champ « Motif » ne doit pas dépasser 500 caractères.'),
    ).toBeVisible()
  },
}

export const ReactivateLastCoupon: Story = {
  name: 'Réactiver le dernier coupon',
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    for (const name of [/-10 % sur l’addition/, /Première séance offerte/]) {
      await userEvent.click(await canvas.findByRole('button', { name }))
      await fill(await portals().findByRole('textbox', { name: /Motif/ }), 'Geste commercial')
      await userEvent.click(await portals().findByRole('button', { name: 'Réactiver' }))
      await waitFor(() => expect(portals().queryByRole('dialog')).toBeNull())
    }
    await expect(await canvas.findByText('(Aucun)')).toBeVisible()
  },
}

export const CancelReactivation: Story = {
  name: 'Réactivation annulée',
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    await userEvent.click(await canvas.findByRole('button', { name: /Première séance offerte/ }))
    await userEvent.click(await portals().findByRole('button', { name: 'Annuler' }))
    await waitFor(() => expect(portals().queryByRole('dialog')).toBeNull())
    await expect(canvas.getAllByRole('button', { name: /Utilisé le/ })).toHaveLength(2)
  },
}

export const Reactivating: Story = {
  name: 'Réactivation en cours',
  parameters: { msw: [pending('put', routePatterns.reactivateOffer), ...api.handlers] },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    await userEvent.click(await canvas.findByRole('button', { name: /Première séance offerte/ }))
    await fill(await portals().findByRole('textbox', { name: /Motif/ }), 'Geste commercial')
    await userEvent.click(await portals().findByRole('button', { name: 'Réactiver' }))
    await waitFor(() =>
      expect(portals().getByRole('button', { name: 'Réactiver' })).toHaveAttribute('aria-busy', 'true'),
    )
  },
}

export const ReactivationFails: Story = {
  name: 'Échec de la réactivation',
  parameters: { msw: [failing('put', routePatterns.reactivateOffer), ...api.handlers] },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    await userEvent.click(await canvas.findByRole('button', { name: /Première séance offerte/ }))
    await fill(await portals().findByRole('textbox', { name: /Motif/ }), 'Geste commercial')
    await userEvent.click(await portals().findByRole('button', { name: 'Réactiver' }))
    await expectToast('Une erreur interne est survenue.')
    await expect(portals().getByRole('dialog', { name: 'Editer le coupon utilisé' })).toBeInTheDocument()
    // The page behind the modal is hidden from assistive technology, hence `hidden`.
    await expect(canvas.getAllByRole('button', { name: /Utilisé le/, hidden: true })).toHaveLength(2)
  },
}

const RGPD_TITLE = 'Supprimer ce compte (RGPD)'
const rgpd = accountApi()

/**
 * « Supprimer (RGPD) » pour une demande reçue par écrit : le dialogue dit ce qui est effacé et gardé, la référence
 * de la demande est inscrite au journal, puis retour à la liste avec un message.
 */
export const RgpdDeletion: Story = {
  name: 'Suppression RGPD',
  parameters: { msw: [...api.handlers, ...rgpd.handlers] },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    await userEvent.click(await canvas.findByRole('button', { name: 'Supprimer (RGPD)' }))
    const dialog = within(await findDialog(RGPD_TITLE))
    await expect(dialog.getByText(/À la demande de Camille Martin, reçue par écrit/)).toBeVisible()
    await expect(dialog.getByText(/nom, adresse e-mail, mot de passe, favoris et sessions/)).toBeVisible()
    await expect(
      dialog.getByText(/ses utilisations de coupons, pour les chiffres des partenaires/),
    ).toBeVisible()
    await fill(dialog.getByRole('textbox', { name: /Référence de la demande/ }), 'Courrier du 20/11/2026')
    await expect(rgpd.sent).toHaveLength(0)
    await userEvent.click(dialog.getByRole('button', { name: 'Supprimer le compte' }))
    await expectToast('Le compte de Camille Martin a été supprimé.')
    await expect(await canvas.findByTestId('location')).toHaveTextContent('Page : /bo/utilisateurs')
    const sent = rgpd.sent.find((request) => request.call === 'deleteUserRgpd')
    await expect(sent?.body).toEqual({ motif: 'Courrier du 20/11/2026' })
    await expect(sent?.authorization).toBe(`Bearer ${signedInAdmin.access_token}`)
  },
}

const lastAdmin = accountApi({ deleteUserRgpd: { status: 409, body: accountErrors.lastAdmin } })

/** Refus du serveur : son message s’affiche, le dialogue et la fiche restent. */
export const RgpdDeletionRefused: Story = {
  name: 'Suppression RGPD refusée',
  parameters: { msw: [...api.handlers, ...lastAdmin.handlers] },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    await userEvent.click(await canvas.findByRole('button', { name: 'Supprimer (RGPD)' }))
    const dialog = within(await findDialog(RGPD_TITLE))
    await userEvent.click(dialog.getByRole('button', { name: 'Supprimer le compte' }))
    await expectToast(accountErrors.lastAdmin.message)
    await expect(dialog.getByRole('button', { name: 'Supprimer le compte' })).toBeEnabled()
    await expect(canvas.queryByTestId('location')).toBeNull()
    await expect(lastAdmin.sent.find((request) => request.call === 'deleteUserRgpd')?.body).toEqual({})
  },
}

/** Sa propre fiche n’offre pas cette suppression : elle se fait depuis « Mon compte », avec son mot de passe. */
export const RgpdNotForOwnAccount: Story = {
  name: 'Pas de suppression RGPD de son propre compte',
  parameters: {
    router: { path: '/bo/utilisateurs/:id', initialEntries: ['/bo/utilisateurs', '/bo/utilisateurs/1'] },
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    await expect(await canvas.findByRole('heading', { level: 1, name: 'Sophie Durand' })).toBeVisible()
    await expect(canvas.getByRole('button', { name: 'Editer' })).toBeVisible()
    await expect(canvas.queryByRole('button', { name: 'Supprimer (RGPD)' })).toBeNull()
  },
}
