import type { Meta, StoryObj } from '@storybook/react-vite'
import { expect } from 'storybook/test'
import { AppBar, Button, IconButton, PageHeader, TextField } from '@/src/design-system/index.ts'
import { mdiArrowLeft, mdiMagnify } from '@/src/design-system/icons/index.ts'
import { guides, withGuidance } from './guidance.ts'

const meta = {
  title: 'Système de conception/Navigation/En-tête de page',
  component: PageHeader,
  args: { title: 'Le Petit Marseillais', subtitle: 'Consultation', actions: <Button>Editer</Button> },
  parameters: withGuidance(guides.pageHeader, { layout: 'padded' }),
} satisfies Meta<typeof PageHeader>

export default meta
type Story = StoryObj<typeof meta>

export const Consult: Story = {
  name: 'Consultation',
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('heading', { level: 1, name: 'Le Petit Marseillais' })).toBeVisible()
    await expect(canvas.getByText('Consultation')).toBeVisible()
    await expect(canvas.getByRole('button', { name: 'Editer' })).toBeVisible()
  },
}

export const LongTitlePhone: Story = {
  name: 'Titre long sur téléphone',
  args: { title: 'Boulangerie-pâtisserie artisanale des Quatre Saisons du Vieux-Port de Marseille' },
  globals: { viewport: { value: 'phone' } },
  play: async ({ canvas }) => {
    const heading = canvas.getByRole('heading', { level: 1 })
    await expect(heading.getBoundingClientRect().right).toBeLessThanOrEqual(window.innerWidth)
  },
}

export const SearchAppBar: Story = {
  name: 'Barre de recherche',
  parameters: { layout: 'fullscreen' },
  globals: { viewport: { value: 'phone' } },
  render: () => (
    <AppBar
      color="surface"
      leading={<IconButton label="Retour" icon={mdiArrowLeft} color="inherit" tooltip={false} />}
    >
      <TextField
        type="search"
        shape="pill"
        aria-label="Rechercher un partenaire"
        placeholder="Rechercher un partenaire"
        leadingIcon={mdiMagnify}
      />
    </AppBar>
  ),
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('searchbox', { name: 'Rechercher un partenaire' })).toBeVisible()
    await expect(canvas.getByRole('button', { name: 'Retour' })).toBeVisible()
  },
}
