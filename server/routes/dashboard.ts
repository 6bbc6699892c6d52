import type { AuthGuards } from '../auth.ts'
import type { App, AppContext } from '../context.ts'
import { dashboard } from '../services/dashboard.ts'
import { endpoint } from './route.ts'

export function dashboardRoutes(app: App, ctx: AppContext, guards: AuthGuards): void {
  app.route({
    ...endpoint('getDashboard', guards, {
      tags: ['Tableau de bord'],
      summary:
        'Utilisation des coupons sur 30 jours (jours du fuseau APP_TIME_ZONE) : par jour, par partenaire, par catégorie ; utilisateurs actifs',
    }),
    handler: () => dashboard(ctx.db, ctx.config.appTimeZone),
  })
}
