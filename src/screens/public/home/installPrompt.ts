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

/** Where 'Plus tard' is remembered (the time it was pressed), per device. */
export const INSTALL_DISMISSED_KEY = 'install-banner-dismissed'
/** The banner comes back after this long: someone may change their mind, but not every visit. */
export const INSTALL_DISMISSED_FOR_MS = 30 * 24 * 60 * 60 * 1000

function dismissedRecently(): boolean {
  try {
    const at = Number(localStorage.getItem(INSTALL_DISMISSED_KEY))
    return Number.isFinite(at) && at > 0 && Date.now() - at < INSTALL_DISMISSED_FOR_MS
  } catch {
    return false
  }
}

/** 'Plus tard': the banner goes now and stays away for 30 days on this device. */
export function dismissInstallBanner(): void {
  try {
    localStorage.setItem(INSTALL_DISMISSED_KEY, String(Date.now()))
  } catch {
    // Storage refused (private mode): the banner still goes, for this visit only.
    dismissedThisVisit = true
  }
  emit()
}
let dismissedThisVisit = false

const subscribe = (listener: () => void) => {
  listeners.add(listener)
  return () => void listeners.delete(listener)
}

/** Whether the browser has offered installation, it has not been used yet and the user did not say 'Plus tard'. */
export function useInstallAvailable(): boolean {
  listenForInstallPrompt()
  return useSyncExternalStore(
    subscribe,
    () => deferred !== null && !dismissedThisVisit && !dismissedRecently(),
    () => false,
  )
}
