import { delay, HttpResponse } from 'msw'
import type { AuthUser, Credentials, RegisterBody } from '@/contract/schemas.ts'
import { mockApi } from './mockApi.ts'
import { signedInUser } from '../fixtures/session.ts'

/** The server's answer to a sign-out. */
export const LOGGED_OUT = { message: 'Vous êtes déconnecté.' }

/** The server's answer to a wrong e-mail or password. */
export const WRONG_CREDENTIALS = 'Email ou mot de passe incorrect'

export const authHandlers = {
  authenticateSuccess: (user: AuthUser = signedInUser) =>
    mockApi('authenticate', async ({ request }) => {
      const body = (await request.json()) as Credentials
      return HttpResponse.json({ ...user, email: body.username })
    }),
  authenticateFailure: () =>
    mockApi('authenticate', () => HttpResponse.json({ message: WRONG_CREDENTIALS }, { status: 401 })),
  authenticatePending: () =>
    mockApi('authenticate', async () => {
      await delay('infinite')
      return HttpResponse.json(signedInUser)
    }),
  registerSuccess: () =>
    mockApi('register', async ({ request }) => {
      const body = (await request.json()) as RegisterBody
      const user: AuthUser = {
        ...signedInUser,
        firstname: body.firstname,
        lastname: body.lastname,
        email: body.email,
      }
      return HttpResponse.json(user, { status: 201 })
    }),
  registerConflict: () =>
    mockApi('register', () =>
      HttpResponse.json(
        { message: 'Un compte existe déjà avec cette adresse e-mail.', field: 'email' },
        { status: 409 },
      ),
    ),
  logout: () => mockApi('logout', () => HttpResponse.json(LOGGED_OUT)),
}
