import type { Meta, StoryObj } from '@storybook/react-vite'

/** Where a screen story's router went, written as the stories write it: 'Page : /…'. */
function Address({ path, next }: { path: string; next?: string }) {
  return (
    <div>
      <p data-testid="location">Page : {path}</p>
      {next ? <p>Écran suivant : {next}</p> : null}
    </div>
  )
}

/** A story that ends on the bare address line (the blank canvas designers met), and one that names the screen. */
const meta = {
  title: 'Vérification/Adresse seule',
  component: Address,
  args: { path: '/bo/partenaires/12' },
} satisfies Meta<typeof Address>

export default meta
type Story = StoryObj<typeof meta>

export const BareAddress: Story = {}

export const WithNextScreen: Story = { args: { next: 'Consultation du partenaire' } }
