import type { Meta, StoryObj } from '@storybook/react-vite'
import { expect, fn, userEvent } from 'storybook/test'
import { FileUploadButton } from '@/src/design-system/index.ts'
import { guides, withGuidance } from './guidance.ts'

const meta = {
  title: 'Système de conception/Saisie/Bouton d’envoi de fichier',
  parameters: withGuidance(guides.fileUploadButton),
  component: FileUploadButton,
  args: { accept: 'image/*', onFile: fn(), variant: 'outlined' },
} satisfies Meta<typeof FileUploadButton>

export default meta
type Story = StoryObj<typeof meta>

const firstFile = (spy: unknown) => (spy as { mock: { calls: File[][] } }).mock.calls[0][0]

export const Default: Story = {
  name: 'Par défaut',
  play: async ({ args, canvas, canvasElement }) => {
    await expect(canvas.getByRole('button', { name: 'Ajouter' })).toBeVisible()
    const input = canvasElement.querySelector<HTMLInputElement>('input[type=file]')!
    await expect(input).toHaveAttribute('accept', 'image/*')
    // The button opens the chooser through the hidden input.
    const opened = fn()
    input.addEventListener('click', (event) => {
      event.preventDefault()
      opened()
    })
    await userEvent.click(canvas.getByRole('button', { name: 'Ajouter' }))
    await expect(opened).toHaveBeenCalled()
    // What the browser does once a file is chosen.
    const file = new File(['png'], 'vitrine.png', { type: 'image/png' })
    const choose = () => {
      const transfer = new DataTransfer()
      transfer.items.add(file)
      input.files = transfer.files
      input.dispatchEvent(new Event('change', { bubbles: true }))
    }
    choose()
    await expect(args.onFile).toHaveBeenCalledTimes(1)
    await expect(firstFile(args.onFile).name).toBe('vitrine.png')
    // The input is reset, so the same file can be chosen again.
    await expect(input.value).toBe('')
    choose()
    await expect(args.onFile).toHaveBeenCalledTimes(2)
  },
}

/** Tab atteint le bouton (le champ de fichier caché ne prend pas le focus) : l’anneau de focus l’entoure. */
export const KeyboardFocus: Story = {
  name: 'Focus clavier',
  play: async ({ canvas }) => {
    await userEvent.tab()
    const button = canvas.getByRole('button', { name: 'Ajouter' })
    await expect(button).toHaveFocus()
    await expect(getComputedStyle(button).outlineStyle).toBe('solid')
  },
}

export const Uploading: Story = {
  name: 'Envoi en cours',
  args: { loading: true },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('button', { name: 'Ajouter' })).toHaveAttribute('aria-busy', 'true')
  },
}

export const Disabled: Story = {
  name: 'Désactivé',
  args: { disabled: true, children: 'Choisir une image' },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('button', { name: 'Choisir une image' })).toBeDisabled()
  },
}
