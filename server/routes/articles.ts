import type { AuthGuards } from '../auth.ts'
import type { App, AppContext } from '../context.ts'
import {
  addArticleImage,
  articleFor,
  articleStatuses,
  createArticle,
  deleteArticle,
  listArticles,
  listPublishedArticles,
  moveArticle,
  updateArticle,
} from '../services/articles.ts'
import { referenceCache, revalidated } from '../services/reference.ts'
import { preconditionOf } from '../services/versions.ts'
import { endpoint, ifMatchDescription } from './route.ts'
import { readImageUpload, uploadDescription } from './uploads.ts'

const tags = ['Articles']

export function articleRoutes(app: App, ctx: AppContext, guards: AuthGuards): void {
  const { db, config } = ctx
  const reference = referenceCache(db)

  app.route({
    ...endpoint('listArticles', guards, {
      tags,
      summary: 'Tous les articles, brouillons compris (admin), triés par position',
    }),
    handler: () => listArticles(db),
  })

  app.route({
    ...endpoint('listPublishedArticles', guards, { tags, summary: 'Articles publiés, triés par position' }),
    handler: async (request, reply) =>
      revalidated(
        request,
        reply,
        await reference('articles-published', 'articles', () => listPublishedArticles(db)),
      ),
  })

  app.route({
    ...endpoint('listArticleStatuses', guards, { tags, summary: 'Statuts possibles d’un article' }),
    handler: async () => articleStatuses,
  })

  app.route({
    ...endpoint('getArticle', guards, {
      tags,
      summary: 'Un article (brouillons visibles des seuls admins)',
      description: 'L’en-tête ETag donne la version de l’article, à renvoyer dans If-Match en le modifiant.',
    }),
    handler: async (request, reply) => {
      const { article, etag } = await articleFor(db, request.currentUser, request.params.id)
      if (etag) reply.header('etag', etag)
      return article
    },
  })

  app.route({
    ...endpoint('uploadArticleImage', guards, {
      tags,
      summary: 'Envoie l’image d’un article ; la réponse se place dans le champ image de l’article',
      description: uploadDescription(config.maxUploadBytes),
    }),
    handler: async (request, reply) =>
      reply.code(201).send(await addArticleImage(db, await readImageUpload(request, config.maxUploadBytes))),
  })

  app.route({
    ...endpoint('createArticle', guards, {
      tags,
      summary: 'Crée un article',
      description:
        "image obligatoire (« L'image est obligatoire » sinon). link.url : chemin interne commençant par « / » ou adresse http(s). Un lien au texte et à l’adresse vides est enregistré comme null. Les positions sont uniques : à une position prise, l’article la prend et les suivants descendent d’une place.",
    }),
    handler: async (request, reply) =>
      reply.code(201).send(await createArticle(db, request.currentUser!, request.body)),
  })

  app.route({
    ...endpoint('updateArticle', guards, {
      tags,
      summary: 'Modifie un article (articleId.id doit correspondre à l’adresse)',
      description: `${ifMatchDescription('de l’article (GET /api/articles/{id})')} image : null garde l’image de l’article. À une position prise, l’article la prend et les suivants descendent d’une place.`,
    }),
    handler: async (request, reply) => {
      const { article, etag } = await updateArticle(
        db,
        request.currentUser!,
        request.params.id,
        request.body,
        preconditionOf(request.headers['if-match'], config.appTimeZone),
      )
      reply.header('etag', etag)
      return article
    },
  })

  app.route({
    ...endpoint('moveArticle', guards, {
      tags,
      summary: 'Monte ou descend un article d’une place dans l’ordre de tous les articles ; renvoie la liste',
      description:
        'direction : up ou down. L’article prend la position de son voisin, qui passe après lui (et ceux qui suivent, si la position d’après est prise). Chaque article déplacé est inscrit au journal. 409 s’il est déjà le premier (up) ou le dernier (down).',
    }),
    handler: (request) => moveArticle(db, request.currentUser!, request.params.id, request.body),
  })

  app.route({
    ...endpoint('deleteArticle', guards, { tags, summary: 'Supprime un article et son image' }),
    handler: (request) => deleteArticle(db, request.currentUser!, request.params.id),
  })
}
