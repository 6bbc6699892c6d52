import { mdiBasketball, mdiPalette, mdiShopping, mdiSilverwareForkKnife, mdiSpa, mdiStar } from '@mdi/js'
import { useState, type ComponentType } from 'react'
import type { Meta, StoryObj } from '@storybook/react-vite'
import { expect, fn, screen, userEvent, within } from 'storybook/test'
import { CategoryIcon, SearchCombobox, type MultipleSearchComboboxProps } from '@/src/design-system/index.ts'
import { guides, withGuidance } from './guidance.ts'

interface Category {
  id?: number
  label: string
  icon: string
  iconPath: string | null
}

const categories: Category[] = [
  { id: 1, label: 'Restaurants', icon: 'silverware-fork-knife', iconPath: mdiSilverwareForkKnife },
  { id: 2, label: 'Bien-être', icon: 'spa', iconPath: mdiSpa },
  { id: 3, label: 'Loisirs', icon: 'basketball', iconPath: mdiBasketball },
  { id: 4, label: 'Culture', icon: 'palette', iconPath: mdiPalette },
  { id: 5, label: 'Shopping', icon: 'shopping', iconPath: mdiShopping },
]

type Props = Omit<MultipleSearchComboboxProps<Category>, 'multiple'>

function Demo(args: Props) {
  const [value, setValue] = useState(args.value)
  return (
    <SearchCombobox
      {...args}
      multiple
      value={value}
      onChange={(next) => {
        setValue(next)
        args.onChange(next)
      }}
      onCreate={
        args.onCreate
          ? (label) => {
              args.onCreate?.(label)
              // New categories get the default star icon until the admin picks one.
              setValue((current) => [...current, { label, icon: 'star', iconPath: mdiStar }])
            }
          : undefined
      }
    />
  )
}

const meta = {
  title: 'Système de conception/Saisie/Choix de catégories',
  parameters: withGuidance(guides.searchCombobox),
  // The props table documents the real component; the demo around it keeps its value, as a form does.
  component: SearchCombobox<Category> as ComponentType<Props>,
  render: (args) => <Demo {...args} />,
  args: {
    label: 'Catégories',
    options: categories,
    value: [categories[0]],
    onChange: fn(),
    onCreate: fn(),
    getOptionLabel: (c: Category) => c.label,
    renderOptionIcon: (c: Category) => <CategoryIcon path={c.iconPath} size={16} />,
    placeholder: 'Ajouter une catégorie',
  },
  decorators: [(Story) => <div style={{ width: 400, minHeight: 320 }}>{Story()}</div>],
} satisfies Meta<typeof Demo>

export default meta
type Story = StoryObj<typeof meta>

export const PickWithKeyboard: Story = {
  name: 'Choix au clavier',
  play: async ({ args, canvas }) => {
    const input = canvas.getByRole('combobox', { name: 'Catégories' })
    await userEvent.click(input)
    await expect(input).toHaveAttribute('aria-expanded', 'true')
    const list = screen.getByRole('listbox')
    // The chosen one is not offered again.
    await expect(within(list).getAllByRole('option')).toHaveLength(4)
    await userEvent.keyboard('{ArrowDown}{ArrowDown}')
    await expect(input.getAttribute('aria-activedescendant')).toBe(within(list).getAllByRole('option')[1].id)
    await userEvent.keyboard('{Enter}')
    await expect(args.onChange).toHaveBeenLastCalledWith([categories[0], categories[2]])
    await expect(canvas.getByRole('button', { name: 'Retirer Loisirs' })).toBeVisible()
  },
}

export const FilterAndClick: Story = {
  name: 'Filtrer puis cliquer',
  play: async ({ args, canvas }) => {
    await userEvent.type(canvas.getByRole('combobox'), 'bien')
    const options = within(screen.getByRole('listbox')).getAllByRole('option')
    await expect(options[0]).toHaveTextContent('Bien-être')
    await userEvent.click(options[0])
    await expect(args.onChange).toHaveBeenLastCalledWith([categories[0], categories[1]])
  },
}

export const TypedTextBecomesNewChip: Story = {
  name: 'Texte saisi devenu étiquette',
  play: async ({ args, canvas }) => {
    const input = canvas.getByRole('combobox', { name: 'Catégories' })
    await userEvent.type(input, 'Boulangerie{Enter}')
    await expect(args.onCreate).toHaveBeenCalledWith('Boulangerie')
    await expect(canvas.getByRole('button', { name: 'Retirer Boulangerie' })).toBeVisible()
    await expect(input).toHaveValue('')
  },
}

export const CreateOptionShown: Story = {
  name: 'Option « Créer » proposée',
  play: async ({ args, canvas }) => {
    await userEvent.type(canvas.getByRole('combobox'), 'Cult')
    const options = within(screen.getByRole('listbox')).getAllByRole('option')
    await expect(options.map((o) => o.textContent)).toEqual(['Culture', 'Créer « Cult »'])
    await userEvent.click(options[1])
    await expect(args.onCreate).toHaveBeenCalledWith('Cult')
  },
}

export const ChipsClosableAndClearable: Story = {
  name: 'Étiquettes retirables, tout effacer',
  args: { value: [categories[0], categories[1], categories[2]] },
  play: async ({ args, canvas }) => {
    await userEvent.click(canvas.getByRole('button', { name: 'Retirer Bien-être' }))
    await expect(args.onChange).toHaveBeenLastCalledWith([categories[0], categories[2]])
    // Backspace in the empty input removes the last chip.
    await userEvent.keyboard('{Backspace}')
    await expect(args.onChange).toHaveBeenLastCalledWith([categories[0]])
    await userEvent.click(canvas.getByRole('button', { name: 'Tout effacer' }))
    await expect(args.onChange).toHaveBeenLastCalledWith([])
    await expect(canvas.queryByRole('button', { name: /Retirer/ })).toBeNull()
  },
}

export const EscapeCloses: Story = {
  name: 'Échap ferme la liste',
  play: async ({ canvas }) => {
    const input = canvas.getByRole('combobox')
    await userEvent.click(input)
    await expect(screen.getByRole('listbox')).toBeVisible()
    await userEvent.keyboard('{Escape}')
    await expect(screen.queryByRole('listbox')).toBeNull()
    await expect(input).toHaveAttribute('aria-expanded', 'false')
  },
}

export const WithoutCreate: Story = {
  name: 'Sans création',
  args: { onCreate: undefined },
  play: async ({ canvas }) => {
    await userEvent.type(canvas.getByRole('combobox'), 'Boulangerie{Enter}')
    await expect(screen.getByText('Aucune option')).toBeVisible()
    await expect(canvas.queryByRole('button', { name: 'Retirer Boulangerie' })).toBeNull()
  },
}

export const WithError: Story = {
  name: 'Avec une erreur',
  args: { value: [], error: 'Value is required' },
  play: async ({ canvas }) => {
    const input = canvas.getByRole('combobox')
    await expect(input).toHaveAttribute('aria-invalid', 'true')
    await expect(input).toHaveAccessibleDescription('Value is required')
  },
}

export const Disabled: Story = {
  name: 'Désactivé',
  args: { disabled: true },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('combobox')).toBeDisabled()
    await expect(canvas.queryByRole('button', { name: 'Tout effacer' })).toBeNull()
  },
}

export const ManyChips: Story = {
  name: 'Nombreuses étiquettes',
  args: {
    value: Array.from({ length: 14 }, (_, i) => ({
      id: 100 + i,
      label: `Catégorie numéro ${i + 1}`,
      icon: 'star',
      iconPath: mdiStar,
    })),
  },
  play: async ({ canvas }) => {
    await expect(canvas.getAllByRole('button', { name: /Retirer Catégorie/ })).toHaveLength(14)
  },
}
