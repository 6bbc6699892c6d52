import { describe, expect, it } from 'vitest'
import type { AuthUser } from '@/contract/schemas.ts'
import { hydratableRoute } from './hydration.ts'

const user = (roles: AuthUser['roles']): AuthUser => ({
  access_token: 'jeton',
  roles,
  userId: { id: 3 },
  firstname: 'Inès',
  lastname: 'Test',
  email: 'ines@exemple.fr',
})
const at = (url: string) => {
  const { pathname, search } = new URL(url, 'http://app.test')
  return { pathname, search }
}

describe('hydratableRoute', () => {
  it('hydrates a page rendered for its route and the session it was rendered with', () => {
    expect(hydratableRoute('/login', at('/login'), null)?.pattern).toBe('/login')
    expect(hydratableRoute('/partenaire/:id', at('/partenaire/12'), user(['ROLE_USER']))?.pattern).toBe(
      '/partenaire/:id',
    )
    expect(hydratableRoute('/', at('/'), user(['ROLE_ADMIN']))?.pattern).toBe('/')
    expect(hydratableRoute('/reset-password', at('/reset-password?token=x'), null)?.pattern).toBe(
      '/reset-password',
    )
  })

  it('renders afresh where the first render would differ from the HTML', () => {
    // Another route's HTML (the service worker's cached shell), or none.
    expect(hydratableRoute('/', at('/login'), null)).toBeNull()
    expect(hydratableRoute(undefined, at('/login'), null)).toBeNull()
    // The other session: a signed-in user on /login goes home, a visitor on / goes to /login.
    expect(hydratableRoute('/login', at('/login'), user(['ROLE_USER']))).toBeNull()
    expect(hydratableRoute('/menu', at('/menu'), null)).toBeNull()
    expect(hydratableRoute('/menu', at('/menu'), user([]))).toBeNull()
    // Reset without its token redirects to /forgot-password.
    expect(hydratableRoute('/reset-password', at('/reset-password'), null)).toBeNull()
    // Not prerendered at all.
    expect(hydratableRoute('/bo/partenaires', at('/bo/partenaires'), user(['ROLE_ADMIN']))).toBeNull()
  })
})
