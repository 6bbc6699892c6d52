import type { Meta, StoryObj } from '@storybook/react-vite'
import { createPortal } from 'react-dom'

/** A modal's overlay, open from the start, portalled to <body> as the design system's Dialog is. */
function OpenOverlay({ title }: { title: string }) {
  return (
    <>
      <p>Sous le voile</p>
      {createPortal(
        <div
          role="dialog"
          aria-label={title}
          style={{ position: 'fixed', inset: 0, background: 'rgba(10, 20, 30, 0.5)' }}
        >
          <p style={{ background: 'white' }}>{title}</p>
        </div>,
        document.body,
      )}
    </>
  )
}

/** Inline on its docs page: the overlay covers the page's previews and props table. */
const meta = {
  title: 'Vérification/Voile inline',
  component: OpenOverlay,
  args: { title: 'Supprimer la photo ?' },
} satisfies Meta<typeof OpenOverlay>

export default meta
type Story = StoryObj<typeof meta>

export const Open: Story = {}
