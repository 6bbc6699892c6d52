import type { Meta, StoryObj } from '@storybook/react-vite'
import { expect, fn, userEvent } from 'storybook/test'
import { Checkbox } from '@/src/design-system/index.ts'
import { guides, withGuidance } from './guidance.ts'

const termsLabel = (
  <>
    J’accepte les{' '}
    <a href="https://exemple.fr/cgu.pdf" target="_blank" rel="noopener noreferrer">
      conditions générales d’utilisation
    </a>
  </>
)

const meta = {
  title: 'Système de conception/Saisie/Case à cocher',
  parameters: withGuidance(guides.checkbox),
  component: Checkbox,
  args: { label: termsLabel, onCheckedChange: fn() },
  decorators: [(Story) => <div style={{ width: 360 }}>{Story()}</div>],
} satisfies Meta<typeof Checkbox>

export default meta
type Story = StoryObj<typeof meta>

export const Default: Story = {
  name: 'Par défaut',
  play: async ({ args, canvas }) => {
    const box = canvas.getByRole('checkbox', { name: /J’accepte les conditions/ })
    await expect(box).not.toBeChecked()
    await userEvent.click(box)
    await expect(box).toBeChecked()
    await expect(args.onCheckedChange).toHaveBeenLastCalledWith(true)
    // Clicking the label text toggles too.
    await userEvent.click(canvas.getByText(/J’accepte les/))
    await expect(box).not.toBeChecked()
  },
}

export const LinkDoesNotToggle: Story = {
  name: 'Lien dans le libellé',
  play: async ({ args, canvas }) => {
    const link = canvas.getByRole('link', { name: 'conditions générales d’utilisation' })
    await expect(link).toHaveAttribute('target', '_blank')
    await expect(link).toHaveAttribute('rel', expect.stringContaining('noopener'))
    // Keep the test page from opening a tab; the label must still not toggle the box.
    link.addEventListener('click', (event) => event.preventDefault(), { once: true })
    await userEvent.click(link)
    await expect(canvas.getByRole('checkbox')).not.toBeChecked()
    await expect(args.onCheckedChange).not.toHaveBeenCalled()
  },
}

export const Keyboard: Story = {
  name: 'Au clavier',
  play: async ({ canvas }) => {
    await userEvent.tab()
    await expect(canvas.getByRole('checkbox')).toHaveFocus()
    await userEvent.keyboard(' ')
    await expect(canvas.getByRole('checkbox')).toBeChecked()
  },
}

export const Checked: Story = {
  name: 'Coché',
  args: { defaultChecked: true, label: 'J’accepte la politique de confidentialité' },
  play: async ({ canvas }) => {
    await expect(
      canvas.getByRole('checkbox', { name: 'J’accepte la politique de confidentialité' }),
    ).toBeChecked()
  },
}

export const Disabled: Story = {
  name: 'Désactivé',
  args: { disabled: true },
  play: async ({ args, canvas }) => {
    const box = canvas.getByRole('checkbox')
    await expect(box).toBeDisabled()
    await userEvent.click(box, { pointerEventsCheck: 0 })
    await expect(args.onCheckedChange).not.toHaveBeenCalled()
  },
}

export const WithError: Story = {
  name: 'Avec une erreur',
  args: { error: 'Vous devez accepter les conditions.' },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('checkbox')).toHaveAccessibleDescription(
      'Vous devez accepter les conditions.',
    )
  },
}
