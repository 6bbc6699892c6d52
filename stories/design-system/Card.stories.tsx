import type { Meta, StoryObj } from '@storybook/react-vite'
import { expect, fn, userEvent } from 'storybook/test'
import {
  Badge,
  Card,
  CardActions,
  CardContent,
  CardMedia,
  CardTitle,
  IconButton,
} from '@/src/design-system/index.ts'
import { mdiDelete, mdiPencil } from '@/src/design-system/icons/index.ts'
import { placeholderImage } from './fixtures.ts'
import { guides, withGuidance } from './guidance.ts'

const meta = {
  title: 'Système de conception/Mise en page/Carte',
  parameters: withGuidance(guides.card),
  component: Card,
  args: { children: null, dimmed: false },
  decorators: [(Story) => <div style={{ width: 280 }}>{Story()}</div>],
} satisfies Meta<typeof Card>

export default meta
type Story = StoryObj<typeof meta>

const onEdit = fn()

const article = (published: boolean) => (
  <>
    <CardMedia src={placeholderImage('Article', '#1565c0', 400, 550)} width={400} height={550} alt="" />
    <CardContent>
      <Badge content={published ? 'Publié' : 'Brouillon'} color={published ? 'success' : 'danger'} />
      <CardTitle>Les bonnes adresses de l’été</CardTitle>
      <p style={{ margin: 0 }}>{published ? 'Découvrir' : 'Aucun lien disponible'}</p>
    </CardContent>
    <CardActions>
      <IconButton label="Supprimer" icon={mdiDelete} color="danger" />
      <IconButton label="Modifier" icon={mdiPencil} onClick={onEdit} />
    </CardActions>
  </>
)

export const PublishedArticle: Story = {
  name: 'Article publié',
  args: { children: article(true) },
  play: async ({ canvas }) => {
    await expect(canvas.getByText('Publié')).toBeVisible()
    await userEvent.click(canvas.getByRole('button', { name: 'Modifier' }))
    await expect(onEdit).toHaveBeenCalled()
  },
}

export const DraftDimmed: Story = {
  name: 'Brouillon estompé',
  args: { children: article(false), dimmed: true },
  play: async ({ canvas, canvasElement }) => {
    await expect(canvas.getByText('Aucun lien disponible')).toBeInTheDocument()
    await expect(getComputedStyle(canvasElement.querySelector('article img')!).opacity).toBe('0.45')
  },
}
