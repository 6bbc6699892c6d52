import type { Meta, StoryObj } from '@storybook/react-vite'
import { expect, fn, userEvent, waitFor } from 'storybook/test'
import { Carousel } from '@/src/design-system/index.ts'
import { placeholderImage } from './fixtures.ts'
import { guides, withGuidance } from './guidance.ts'

const colors = ['#1565c0', '#2e7d32', '#b45309', '#6a1b9a']
const slides = colors.map((color, i) => (
  <img key={color} src={placeholderImage(`Photo ${i + 1}`, color)} alt={`Photo ${i + 1} du partenaire`} />
))

const meta = {
  title: 'Système de conception/Affichage de données/Carrousel',
  parameters: withGuidance(guides.carousel),
  component: Carousel,
  args: { slides, label: 'Photos du partenaire', height: 200, interval: 0, onIndexChange: fn() },
  decorators: [(Story) => <div style={{ width: 390 }}>{Story()}</div>],
} satisfies Meta<typeof Carousel>

export default meta
type Story = StoryObj<typeof meta>

const current = (root: HTMLElement) =>
  root
    .querySelector('[aria-roledescription="diapositive"]:not([aria-hidden="true"])')
    ?.getAttribute('aria-label')

export const PartnerPhotos: Story = {
  name: 'Photos du partenaire',
  play: async ({ args, canvas, canvasElement }) => {
    const carousel = canvas.getByRole('region', { name: 'Photos du partenaire' })
    await expect(carousel.getBoundingClientRect().height).toBe(200)
    await expect(current(canvasElement)).toBe('1 sur 4')
    await userEvent.click(canvas.getByRole('button', { name: 'Diapositive suivante' }))
    await expect(current(canvasElement)).toBe('2 sur 4')
    await userEvent.click(canvas.getByRole('button', { name: 'Aller à la diapositive 4' }))
    await expect(current(canvasElement)).toBe('4 sur 4')
    await userEvent.click(canvas.getByRole('button', { name: 'Diapositive suivante' }))
    await expect(current(canvasElement)).toBe('1 sur 4')
    await expect(args.onIndexChange).toHaveBeenLastCalledWith(0)
  },
}

export const AutoCycles: Story = {
  name: 'Défilement automatique',
  // The app's default is 6000 ms; shortened so the test stays quick.
  args: { interval: 400 },
  // Which slide the picture shows depends on timing; the slides themselves are Partner Photos' picture.
  tags: ['no-visual'],
  play: async ({ canvasElement }) => {
    await waitFor(() => expect(current(canvasElement)).toBe('2 sur 4'))
  },
}

export const PausesOnHover: Story = {
  name: 'Pause au survol',
  args: { interval: 300 },
  tags: ['no-visual'],
  play: async ({ canvasElement }) => {
    await userEvent.hover(canvasElement.querySelector<HTMLElement>('[aria-roledescription="carrousel"]')!)
    await new Promise((resolve) => setTimeout(resolve, 700))
    await expect(current(canvasElement)).toBe('1 sur 4')
    await userEvent.unhover(canvasElement.querySelector<HTMLElement>('[aria-roledescription="carrousel"]')!)
    await waitFor(() => expect(current(canvasElement)).toBe('2 sur 4'))
  },
}

/**
 * A tap where `element` is drawn: a click on whatever is on top at its centre, as a finger's lands, without the
 * hover or focus that would pause the slides by themselves.
 */
function tapCentreOf(element: HTMLElement) {
  const box = element.getBoundingClientRect()
  const top = document.elementFromPoint(box.left + box.width / 2, box.top + box.height / 2)
  if (!top) throw new Error('Rien à cet endroit')
  top.dispatchEvent(new MouseEvent('click', { bubbles: true, cancelable: true, view: window }))
  return top
}

/**
 * Au toucher (ni survol ni focus), le bouton pause arrête le défilement automatique et le relance (WCAG 2.2.2).
 * Le toucher atteint bien le bouton : rien ne le recouvre.
 */
export const PauseButton: Story = {
  name: 'Bouton pause',
  tags: ['no-visual'],
  args: { interval: 300 },
  play: async ({ canvas, canvasElement }) => {
    const pause = canvas.getByRole('button', { name: 'Mettre en pause le défilement' })
    await expect(pause.contains(tapCentreOf(pause))).toBe(true)
    await new Promise((resolve) => setTimeout(resolve, 900))
    await expect(current(canvasElement)).toBe('1 sur 4')
    const resume = canvas.getByRole('button', { name: 'Reprendre le défilement' })
    await expect(resume.contains(tapCentreOf(resume))).toBe(true)
    await waitFor(() => expect(current(canvasElement)).toBe('2 sur 4'))
    await expect(canvas.getByRole('button', { name: 'Mettre en pause le défilement' })).toBeVisible()
  },
}

/**
 * Le carrousel de l’accueil (pleine hauteur, sur téléphone) : son bouton pause répond au toucher, les points
 * aussi.
 */
export const HomePauseButton: Story = {
  name: 'Bouton pause (accueil)',
  tags: ['no-visual'],
  args: { fullHeight: true, label: 'Articles', interval: 300 },
  decorators: [(Story) => <div style={{ width: 390, height: 600 }}>{Story()}</div>],
  globals: { viewport: { value: 'phone' } },
  play: async ({ canvas, canvasElement }) => {
    const pause = canvas.getByRole('button', { name: 'Mettre en pause le défilement' })
    await expect(pause.contains(tapCentreOf(pause))).toBe(true)
    await expect(await canvas.findByRole('button', { name: 'Reprendre le défilement' })).toBeVisible()
    const third = canvas.getByRole('button', { name: 'Aller à la diapositive 3' })
    await expect(third.contains(tapCentreOf(third))).toBe(true)
    await expect(current(canvasElement)).toBe('3 sur 4')
    await new Promise((resolve) => setTimeout(resolve, 900))
    await expect(current(canvasElement)).toBe('3 sur 4')
  },
}

/**
 * Sans défilement automatique (intervalle 0, ou animations réduites demandées par l’utilisateur), rien à mettre
 * en pause : pas de bouton.
 */
export const NoPauseWithoutAutoAdvance: Story = {
  name: 'Sans défilement automatique',
  tags: ['no-visual'],
  play: async ({ canvas }) => {
    await expect(canvas.queryByRole('button', { name: 'Mettre en pause le défilement' })).toBeNull()
  },
}

/**
 * Le focus clavier sur une flèche est un anneau blanc dans un anneau bleu marine, visible sur les photos
 * claires comme sombres (WCAG 2.4.11 et 1.4.11).
 */
export const ArrowFocusRing: Story = {
  name: 'Focus clavier sur une flèche',
  play: async ({ canvas }) => {
    await userEvent.tab()
    const previous = canvas.getByRole('button', { name: 'Diapositive précédente' })
    await expect(previous).toHaveFocus()
    const style = getComputedStyle(previous)
    await expect(style.outlineColor).toBe('rgb(255, 255, 255)')
    await expect(style.outlineWidth).toBe('3px')
    await expect(style.boxShadow).toContain('rgb(11, 42, 74)')
  },
}

export const Swipe: Story = {
  name: 'Balayage au doigt',
  play: async ({ canvasElement }) => {
    const track = canvasElement.querySelector('[aria-roledescription="diapositive"]')!.parentElement!
    const box = track.getBoundingClientRect()
    const y = box.top + box.height / 2
    const fire = (type: string, x: number) =>
      track.dispatchEvent(
        new PointerEvent(type, {
          bubbles: true,
          clientX: x,
          clientY: y,
          pointerId: 1,
          pointerType: 'touch',
          buttons: 1,
          isPrimary: true,
        }),
      )
    fire('pointerdown', box.left + 300)
    for (const x of [260, 200, 140, 80]) fire('pointermove', box.left + x)
    fire('pointerup', box.left + 80)
    await waitFor(() => expect(current(canvasElement)).toBe('2 sur 4'))
  },
}

export const HomeFullHeight: Story = {
  name: 'Pleine hauteur (accueil)',
  args: { fullHeight: true, label: 'Articles', interval: 0 },
  decorators: [(Story) => <div style={{ width: 390, height: 600 }}>{Story()}</div>],
  globals: { viewport: { value: 'phone' } },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('region', { name: 'Articles' }).getBoundingClientRect().height).toBe(600)
  },
}

export const SingleSlide: Story = {
  name: 'Une seule photo',
  args: { slides: slides.slice(0, 1) },
  play: async ({ canvas }) => {
    await expect(canvas.queryByRole('button')).toBeNull()
  },
}
