/**
 * msw handlers for the person's own account (issue 40) on the calls of the API table: the account as the
 * server keeps it, its name, password and e-mail changes, the export, the deletion, the e-mail confirmation
 * link and the administrators' RGPD deletion. Each request is recorded with its body and its Authorization,
 * so a story can check what was sent.
 */
import { delay, HttpResponse, type HttpHandler } from 'msw'
import type { AccountProfile } from '@/contract/account.ts'
import type { AuthUser, ErrorBody } from '@/contract/schemas.ts'
import type { CallName } from '@/contract/calls.ts'
import { myAccount, myExport, myExportCsv } from '../fixtures/account.ts'
import { signedInUser } from '../fixtures/session.ts'
import { mockApi } from './mockApi.ts'
import { onStoryStart } from './storyState.ts'

/** The server's French refusals, as the stories show them. */
export const accountErrors = {
  server: { message: 'Une erreur interne est survenue.' },
  wrongCurrentPassword: { message: 'Le mot de passe actuel est incorrect.', field: 'currentPassword' },
  wrongPassword: { message: 'Le mot de passe est incorrect.', field: 'password' },
  emailTaken: {
    message: 'Cette adresse e-mail ne peut pas être utilisée pour votre compte.',
    field: 'newEmail',
  },
  linkExpired: {
    message: 'Ce lien de confirmation est invalide ou a expiré : refaites la demande depuis « Mon compte ».',
    field: 'token',
  },
  lastAdmin: {
    message: 'Pour supprimer votre propre compte, utilisez « Supprimer mon compte » dans « Mon compte ».',
  },
  tooManyAttempts: {
    message: 'Trop de tentatives avec un mot de passe incorrect. Réessayez dans 30 secondes.',
  },
} as const satisfies Record<string, ErrorBody & { field?: string }>

/** The token the password change answers with: the old one is refused afterwards. */
export const NEW_ACCESS_TOKEN = 'jeton-apres-changement-de-mot-de-passe'

export const EMAIL_CHANGE_EXPIRES_AT = '2026-11-29T10:00:00.000Z'

/** One request an account handler received: the call, its body and its Authorization header. */
export interface SentAccountRequest {
  call: CallName
  body: unknown
  authorization: string | null
  query: string
}

type Refusal = { status: number; body: ErrorBody }

/** How each call answers in a story: as the server would (default), never (still saving), or refused. */
export interface AccountBehaviour {
  account?: AccountProfile | 'error' | 'pending'
  updateMyName?: Refusal | 'pending'
  changeMyPassword?: Refusal | 'pending'
  startEmailChange?: Refusal | 'pending'
  confirmEmailChange?: Refusal | 'pending'
  exportMyData?: Refusal | 'pending'
  deleteMyAccount?: Refusal | 'pending'
  deleteUserRgpd?: Refusal | 'pending'
}

const forever = async () => {
  await delay('infinite')
  return HttpResponse.json<ErrorBody>({ message: '' }, { status: 504 })
}

/**
 * The account calls, stateful as the server: a saved name is the one read next, a requested e-mail change is
 * pending until confirmed. `sent` lists the requests of the current story (emptied when a story starts).
 */
export function accountApi(behaviour: AccountBehaviour = {}): {
  handlers: HttpHandler[]
  sent: SentAccountRequest[]
} {
  const initial = typeof behaviour.account === 'object' ? behaviour.account : myAccount
  let account: AccountProfile = { ...initial }
  const sent: SentAccountRequest[] = []
  onStoryStart(() => {
    account = { ...initial }
    sent.length = 0
  })
  const record = async (call: CallName, request: Request) => {
    const text = request.method === 'GET' ? '' : await request.clone().text()
    sent.push({
      call,
      body: text ? (JSON.parse(text) as unknown) : undefined,
      authorization: request.headers.get('Authorization'),
      query: new URL(request.url).search,
    })
  }
  /** The refusal or the endless wait the story asked for this call, if any. */
  const planned = (call: keyof AccountBehaviour) => {
    const plan = behaviour[call]
    if (plan === 'pending') return forever()
    if (plan && typeof plan === 'object' && 'status' in plan)
      return Promise.resolve(HttpResponse.json<ErrorBody>(plan.body, { status: plan.status }))
    return null
  }
  const user = (token = signedInUser.access_token): AuthUser => ({
    access_token: token,
    roles: account.roles,
    userId: account.userId,
    firstname: account.firstname,
    lastname: account.lastname,
    email: account.email,
  })

  const handlers = [
    mockApi('getMyAccount', async ({ request }) => {
      await record('getMyAccount', request)
      if (behaviour.account === 'pending') return forever()
      if (behaviour.account === 'error') return HttpResponse.json(accountErrors.server, { status: 500 })
      return HttpResponse.json(account)
    }),
    mockApi('updateMyName', async ({ request }) => {
      await record('updateMyName', request)
      const refused = planned('updateMyName')
      if (refused) return refused
      const body = await request.json()
      account = { ...account, firstname: body.firstname, lastname: body.lastname }
      return HttpResponse.json(user())
    }),
    mockApi('changeMyPassword', async ({ request }) => {
      await record('changeMyPassword', request)
      return (await planned('changeMyPassword')) ?? HttpResponse.json(user(NEW_ACCESS_TOKEN))
    }),
    mockApi('startEmailChange', async ({ request }) => {
      await record('startEmailChange', request)
      const refused = planned('startEmailChange')
      if (refused) return refused
      const body = await request.json()
      account = { ...account, pendingEmail: body.newEmail, pendingEmailExpiresAt: EMAIL_CHANGE_EXPIRES_AT }
      return HttpResponse.json({
        message: `Un lien de confirmation a été envoyé à ${body.newEmail}. Votre adresse ne changera qu’une fois ce lien ouvert (il est valable 24 heures).`,
        pendingEmail: body.newEmail,
        expiresAt: EMAIL_CHANGE_EXPIRES_AT,
      })
    }),
    mockApi('confirmEmailChange', async ({ request }) => {
      await record('confirmEmailChange', request)
      const refused = planned('confirmEmailChange')
      if (refused) return refused
      const email = account.pendingEmail ?? 'camille.nouvelle@exemple.fr'
      account = { ...account, email, pendingEmail: null, pendingEmailExpiresAt: null }
      return HttpResponse.json({
        message: `Votre adresse e-mail est maintenant ${email} : utilisez-la pour vous connecter.`,
        email,
      })
    }),
    mockApi('exportMyData', async ({ request }) => {
      await record('exportMyData', request)
      const refused = planned('exportMyData')
      if (refused) return refused
      if (new URL(request.url).searchParams.get('format') === 'csv')
        return new HttpResponse(myExportCsv, {
          headers: { 'content-type': 'text/csv; charset=utf-8' },
        }) as HttpResponse<string>
      return HttpResponse.json({ ...myExport, profile: account })
    }),
    mockApi('deleteMyAccount', async ({ request }) => {
      await record('deleteMyAccount', request)
      return (
        (await planned('deleteMyAccount')) ??
        HttpResponse.json({
          message:
            'Votre compte a été supprimé. Un e-mail de confirmation a été envoyé à votre adresse, qui est maintenant effacée.',
        })
      )
    }),
    mockApi('deleteUserRgpd', async ({ request }) => {
      await record('deleteUserRgpd', request)
      return (
        (await planned('deleteUserRgpd')) ??
        HttpResponse.json({
          message:
            'Compte supprimé : ses données personnelles sont effacées, ses utilisations de coupons gardées sans lien avec la personne. Un e-mail de confirmation lui a été envoyé.',
        })
      )
    }),
  ]
  return { handlers, sent }
}
