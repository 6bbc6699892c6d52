import type { FastifyRequest } from 'fastify'
import type { AuthGuards } from '../auth.ts'
import type { App, AppContext } from '../context.ts'
import { HttpError } from '../errors.ts'
import { couponUsesCsv, csvFileName, partnersCsv, usersCsv } from '../services/exports.ts'
import { sendCsv } from '../services/frenchCsv.ts'
import { importPartners, previewPartnerImport } from '../services/partnerImport.ts'
import { endpoint } from './route.ts'
import { readUpload } from './uploads.ts'

const tags = ['Export et import']

const exportDescription =
  "Les lignes que la liste montre avec les mêmes paramètres (recherche, filtres, tri ; toutes les pages), dans son ordre. L’export est inscrit au journal (filtres, nombre de lignes). Dates dans le fuseau APP_TIME_ZONE ; une cellule commençant par =, +, -, @, une tabulation ou un retour chariot est précédée de « ' » (injection de formules)."

/** The CSV file of an import (the uploads' size limit), with a 413 that says what to do. */
async function readCsvUpload(request: FastifyRequest, maxMegabytes: number): Promise<Buffer> {
  try {
    return await readUpload(request)
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
  const importDescription = `multipart/form-data, champ « file » : CSV UTF-8 (avec ou sans BOM) ou Windows-1252, séparateur « ; » ou « , », en-têtes de l’export des partenaires ; ${maxMegabytes} Mo au plus (413 au-delà).`

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
        await readCsvUpload(request, maxMegabytes),
        request.query.createCategories === true,
      ),
  })

  app.route({
    ...endpoint('importPartners', guards, {
      tags,
      summary: 'Import de partenaires, étape 2 : tout ou rien, en une transaction',
      description: importDescription,
    }),
    handler: async (request, reply) =>
      reply
        .code(201)
        .send(
          await importPartners(
            db,
            request.currentUser!,
            await readCsvUpload(request, maxMegabytes),
            request.query,
          ),
        ),
  })
}
