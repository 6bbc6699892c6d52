import type { Meta, StoryObj } from '@storybook/react-vite'
import { expect, screen, userEvent, waitFor, within } from 'storybook/test'
import { signedInAdmin } from '../../../mocks/fixtures/session.ts'
import { createBackofficeApi } from '../../../mocks/handlers/backoffice.ts'
import { googleMapsHandlers } from '../../../mocks/handlers/googleMaps.ts'
import { MapsProvider } from '../../../src/maps/index.ts'
import { PartnerFormScreen } from '../../../src/screens/backoffice/partners/PartnerFormScreen.tsx'
import { withToast } from './decorators.tsx'
import { fill } from '@/stories/fill.ts'

const api = createBackofficeApi()

/**
 * La recherche d’établissement du formulaire partenaire telle qu’elle fonctionne avec Google Maps :
 * suggestions pendant la frappe, puis fiche de l’établissement choisi qui remplit le formulaire.
 */
const meta = {
  title: 'Écrans/Back-office/Partenaire (formulaire, Google)',
  component: PartnerFormScreen,
  decorators: [
    withToast,
    (Story) => (
      <MapsProvider>
        <Story />
      </MapsProvider>
    ),
  ],
  beforeEach: () => api.reset(),
  parameters: {
    layout: 'fullscreen',
    session: { user: signedInAdmin },
    router: {
      path: '/bo/partenaires/nouveau',
      initialEntries: ['/bo/partenaires', '/bo/partenaires/nouveau'],
    },
    msw: [...googleMapsHandlers.double(), ...api.handlers],
  },
  globals: { viewport: { value: 'desktop' } },
} satisfies Meta<typeof PartnerFormScreen>

export default meta
type Story = StoryObj<typeof meta>

/**
 * Un établissement trouvé par la recherche remplit le nom, l’adresse, la ville, la position et le téléphone.
 */
export const GooglePlacePrefill: Story = {
  name: 'Un lieu Google pré-remplit le formulaire',
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    const search = canvas.getByRole('combobox', { name: 'Rechercher un partenaire sur google' })
    await waitFor(() => expect(search).toBeEnabled(), { timeout: 15_000 })
    await userEvent.type(search, 'navettes')
    const option = await screen.findByRole('option', { name: /Four des Navettes/ })
    await expect(option).toHaveTextContent('136 Rue Sainte, 13007 Marseille, France')
    await userEvent.click(option)
    await waitFor(() => expect(canvas.getByLabelText('Dénomination')).toHaveValue('Four des Navettes'))
    await expect(canvas.getByLabelText('Adresse')).toHaveValue('136 Rue Sainte')
    await expect(canvas.getByLabelText('Ville')).toHaveValue('Marseille')
    await expect(canvas.getByLabelText('Latitude')).toHaveValue('43.290509')
    await expect(canvas.getByLabelText('Longitude')).toHaveValue('5.365143')
    await expect(canvas.getByLabelText('Tél')).toHaveValue('04 91 33 32 12')
  },
}

/**
 * Un établissement que Google connaît sans téléphone : le téléphone déjà saisi par l’administrateur est
 * gardé.
 */
export const GooglePlaceWithoutPhoneKeepsTyped: Story = {
  name: 'Lieu sans téléphone, le téléphone saisi reste',
  tags: ['no-visual'],
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    await fill(canvas.getByLabelText('Tél'), '04 91 00 11 22')
    const search = canvas.getByRole('combobox', { name: 'Rechercher un partenaire sur google' })
    await waitFor(() => expect(search).toBeEnabled(), { timeout: 15_000 })
    await userEvent.type(search, 'atelier vélo')
    await userEvent.click(await screen.findByRole('option', { name: /Atelier Vélo du Panier/ }))
    await waitFor(() => expect(canvas.getByLabelText('Dénomination')).toHaveValue('Atelier Vélo du Panier'))
    await expect(canvas.getByLabelText('Adresse')).toHaveValue('4 Place de Lenche')
    await expect(canvas.getByLabelText('Tél')).toHaveValue('04 91 00 11 22')
  },
}
