import type { Meta, StoryObj } from '@storybook/react-vite'

function Screen({ heading }: { heading: string }) {
  return (
    <main>
      <h1>{heading}</h1>
    </main>
  )
}

/** A screen inline on its docs page (this Storybook has no docs container to frame it). */
const meta = {
  title: 'Écrans/Vérification',
  component: Screen,
  args: { heading: 'Utilisateurs' },
} satisfies Meta<typeof Screen>

export default meta
type Story = StoryObj<typeof meta>

export const Loaded: Story = {}
