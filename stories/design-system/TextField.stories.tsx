import { useRef } from 'react'
import type { Meta, StoryObj } from '@storybook/react-vite'
import { Field, Form } from 'react-final-form'
import { expect, fn, userEvent, waitFor } from 'storybook/test'
import { Button, TextField, theme } from '@/src/design-system/index.ts'
import { mdiEmail, mdiMagnify } from '@/src/design-system/icons/index.ts'
import { contrastRatio, rgbToHex } from '../foundations/contrast.ts'
import { guides, withGuidance } from './guidance.ts'

const meta = {
  title: 'Système de conception/Saisie/Champ de texte',
  parameters: withGuidance(guides.textField),
  component: TextField,
  args: { label: 'Email', type: 'email', name: 'email', leadingIcon: mdiEmail },
  decorators: [(Story) => <div style={{ width: 360 }}>{Story()}</div>],
} satisfies Meta<typeof TextField>

export default meta
type Story = StoryObj<typeof meta>

export const Default: Story = {
  name: 'Par défaut',
  args: { onChange: fn() },
  play: async ({ args, canvas }) => {
    const input = canvas.getByLabelText('Email')
    await expect(input).toHaveAttribute('type', 'email')
    await userEvent.type(input, 'marie@exemple.fr')
    await expect(input).toHaveValue('marie@exemple.fr')
    await expect(args.onChange).toHaveBeenCalled()
  },
}

export const Focus: Story = {
  name: 'Focus clavier',
  play: async ({ canvas }) => {
    const box = canvas.getByLabelText('Email').parentElement!
    const edge = () => rgbToHex(getComputedStyle(box).borderTopColor)
    // WCAG 1.4.11: the resting edge of a field stands out from the white page by 3:1 or more.
    const resting = edge()
    await expect(contrastRatio(resting, theme.colors.surface)).toBeGreaterThanOrEqual(3)
    await userEvent.tab()
    await expect(canvas.getByLabelText('Email')).toHaveFocus()
    // The focus ring stays apart from the resting edge: another colour, and a second pixel.
    await waitFor(() => expect(edge()).toBe(theme.colors.primary))
    await expect(resting).not.toBe(theme.colors.primary)
    await expect(getComputedStyle(box).boxShadow).toContain('1px')
  },
}

export const WithError: Story = {
  name: 'Avec une erreur',
  args: { error: 'Value is required', defaultValue: '' },
  play: async ({ canvas }) => {
    const input = canvas.getByLabelText('Email')
    await expect(input).toHaveAttribute('aria-invalid', 'true')
    await expect(input).toHaveAccessibleDescription('Value is required')
  },
}

export const WithHelperText: Story = {
  name: 'Avec un texte d’aide',
  args: {
    label: 'Date d’expiration',
    type: 'text',
    leadingIcon: undefined,
    placeholder: 'AAAA-MM-JJ',
    helperText: 'Facultatif',
  },
  play: async ({ canvas }) => {
    await expect(canvas.getByLabelText('Date d’expiration')).toHaveAccessibleDescription('Facultatif')
  },
}

export const Disabled: Story = {
  name: 'Désactivé',
  args: { disabled: true, defaultValue: 'marie@exemple.fr' },
  play: async ({ canvas }) => {
    await expect(canvas.getByLabelText('Email')).toBeDisabled()
  },
}

export const Multiline: Story = {
  name: 'Multiligne',
  args: {
    label: 'Description',
    type: undefined,
    leadingIcon: undefined,
    multiline: true,
    rows: 5,
    defaultValue:
      'Restaurant familial au cœur du Panier : cuisine provençale de saison, terrasse ombragée et desserts maison.\nRéservation conseillée le week-end.',
  },
  play: async ({ canvas }) => {
    const textarea = canvas.getByLabelText('Description')
    await expect(textarea.tagName).toBe('TEXTAREA')
    await expect(textarea).toHaveAttribute('rows', '5')
  },
}

export const SearchPill: Story = {
  name: 'Recherche arrondie',
  args: {
    label: undefined,
    'aria-label': 'Rechercher un partenaire',
    placeholder: 'Rechercher un partenaire',
    type: 'search',
    leadingIcon: mdiMagnify,
    shape: 'pill',
  },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('searchbox', { name: 'Rechercher un partenaire' })).toBeVisible()
  },
}

export const LongFrenchLabel: Story = {
  name: 'Libellé long',
  args: {
    label: 'Adresse électronique professionnelle du gérant ou de la gérante de l’établissement partenaire',
    error: 'L’adresse électronique saisie ne semble pas valide : vérifiez l’arobase et le nom de domaine.',
  },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('textbox')).toHaveAttribute('aria-invalid', 'true')
  },
}

function RefDemo() {
  const ref = useRef<HTMLInputElement>(null)
  return (
    <>
      <TextField label="Prénom" ref={ref} />
      <Button onClick={() => ref.current?.focus()}>Aller au champ</Button>
    </>
  )
}

export const ForwardsRef: Story = {
  name: 'Focus donné par le code',
  render: () => <RefDemo />,
  play: async ({ canvas }) => {
    await userEvent.click(canvas.getByRole('button', { name: 'Aller au champ' }))
    await expect(canvas.getByLabelText('Prénom')).toHaveFocus()
  },
}

export const WithReactFinalForm: Story = {
  name: 'Dans un formulaire',
  args: { onSubmit: fn() } as never,
  render: (args) => {
    const onSubmit = (args as unknown as { onSubmit: (values: object) => void }).onSubmit
    return (
      <Form
        onSubmit={(values) => onSubmit(values)}
        validate={(values: { email?: string }) => (values.email ? {} : { email: 'Value is required' })}
        render={({ handleSubmit }) => (
          <form onSubmit={handleSubmit} noValidate style={{ display: 'grid', gap: 12 }}>
            <Field name="email">
              {({ input, meta: fieldMeta }) => (
                <TextField
                  {...input}
                  label="Email"
                  type="email"
                  leadingIcon={mdiEmail}
                  error={fieldMeta.touched ? fieldMeta.error : undefined}
                />
              )}
            </Field>
            <Button type="submit">Valider</Button>
          </form>
        )}
      />
    )
  },
  play: async ({ args, canvas }) => {
    const onSubmit = (args as unknown as { onSubmit: ReturnType<typeof fn> }).onSubmit
    await userEvent.click(canvas.getByRole('button', { name: 'Valider' }))
    await expect(await canvas.findByText('Value is required')).toBeVisible()
    await userEvent.type(canvas.getByLabelText('Email'), 'marie@exemple.fr')
    await userEvent.click(canvas.getByRole('button', { name: 'Valider' }))
    await waitFor(() => expect(onSubmit).toHaveBeenCalledWith({ email: 'marie@exemple.fr' }))
  },
}
