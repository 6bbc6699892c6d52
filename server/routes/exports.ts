import type { FastifyRequest } from 'fastify'
import type { AuthGuards } from '../auth.ts'
import type { App, AppContext } from '../context.ts'
import { HttpError } from '../errors.ts'
import { couponUsesCsv, csvFileName, partnersCsv, usersCsv } from '../services/exports.ts'
import { sendCsv } from '../services/frenchCsv.ts'
import { importPartners, previewPartnerImport, readVersions } from '../services/partnerImport.ts'
import { endpoint } from './route.ts'
import { readUploadWithFields } from './uploads.ts'

const tags = ['Export et import']

const exportDescription =
  "Les lignes que la liste montre avec les mêmes paramètres (recherche, filtres, tri ; toutes les pages), dans son ordre. L’export est inscrit au journal (filtres, nombre de lignes). Dates dans le fuseau APP_TIME_ZONE ; une cellule commençant par =, +, -, @, une tabulation ou un retour chariot est précédée de « ' » (injection de formules)."

/**
 * The CSV file of an import (the uploads' size limit), with a 413 that says what to do, and the versions its
 * preview read when the form sends them back (field « versions », before « file »).
 */
async function readCsvUpload(
  request: FastifyRequest,
  maxMegabytes: number,
): Promise<{ file: Buffer; versions?: Map<number, number> }> {
  try {
    const { file, fields } = await readUploadWithFields(request)
    const versions = fields.get('versions')
    if (versions?.truncated)
      throw new HttpError(
        413,
        'Le champ « versions » est trop long : importez le fichier en plusieurs parties.',
        'versions',
      )
    return versions ? { file, versions: readVersions(versions.value.trim()) } : { file }
  } catch (error) {
    if ((error as { code?: unknown }).code === 'FST_REQ_FILE_TOO_LARGE')
      throw new HttpError(
        413,
        `Le fichier dépasse ${maxMegabytes} Mo : découpez-le en plusieurs fichiers.`,
        'file',
      )
    throw error
  }
}

export function exportRoutes(app: App, ctx: AppContext, guards: AuthGuards): void {
  const { db } = ctx
  const timeZone = ctx.config.appTimeZone
  const maxMegabytes = Math.round(ctx.config.maxUploadBytes / 1024 / 1024)
  const importDescription = `multipart/form-data, champ « file » : CSV UTF-8 (avec ou sans BOM) ou Windows-1252, séparateur « ; » ou « , », en-têtes de l’export des partenaires ; ${maxMegabytes} Mo au plus (413 au-delà). Une ligne avec Id et Version (colonnes de l’export) dont le partenaire a changé depuis cet export est une erreur de l’aperçu, et l’import la refuse (412).`

  app.route({
    ...endpoint('exportPartners', guards, {
      tags,
      summary:
        'Les partenaires de la liste en CSV (format français : UTF-8 avec BOM, « ; », dates JJ/MM/AAAA)',
      description: `${exportDescription} q, status, sort : ceux de GET /api/partners.`,
    }),
    handler: async (request, reply) =>
      sendCsv(
        reply,
        csvFileName('partenaires', timeZone),
        await partnersCsv({ db, actor: request.currentUser!, timeZone }, request.query),
      ),
  })

  app.route({
    ...endpoint('exportUsers', guards, {
      tags,
      summary: 'Les utilisateurs de la liste en CSV (format français)',
      description: `${exportDescription} q, status, role, sort : ceux de GET /api/users.`,
    }),
    handler: async (request, reply) =>
      sendCsv(
        reply,
        csvFileName('utilisateurs', timeZone),
        await usersCsv({ db, actor: request.currentUser!, timeZone }, request.query),
      ),
  })

  app.route({
    ...endpoint('exportCouponUses', guards, {
      tags,
      summary:
        'Chaque utilisation de coupon en CSV (qui, quel coupon, quel partenaire, quand ; réactivations)',
    }),
    handler: async (request, reply) =>
      sendCsv(
        reply,
        csvFileName('utilisations-coupons', timeZone),
        await couponUsesCsv({ db, actor: request.currentUser!, timeZone }),
      ),
  })

  app.route({
    ...endpoint('previewPartnerImport', guards, {
      tags,
      summary: 'Import de partenaires, étape 1 : aperçu et erreurs par ligne, sans rien enregistrer',
      description: importDescription,
    }),
    handler: async (request) =>
      previewPartnerImport(
        db,
        (await readCsvUpload(request, maxMegabytes)).file,
        request.query.createCategories === true,
        timeZone,
      ),
  })

  app.route({
    ...endpoint('importPartners', guards, {
      tags,
      summary: 'Import de partenaires, étape 2 : tout ou rien, en une transaction',
      description: `${importDescription} Champ facultatif « versions », avant « file » : les « versions » de l’aperçu ; si l’un des partenaires que l’import met à jour a changé depuis (ou n’y figurait pas), rien n’est importé : 412 avec le message (lesquels, par qui, quand), etag, modifiedBy et modifiedAt du premier, et conflicts pour tous.`,
    }),
    handler: async (request, reply) => {
      const { file, versions } = await readCsvUpload(request, maxMegabytes)
      return reply.code(201).send(
        await importPartners(db, request.currentUser!, file, request.query, {
          ...(versions ? { versions } : {}),
          timeZone,
        }),
      )
    },
  })
}
