import type { FastifyBaseLogger } from 'fastify'
import { sql } from 'kysely'
import type { Config } from '../config.ts'
import type { Db } from '../db/index.ts'
import { writeImage } from '../services/images.ts'
import { createPasswordHasher } from '../services/passwords.ts'
import { savePartner } from '../services/partners.ts'
import { articles, categories, demoAccounts, partners } from './data.ts'
import { renderDemoImage } from './images.ts'

const SEEDED_KEY = 'demo_seeded_at'

function isoDateIn(days: number): string {
  const date = new Date(Date.now() + days * 86_400_000)
  return date.toISOString().slice(0, 10)
}

/** Seeds the demo directory once per store (remembered in app_meta), so restarts never duplicate it. */
export async function seedDemoIfFirstStart(
  db: Db,
  config: Config,
  log: Pick<FastifyBaseLogger, 'info'>,
): Promise<boolean> {
  const done = await db
    .selectFrom('app_meta')
    .select('value')
    .where('key', '=', SEEDED_KEY)
    .executeTakeFirst()
  if (done) return false
  const started = Date.now()
  await seedDemo(db, config)
  log.info({ ms: Date.now() - started }, 'données de démonstration créées')
  return true
}

export async function seedDemo(db: Db, config: Config): Promise<void> {
  const hasher = createPasswordHasher(config.argon2)
  const colorOf = new Map(categories.map((c) => [c.label, c.color]))

  // Pictures are rendered before the transaction: PGlite has one connection and sharp is slow-ish.
  const partnerPhotos = await Promise.all(
    partners.map(async (p, index) => {
      const color = colorOf.get(p.categories[0]) ?? ['#1565c0', '#90caf9']
      const photos = []
      for (let v = 0; v < (p.photos ?? 1); v++) {
        const webp = await renderDemoImage(p.name, color, 800, 500, (index + v) % 4)
        photos.push(await writeImage(config.dataDir, webp))
      }
      return photos
    }),
  )
  const articleImages = await Promise.all(
    articles.map(async (a, i) =>
      writeImage(config.dataDir, await renderDemoImage(a.title, a.color, 400, 550, i)),
    ),
  )
  const users = [
    { ...demoAccounts.user, is_admin: false },
    ...(config.adminEmail ? [] : [{ ...demoAccounts.admin, is_admin: true }]),
  ]
  const hashes = await Promise.all(users.map((u) => hasher.hash(u.password)))

  await db.transaction().execute(async (trx) => {
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
      for (const photo of partnerPhotos[index]) {
        await trx
          .insertInto('images')
          .values({ id: photo.id, type: photo.type, file_name: photo.fileName, partner_id: id })
          .execute()
      }
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
      const image = articleImages[i]
      await trx
        .insertInto('images')
        .values({ id: image.id, type: image.type, file_name: image.fileName, partner_id: null })
        .execute()
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
    for (const [i, u] of users.entries()) {
      await trx
        .insertInto('users')
        .values({
          email: u.email,
          firstname: u.firstname,
          lastname: u.lastname,
          password_hash: hashes[i],
          status: 'ACTIF',
          is_admin: u.is_admin,
        })
        .onConflict((oc) => oc.column('email').doNothing())
        .execute()
    }
    await trx.insertInto('app_meta').values({ key: SEEDED_KEY, value: new Date().toISOString() }).execute()
  })
}
