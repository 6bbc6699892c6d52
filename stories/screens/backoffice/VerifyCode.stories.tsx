import type { Meta, StoryObj } from '@storybook/react-vite'
import { expect, userEvent, waitFor, within } from 'storybook/test'
import { signedInAdmin } from '@/mocks/fixtures/session.ts'
import { checkOfferUseHandlers } from '@/mocks/handlers/offerUses.ts'
import { Panel } from '@/src/screens/backoffice/common/Panel.tsx'
import { VerifyCodePanel } from '@/src/screens/backoffice/dashboard/VerifyCodePanel.tsx'

/** 'Vérifier un code', on the dashboard: the code a person shows at the till finds the use it names. */
const meta = {
  title: 'Écrans/Back-office/Vérifier un code',
  component: VerifyCodePanel,
  decorators: [
    (Story) => (
      <Panel>
        <Story />
      </Panel>
    ),
  ],
  parameters: {
    layout: 'padded',
    session: { user: signedInAdmin },
    router: { path: '/bo/tableau-de-bord', initialEntries: ['/bo/tableau-de-bord'] },
    msw: [checkOfferUseHandlers.known()],
  },
  globals: { viewport: { value: 'desktop' } },
} satisfies Meta<typeof VerifyCodePanel>

export default meta
type Story = StoryObj<typeof meta>

const check = async (canvasElement: HTMLElement, typed: string) => {
  const canvas = within(canvasElement)
  await userEvent.type(canvas.getByRole('textbox', { name: 'Code montré par la personne' }), typed)
  const button = canvas.getByRole('button', { name: 'Vérifier' })
  await userEvent.click(button)
  // The button is disabled while the check is under way: done once it is enabled again.
  await waitFor(() => expect(canvas.getByRole('button', { name: 'Vérifier' })).toBeEnabled())
  // The same picture on every run: nothing left hovered or focused.
  await userEvent.unhover(button)
  ;(document.activeElement as HTMLElement | null)?.blur()
}

/** Typed as read aloud (lower case, a dash): who used which offer of which partner, and when. */
export const Found: Story = {
  name: 'Code trouvé',
  play: async ({ canvasElement }) => {
    await check(canvasElement, 'k7m-2qx')
    const canvas = within(canvasElement)
    const use = await canvas.findByLabelText('Utilisation du code K7M2QX')
    await expect(use).toHaveTextContent('Camille Durand')
    await expect(use).toHaveTextContent('camille.durand@exemple.fr')
    await expect(use).toHaveTextContent('Café offert pour toute formule déjeuner')
    await expect(use).toHaveTextContent('Le Comptoir du Panier')
    await expect(use).toHaveTextContent('15/06/2026')
    await expect(within(use).getByRole('link', { name: 'Camille Durand' })).toHaveAttribute(
      'href',
      '/bo/utilisateurs/7',
    )
  },
}

/** A well-formed code no use carries: 'Code inconnu' beside the field. */
export const Unknown: Story = {
  name: 'Code inconnu',
  play: async ({ canvasElement }) => {
    await check(canvasElement, 'ABCDEF')
    const canvas = within(canvasElement)
    const field = canvas.getByRole('textbox', { name: 'Code montré par la personne' })
    await expect(await canvas.findByText('Code inconnu')).toBeVisible()
    await expect(field).toHaveAttribute('aria-invalid', 'true')
    await expect(canvas.queryByLabelText(/Utilisation du code/)).toBeNull()
  },
}

/** Nothing typed: said at once, nothing asked of the server. */
export const Empty: Story = {
  name: 'Code vide',
  tags: ['no-visual'],
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    await userEvent.click(canvas.getByRole('button', { name: 'Vérifier' }))
    await expect(await canvas.findByText('Saisissez le code à vérifier')).toBeVisible()
  },
}
