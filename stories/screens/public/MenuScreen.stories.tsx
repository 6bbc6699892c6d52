import type { Meta, StoryObj } from '@storybook/react-vite'
import { HttpResponse } from 'msw'
import { expect, fn, userEvent, within } from 'storybook/test'
import { MenuScreen } from '@/src/screens/public/menu/MenuScreen.tsx'
import { signedInAdmin, signedInUser } from '@/mocks/fixtures/session.ts'
import { LOGGED_OUT } from '@/mocks/handlers/auth.ts'
import { mockApi } from '@/mocks/handlers/mockApi.ts'

const loggedOut = fn()

const meta = {
  title: 'Écrans/Public/Menu',
  component: MenuScreen,
  parameters: {
    layout: 'fullscreen',
    session: { user: signedInUser },
    router: { path: '/menu', initialEntries: ['/menu'] },
    msw: [
      mockApi('logout', ({ request }) => {
        loggedOut(request.headers.get('Authorization'))
        return HttpResponse.json(LOGGED_OUT)
      }),
    ],
  },
  globals: { viewport: { value: 'phone' } },
  beforeEach: () => {
    loggedOut.mockClear()
  },
} satisfies Meta<typeof MenuScreen>

export default meta
type Story = StoryObj<typeof meta>

/**
 * Une personne sans droits d’administration : son nom et son adresse, ses favoris et coupons utilisés, l’aide et
 * la déconnexion, sans « Administration ».
 */
export const User: Story = {
  name: 'Utilisateur',
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    await expect(canvas.getByRole('heading', { name: 'MES INFOS' })).toBeVisible()
    await expect(canvas.getByText('Nom')).toBeVisible()
    await expect(canvas.getByText('Camille Martin')).toBeVisible()
    await expect(canvas.getByText('Email')).toBeVisible()
    await expect(canvas.getByText('camille.martin@exemple.fr')).toBeVisible()
    await expect(canvas.getByRole('heading', { name: 'GENERAL' })).toBeVisible()
    await expect(canvas.queryByRole('link', { name: 'Administration' })).toBeNull()
    await expect(canvas.getByRole('link', { name: 'Mes favoris' })).toHaveAttribute('href', '/favoris')
    await expect(canvas.getByRole('link', { name: 'Mes coupons utilisés' })).toHaveAttribute(
      'href',
      '/mes-coupons',
    )
    const help = await canvas.findByRole('link', { name: 'Aide' })
    await expect(help).toHaveAttribute('href', '/docs/aide.html')
    await expect(help).toHaveAttribute('target', '_blank')
    await expect(help).toHaveAttribute('rel', expect.stringContaining('noopener'))
    await expect(canvas.getByRole('button', { name: 'Déconnexion' })).toBeVisible()
  },
}

/** Un administrateur voit en plus « Administration », qui mène à la gestion de la page d’accueil. */
export const Admin: Story = {
  name: 'Administrateur',
  parameters: { session: { user: signedInAdmin } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    await expect(canvas.getByText('Sophie Durand')).toBeVisible()
    await userEvent.click(canvas.getByRole('link', { name: 'Administration' }))
    await expect(await canvas.findByTestId('location')).toHaveTextContent('Page : /bo/gerer-accueil')
  },
}

/** « Déconnexion » ferme la session sur le serveur et sur l’appareil, puis mène à la page de connexion. */
export const Logout: Story = {
  name: 'Déconnexion',
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    await userEvent.click(canvas.getByRole('button', { name: 'Déconnexion' }))
    await expect(await canvas.findByTestId('location')).toHaveTextContent('Page : /login')
    await expect(loggedOut).toHaveBeenCalledWith(`Bearer ${signedInUser.access_token}`)
    await expect(localStorage.getItem('user')).toBeNull()
  },
}

/** « Mes favoris » et « Mes coupons utilisés » ouvrent les listes de la personne. */
export const OpensFavorites: Story = {
  name: 'Ouverture des favoris',
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    await userEvent.click(canvas.getByRole('link', { name: 'Mes favoris' }))
    await expect(await canvas.findByTestId('location')).toHaveTextContent('Page : /favoris')
  },
}

/**
 * « Mon compte » sous les informations de la personne, « Télécharger mes données » parmi les entrées, et les trois
 * pages légales ; les entrées de la spécification restent en place.
 */
export const AccountAndLegal: Story = {
  name: 'Mon compte, mes données et pages légales',
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    const infos = within(canvas.getByRole('region', { name: 'MES INFOS' }))
    await expect(infos.getByRole('link', { name: 'Mon compte' })).toHaveAttribute('href', '/compte')
    const general = within(canvas.getByRole('region', { name: 'GENERAL' }))
    await expect(general.getByRole('link', { name: 'Télécharger mes données' })).toHaveAttribute(
      'href',
      '/compte#mes-donnees',
    )
    await expect(general.getByRole('button', { name: 'Déconnexion' })).toBeVisible()
    const legal = within(canvas.getByRole('region', { name: 'INFORMATIONS LÉGALES' }))
    await expect(legal.getByRole('link', { name: 'Politique de confidentialité' })).toHaveAttribute(
      'href',
      '/confidentialite',
    )
    await expect(legal.getByRole('link', { name: 'Mentions légales' })).toHaveAttribute(
      'href',
      '/mentions-legales',
    )
    await expect(legal.getByRole('link', { name: 'Déclaration d’accessibilité' })).toHaveAttribute(
      'href',
      '/accessibilite',
    )
    await userEvent.click(infos.getByRole('link', { name: 'Mon compte' }))
    await expect(await canvas.findByTestId('location')).toHaveTextContent('Page : /compte')
  },
}
