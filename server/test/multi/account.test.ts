/**
 * The person's own account (issue 40) on two instances sharing one PostgreSQL: a deletion or a password change
 * made through one instance ends the sessions it must end on the other at its very next request.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Cluster } from '@/scripts/cluster/index.ts'
import { apiPaths } from '@/contract/paths.ts'
import type { AuthUser } from '@/contract/schemas.ts'
import { client, type Client } from '../helpers.ts'
import { ADMIN, adminEnv, cluster, createUser } from './support.ts'

let c: Cluster
let A: Client
let B: Client

beforeAll(async () => {
  c = await cluster({ instances: 2, nginx: false, env: adminEnv })
  A = client(c.instances[0])
  B = client(c.instances[1])
})
afterAll(() => c?.destroy())

const as = (user: AuthUser) => ({ token: user.access_token })

/** B has seen the token work just before: anything it may keep about it is warm. */
async function warm(user: AuthUser): Promise<void> {
  for (let i = 0; i < 3; i++) expect((await B.get(apiPaths.me(), as(user))).status).toBe(200)
}

describe('across instances', () => {
  it('a person deletes their account on A: B refuses their token at the very next request', async () => {
    const email = 'supprime@multi.fr'
    const password = 'mot de passe à supprimer'
    await createUser(c, email, password)
    const user = await A.login(email, password)
    const phone = await B.login(email, password)
    await warm(user)
    await warm(phone)
    const res = await A.request('DELETE', apiPaths.me(), { ...as(user), body: { password } })
    expect(res.status, res.text).toBe(200)
    expect((await B.get(apiPaths.me(), as(user))).status).toBe(401)
    expect((await B.get(apiPaths.me(), as(phone))).status).toBe(401)
    expect((await A.get(apiPaths.me(), as(phone))).status).toBe(401)
    expect((await B.post('/api/auth/authenticate', { username: email, password })).status).toBe(401)
  })

  it('a password changed on A signs the account’s other session out on B at once; the new token works on B', async () => {
    const email = 'change@multi.fr'
    const password = 'ancien mot de passe'
    await createUser(c, email, password)
    const laptop = await A.login(email, password)
    const phone = await B.login(email, password)
    await warm(phone)
    const res = await A.put<AuthUser>(
      apiPaths.myPassword(),
      { currentPassword: password, newPassword: 'nouveau mot de passe' },
      as(laptop),
    )
    expect(res.status, res.text).toBe(200)
    expect((await B.get(apiPaths.me(), as(phone))).status).toBe(401)
    expect((await B.get(apiPaths.me(), as(laptop))).status).toBe(401)
    expect((await B.get(apiPaths.me(), as(res.body))).status).toBe(200)
  })

  it('an administrator’s RGPD deletion on B: the person’s token refused by A at once', async () => {
    const email = 'demande@multi.fr'
    const password = 'mot de passe demande'
    const id = await createUser(c, email, password)
    const user = await A.login(email, password)
    for (let i = 0; i < 3; i++) expect((await A.get(apiPaths.me(), as(user))).status).toBe(200)
    const admin = await B.login(ADMIN.email, ADMIN.password)
    expect((await B.del(apiPaths.userRgpd(id), as(admin))).status).toBe(200)
    expect((await A.get(apiPaths.me(), as(user))).status).toBe(401)
  })
})
