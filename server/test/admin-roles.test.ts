import { beforeAll, describe, expect, it } from 'vitest'
import type { AuditPage, AuthUser, User } from '@/contract/schemas.ts'
import { apiPaths } from '@/contract/paths.ts'
import { deleteUser, updateUser } from '../services/users.ts'
import { ADMIN, adminServerForFile } from './helpers.ts'

const t = adminServerForFile()
const PASSWORD = 'un mot de passe long'
const LAST_ADMIN =
  'Impossible : c’est le dernier administrateur actif. Donnez d’abord le rôle Administrateur à un autre compte.'

let alice: AuthUser
let bob: AuthUser

async function userOf(id: number, as: AuthUser = t.admin): Promise<User> {
  const res = await t.api.get<User>(apiPaths.user(id), { token: as.access_token })
  if (res.status !== 200) throw new Error(`${res.status} ${res.text}`)
  return res.body
}

/** The PUT body of user `id` as `as` reads it, with `changes`. */
async function bodyOf(id: number, changes: Partial<User>, as: AuthUser = t.admin) {
  const { userId, firstname, lastname, email, status, roles } = await userOf(id, as)
  return { userId, firstname, lastname, email, status, roles, ...changes }
}

const putBody = (as: AuthUser, id: number, body: Awaited<ReturnType<typeof bodyOf>>) =>
  t.api.put<User & { message?: string }>(apiPaths.user(id), body, { token: as.access_token })

const put = async (as: AuthUser, id: number, changes: Partial<User>) =>
  putBody(as, id, await bodyOf(id, changes, as))

const activeAdmins = async (as: AuthUser) =>
  (
    await t.api.get<{ total: number }>(`${apiPaths.users()}?role=ROLE_ADMIN&status=ACTIF`, {
      token: as.access_token,
    })
  ).body.total

beforeAll(async () => {
  alice = await t.api.register({ firstname: 'Alice', lastname: 'Admin', email: 'alice.roles@test.fr' })
  bob = await t.api.register({ firstname: 'Bob', lastname: 'Admin', email: 'bob.roles@test.fr' })
})

describe('roles, edited by an administrator', () => {
  it('gives ROLE_ADMIN and takes it back; both changes are in the Journal with the roles before and after', async () => {
    const id = alice.userId.id
    const promoted = await put(t.admin, id, { roles: ['ROLE_USER', 'ROLE_ADMIN'] })
    expect(promoted.status).toBe(200)
    expect(promoted.body.roles).toEqual(['ROLE_USER', 'ROLE_ADMIN'])
    // Her token was revoked by the change of role; signed in again, she reaches the back-office's API.
    alice = await t.api.login('alice.roles@test.fr', PASSWORD)
    expect((await t.api.get(apiPaths.users(), { token: alice.access_token })).status).toBe(200)

    const demoted = await put(t.admin, id, { roles: ['ROLE_USER'] })
    expect(demoted.status).toBe(200)
    expect(demoted.body.roles).toEqual(['ROLE_USER'])
    alice = await t.api.login('alice.roles@test.fr', PASSWORD)
    expect((await t.api.get(apiPaths.users(), { token: alice.access_token })).status).toBe(403)

    const journal = await t.api.get<AuditPage>(
      `${apiPaths.audit()}?targetType=user&targetId=${id}&action=user.update`,
      t.asAdmin(),
    )
    expect(
      journal.body.items.map((e) => [(e.before as User).roles, (e.after as User).roles, e.actor.email]),
    ).toEqual([
      [['ROLE_USER', 'ROLE_ADMIN'], ['ROLE_USER'], ADMIN.email],
      [['ROLE_USER'], ['ROLE_USER', 'ROLE_ADMIN'], ADMIN.email],
    ])
  })

  it('refuses to demote, deactivate or delete the last active administrator, in French, and writes nothing', async () => {
    // What another administrator's change, committed a moment earlier, leaves: the signed-in admin is no longer
    // one in the database while their request runs. The service is called as that request would call it.
    const db = t.server.handle.db
    const admin = await db
      .selectFrom('users')
      .selectAll()
      .where('email', '=', ADMIN.email)
      .executeTakeFirstOrThrow()
    const viewer = { id: admin.id, email: admin.email, isAdmin: true, tokenVersion: admin.token_version }
    await put(t.admin, bob.userId.id, { roles: ['ROLE_USER', 'ROLE_ADMIN'] })
    const bobBefore = await bodyOf(bob.userId.id, {})
    await db.updateTable('users').set({ is_admin: false }).where('id', '=', admin.id).execute()
    try {
      for (const changes of [{ roles: ['ROLE_USER' as const] }, { status: 'DESACTIVE' as const }]) {
        await expect(
          updateUser(db, viewer, bob.userId.id, { ...bobBefore, ...changes }),
        ).rejects.toMatchObject({ statusCode: 409, message: LAST_ADMIN })
      }
      await expect(deleteUser(db, viewer, bob.userId.id)).rejects.toMatchObject({
        statusCode: 409,
        message: LAST_ADMIN,
      })
      // A change that keeps them an active administrator still goes through.
      const renamed = await updateUser(db, viewer, bob.userId.id, { ...bobBefore, lastname: 'Seul' })
      expect(renamed.user).toMatchObject({
        lastname: 'Seul',
        roles: ['ROLE_USER', 'ROLE_ADMIN'],
        status: 'ACTIF',
      })
      await updateUser(db, viewer, bob.userId.id, bobBefore)
    } finally {
      await db.updateTable('users').set({ is_admin: true }).where('id', '=', admin.id).execute()
    }
    expect(await userOf(bob.userId.id)).toMatchObject({ status: 'ACTIF', roles: ['ROLE_USER', 'ROLE_ADMIN'] })
  })

  it('two administrators demoting each other at the same instant: one wins, one active administrator stays', async () => {
    // Only Alice and Bob are administrators: the test admin steps down first (Bob demotes him).
    await put(t.admin, alice.userId.id, { roles: ['ROLE_USER', 'ROLE_ADMIN'] })
    alice = await t.api.login('alice.roles@test.fr', PASSWORD)
    bob = await t.api.login('bob.roles@test.fr', PASSWORD)
    const adminId = t.admin.userId.id
    expect((await put(bob, adminId, { roles: ['ROLE_USER'] })).status).toBe(200)
    try {
      expect(await activeAdmins(alice)).toBe(2)
      for (let round = 0; round < 4; round++) {
        const demoteBob = await bodyOf(bob.userId.id, { roles: ['ROLE_USER'] }, alice)
        const demoteAlice = await bodyOf(alice.userId.id, { roles: ['ROLE_USER'] }, bob)
        const [byAlice, byBob] = await Promise.all([
          putBody(alice, bob.userId.id, demoteBob),
          putBody(bob, alice.userId.id, demoteAlice),
        ])
        const statuses = [byAlice.status, byBob.status].sort()
        // One PUT is refused: with the last-administrator message, or (its author demoted before their
        // request was authenticated) as no longer an administrator.
        expect(statuses[0], `${byAlice.text} ${byBob.text}`).toBe(200)
        expect([401, 403, 409]).toContain(statuses[1])
        if (statuses[1] === 409) expect([byAlice.body.message, byBob.body.message]).toContain(LAST_ADMIN)
        // The survivor gives the role back for the next round.
        const [survivor, other] = byAlice.status === 200 ? [alice, bob] : [bob, alice]
        expect(await activeAdmins(survivor)).toBe(1)
        expect((await put(survivor, other.userId.id, { roles: ['ROLE_USER', 'ROLE_ADMIN'] })).status).toBe(
          200,
        )
        alice = await t.api.login('alice.roles@test.fr', PASSWORD)
        bob = await t.api.login('bob.roles@test.fr', PASSWORD)
      }
    } finally {
      await t.server.handle.db
        .updateTable('users')
        .set({ is_admin: true })
        .where('id', '=', adminId)
        .execute()
      t.admin = await t.api.login(ADMIN.email, ADMIN.password)
    }
  })
})
