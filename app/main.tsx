import { StrictMode } from 'react'
import { createRoot } from 'react-dom/client'
import { App } from './App.tsx'
import { setUpInstallableApp } from './serviceWorker.ts'

const container = document.getElementById('root')
if (!container) throw new Error('Élément #root introuvable')

setUpInstallableApp()

createRoot(container).render(
  <StrictMode>
    <App />
  </StrictMode>,
)
