/** What the sign-in page says after the person deleted their account (RGPD art. 17). */
export const ACCOUNT_DELETED_MESSAGE =
  'Votre compte a été supprimé, avec vos données personnelles. Un e-mail vous le confirme.'

/**
 * Kept in the tab's sessionStorage, not in the history entry: the guard of the page the person was on sends
 * them to /login too once signed out, with its own state, and its navigation may overtake the screen's.
 */
const ACCOUNT_DELETED_KEY = 'compte-supprime'

/** Called once the server has erased the account, before leaving for the sign-in page. */
export function noteAccountDeleted(): void {
  try {
    sessionStorage.setItem(ACCOUNT_DELETED_KEY, '1')
  } catch {
    // Storage refused (private mode, full): the sign-in page simply says nothing.
  }
}

/** Whether the sign-in page has a deletion to tell. */
export function accountWasDeleted(): boolean {
  try {
    return sessionStorage.getItem(ACCOUNT_DELETED_KEY) === '1'
  } catch {
    return false
  }
}

/** Said once: the notice goes with the next attempt to sign in, or a page opened later. */
export function forgetAccountDeleted(): void {
  try {
    sessionStorage.removeItem(ACCOUNT_DELETED_KEY)
  } catch {
    // Nothing kept, nothing to forget.
  }
}
