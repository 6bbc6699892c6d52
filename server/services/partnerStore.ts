import { sql } from 'kysely'
import type { CategoryInput } from '@/contract/schemas.ts'
import { badRequest } from '../errors.ts'
import { normalizeForSearch } from '../validation.ts'
import type { CleanPartner } from './partnerInput.ts'
import type { Actor } from './audit.ts'
import type { Executor } from './partnerRows.ts'
import { versionBump } from './versions.ts'

/** Resolves category inputs to ids: known ids are checked, labels without id are found or created. */
async function resolveCategories(trx: Executor, inputs: CategoryInput[]): Promise<number[]> {
  const ids: number[] = []
  for (const [i, input] of inputs.entries()) {
    let id: number
    if (input.id !== undefined) {
      const row = await trx
        .selectFrom('categories')
        .select('id')
        .where('id', '=', input.id)
        .executeTakeFirst()
      if (!row) throw badRequest(`Catégorie inconnue (id ${input.id}).`, `categories[${i}].id`)
      id = row.id
    } else {
      const existing = await trx
        .selectFrom('categories')
        .select('id')
        .where(sql<string>`lower(label)`, '=', input.label.toLowerCase())
        .executeTakeFirst()
      id =
        existing?.id ??
        (
          await trx
            .insertInto('categories')
            .values({ label: input.label, icon: input.icon ?? 'star' })
            .onConflict((oc) =>
              oc.expression(sql`lower(label)`).doUpdateSet({ label: sql`categories.label` }),
            )
            .returning('id')
            .executeTakeFirstOrThrow()
        ).id
    }
    if (!ids.includes(id)) ids.push(id)
  }
  return ids
}

/**
 * Inserts or updates a partner with its categories; the caller provides the transaction. `by` is recorded as
 * the author of the new partner or of its new version (an update bumps it: versions.ts; the caller has checked
 * `If-Match` with lockVersion).
 */
export async function savePartner(
  trx: Executor,
  data: CleanPartner,
  id?: number,
  by?: Actor,
): Promise<number> {
  const values = {
    name: data.name,
    search_name: normalizeForSearch(data.name),
    description: data.description,
    siren: data.siren,
    address: data.address,
    city: data.city,
    lat: data.lat,
    lng: data.lng,
    email: data.email,
    phone: data.phone,
    representative_first_name: data.representativeFirstName,
    representative_last_name: data.representativeLastName,
    status: data.status,
    rating: data.rating,
    user_ratings_total: data.userRatingsTotal,
  }
  let partnerId: number
  if (id === undefined) {
    partnerId = (
      await trx
        .insertInto('partners')
        .values({ ...values, updated_by: versionBump(by).updated_by })
        .returning('id')
        .executeTakeFirstOrThrow()
    ).id
  } else {
    await trx
      .updateTable('partners')
      .set({ ...values, ...versionBump(by) })
      .where('id', '=', id)
      .execute()
    partnerId = id
  }
  const categoryIds = await resolveCategories(trx, data.categories)
  await trx.deleteFrom('partner_categories').where('partner_id', '=', partnerId).execute()
  if (categoryIds.length > 0) {
    await trx
      .insertInto('partner_categories')
      .values(
        categoryIds.map((categoryId, position) => ({
          partner_id: partnerId,
          category_id: categoryId,
          position,
        })),
      )
      .execute()
  }
  return partnerId
}
