/**
 * The partners resource as the routes use it: lists, one partner as a given viewer may see it, creation and
 * changes, photos, and the reference lists (statuses, categories, cities). The pieces live beside it: checks in
 * partnerInput.ts, writes in partnerStore.ts, reads in partnerRows.ts and search.ts.
 */
import type {
  Category,
  DiscountOffer,
  Image,
  MessageBody,
  Partner,
  PartnerBody,
  PartnerSearchQuery,
  PartnerUpdateBody,
  StatusOption,
} from '@/contract/schemas.ts'
import type { Transaction } from 'kysely'
import type { CurrentUser } from '../context.ts'
import type { Db } from '../db/index.ts'
import type { Database } from '../db/types.ts'
import { badRequest, forbidden, notFound } from '../errors.ts'
import { audited, type Actor } from './audit.ts'
import { mdiIconPath } from './icons.ts'
import { storeImage } from './images.ts'
import { cleanPartnerBody, type CleanPartner } from './partnerInput.ts'
import { offersFor, type Executor } from './partnerRows.ts'
import { savePartner } from './partnerStore.ts'
import type { SearchPageWire } from './partnerWire.ts'
import { loadPartner, searchPartners } from './search.ts'
import { currentEtag, etagFirst, lockVersion, type Precondition } from './versions.ts'

/** Partners and users share these statuses. */
export const statusOptions: StatusOption[] = [
  { code: 'ACTIF', label: 'Actif' },
  { code: 'PROSPECT', label: 'Prospect' },
  { code: 'DESACTIVE', label: 'Désactivé' },
]

const collator = new Intl.Collator('fr', { sensitivity: 'base', numeric: true })

const partnerNotFound = () => notFound('Partenaire introuvable.')

function found(partner: Partner | null): Partner {
  if (!partner) throw partnerNotFound()
  return partner
}

export async function listCategories(db: Db): Promise<Category[]> {
  const rows = await db.selectFrom('categories').select(['id', 'label', 'icon']).execute()
  return rows
    .map((row) => ({ ...row, iconPath: mdiIconPath(row.icon) }))
    .sort((a, b) => collator.compare(a.label, b.label) || a.id - b.id)
}

/** Cities of active partners, one spelling per city whatever its case, in French order. */
export async function listCities(db: Db): Promise<string[]> {
  const rows = await db
    .selectFrom('partners')
    .select('city')
    .distinct()
    .where('status', '=', 'ACTIF')
    .execute()
  const byKey = new Map<string, string>()
  for (const { city } of rows) if (!byKey.has(city.toLowerCase())) byKey.set(city.toLowerCase(), city)
  return [...byKey.values()].sort(collator.compare)
}

/** The search as `viewer` may make it: userId is their own, or anyone's for an admin. */
export function searchAs(db: Db, viewer: CurrentUser, q: PartnerSearchQuery): Promise<SearchPageWire> {
  if (q.userId !== undefined && q.userId !== viewer.id && !viewer.isAdmin)
    throw forbidden('Vous ne pouvez consulter que vos propres coupons.')
  return searchPartners(db, q, { personId: viewer.id })
}

/**
 * An admin sees every partner with all its offers, with the ETag a PUT sends back in If-Match; a user active
 * partners with their usable offers (which change with the date: no ETag, a user writes none of it).
 */
export async function partnerFor(
  db: Db,
  viewer: CurrentUser,
  id: number,
): Promise<{ partner: Partner; etag: string | null }> {
  const { body: partner, etag } = await etagFirst(db, 'partner', id, () =>
    loadPartner(db, id, { offers: viewer.isAdmin ? 'all' : 'usable' }),
  )
  if (!partner || (!viewer.isAdmin && partner.status !== 'ACTIF')) throw partnerNotFound()
  return { partner, etag: viewer.isAdmin ? etag : null }
}

export async function usableOffersOf(db: Db, viewer: CurrentUser, id: number): Promise<DiscountOffer[]> {
  const partner = await db
    .selectFrom('partners')
    .select(['id', 'status'])
    .where('id', '=', id)
    .executeTakeFirst()
  if (!partner || (partner.status !== 'ACTIF' && !viewer.isAdmin)) throw partnerNotFound()
  return (await offersFor(db, [partner.id], { offers: 'usable' })).get(partner.id) ?? []
}

/** The partner and its usable offers as `userId` sees them (used ones DISABLED): their own, or anyone's for an admin. */
export async function partnerForUser(
  db: Db,
  viewer: CurrentUser,
  id: number,
  userId: number,
): Promise<Partner> {
  if (userId !== viewer.id && !viewer.isAdmin)
    throw forbidden('Vous ne pouvez consulter que vos propres coupons.')
  const partner = await loadPartner(db, id, { offers: 'usable', viewerId: userId })
  if (!partner || (partner.status !== 'ACTIF' && !viewer.isAdmin)) throw partnerNotFound()
  return partner
}

/** A partner as the audit log keeps it: its own fields and category labels (photos and coupons have their entries). */
export function partnerSnapshot({
  images: _images,
  discountOffers: _offers,
  categories,
  ...partner
}: Partner) {
  return { ...partner, categories: categories.map((c) => c.label) }
}

export async function createPartner(db: Db, actor: Actor, body: PartnerBody): Promise<Partner> {
  const data = cleanPartnerBody(body)
  return db.transaction().execute((trx) => writePartner(trx, actor, data))
}

/**
 * Changes partner `id` (the body names the same partner) if `precondition`'s If-Match still names its version;
 * answers it with its new ETag.
 */
export async function updatePartner(
  db: Db,
  actor: Actor,
  id: number,
  body: PartnerUpdateBody,
  precondition?: Precondition,
): Promise<{ partner: Partner; etag: string }> {
  if (body.partnerId.id !== id)
    throw badRequest('partnerId.id ne correspond pas au partenaire de l’adresse.', 'partnerId.id')
  const data = cleanPartnerBody(body)
  return db.transaction().execute(async (trx) => {
    if (!(await lockVersion(trx, 'partner', id, precondition))) throw partnerNotFound()
    const partner = await writePartner(trx, actor, data, id)
    return { partner, etag: (await currentEtag(trx, 'partner', id))! }
  })
}

/** Saves a new partner (no `id`) or partner `id`, and records the write with the partner before and after. */
async function writePartner(
  trx: Transaction<Database>,
  actor: Actor,
  data: CleanPartner,
  id?: number,
): Promise<Partner> {
  const before = id === undefined ? undefined : found(await loadPartner(trx, id, { offers: 'all' }))
  const savedId = await savePartner(trx, data, id, actor)
  const after = found(await loadPartner(trx, savedId, { offers: 'all' }))
  await audited(trx, actor, {
    action: before ? 'partner.update' : 'partner.create',
    targetId: savedId,
    targetLabel: after.name,
    before: before && partnerSnapshot(before),
    after: partnerSnapshot(after),
  })
  return after
}

/** The partner's id, or 404. */
export async function existingPartnerId(db: Db, id: number): Promise<number> {
  const partner = await db.selectFrom('partners').select('id').where('id', '=', id).executeTakeFirst()
  if (!partner) throw partnerNotFound()
  return partner.id
}

async function partnerName(db: Executor, id: number): Promise<string | null> {
  return (
    (await db.selectFrom('partners').select('name').where('id', '=', id).executeTakeFirst())?.name ?? null
  )
}

export async function addPartnerImage(db: Db, actor: Actor, id: number, upload: Buffer): Promise<Image> {
  const partnerId = await existingPartnerId(db, id)
  const { fileName: _serverSide, ...image } = await storeImage(db, upload, partnerId, async (trx, stored) => {
    await audited(trx, actor, {
      action: 'image.upload',
      targetId: partnerId,
      targetLabel: await partnerName(trx, partnerId),
      after: { imageId: stored.id, type: stored.type },
    })
  })
  return image
}

export async function deletePartnerImage(
  db: Db,
  actor: Actor,
  id: number,
  imageId: string,
): Promise<MessageBody> {
  await db.transaction().execute(async (trx) => {
    const removed = await trx
      .deleteFrom('images')
      .where('id', '=', imageId)
      .where('partner_id', '=', id)
      .returning(['id', 'type'])
      .executeTakeFirst()
    if (!removed) throw notFound('Photo introuvable pour ce partenaire.')
    await audited(trx, actor, {
      action: 'image.delete',
      targetId: id,
      targetLabel: await partnerName(trx, id),
      before: { imageId: removed.id, type: removed.type },
    })
  })
  return { message: 'Photo supprimée.' }
}
