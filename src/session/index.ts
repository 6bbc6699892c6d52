export { SessionProvider, useSession, type Session } from './SessionProvider.tsx'
export { readStoredUser, writeStoredUser, SESSION_STORAGE_KEY } from './storage.ts'
export { RETURN_PARAM, returnPathOf, safeReturnPath, useReturnPath, useReturnState } from './returnTo.ts'
