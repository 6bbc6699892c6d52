import { delay, http, HttpResponse } from 'msw'
import type { AuthUser, Credentials, RegisterBody } from '../../contract/schemas.ts'
import { apiPaths } from '../../contract/paths.ts'
import { signedInUser } from '../fixtures/session.ts'

/** The server's answer to a wrong e-mail or password. */
export const WRONG_CREDENTIALS = 'Email ou mot de passe incorrect'

export const authHandlers = {
  authenticateSuccess: (user: AuthUser = signedInUser) =>
    http.post(apiPaths.authenticate(), async ({ request }) => {
      const body = (await request.json()) as Credentials
      return HttpResponse.json({ ...user, email: body.username })
    }),
  authenticateFailure: () =>
    http.post(apiPaths.authenticate(), () =>
      HttpResponse.json({ message: WRONG_CREDENTIALS }, { status: 401 }),
    ),
  authenticatePending: () =>
    http.post(apiPaths.authenticate(), async () => {
      await delay('infinite')
      return HttpResponse.json(signedInUser)
    }),
  registerSuccess: () =>
    http.post(apiPaths.register(), async ({ request }) => {
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
    http.post(apiPaths.register(), () =>
      HttpResponse.json(
        { message: 'Un compte existe déjà avec cette adresse e-mail.', field: 'email' },
        { status: 409 },
      ),
    ),
  logout: () => http.post(apiPaths.logout(), () => new HttpResponse(null, { status: 204 })),
}
