import type { FastifyBaseLogger } from 'fastify'
import { sql, type Transaction } from 'kysely'
import type { Config } from '../config.ts'
import type { Db } from '../db/index.ts'
import { startupLocks, withAdvisoryLock } from '../db/locks.ts'
import type { Database } from '../db/types.ts'
import { insertImage } from '../services/images.ts'
import { createPasswordHasher } from '../services/passwords.ts'
import { savePartner } from '../services/partnerStore.ts'
import { articles, categories, demoAccounts, partners } from './data.ts'
import { renderDemoImage } from './images.ts'

const SEEDED_KEY = 'demo_seeded_at'

function isoDateIn(days: number): string {
  const date = new Date(Date.now() + days * 86_400_000)
  return date.toISOString().slice(0, 10)
}

/**
 * Seeds the demo directory once per store (remembered in app_meta), so restarts never duplicate it. Any
 * number of instances may start at the same instant: the check and the seed run in one transaction holding
 * an advisory lock, so the first one seeds and the others find it done.
 */
export async function seedDemoIfFirstStart(
  db: Db,
  config: Config,
  log: Pick<FastifyBaseLogger, 'info'>,
): Promise<boolean> {
  if (await isSeeded(db)) return false
  const started = Date.now()
  // Rendered before taking the lock: sharp and argon2 are slow, and the lock should be held briefly.
  const demo = await prepareDemo(config)
  const seeded = await withAdvisoryLock(db, startupLocks.seed, async (trx) => {
    // PGlite has one connection: inside the transaction every query goes through trx.
    if (await isSeeded(trx)) return false
    await insertDemo(trx, demo)
    return true
  })
  if (seeded) log.info({ ms: Date.now() - started }, 'données de démonstration créées')
  return seeded
}

async function isSeeded(db: Db | Transaction<Database>): Promise<boolean> {
  const done = await db
    .selectFrom('app_meta')
    .select('value')
    .where('key', '=', SEEDED_KEY)
    .executeTakeFirst()
  return done !== undefined
}

interface PreparedDemo {
  partnerPhotos: Buffer[][]
  articleImages: Buffer[]
  users: { email: string; firstname: string; lastname: string; is_admin: boolean; hash: string }[]
}

/** The pictures and password hashes of the demo, computed outside any transaction. */
async function prepareDemo(config: Config): Promise<PreparedDemo> {
  const hasher = createPasswordHasher(config.argon2)
  const colorOf = new Map(categories.map((c) => [c.label, c.color]))
  const partnerPhotos = await Promise.all(
    partners.map(async (p, index) => {
      const color = colorOf.get(p.categories[0]) ?? ['#1565c0', '#90caf9']
      const photos: Buffer[] = []
      for (let v = 0; v < (p.photos ?? 1); v++) {
        photos.push(await renderDemoImage(color, 800, 500, (index + v) % 4))
      }
      return photos
    }),
  )
  // The home banner is drawn about 412 × 700 CSS px on a phone, at 2.6 device pixels per CSS pixel: this is
  // sharp there (the pictures were 400 × 550, shown about 4× upscaled), and gradients weigh ~9 KB in WebP.
  const articleImages = await Promise.all(articles.map((a, i) => renderDemoImage(a.color, 1080, 1600, i)))
  const accounts = [
    { ...demoAccounts.user, is_admin: false },
    ...(config.adminEmail ? [] : [{ ...demoAccounts.admin, is_admin: true }]),
  ]
  const users = await Promise.all(
    accounts.map(async (u) => ({
      email: u.email,
      firstname: u.firstname,
      lastname: u.lastname,
      is_admin: u.is_admin,
      hash: await hasher.hash(u.password),
    })),
  )
  return { partnerPhotos, articleImages, users }
}

async function insertDemo(trx: Transaction<Database>, demo: PreparedDemo): Promise<void> {
  for (const c of categories) {
    await trx
      .insertInto('categories')
      .values({ label: c.label, icon: c.icon })
      .onConflict((oc) => oc.expression(sql`lower(label)`).doNothing())
      .execute()
  }
  const categoryIds = new Map(
    (await trx.selectFrom('categories').select(['id', 'label']).execute()).map((c) => [c.label, c.id]),
  )
  for (const [index, p] of partners.entries()) {
    const slug = p.name
      .normalize('NFD')
      .replace(/\p{M}/gu, '')
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-|-$/g, '')
    const id = await savePartner(trx, {
      name: p.name,
      description: p.description,
      siren: p.siren ?? null,
      address: p.address,
      city: p.city,
      lat: p.lat,
      lng: p.lng,
      email: `contact@${slug}.exemple.fr`,
      phone: p.phone,
      representativeFirstName: p.representative?.[0] ?? null,
      representativeLastName: p.representative?.[1] ?? null,
      categories: p.categories.map((label) => ({ id: categoryIds.get(label), label })),
      status: p.status ?? 'ACTIF',
      rating: p.rating ?? null,
      userRatingsTotal: p.ratings ?? null,
    })
    for (const photo of demo.partnerPhotos[index]) await insertImage(trx, photo, id)
    for (const o of p.offers) {
      await trx
        .insertInto('offers')
        .values({
          partner_id: id,
          libelle: o.libelle,
          status: o.status ?? 'ENABLED',
          expiration_date: o.expiresInDays === undefined ? null : isoDateIn(o.expiresInDays),
        })
        .execute()
    }
  }
  for (const [i, a] of articles.entries()) {
    const image = await insertImage(trx, demo.articleImages[i], null)
    await trx
      .insertInto('articles')
      .values({
        title: a.title,
        status: a.status,
        position: a.position,
        image_id: image.id,
        link_text: a.link?.text ?? null,
        link_url: a.link?.url ?? null,
        link_target: a.link?.target ?? null,
      })
      .execute()
  }
  for (const u of demo.users) {
    await trx
      .insertInto('users')
      .values({
        email: u.email,
        firstname: u.firstname,
        lastname: u.lastname,
        password_hash: u.hash,
        status: 'ACTIF',
        is_admin: u.is_admin,
      })
      .onConflict((oc) => oc.column('email').doNothing())
      .execute()
  }
  await trx.insertInto('app_meta').values({ key: SEEDED_KEY, value: new Date().toISOString() }).execute()
}
