import type { Meta, StoryObj } from '@storybook/react-vite'
import { expect } from 'storybook/test'
import { VisuallyHidden } from '@/src/design-system/index.ts'
import { guides, withGuidance } from './guidance.ts'

const meta = {
  title: 'Système de conception/Mise en page/Texte pour lecteur d’écran',
  parameters: withGuidance(guides.visuallyHidden),
  component: VisuallyHidden,
  argTypes: {
    as: {
      description: 'L’élément qu’il remplace, par exemple `h1` pour le titre d’un écran qui n’en montre pas.',
    },
    forwardedAs: { table: { disable: true } },
  },
} satisfies Meta<typeof VisuallyHidden>

export default meta
type Story = StoryObj<typeof meta>

/** Un lien qui s’ouvre dans un nouvel onglet : l’écran montre le lien, le lecteur d’écran entend aussi la précision. */
export const NewTabLink: Story = {
  name: 'Précision sur un lien',
  render: () => (
    <a href="https://exemple.fr/conditions.pdf" target="_blank" rel="noopener noreferrer">
      Conditions d’utilisation<VisuallyHidden> (s’ouvre dans un nouvel onglet)</VisuallyHidden>
    </a>
  ),
  play: async ({ canvas }) => {
    const link = canvas.getByRole('link')
    await expect(link).toHaveAccessibleName('Conditions d’utilisation (s’ouvre dans un nouvel onglet)')
    const hidden = canvas.getByText('(s’ouvre dans un nouvel onglet)')
    await expect(hidden.getBoundingClientRect().width).toBeLessThanOrEqual(1)
  },
}

/** Le titre d’un écran dont la mise en page n’affiche pas de titre : il reste le titre principal pour la navigation. */
export const HiddenHeading: Story = {
  name: 'Titre d’écran invisible',
  render: () => (
    <section>
      <VisuallyHidden as="h1">Rechercher un partenaire</VisuallyHidden>
      <p>Le contenu de l’écran commence ici.</p>
    </section>
  ),
  play: async ({ canvas }) => {
    const heading = canvas.getByRole('heading', { level: 1, name: 'Rechercher un partenaire' })
    await expect(heading.getBoundingClientRect().height).toBeLessThanOrEqual(1)
  },
}
