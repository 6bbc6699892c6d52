import type { Meta, StoryObj } from '@storybook/react-vite'
import { expect, fn, userEvent, within } from 'storybook/test'
import { DateField } from '@/src/design-system/index.ts'

const meta = {
  title: 'Design system/Inputs/DateField',
  component: DateField,
  args: { label: "Date d'expiration", value: '', onChange: fn() },
} satisfies Meta<typeof DateField>

export default meta
type Story = StoryObj<typeof meta>

export const Empty: Story = {
  name: 'Vide',
  play: async ({ canvasElement, args }) => {
    const input = within(canvasElement).getByLabelText("Date d'expiration")
    await expect(input).toHaveAttribute('type', 'date')
    // A controlled part: the story's value stays '', the change is reported.
    await userEvent.type(input, '2030-12-31')
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
  },
}

export const Invalid: Story = {
  name: 'Date invalide',
  args: { value: 'invalide', error: 'Date invalide' },
  play: async ({ canvasElement }) => {
    const input = within(canvasElement).getByLabelText("Date d'expiration")
    await expect(input).toHaveValue('')
    await expect(input).toHaveAttribute('aria-invalid', 'true')
    await expect(input).toHaveAccessibleDescription('Date invalide')
  },
}
