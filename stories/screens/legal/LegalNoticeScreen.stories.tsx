import type { Meta, StoryObj } from '@storybook/react-vite'
import { delay, HttpResponse } from 'msw'
import { expect, within } from 'storybook/test'
import type { ClientConfig } from '@/contract/schemas.ts'
import { legalInfo, legalInfoUnset } from '@/mocks/fixtures/account.ts'
import { configHandlers, demoClientConfig } from '@/mocks/handlers/config.ts'
import { mockApi } from '@/mocks/handlers/mockApi.ts'
import { LegalNoticeScreen } from '@/src/screens/legal/LegalNoticeScreen.tsx'

const meta = {
  title: 'Écrans/Pages légales/Mentions légales',
  component: LegalNoticeScreen,
  parameters: {
    layout: 'fullscreen',
    router: { path: '/mentions-legales', initialEntries: ['/login', '/mentions-legales'] },
    msw: [configHandlers.config({ legal: legalInfo })],
  },
  globals: { viewport: { value: 'phone' } },
} satisfies Meta<typeof LegalNoticeScreen>

export default meta
type Story = StoryObj<typeof meta>

/** Tout ce que l’exploitant a renseigné : éditeur, adresse, immatriculation, contact, direction, hébergeur. */
export const Filled: Story = {
  name: 'Renseignées',
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    await expect(canvas.getByRole('heading', { level: 1, name: 'Mentions légales' })).toBeVisible()
    await expect(await canvas.findByText('Ville d’Exemple — Direction du commerce local')).toBeVisible()
    await expect(canvas.getByText('1 place de la Mairie, 13001 Marseille')).toBeInTheDocument()
    await expect(canvas.getByText('SIREN 213 000 000')).toBeInTheDocument()
    await expect(canvas.getByRole('link', { name: '04 91 00 00 00' })).toHaveAttribute(
      'href',
      'tel:0491000000',
    )
    await expect(canvas.getByText('Claire Dupont, maire')).toBeInTheDocument()
    await expect(
      canvas.getByText('Hébergeur Exemple SAS, 2 rue des Serveurs, 59100 Roubaix'),
    ).toBeInTheDocument()
    await expect(canvas.getByRole('link', { name: 'https://hebergeur.exemple.fr' })).toHaveAttribute(
      'href',
      'https://hebergeur.exemple.fr',
    )
    await expect(canvas.getByRole('link', { name: 'dpo@ville-exemple.fr' })).toHaveAttribute(
      'href',
      'mailto:dpo@ville-exemple.fr',
    )
  },
}

/** Rien de renseigné : un éditeur décrit en termes généraux, et chaque information manquante dite comme telle. */
export const Unset: Story = {
  name: 'Non renseignées',
  parameters: { msw: [configHandlers.config({ legal: legalInfoUnset })] },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    await expect(await canvas.findAllByText('non renseigné par l’exploitant')).toHaveLength(6)
    await expect(canvas.getByText("L'exploitant du service Partenaires")).toBeVisible()
  },
}

/** Un serveur d’une version antérieure, sans informations légales : les mêmes textes de repli. */
export const OlderServer: Story = {
  name: 'Serveur sans informations légales',
  parameters: {
    msw: [mockApi('getConfig', () => HttpResponse.json<ClientConfig>(demoClientConfig))],
  },
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findAllByText('non renseigné par l’exploitant')).toHaveLength(6)
  },
}

/** La page telle qu’elle s’affiche avant la réponse du serveur : le texte, et « … » à la place des informations. */
export const Loading: Story = {
  name: 'En attente de la configuration',
  parameters: {
    msw: [
      mockApi('getConfig', async () => {
        await delay('infinite')
        return HttpResponse.json<ClientConfig>(demoClientConfig)
      }),
    ],
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    await expect(canvas.getByRole('heading', { level: 2, name: 'Éditeur du service' })).toBeVisible()
    await expect(canvas.getAllByText('…').length).toBeGreaterThan(0)
    await expect(canvas.queryByText('non renseigné par l’exploitant')).toBeNull()
  },
}
