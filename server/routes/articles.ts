import Type from 'typebox'
import {
  Article,
  ArticleBody,
  ArticleUpdateBody,
  Image,
  MessageBody,
  StatusOption,
  type Link,
} from '../../contract/schemas.ts'
import { apiPaths, routePatterns } from '../../contract/paths.ts'
import type { AuthGuards } from '../auth.ts'
import type { App, AppContext } from '../context.ts'
import type { Db } from '../db/index.ts'
import { badRequest, notFound } from '../errors.ts'
import { storeImage, toWireImage } from '../services/images.ts'
import { referenceCache, revalidated } from '../services/reference.ts'
import { intInRange, linkUrl, requiredText } from '../validation.ts'
import { bearer, errorResponses } from './common.ts'
import { readUpload, uploadDescription } from './uploads.ts'

const tags = ['Articles']
const IdParams = Type.Object({ id: Type.Integer({ minimum: 1, maximum: 2147483647 }) })

export const articleStatuses = [
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

export function articleRoutes(app: App, ctx: AppContext, guards: AuthGuards): void {
  const { db, config } = ctx
  const reference = referenceCache(db)

  async function cleanBody(body: ArticleBody) {
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
  async function dropImageIfUnused(imageId: string | null): Promise<void> {
    if (!imageId) return
    const used = await db
      .selectFrom('articles')
      .select('id')
      .where('image_id', '=', imageId)
      .executeTakeFirst()
    if (used) return
    await db.deleteFrom('images').where('id', '=', imageId).where('partner_id', 'is', null).execute()
  }

  const found = (article: Article | null): Article => {
    if (!article) throw notFound('Article introuvable.')
    return article
  }

  async function loadArticle(id: number): Promise<Article | null> {
    const row = await selectArticles(db).where('a.id', '=', id).executeTakeFirst()
    return row ? toArticle(row) : null
  }

  app.get(
    apiPaths.articles(),
    {
      onRequest: guards.admin,
      schema: {
        tags,
        summary: 'Tous les articles, brouillons compris (admin), triés par position',
        security: bearer,
        response: { 200: Type.Array(Article), ...errorResponses(401, 403) },
      },
    },
    async () => (await selectArticles(db).execute()).map(toArticle),
  )

  app.get(
    apiPaths.articlesPublished(),
    {
      onRequest: guards.user,
      schema: {
        tags,
        summary: 'Articles publiés, triés par position',
        security: bearer,
        response: { 200: Type.Array(Article), ...errorResponses(401) },
      },
    },
    async (request, reply) =>
      revalidated(
        request,
        reply,
        await reference('articles-published', 'articles', async () =>
          (await selectArticles(db).where('a.status', '=', 'PUBLISHED').execute()).map(toArticle),
        ),
      ),
  )

  app.get(
    apiPaths.articleStatuses(),
    {
      onRequest: guards.user,
      schema: {
        tags,
        summary: 'Statuts possibles d’un article',
        security: bearer,
        response: { 200: Type.Array(StatusOption), ...errorResponses(401) },
      },
    },
    async () => articleStatuses,
  )

  app.get(
    routePatterns.article,
    {
      onRequest: guards.user,
      schema: {
        tags,
        summary: 'Un article (brouillons visibles des seuls admins)',
        security: bearer,
        params: IdParams,
        response: { 200: Article, ...errorResponses(400, 401, 404) },
      },
    },
    async (request) => {
      const article = await loadArticle(request.params.id)
      if (!article || (article.status !== 'PUBLISHED' && !request.currentUser?.isAdmin))
        throw notFound('Article introuvable.')
      return article
    },
  )

  app.post(
    apiPaths.articleImage(),
    {
      onRequest: guards.admin,
      schema: {
        tags,
        summary: 'Envoie l’image d’un article ; la réponse se place dans le champ image de l’article',
        description: uploadDescription(config.maxUploadBytes),
        consumes: ['multipart/form-data'],
        security: bearer,
        response: { 201: Image, ...errorResponses(400, 401, 403, 413, 415) },
      },
    },
    async (request, reply) => {
      const buffer = await readUpload(request)
      const stored = await storeImage(db, buffer, null)
      // The response schema leaves out the server-side fileName.
      return reply.code(201).send(stored)
    },
  )

  app.post(
    apiPaths.articles(),
    {
      onRequest: guards.admin,
      schema: {
        tags,
        summary: 'Crée un article',
        description:
          'link.url : chemin interne commençant par « / » ou adresse http(s). Un lien au texte et à l’adresse vides est enregistré comme null.',
        security: bearer,
        body: ArticleBody,
        response: { 201: Article, ...errorResponses(400, 401, 403) },
      },
    },
    async (request, reply) => {
      const values = await cleanBody(request.body)
      const { id } = await db.insertInto('articles').values(values).returning('id').executeTakeFirstOrThrow()
      return reply.code(201).send(found(await loadArticle(id)))
    },
  )

  app.put(
    routePatterns.article,
    {
      onRequest: guards.admin,
      schema: {
        tags,
        summary: 'Modifie un article (articleId.id doit correspondre à l’adresse)',
        security: bearer,
        params: IdParams,
        body: ArticleUpdateBody,
        response: { 200: Article, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => {
      const id = request.params.id
      if (request.body.articleId.id !== id)
        throw badRequest('articleId.id ne correspond pas à l’article de l’adresse.', 'articleId.id')
      const before = await db
        .selectFrom('articles')
        .select(['id', 'image_id'])
        .where('id', '=', id)
        .executeTakeFirst()
      if (!before) throw notFound('Article introuvable.')
      const values = await cleanBody(request.body)
      await db.updateTable('articles').set(values).where('id', '=', id).execute()
      if (before.image_id !== values.image_id) await dropImageIfUnused(before.image_id)
      return found(await loadArticle(id))
    },
  )

  app.delete(
    routePatterns.article,
    {
      onRequest: guards.admin,
      schema: {
        tags,
        summary: 'Supprime un article et son image',
        security: bearer,
        params: IdParams,
        response: { 200: MessageBody, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => {
      const removed = await db
        .deleteFrom('articles')
        .where('id', '=', request.params.id)
        .returning('image_id')
        .executeTakeFirst()
      if (!removed) throw notFound('Article introuvable.')
      await dropImageIfUnused(removed.image_id)
      return { message: 'Article supprimé.' }
    },
  )
}
