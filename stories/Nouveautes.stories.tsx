import type { Meta, StoryObj } from '@storybook/react-vite'
import { expect } from 'storybook/test'
import { RecentChanges } from './nouveautes.tsx'

const meta = {
  title: 'Nouveautés',
  component: RecentChanges,
  // The list follows every commit: its picture would change with each one; the play function checks it.
  tags: ['no-visual'],
  parameters: {
    layout: 'padded',
    docs: {
      description: {
        component: `Les composants du système de conception, du plus récemment modifié au plus ancien, d’après l’historique du dépôt au moment où ce Storybook a été construit : la date du dernier changement du composant ou de ses stories, et le nombre de changements des 60 derniers jours. Ouvrez un composant pour voir son état actuel ; le détail technique de chaque changement est replié sous son nom.

#### Changements récents à l’échelle du Storybook

- Tout le Storybook est en français : catégories, noms des composants et des stories, descriptions.
- Chaque page de composant commence par ses conseils d’usage : quand l’utiliser, à faire, à éviter, règles de texte, clavier et lecteur d’écran, survol et focus ; toutes ses propriétés sont décrites.
- Nouvelles pages : [Indicateur de chargement](?path=/docs/système-de-conception-messages-et-attente-indicateur-de-chargement--documentation), [Infobulle](?path=/docs/système-de-conception-affichage-de-données-infobulle--documentation), [Texte pour lecteur d’écran](?path=/docs/système-de-conception-mise-en-page-texte-pour-lecteur-d-écran--documentation), [Icônes](?path=/docs/fondations-icônes--documentation), [Couleurs par rôle](?path=/docs/fondations-couleurs-par-rôle--documentation) avec leurs contrastes, [Points de rupture](?path=/docs/fondations-points-de-rupture--documentation) et [Mouvement](?path=/docs/fondations-mouvement--documentation).
- Les boutons secondaires ont une bordure plus foncée : elle se détache du blanc à 3,7:1 (le fond bleu clair seul était à 1,75:1).`,
      },
    },
  },
} satisfies Meta<typeof RecentChanges>

export default meta
type Story = StoryObj<typeof meta>

const designSystemStoryFiles = Object.keys(import.meta.glob('./design-system/*.stories.tsx'))

export const ChangedComponents: Story = {
  name: 'Composants modifiés',
  play: async ({ canvas }) => {
    // One row per design-system part, each a link to its docs page, the most recent change first.
    const links = canvas.getAllByRole('link')
    await expect(links).toHaveLength(designSystemStoryFiles.length)
    for (const link of links)
      await expect(link.getAttribute('href')).toMatch(/^\.\/\?path=\/docs\/.+--documentation$/)
    const times = canvas
      .getAllByRole('row')
      .slice(1)
      .map((row) => Date.parse(row.querySelector('time')!.getAttribute('datetime')!))
    await expect(times).toEqual([...times].sort((a, b) => b - a))
  },
}
