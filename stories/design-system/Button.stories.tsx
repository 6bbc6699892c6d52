import type { Meta, StoryObj } from '@storybook/react-vite'
import { Link } from 'react-router'
import { expect, fn, userEvent, within } from 'storybook/test'
import { Button, theme } from '@/src/design-system/index.ts'
import { Icon, mdiDirections, mdiPlus } from '@/src/design-system/icons/index.ts'
import { contrastRatio, rgbToHex } from '../foundations/contrast.ts'
import { guides, withGuidance } from './guidance.ts'

const meta = {
  title: 'Système de conception/Saisie/Bouton',
  parameters: withGuidance(guides.button),
  component: Button,
  args: { children: 'Se connecter', onClick: fn() },
  argTypes: {
    children: { description: 'Le libellé du bouton : un verbe à l’infinitif, trois mots au plus.' },
    onClick: { description: 'Appelée au clic, ou quand Entrée ou Espace l’activent au clavier.' },
  },
} satisfies Meta<typeof Button>

export default meta
type Story = StoryObj<typeof meta>

export const Contained: Story = {
  name: 'Par défaut',
  play: async ({ args, canvas }) => {
    const button = canvas.getByRole('button', { name: 'Se connecter' })
    // Spec: buttons keep their text case.
    await expect(getComputedStyle(button).textTransform).toBe('none')
    await userEvent.click(button)
    await expect(args.onClick).toHaveBeenCalledTimes(1)
  },
}

export const Focus: Story = {
  name: 'Focus clavier',
  play: async ({ canvas }) => {
    await userEvent.tab()
    const button = canvas.getByRole('button', { name: 'Se connecter' })
    await expect(button).toHaveFocus()
    await expect(getComputedStyle(button).outlineStyle).toBe('solid')
  },
}

export const Variants: Story = {
  name: 'Variantes et couleurs',
  render: (args) => (
    <div style={{ display: 'grid', gap: 12, gridTemplateColumns: 'repeat(3, auto)' }}>
      {(['contained', 'outlined', 'text'] as const).flatMap((variant) =>
        (['primary', 'secondary', 'danger'] as const).map((color) => (
          <Button key={`${variant}-${color}`} {...args} variant={variant} color={color}>
            {variant} {color}
          </Button>
        )),
      )}
    </div>
  ),
  play: async ({ canvas }) => {
    await expect(canvas.getAllByRole('button')).toHaveLength(9)
    // WCAG 1.4.11: a button's edge stands out from the white page by 3:1 or more; the secondary one's light fill
    // alone is 1.75:1, so its border carries the contrast.
    for (const name of ['contained secondary', 'outlined secondary']) {
      const border = rgbToHex(getComputedStyle(canvas.getByRole('button', { name })).borderTopColor)
      await expect(contrastRatio(border, theme.colors.surface)).toBeGreaterThanOrEqual(3)
    }
  },
}

export const Sizes: Story = {
  name: 'Tailles',
  render: (args) => (
    <div style={{ display: 'flex', gap: 12, alignItems: 'center' }}>
      <Button {...args} size="small">
        Petit
      </Button>
      <Button {...args} size="medium">
        Moyen
      </Button>
      <Button {...args} size="large">
        Grand
      </Button>
    </div>
  ),
  play: async ({ canvas }) => {
    const small = canvas.getByRole('button', { name: 'Petit' }).getBoundingClientRect().height
    const large = canvas.getByRole('button', { name: 'Grand' }).getBoundingClientRect().height
    await expect(large).toBeGreaterThan(small)
  },
}

export const WithIcons: Story = {
  name: 'Avec une icône',
  args: {
    children: 'Itinéraire',
    variant: 'outlined',
    startIcon: <Icon path={mdiDirections} size={20} />,
  },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('button', { name: 'Itinéraire' })).toBeVisible()
  },
}

export const Disabled: Story = {
  name: 'Désactivé',
  args: { disabled: true, children: "S'inscrire" },
  play: async ({ args, canvas }) => {
    const button = canvas.getByRole('button', { name: "S'inscrire" })
    await expect(button).toBeDisabled()
    await userEvent.click(button, { pointerEventsCheck: 0 })
    await expect(args.onClick).not.toHaveBeenCalled()
  },
}

export const Loading: Story = {
  name: 'Chargement',
  args: { loading: true, children: 'Enregistrer' },
  render: (args) => (
    <div style={{ display: 'flex', gap: 12 }}>
      <Button {...args} loading={false} data-testid="idle">
        Enregistrer
      </Button>
      <Button {...args} data-testid="busy" />
    </div>
  ),
  play: async ({ args, canvas }) => {
    const busy = canvas.getByTestId('busy')
    await expect(busy).toHaveAttribute('aria-busy', 'true')
    await expect(busy).toHaveAccessibleName('Enregistrer')
    // Same width as the idle button: the label stays in place under the spinner.
    const idleWidth = canvas.getByTestId('idle').getBoundingClientRect().width
    await expect(busy.getBoundingClientRect().width).toBeCloseTo(idleWidth, 0)
    await userEvent.click(busy, { pointerEventsCheck: 0 })
    await expect(args.onClick).not.toHaveBeenCalled()
  },
}

export const FullWidth: Story = {
  name: 'Pleine largeur',
  args: { fullWidth: true, children: 'Envoyer le lien de réinitialisation' },
  decorators: [(Story) => <div style={{ width: 320 }}>{Story()}</div>],
  play: async ({ canvas }) => {
    const button = canvas.getByRole('button')
    await expect(button.getBoundingClientRect().width).toBe(320)
  },
}

export const LongFrenchText: Story = {
  name: 'Texte long',
  args: { children: 'Vous n’avez pas encore de compte ? Créez un compte dès maintenant', variant: 'text' },
  decorators: [(Story) => <div style={{ width: 240 }}>{Story()}</div>],
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('button').getBoundingClientRect().width).toBeLessThanOrEqual(240)
  },
}

export const AsRouterLink: Story = {
  name: 'Comme lien',
  args: { asChild: true, children: undefined, variant: 'outlined' },
  render: (args) => (
    <Button {...args} startIcon={<Icon path={mdiPlus} size={20} />}>
      <Link to="/bo/partenaires/nouveau">Nouveau</Link>
    </Button>
  ),
  play: async ({ canvas }) => {
    const link = canvas.getByRole('link', { name: 'Nouveau' })
    await expect(link).toHaveAttribute('href', '/bo/partenaires/nouveau')
    await expect(link.querySelector('svg')).not.toBeNull()
  },
}

export const AsAnchor: Story = {
  name: 'Comme lien externe',
  args: { as: 'a', href: 'tel:+33491000000', children: 'Appeler' },
  play: async ({ canvas }) => {
    await expect(within(canvas.getByRole('link', { name: 'Appeler' })).queryByRole('button')).toBeNull()
    await expect(canvas.getByRole('link')).toHaveAttribute('href', 'tel:+33491000000')
  },
}
