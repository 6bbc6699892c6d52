import type { Meta, StoryObj } from '@storybook/react-vite'
import { expect, fn, screen, userEvent, waitFor } from 'storybook/test'
import { PhotoGrid } from '@/src/design-system/index.ts'
import { placeholderImage } from './fixtures.ts'
import { guides, withGuidance } from './guidance.ts'

const photos = ['#1565c0', '#2e7d32', '#b45309'].map((color, i) => ({
  id: String(i + 1),
  url: placeholderImage(`Photo ${i + 1}`, color),
}))

const meta = {
  title: 'Système de conception/Affichage de données/Grille de photos',
  parameters: withGuidance(guides.photoGrid),
  component: PhotoGrid,
  args: { photos, onDelete: fn() },
  decorators: [(Story) => <div style={{ width: 420 }}>{Story()}</div>],
} satisfies Meta<typeof PhotoGrid>

export default meta
type Story = StoryObj<typeof meta>

export const ViewerWithPrevNext: Story = {
  name: 'Visionneuse : précédente et suivante',
  play: async ({ canvas }) => {
    await userEvent.click(canvas.getByRole('button', { name: 'Agrandir : Photo 2' }))
    const viewer = await screen.findByRole('dialog', { name: 'Photo 2' })
    await waitFor(() => expect(screen.getByRole('img', { name: 'Photo 2' })).toBeVisible())
    await expect(viewer).toHaveTextContent('2 / 3')
    await userEvent.click(screen.getByRole('button', { name: 'Photo suivante' }))
    await expect(viewer).toHaveTextContent('3 / 3')
    await userEvent.keyboard('{ArrowRight}')
    await expect(viewer).toHaveTextContent('1 / 3')
    await userEvent.click(screen.getByRole('button', { name: 'Photo précédente' }))
    await expect(viewer).toHaveTextContent('3 / 3')
    await userEvent.keyboard('{Escape}')
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull())
  },
}

export const FullScreen: Story = {
  name: 'Plein écran',
  play: async ({ canvas }) => {
    await userEvent.click(canvas.getByRole('button', { name: 'Agrandir : Photo 1' }))
    const viewer = await screen.findByRole('dialog')
    await waitFor(() => expect(viewer.getBoundingClientRect().width).toBe(window.innerWidth))
    await expect(viewer.getBoundingClientRect().height).toBe(window.innerHeight)
  },
}

export const Delete: Story = {
  name: 'Suppression',
  play: async ({ args, canvas }) => {
    const deletes = canvas.getAllByRole('button', { name: 'Supprimer la photo' })
    await expect(deletes).toHaveLength(3)
    await userEvent.click(deletes[1])
    await expect(args.onDelete).toHaveBeenCalledWith(photos[1])
  },
}

export const Uploading: Story = {
  name: 'Envoi en cours',
  args: { uploading: true },
  play: async ({ canvas }) => {
    await expect(canvas.getByTestId('photo-uploading')).toHaveTextContent('Envoi en cours…')
  },
}

export const Empty: Story = {
  name: 'Vide',
  args: { photos: [] },
  play: async ({ canvas }) => {
    await expect(canvas.getByText('Aucune photo')).toBeVisible()
  },
}

export const ReadOnly: Story = {
  name: 'Lecture seule',
  args: { onDelete: undefined },
  play: async ({ canvas }) => {
    await expect(canvas.queryByRole('button', { name: 'Supprimer la photo' })).toBeNull()
  },
}
