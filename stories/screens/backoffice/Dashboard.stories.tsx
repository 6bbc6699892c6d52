import type { Meta, StoryObj } from '@storybook/react-vite'
import { expect, screen, userEvent, within } from 'storybook/test'
import { calls } from '@/contract/calls.ts'
import { emptyDashboard } from '@/mocks/fixtures/dashboard.ts'
import { signedInAdmin } from '@/mocks/fixtures/session.ts'
import { failing, pending } from '@/mocks/handlers/backoffice.ts'
import { exchangeHandlers } from '@/mocks/handlers/exchange.ts'
import { DashboardScreen } from '@/src/screens/backoffice/dashboard/DashboardScreen.tsx'
import { withToast } from './decorators.tsx'

const meta = {
  title: 'Écrans/Back-office/Tableau de bord',
  component: DashboardScreen,
  decorators: [withToast],
  parameters: {
    layout: 'fullscreen',
    session: { user: signedInAdmin },
    router: { path: '/bo/tableau-de-bord', initialEntries: ['/bo/tableau-de-bord'] },
    msw: exchangeHandlers(),
  },
  globals: { viewport: { value: 'desktop' } },
} satisfies Meta<typeof DashboardScreen>

export default meta
type Story = StoryObj<typeof meta>

export const Loaded: Story = {
  name: 'Chargé',
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    await expect(canvas.getByRole('heading', { level: 1, name: 'Tableau de bord' })).toBeVisible()
    await expect(await canvas.findByText('Coupons utilisés', { selector: 'dt' })).toBeVisible()
    const figures = canvasElement.querySelectorAll('dd')
    await expect([...figures].map((dd) => dd.textContent)).toEqual(['216', '57', '212'])
    for (const title of [
      'Coupons utilisés par jour',
      'Partenaires les plus utilisés',
      'Utilisations par catégorie',
    ])
      await expect(canvas.getByRole('region', { name: title })).toBeVisible()
    // Each chart's figures are a table for assistive technology, even while the drawing is shown.
    const perDay = canvas.getByRole('table', { name: 'Coupons utilisés par jour' })
    await expect(within(perDay).getAllByRole('row')).toHaveLength(31)
    await expect(within(perDay).getByRole('row', { name: '25/11/2026 11' })).toBeInTheDocument()
    const top = canvas.getByRole('table', { name: 'Partenaires les plus utilisés' })
    await expect(within(top).getAllByRole('row')[1]).toHaveTextContent('Le Comptoir du Panier48')
  },
}

export const Phone: Story = {
  name: 'Téléphone',
  globals: { viewport: { value: 'phone' } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    const title = canvas.getByRole('heading', { level: 1, name: 'Tableau de bord' })
    await expect(await canvas.findByText('Coupons utilisés', { selector: 'dt' })).toBeVisible()
    // The title on one line (it was drawn a letter per line beside the export button), the button under it.
    const range = document.createRange()
    range.selectNodeContents(title)
    await expect(new Set([...range.getClientRects()].map((rect) => Math.round(rect.top))).size).toBe(1)
    const button = canvas.getByRole('button', { name: 'Exporter les utilisations (CSV)' })
    await expect(button.getBoundingClientRect().top).toBeGreaterThan(title.getBoundingClientRect().bottom)
    // The figures stacked.
    const figures = [...canvasElement.querySelectorAll('dl > div')].map((figure) =>
      figure.getBoundingClientRect(),
    )
    await expect(new Set(figures.map((box) => Math.round(box.left))).size).toBe(1)
  },
}

export const TableShown: Story = {
  name: 'Tableau affiché',
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    const region = within(await canvas.findByRole('region', { name: 'Utilisations par catégorie' }))
    const toggle = region.getByRole('button', { name: 'Afficher le tableau' })
    await expect(toggle).toHaveAttribute('aria-expanded', 'false')
    await userEvent.click(toggle)
    await expect(region.getByRole('button', { name: 'Masquer le tableau' })).toHaveAttribute(
      'aria-expanded',
      'true',
    )
    const table = region.getByRole('table', { name: 'Utilisations par catégorie' })
    await expect(within(table).getByRole('columnheader', { name: 'Catégorie' })).toBeVisible()
    await expect(within(table).getByRole('row', { name: 'Sport & bien-être 37' })).toBeVisible()
  },
}

export const Empty: Story = {
  name: 'Aucune utilisation',
  parameters: { msw: exchangeHandlers({ dashboard: emptyDashboard }) },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    await expect(await canvas.findByText('Aucun coupon utilisé ces 30 derniers jours.')).toBeVisible()
    await expect(canvas.getByText('Aucun partenaire n’a eu de coupon utilisé.')).toBeVisible()
    await expect(canvas.getByText('Aucune catégorie n’a eu de coupon utilisé.')).toBeVisible()
    await expect(canvas.queryByRole('button', { name: 'Afficher le tableau' })).toBeNull()
    await expect([...canvasElement.querySelectorAll('dd')].map((dd) => dd.textContent)).toEqual([
      '0',
      '0',
      '212',
    ])
  },
}

export const Loading: Story = {
  name: 'Chargement',
  parameters: { msw: [pending('get', calls.getDashboard.path), ...exchangeHandlers()] },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByLabelText('Chargement du tableau de bord')).toBeVisible()
  },
}

export const LoadFailure: Story = {
  name: 'Erreur de chargement',
  parameters: { msw: [failing('get', calls.getDashboard.path), ...exchangeHandlers()] },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    await expect(await canvas.findByText('Impossible de charger le tableau de bord.')).toBeVisible()
    await expect(screen.queryByText('Une erreur interne est survenue.')).toBeNull()
    await expect(canvas.getByRole('button', { name: 'Réessayer' })).toBeVisible()
  },
}
