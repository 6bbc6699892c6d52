// The reference page of the first-load benchmark: React + react-router with one lazy route, nothing else.
import { StrictMode } from 'react'
import { createRoot } from 'react-dom/client'
import { createBrowserRouter, Link, Outlet } from 'react-router'
import { RouterProvider } from 'react-router/dom'

function Layout() {
  return (
    <main>
      <nav>
        <Link to="/">Accueil</Link> <Link to="/login">Connexion</Link>
      </nav>
      <Outlet />
    </main>
  )
}

const router = createBrowserRouter([
  {
    element: <Layout />,
    children: [
      { index: true, element: <h1>Accueil</h1> },
      { path: '/login', lazy: async () => ({ Component: (await import('./Login.tsx')).default }) },
    ],
  },
])

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <RouterProvider router={router} />
  </StrictMode>,
)
