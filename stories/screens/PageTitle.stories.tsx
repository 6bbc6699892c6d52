import type { Meta, StoryObj } from '@storybook/react-vite'
import { Link, Route, Routes } from 'react-router'
import { expect, userEvent, waitFor, within } from 'storybook/test'
import { PageTitleAnnouncer, usePageTitle } from '@/src/pageTitle/index.ts'
import { AccessDeniedScreen } from '@/src/screens/errors/AccessDeniedScreen.tsx'

function Home() {
  usePageTitle('Accueil')
  return (
    <main>
      <h1>Accueil</h1>
      <Link to="/unauthorized">Page protégée</Link>
    </main>
  )
}

/** The layout's part: the announcer before the routes, as in the app's RootLayout. */
function Layout() {
  return (
    <>
      <PageTitleAnnouncer />
      <Routes>
        <Route path="/unauthorized" element={<AccessDeniedScreen />} />
        <Route path="*" element={<Home />} />
      </Routes>
    </>
  )
}

const meta = {
  title: 'Écrans/Titre de page',
  component: Layout,
  tags: ['no-visual'],
  parameters: { layout: 'fullscreen', router: { initialEntries: ['/'] } },
  globals: { viewport: { value: 'phone' } },
} satisfies Meta<typeof Layout>

export default meta
type Story = StoryObj<typeof meta>

const announcer = () => document.querySelector<HTMLElement>('[data-testid="page-title-announcer"]')!

/**
 * Chaque écran porte le titre « <page> — Partenaires » dans l’onglet du navigateur (WCAG 2.4.2). Quand la
 * personne change de page, un lecteur d’écran lui annonce le nouveau titre ; le tout premier titre n’est pas
 * annoncé, puisque le lecteur le lit déjà au chargement de la page.
 */
export const AnnouncedOnRouteChange: Story = {
  name: 'Annonce au changement de page',
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    await waitFor(() => expect(document.title).toBe('Accueil — Partenaires'))
    await expect(announcer()).toHaveAttribute('aria-live', 'polite')
    await expect(announcer()).toHaveTextContent(/^$/)
    await userEvent.click(canvas.getByRole('link', { name: 'Page protégée' }))
    await waitFor(() => expect(document.title).toBe('Accès refusé — Partenaires'))
    await waitFor(() => expect(announcer()).toHaveTextContent('Accès refusé — Partenaires'))
    await userEvent.click(canvas.getByRole('link', { name: "Retour à l'accueil" }))
    await waitFor(() => expect(document.title).toBe('Accueil — Partenaires'))
    await waitFor(() => expect(announcer()).toHaveTextContent('Accueil — Partenaires'))
  },
}
