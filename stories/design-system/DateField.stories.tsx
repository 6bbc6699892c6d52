import type { Meta, StoryObj } from '@storybook/react-vite'
import { expect, fireEvent, fn, userEvent, within } from 'storybook/test'
import { DateField } from '@/src/design-system/index.ts'
import { guides, withGuidance } from './guidance.ts'

const meta = {
  title: 'Système de conception/Saisie/Champ date',
  parameters: withGuidance(guides.dateField),
  component: DateField,
  args: { label: "Date d'expiration", value: '', onChange: fn() },
} satisfies Meta<typeof DateField>

export default meta
type Story = StoryObj<typeof meta>

const calendarOf = (canvasElement: HTMLElement) =>
  canvasElement.querySelector<HTMLInputElement>('input[type=date]')!

export const Empty: Story = {
  name: 'Vide',
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement)
    const input = canvas.getByLabelText("Date d'expiration")
    await expect(input).toHaveAttribute('type', 'text')
    await expect(input).toHaveAttribute('placeholder', 'AAAA-MM-JJ')
    // Typed text reaches the form as it is, whatever its shape: the form says what is wrong with it.
    await userEvent.type(input, '3')
    await expect(args.onChange).toHaveBeenLastCalledWith('3')
    // The calendar's pick is reported as AAAA-MM-JJ.
    await expect(canvas.getByRole('button', { name: 'Choisir dans le calendrier' })).toBeEnabled()
    fireEvent.change(calendarOf(canvasElement), { target: { value: '2030-12-31' } })
    await expect(args.onChange).toHaveBeenLastCalledWith('2030-12-31')
  },
}

export const Filled: Story = {
  name: 'Remplie, obligatoire',
  args: { value: '2030-12-31', required: true },
  play: async ({ canvasElement }) => {
    const input = within(canvasElement).getByLabelText("Date d'expiration")
    await expect(input).toHaveValue('2030-12-31')
    await expect(input).toHaveAttribute('aria-required', 'true')
    // The calendar opens on the day in the field.
    await expect(calendarOf(canvasElement)).toHaveValue('2030-12-31')
  },
}

export const WrongShape: Story = {
  name: 'Format incorrect',
  args: { value: '31/12/2030', error: 'La date doit être au format AAAA-MM-JJ' },
  play: async ({ canvasElement }) => {
    const input = within(canvasElement).getByLabelText("Date d'expiration")
    await expect(input).toHaveValue('31/12/2030')
    await expect(input).toHaveAttribute('aria-invalid', 'true')
    await expect(input).toHaveAccessibleDescription('La date doit être au format AAAA-MM-JJ')
    await expect(calendarOf(canvasElement)).toHaveValue('')
  },
}

export const Disabled: Story = {
  name: 'Désactivée',
  tags: ['no-visual'],
  args: { value: '2030-12-31', disabled: true },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    await expect(canvas.getByLabelText("Date d'expiration")).toBeDisabled()
    await expect(canvas.getByRole('button', { name: 'Choisir dans le calendrier' })).toBeDisabled()
  },
}
