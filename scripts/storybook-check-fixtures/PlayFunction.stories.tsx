import type { Meta, StoryObj } from '@storybook/react-vite'
import { expect, within } from 'storybook/test'

function Greeting({ name }: { name: string }) {
  return <p>Bonjour {name}</p>
}

const meta = {
  title: 'Vérification/Fonction play',
  component: Greeting,
  args: { name: 'Camille' },
} satisfies Meta<typeof Greeting>

export default meta
type Story = StoryObj<typeof meta>

export const Passes: Story = {
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByText('Bonjour Camille')).toBeVisible()
  },
}

export const Throws: Story = {
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByText('Bonjour Camille')).toHaveTextContent('Au revoir')
  },
}

/** The play function ends well, yet the Interactions panel shows the failed assertion: FAIL. */
export const CaughtFailure: Story = {
  play: async ({ canvasElement }) => {
    try {
      await expect(within(canvasElement).getByText('Bonjour Camille')).toHaveTextContent('Au revoir')
    } catch {
      // Caught on purpose: storyFinished says 'success'.
    }
  },
}

/** An assertion left running after the play function ended (not awaited): FAIL in the panel, 'success' sent. */
export const LateFailure: Story = {
  play: async ({ canvasElement }) => {
    setTimeout(() => {
      void expect(within(canvasElement).getByText('Bonjour Camille')).toHaveTextContent('Au revoir')
    }, 20)
  },
}
