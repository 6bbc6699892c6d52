import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { apiPaths } from './paths.ts'
import {
  EMAIL_MAX_LENGTH,
  NAME_MAX_LENGTH,
  PASSWORD_MAX_LENGTH,
  PASSWORD_MIN_LENGTH,
} from './accountLimits.ts'
import { client, startServer, type Client, type TestServer } from '../server/test/helpers.ts'

let server: TestServer
let api: Client

beforeAll(async () => {
  server = await startServer()
  api = client(server)
})
afterAll(() => server.close())

let count = 0
/** A registration the server accepts, with `fields` changed; a fresh address each time. */
const registration = (fields: Record<string, string>) => ({
  firstname: 'Léa',
  lastname: 'Limite',
  email: `limite.${++count}@test.fr`,
  password: 'une phrase de passe',
  ...fields,
})

/** An address of exactly `length` characters. */
const emailOfLength = (length: number) => {
  const domain = `@${++count}.test.fr`
  return `${'a'.repeat(length - domain.length)}${domain}`
}

/** The app's forms refuse what the server refuses, no more and no less: each limit is the server's own. */
describe('the sign-up limits the app applies are the server’s', () => {
  it.each([
    ['firstname', 'x'.repeat(NAME_MAX_LENGTH), 'x'.repeat(NAME_MAX_LENGTH + 1)],
    ['lastname', 'x'.repeat(NAME_MAX_LENGTH), 'x'.repeat(NAME_MAX_LENGTH + 1)],
    ['password', 'é'.repeat(PASSWORD_MIN_LENGTH - 1) + 'z', 'é'.repeat(PASSWORD_MIN_LENGTH - 1)],
    ['password', 'y'.repeat(PASSWORD_MAX_LENGTH), 'y'.repeat(PASSWORD_MAX_LENGTH + 1)],
  ])('%s: the limit is accepted, one character past it is refused', async (field, atLimit, pastLimit) => {
    const accepted = await api.post(apiPaths.register(), registration({ [field]: atLimit }))
    expect(accepted.status).toBe(201)
    const refused = await api.post<{ message: string }>(
      apiPaths.register(),
      registration({ [field]: pastLimit }),
    )
    expect(refused.status).toBe(400)
    expect(refused.body.message).toMatch(/caractères/)
  })

  it('email: the limit is accepted, one character past it is refused', async () => {
    const accepted = await api.post(
      apiPaths.register(),
      registration({ email: emailOfLength(EMAIL_MAX_LENGTH) }),
    )
    expect(accepted.status).toBe(201)
    const refused = await api.post(
      apiPaths.register(),
      registration({ email: emailOfLength(EMAIL_MAX_LENGTH + 1) }),
    )
    expect(refused.status).toBe(400)
  })
})
