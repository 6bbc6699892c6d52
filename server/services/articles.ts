/**
 * Articles (the home page's carousel): admins list, create, change and delete them; users read the published
 * ones. An article's image is uploaded first (images.ts) and deleted with the last article using it.
 */
import { sql, type Transaction } from 'kysely'
import type {
  Article,
  ArticleBody,
  ArticleMoveBody,
  ArticleUpdateBody,
  Image,
  Link,
  MessageBody,
  StatusOption,
} from '@/contract/schemas.ts'
import type { CurrentUser } from '../context.ts'
import type { Db } from '../db/index.ts'
import { lockForTransaction, writeLocks } from '../db/locks.ts'
import type { Database } from '../db/types.ts'
import { badRequest, conflict, notFound } from '../errors.ts'
import { intInRange, linkUrl, requiredText } from '../validation.ts'
import { audited, type Actor } from './audit.ts'
import { storeImage, toWireImage } from './images.ts'
import { etagFirst, etagOf, lockVersion, versionBump, type Precondition } from './versions.ts'

export const articleStatuses: StatusOption[] = [
  { code: 'PUBLISHED', label: 'Publié' },
  { code: 'DRAFT', label: 'Brouillon' },
]

type ArticleRow = {
  id: number
  title: string
  status: string
  position: number
  image_id: string | null
  image_type: string | null
  image_file: string | null
  image_width: number | null
  image_height: number | null
  image_variant_widths: number[] | null
  link_text: string | null
  link_url: string | null
  link_target: string | null
}

function toArticle(row: ArticleRow): Article {
  return {
    articleId: { id: row.id },
    status: row.status as Article['status'],
    title: row.title,
    position: row.position,
    image:
      row.image_id && row.image_file
        ? toWireImage({
            id: row.image_id,
            type: row.image_type ?? 'image/webp',
            file_name: row.image_file,
            width: row.image_width,
            height: row.image_height,
            variant_widths: row.image_variant_widths,
          })
        : null,
    link:
      row.link_url !== null && row.link_text !== null
        ? { text: row.link_text, url: row.link_url, target: (row.link_target ?? '') as Link['target'] }
        : null,
  }
}

function selectArticles(db: Db) {
  return db
    .selectFrom('articles as a')
    .leftJoin('images as i', 'i.id', 'a.image_id')
    .select([
      'a.id',
      'a.title',
      'a.status',
      'a.position',
      'a.image_id',
      'i.type as image_type',
      'i.file_name as image_file',
      'i.width as image_width',
      'i.height as image_height',
      'i.variant_widths as image_variant_widths',
      'a.link_text',
      'a.link_url',
      'a.link_target',
    ])
    .orderBy('a.position')
    .orderBy('a.id')
}

const articleNotFound = () => notFound('Article introuvable.')

async function cleanBody(db: Db, body: ArticleBody) {
  const title = requiredText(body.title, 'title', 'Titre', { max: 200 })
  const position = intInRange(body.position, 'position', 'Position', -1_000_000, 1_000_000)
  let imageId: string | null = null
  if (body.image) {
    const image = await db
      .selectFrom('images')
      .select('id')
      .where('id', '=', body.image.id.slice(0, 100))
      .where('partner_id', 'is', null)
      .executeTakeFirst()
    if (!image)
      throw badRequest('Image inconnue : envoyez d’abord le fichier sur /api/articles/image.', 'image.id')
    imageId = image.id
  }
  let link: { text: string; url: string; target: string } | null = null
  if (body.link) {
    const text = body.link.text.trim()
    const url = body.link.url.trim()
    if (text === '' && url === '') link = null
    else if (text === '')
      throw badRequest('Le texte du lien est obligatoire quand une adresse est donnée.', 'link.text')
    else {
      link = {
        text: requiredText(text, 'link.text', 'Texte du lien', { max: 200 }),
        url: linkUrl(url, 'link.url'),
        target: body.link.target,
      }
    }
  }
  return {
    title,
    status: body.status,
    position,
    image_id: imageId,
    link_text: link?.text ?? null,
    link_url: link?.url ?? null,
    link_target: link?.target ?? null,
  }
}

/** Deletes an article image (its row holds the bytes) once no article uses it any more. */
async function dropImageIfUnused(db: Db, imageId: string | null): Promise<void> {
  if (!imageId) return
  const used = await db.selectFrom('articles').select('id').where('image_id', '=', imageId).executeTakeFirst()
  if (used) return
  await db.deleteFrom('images').where('id', '=', imageId).where('partner_id', 'is', null).execute()
}

async function loadArticle(db: Db, id: number): Promise<Article> {
  const row = await selectArticles(db).where('a.id', '=', id).executeTakeFirst()
  if (!row) throw articleNotFound()
  return toArticle(row)
}

/**
 * Writes new positions, each moved article with a new version and its own Journal entry ('article.update',
 * before and after), in `trx`.
 */
async function writePositions(
  trx: Transaction<Database>,
  actor: Actor,
  moves: { id: number; position: number }[],
): Promise<void> {
  for (const { id, position } of moves) {
    const before = await loadArticle(trx, id)
    await trx
      .updateTable('articles')
      .set({ position, ...versionBump(actor) })
      .where('id', '=', id)
      .execute()
    await audited(trx, actor, {
      action: 'article.update',
      targetId: id,
      targetLabel: before.title,
      before,
      after: { ...before, position },
    })
  }
}

/**
 * Positions are unique: an article put at a taken position takes it, and the articles from there on move down
 * one place each until a free position ends the run (1, 2, 3 and a new 2 give 1, 2 (new), 3, 4; with 1, 2, 5
 * the old 2 becomes 3 and 5 stays). Positions before it are left alone, even two equal ones written before
 * this rule (a move sorts them out). Call it under writeLocks.articlePositions, after `id` got `position`.
 */
async function makeRoomAt(trx: Transaction<Database>, actor: Actor, id: number, position: number) {
  const rows = await trx
    .selectFrom('articles')
    .select(['id', 'position'])
    .where('position', '>=', position)
    // At equal positions the article placed comes first: it takes the place, the others follow it.
    .orderBy('position')
    .orderBy(sql`id <> ${id}`)
    .orderBy('id')
    .execute()
  const moves = []
  let previous = position - 1
  for (const row of rows) {
    const wanted = Math.max(row.position, previous + 1)
    previous = wanted
    if (row.id !== id && wanted !== row.position) moves.push({ id: row.id, position: wanted })
  }
  await writePositions(trx, actor, moves)
}

/**
 * 'Monter' / 'Descendre': article `id` trades places with the one before or after it in the order of every
 * article (drafts too), which keeps the same set of positions; equal positions written before they were
 * unique are spread out on the way (4, 4, 4 become 4, 5, 6). Answers every article in the new order; 409 at
 * either end of the list.
 */
export async function moveArticle(
  db: Db,
  actor: Actor,
  id: number,
  { direction }: ArticleMoveBody,
): Promise<Article[]> {
  await db.transaction().execute(async (trx) => {
    await lockForTransaction(trx, writeLocks.articlePositions)
    const order = await trx
      .selectFrom('articles')
      .select(['id', 'position'])
      .orderBy('position')
      .orderBy('id')
      .execute()
    const index = order.findIndex((row) => row.id === id)
    if (index < 0) throw articleNotFound()
    const other = direction === 'up' ? index - 1 : index + 1
    if (other < 0 || other >= order.length)
      throw conflict(
        direction === 'up' ? 'Cet article est déjà le premier.' : 'Cet article est déjà le dernier.',
      )
    const ids = order.map((row) => row.id)
    ;[ids[index], ids[other]] = [ids[other], ids[index]]
    const moves = []
    let previous = -Infinity
    for (const [k, articleId] of ids.entries()) {
      const position = Math.max(order[k].position, previous + 1)
      previous = position
      if (position !== order.find((row) => row.id === articleId)!.position)
        moves.push({ id: articleId, position })
    }
    await writePositions(trx, actor, moves)
  })
  return listArticles(db)
}

/** Every article, drafts included, by position. */
export async function listArticles(db: Db): Promise<Article[]> {
  return (await selectArticles(db).execute()).map(toArticle)
}

export async function listPublishedArticles(db: Db): Promise<Article[]> {
  return (await selectArticles(db).where('a.status', '=', 'PUBLISHED').execute()).map(toArticle)
}

/** Drafts are seen by admins only. With its ETag (one representation for every viewer). */
export async function articleFor(
  db: Db,
  viewer: CurrentUser | null,
  id: number,
): Promise<{ article: Article; etag: string | null }> {
  const { body: row, etag } = await etagFirst(db, 'article', id, () =>
    selectArticles(db).where('a.id', '=', id).executeTakeFirst(),
  )
  if (!row || (row.status !== 'PUBLISHED' && !viewer?.isAdmin)) throw articleNotFound()
  return { article: toArticle(row), etag }
}

/** Stores an article image; its answer goes into an article's `image` field. */
export async function addArticleImage(db: Db, upload: Buffer): Promise<Image> {
  const { fileName: _serverSide, ...image } = await storeImage(db, upload, null)
  return image
}

/** The spec's message of the article form, for the same rule. */
const IMAGE_REQUIRED = "L'image est obligatoire"

/** Creates an article, with its image (required); at a taken position it moves the others down (makeRoomAt). */
export async function createArticle(db: Db, actor: Actor, body: ArticleBody): Promise<Article> {
  const values = await cleanBody(db, body)
  if (!values.image_id) throw badRequest(IMAGE_REQUIRED, 'image', IMAGE_REQUIRED)
  return db.transaction().execute(async (trx) => {
    await lockForTransaction(trx, writeLocks.articlePositions)
    const { id } = await trx.insertInto('articles').values(values).returning('id').executeTakeFirstOrThrow()
    await makeRoomAt(trx, actor, id, values.position)
    const after = await loadArticle(trx, id)
    await audited(trx, actor, {
      action: 'article.create',
      targetId: id,
      targetLabel: after.title,
      after,
    })
    return after
  })
}

/**
 * Changes article `id` (the body names the same article) if `precondition`'s If-Match still names its version,
 * and answers it with its new ETag; an image it no longer uses is deleted. `image: null` keeps the article's
 * image (every article has one: the form may leave it unchanged). At a taken position, the others move down
 * (makeRoomAt).
 */
export async function updateArticle(
  db: Db,
  actor: Actor,
  id: number,
  body: ArticleUpdateBody,
  precondition?: Precondition,
): Promise<{ article: Article; etag: string }> {
  if (body.articleId.id !== id)
    throw badRequest('articleId.id ne correspond pas à l’article de l’adresse.', 'articleId.id')
  const exists = await db.selectFrom('articles').select('id').where('id', '=', id).executeTakeFirst()
  if (!exists) throw articleNotFound()
  const values = await cleanBody(db, body)
  return db.transaction().execute(async (trx) => {
    // Positions first, then the row: the order every writer of positions takes its locks in (moveArticle).
    await lockForTransaction(trx, writeLocks.articlePositions)
    if (!(await lockVersion(trx, 'article', id, precondition))) throw articleNotFound()
    const previous = await loadArticle(trx, id)
    const { image_id: previousImage } = await trx
      .selectFrom('articles')
      .select('image_id')
      .where('id', '=', id)
      .executeTakeFirstOrThrow()
    const imageId = values.image_id ?? previousImage
    await trx
      .updateTable('articles')
      .set({ ...values, image_id: imageId, ...versionBump(actor) })
      .where('id', '=', id)
      .execute()
    if (previousImage !== imageId) await dropImageIfUnused(trx, previousImage)
    if (values.position !== previous.position) await makeRoomAt(trx, actor, id, values.position)
    const { version } = await trx
      .selectFrom('articles')
      .select('version')
      .where('id', '=', id)
      .executeTakeFirstOrThrow()
    const after = await loadArticle(trx, id)
    await audited(trx, actor, {
      action: 'article.update',
      targetId: id,
      targetLabel: after.title,
      before: previous,
      after,
    })
    return { article: after, etag: etagOf('article', id, version) }
  })
}

export async function deleteArticle(db: Db, actor: Actor, id: number): Promise<MessageBody> {
  await db.transaction().execute(async (trx) => {
    const row = await selectArticles(trx).where('a.id', '=', id).executeTakeFirst()
    if (!row) throw articleNotFound()
    await trx.deleteFrom('articles').where('id', '=', id).execute()
    await dropImageIfUnused(trx, row.image_id)
    const before = toArticle(row)
    await audited(trx, actor, {
      action: 'article.delete',
      targetId: id,
      targetLabel: before.title,
      before,
    })
  })
  return { message: 'Article supprimé.' }
}
