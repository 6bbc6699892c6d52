import { useSyncExternalStore } from 'react'

/** Chromium's `beforeinstallprompt` event (not in the DOM typings). */
export interface BeforeInstallPromptEvent extends Event {
  prompt: () => Promise<void>
  userChoice: Promise<{ outcome: 'accepted' | 'dismissed' }>
}

let deferred: BeforeInstallPromptEvent | null = null
const listeners = new Set<() => void>()
const emit = () => listeners.forEach((listener) => listener())
let listening = false

/**
 * Keeps the browser's install offer for later: the event may fire before Home is shown, so the app calls this
 * at start (see app/serviceWorker.ts); Home's banner calls it too, which is harmless.
 */
export function listenForInstallPrompt(): void {
  if (listening || typeof window === 'undefined') return
  listening = true
  window.addEventListener('beforeinstallprompt', (event) => {
    // Keep the mini-infobar away: the banner offers the installation in French instead.
    event.preventDefault()
    deferred = event as BeforeInstallPromptEvent
    emit()
  })
  window.addEventListener('appinstalled', () => {
    deferred = null
    emit()
  })
}

/** Shows the browser's install dialog; the offer is used up either way. */
export async function promptInstall(): Promise<void> {
  const event = deferred
  deferred = null
  emit()
  if (!event) return
  try {
    await event.prompt()
    await event.userChoice
  } catch (error) {
    console.info('Installation non proposée', error)
  }
}

const subscribe = (listener: () => void) => {
  listeners.add(listener)
  return () => void listeners.delete(listener)
}

/** Whether the browser has offered installation (and it has not been used yet). */
export function useInstallAvailable(): boolean {
  listenForInstallPrompt()
  return useSyncExternalStore(
    subscribe,
    () => deferred !== null,
    () => false,
  )
}
