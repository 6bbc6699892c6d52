import type { Location } from 'react-router'

/** What the sign-in page says after the person deleted their account (RGPD art. 17). */
export const ACCOUNT_DELETED_MESSAGE =
  'Votre compte a été supprimé, avec vos données personnelles. Un e-mail vous le confirme.'

/** The history state the deletion leaves on /login (kept by a reload, gone with a new sign-in). */
export const ACCOUNT_DELETED_STATE = { accountDeleted: true } as const

export const isAccountDeletedState = (location: Pick<Location, 'state'>) =>
  (location.state as { accountDeleted?: unknown } | null)?.accountDeleted === true
