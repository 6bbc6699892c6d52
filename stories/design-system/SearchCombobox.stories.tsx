import { useState, type ComponentType } from 'react'
import type { Meta, StoryObj } from '@storybook/react-vite'
import { expect, fn, screen, userEvent, within } from 'storybook/test'
import { mdiMagnify, SearchCombobox, type SingleSearchComboboxProps } from '@/src/design-system/index.ts'
import { guides, withGuidance } from './guidance.ts'

interface City {
  id: string
  name: string
  region: string
}

const cities: City[] = [
  { id: 'tln', name: 'Toulon', region: 'Var, France' },
  { id: 'tls', name: 'Toulouse', region: 'Haute-Garonne, France' },
  { id: 'mrs', name: 'Marseille', region: 'Bouches-du-Rhône, France' },
  { id: 'nce', name: 'Nice', region: 'Alpes-Maritimes, France' },
]

/** A search that answers after `delay` ms, as a maps service does. */
const searchCities = (delay: number) => (query: string) =>
  new Promise<City[]>((resolve) =>
    setTimeout(
      () => resolve(cities.filter((city) => city.name.toLowerCase().startsWith(query.toLowerCase()))),
      delay,
    ),
  )

const quickSearch = searchCities(50)
/** Never answers: the list stays 'Recherche…'. */
const endlessSearch = () => new Promise<City[]>(() => {})

/** The single field's props; `multiple` turns it into the chips field (its single-only props then unused). */
type DemoProps = Omit<SingleSearchComboboxProps<City>, 'onChange' | 'multiple'> & {
  multiple?: boolean
  onChange: (value: City | City[]) => void
}

/** The field with its value kept, as a form does. */
function Demo({ multiple, onChange, leadingIcon, shape, type, ...args }: DemoProps) {
  const [value, setValue] = useState<City[]>([])
  return (
    <>
      {multiple ? (
        <SearchCombobox<City>
          {...args}
          multiple
          value={value}
          onChange={(next) => {
            setValue(next)
            onChange(next)
          }}
        />
      ) : (
        <SearchCombobox<City>
          {...args}
          leadingIcon={leadingIcon}
          shape={shape}
          type={type}
          onChange={onChange}
        />
      )}
      <output data-testid="picked">{value.map((city) => city.name).join(', ')}</output>
    </>
  )
}

const meta = {
  title: 'Système de conception/Saisie/Liste de recherche',
  parameters: withGuidance(guides.searchCombobox),
  // The props table documents the real component; the demo around it keeps its value, as a form does.
  component: SearchCombobox<City> as ComponentType<DemoProps>,
  render: (args) => <Demo {...args} />,
  args: {
    label: 'Ville',
    getOptionLabel: (city: City) => city.name,
    getOptionKey: (city: City) => city.id,
    onChange: fn(),
  },
  decorators: [(Story) => <div style={{ width: 400, minHeight: 320 }}>{Story()}</div>],
} satisfies Meta<typeof Demo>

export default meta
type Story = StoryObj<typeof meta>

/**
 * Les options connues se filtrent pendant la saisie : la première qui correspond est mise en avant, Entrée la
 * choisit.
 */
export const Single: Story = {
  name: 'Choix unique',
  args: { options: cities, placeholder: 'Choisir une ville' },
  play: async ({ args, canvas }) => {
    const input = canvas.getByRole('combobox', { name: 'Ville' })
    await userEvent.type(input, 'toul')
    const options = within(screen.getByRole('listbox', { name: 'Ville' })).getAllByRole('option')
    await expect(options.map((option) => option.textContent)).toEqual(['Toulon', 'Toulouse'])
    await expect(input).toHaveAttribute('aria-activedescendant', options[0].id)
    await userEvent.keyboard('{ArrowDown}{Enter}')
    await expect(args.onChange).toHaveBeenCalledWith(cities[1])
    await expect(input).toHaveValue('Toulouse')
    await expect(input).toHaveAttribute('aria-expanded', 'false')
  },
}

/**
 * Les éléments choisis deviennent des étiquettes ; la liste reste ouverte pour le suivant et ne les propose
 * plus.
 */
export const Multiple: Story = {
  name: 'Choix multiples',
  args: { multiple: true, options: cities, placeholder: 'Ajouter une ville' },
  play: async ({ args, canvas }) => {
    const input = canvas.getByRole('combobox', { name: 'Ville' })
    await userEvent.type(input, 'mars{Enter}')
    await expect(args.onChange).toHaveBeenLastCalledWith([cities[2]])
    await expect(input).toHaveValue('')
    await userEvent.click(within(screen.getByRole('listbox')).getByRole('option', { name: 'Nice' }))
    await expect(canvas.getByTestId('picked')).toHaveTextContent('Marseille, Nice')
    await expect(within(screen.getByRole('listbox')).getAllByRole('option')).toHaveLength(2)
    await userEvent.keyboard('{Backspace}')
    await expect(canvas.getByTestId('picked')).toHaveTextContent('Marseille')
  },
}

/**
 * Options trouvées par une recherche : « Recherche… » pendant qu’elle tourne, puis les lieux avec leur région.
 */
export const AsyncLoading: Story = {
  name: 'Résultats d’une recherche',
  args: {
    loadOptions: quickSearch,
    getOptionDescription: (city: City) => city.region,
    leadingIcon: mdiMagnify,
    shape: 'pill',
    hideLabel: true,
    placeholder: 'Rechercher une ville',
  },
  play: async ({ args, canvas }) => {
    const input = canvas.getByRole('combobox', { name: 'Ville' })
    await userEvent.type(input, 'tou')
    await expect(await screen.findByRole('option', { name: /Toulouse/ })).toHaveTextContent('Haute-Garonne')
    // Found options are not highlighted by themselves: Enter alone chooses nothing.
    await expect(input).not.toHaveAttribute('aria-activedescendant')
    await userEvent.click(screen.getByRole('option', { name: /Toulon/ }))
    await expect(args.onChange).toHaveBeenCalledWith(cities[0])
    await expect(input).toHaveValue('Toulon')
    // The choice stays in the box when one comes back to it (Downshift's own memory of the choice once emptied it),
    // with the options it was chosen from: the chosen label itself is not searched.
    await userEvent.click(input)
    await expect(await screen.findByRole('option', { name: /Toulouse/ })).toBeVisible()
    await userEvent.keyboard('{Escape}')
    await expect(input).toHaveValue('Toulon')
    await expect(args.onChange).toHaveBeenCalledTimes(1)
  },
}

/** Tant que la recherche n’a pas répondu, la liste le dit (annonce polie au lecteur d’écran). */
export const StillLoading: Story = {
  name: 'Recherche en cours (chargement)',
  args: { loadOptions: endlessSearch, placeholder: 'Rechercher une ville' },
  play: async ({ canvas }) => {
    await userEvent.type(canvas.getByRole('combobox', { name: 'Ville' }), 'bor')
    await expect(await screen.findByText('Recherche…')).toBeVisible()
  },
}

/** Rien trouvé : le message remplace la liste, et Entrée ne choisit rien. */
export const NoResult: Story = {
  name: 'Aucun résultat',
  args: {
    loadOptions: quickSearch,
    noOptionsText: 'Aucune ville trouvée',
    placeholder: 'Rechercher une ville',
  },
  play: async ({ args, canvas }) => {
    const input = canvas.getByRole('combobox', { name: 'Ville' })
    await userEvent.type(input, 'Brest')
    await expect(await screen.findByText('Aucune ville trouvée')).toBeVisible()
    await expect(screen.queryByRole('option')).toBeNull()
    await userEvent.keyboard('{Enter}')
    await expect(args.onChange).not.toHaveBeenCalled()
  },
}

/**
 * Un nouvel élément est une dernière option explicite ; Entrée choisit toujours la première proposition, pas le
 * texte saisi.
 */
export const CreateIsAnOption: Story = {
  name: 'Option « Créer »',
  args: { multiple: true, options: cities, onCreate: fn() },
  play: async ({ args, canvas }) => {
    const input = canvas.getByRole('combobox', { name: 'Ville' })
    await userEvent.type(input, 'Tou')
    const options = within(screen.getByRole('listbox')).getAllByRole('option')
    await expect(options.map((option) => option.textContent)).toEqual(['Toulon', 'Toulouse', 'Créer « Tou »'])
    await userEvent.keyboard('{Enter}')
    await expect(args.onChange).toHaveBeenLastCalledWith([cities[0]])
    await expect(args.onCreate).not.toHaveBeenCalled()
    await userEvent.type(input, 'Brest{Enter}')
    await expect(args.onCreate).toHaveBeenCalledWith('Brest')
  },
}

/**
 * Un champ en bas de la fenêtre (le dernier d’un long formulaire) : la liste s’ouvre au-dessus, dans la
 * fenêtre.
 */
export const AtTheBottom: Story = {
  name: 'Liste au-dessus d’un champ en bas de la fenêtre',
  args: { multiple: true, options: cities, placeholder: 'Ajouter une ville' },
  decorators: [
    (Story) => (
      <div
        style={{
          width: 400,
          height: '100vh',
          display: 'flex',
          flexDirection: 'column',
          justifyContent: 'end',
        }}
      >
        {/* A fixed height: the chosen city printed under the field must not move it. */}
        <div style={{ height: 110 }}>{Story()}</div>
      </div>
    ),
  ],
  play: async ({ canvas }) => {
    const input = canvas.getByRole('combobox', { name: 'Ville' })
    await userEvent.type(input, 'e')
    const list = screen.getByRole('listbox', { name: 'Ville' })
    const options = within(list).getAllByRole('option')
    await expect(options).toHaveLength(3)
    const field = input.getBoundingClientRect()
    const popup = list.getBoundingClientRect()
    await expect(popup.bottom).toBeLessThanOrEqual(field.top)
    await expect(popup.top).toBeGreaterThanOrEqual(0)
    await userEvent.click(options[2])
    await expect(canvas.getByTestId('picked')).toHaveTextContent('Nice')
  },
}
