import { createContext, useCallback, useContext, useMemo, useState, type ReactNode } from 'react'
import type { AuthUser, Role } from '@/contract/schemas.ts'
import { clearOfflineWallet } from './offlineWallet.ts'
import { readStoredUser, writeStoredUser } from './storage.ts'

export interface Session {
  user: AuthUser | null
  isAuthenticated: boolean
  hasRole: (...roles: Role[]) => boolean
  /** Stores the user in state and localStorage (after login or register). */
  signIn: (user: AuthUser) => void
  /** Clears state, localStorage and the offline wallet. */
  signOut: () => void
}

const SessionContext = createContext<Session | null>(null)

export function SessionProvider({
  children,
  initialUser,
}: {
  children: ReactNode
  initialUser?: AuthUser | null
}) {
  // On start the user is restored from localStorage (spec section 4).
  const [user, setUser] = useState<AuthUser | null>(() =>
    initialUser !== undefined ? initialUser : readStoredUser(),
  )

  const signIn = useCallback((next: AuthUser) => {
    writeStoredUser(next)
    setUser(next)
  }, [])
  const signOut = useCallback(() => {
    clearOfflineWallet(readStoredUser()?.access_token ?? null)
    writeStoredUser(null)
    setUser(null)
  }, [])

  const value = useMemo<Session>(
    () => ({
      user,
      isAuthenticated: user !== null,
      hasRole: (...roles) => user !== null && roles.some((role) => user.roles.includes(role)),
      signIn,
      signOut,
    }),
    [user, signIn, signOut],
  )
  return <SessionContext.Provider value={value}>{children}</SessionContext.Provider>
}

export function useSession(): Session {
  const session = useContext(SessionContext)
  if (!session) throw new Error('useSession doit être utilisé dans un SessionProvider')
  return session
}
