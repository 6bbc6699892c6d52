import type { Meta, StoryObj } from '@storybook/react-vite'
import { expect, within } from 'storybook/test'
import styled from 'styled-components'
import { theme } from '@/src/design-system/theme/index.ts'

const Grid = styled.div`
  display: grid;
  grid-template-columns: repeat(auto-fill, minmax(140px, 1fr));
  gap: ${theme.space[3]}px;
  width: min(1100px, 94vw);
`
const Swatch = styled.figure`
  margin: 0;
  border: 1px solid ${theme.colors.border};
  border-radius: ${theme.radii.md};
  overflow: hidden;
  background: ${theme.colors.surface};
  figcaption {
    padding: ${theme.space[2]}px;
    font-size: ${theme.fontSizes.sm};
  }
`

function Palette() {
  return (
    <Grid>
      {Object.entries(theme.colors).map(([name, value]) => (
        <Swatch key={name}>
          <div style={{ background: value, height: 48 }} />
          <figcaption>
            {name}
            <br />
            <code>{value}</code>
          </figcaption>
        </Swatch>
      ))}
    </Grid>
  )
}

const meta = {
  title: 'Système de conception/Thème',
  component: Palette,
  parameters: {
    docs: {
      description: {
        component:
          'Toutes les couleurs du thème d’un coup d’œil : le nom de chaque jeton et sa valeur. Pour choisir une couleur, ' +
          'partez plutôt de son rôle et de son contraste : [Couleurs par rôle](?path=/docs/fondations-couleurs-par-rôle--documentation).',
      },
    },
  },
} satisfies Meta<typeof Palette>

export default meta
type Story = StoryObj<typeof meta>

export const Couleurs: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    await expect(canvas.getByText('primary')).toBeVisible()
    await expect(canvas.getAllByText(theme.colors.primary)[0]).toBeVisible()
  },
}
