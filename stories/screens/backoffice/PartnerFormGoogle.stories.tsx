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
 * The partner form's place search on Google's code path: a configuration with a key, Google's script answered
 * by the local double of the Maps JavaScript API (mocks/googleMapsDouble), Places autocomplete then details.
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

/** An establishment found through Places fills name, address, city, position and phone. */
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

/** A place Google knows without phone: the phone the admin typed stays. */
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
