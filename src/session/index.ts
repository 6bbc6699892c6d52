export { SessionProvider, useSession, type Session } from './SessionProvider.tsx'
export { readStoredUser, writeStoredUser, SESSION_STORAGE_KEY } from './storage.ts'
