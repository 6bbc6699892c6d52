import type { FastifyReply } from 'fastify'
import type { AuthGuards } from '../auth.ts'
import type { App, AppContext } from '../context.ts'
import { exportAudit, listAudit, listAuditActors } from '../services/audit.ts'
import { isoDay, sendCsv } from '../services/frenchCsv.ts'
import { endpoint } from './route.ts'

const tags = ['Journal']

const filters = [
  'actorId : identifiant de l’administrateur. action : code du type d’action (ex. partner.update).',
  'from, to : première et dernière dates incluses (AAAA-MM-JJ).',
  'targetType, targetId : l’historique d’une fiche (ex. targetType=user&targetId=12) ; targetId demande targetType.',
  'Les entrées ne peuvent être ni modifiées ni supprimées.',
].join('\n')

/** The audit log, read only: there is deliberately no route that changes or deletes an entry. */
export function auditRoutes(app: App, ctx: AppContext, guards: AuthGuards): void {
  const { db } = ctx
  const timeZone = ctx.config.appTimeZone

  app.route({
    ...endpoint('listAudit', guards, {
      tags,
      summary: 'Journal des actions des administrateurs, le plus récent d’abord (admin)',
      description: `${filters}\npage à partir de 0, pageSize 25 par défaut (100 au plus).`,
    }),
    handler: (request) => listAudit(db, request.query, timeZone),
  })

  app.route({
    ...endpoint('listAuditActors', guards, {
      tags,
      summary: 'Administrateurs à proposer comme filtre du journal (admin)',
    }),
    handler: () => listAuditActors(db),
  })

  app.route({
    ...endpoint('exportAudit', guards, {
      tags,
      summary: 'Entrées filtrées du journal en CSV (UTF-8 avec BOM, « ; », dates jj/mm/aaaa) (admin)',
      description: filters,
    }),
    handler: async (request, reply) => {
      const csv = await exportAudit(db, request.currentUser!, request.query, timeZone)
      // The stream is sent as is: the contract's string schema documents it but does not serialize it.
      sendCsv(reply as unknown as FastifyReply, `journal-${isoDay(timeZone)}.csv`, csv)
      return reply
    },
  })
}
