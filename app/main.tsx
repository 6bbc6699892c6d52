import { StrictMode } from 'react'
import { createRoot, hydrateRoot } from 'react-dom/client'
import { createBrowserRouter } from 'react-router'
// First, as in the prerender: see App.tsx.
import { App, loadMatchedScreens, routes } from './App.tsx'
import { hydratableRoute, PRERENDERED_ATTRIBUTE } from './prerender/hydration.ts'
import { readStoredUser } from '../src/session/storage.ts'
import { setUpInstallableApp } from './serviceWorker.ts'

const container = document.getElementById('root')
if (!container) throw new Error('Élément #root introuvable')

setUpInstallableApp()

async function start(root: HTMLElement) {
  const route = hydratableRoute(
    root.getAttribute(PRERENDERED_ATTRIBUTE) ?? undefined,
    location,
    readStoredUser(),
  )
  // A signed-in screen's HTML is its skeleton, which the router shows (HydrateFallback) while the screen's code
  // loads; anywhere else the first render must be the screen itself, so its code is loaded before.
  if (route?.session !== 'signed-in') await loadMatchedScreens(routes, location.pathname)
  const app = (
    <StrictMode>
      <App router={createBrowserRouter(routes)} />
    </StrictMode>
  )
  if (route) {
    hydrateRoot(root, app, {
      onRecoverableError: (error) => console.error('Hydratation : le rendu diffère du HTML prérendu', error),
    })
  } else {
    createRoot(root).render(app)
  }
  document.documentElement.dataset.appStart = route ? 'hydrated' : 'rendered'
}

void start(container)
