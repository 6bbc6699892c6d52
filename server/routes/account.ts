import type { AuthGuards } from '../auth.ts'
import type { App, AppContext } from '../context.ts'
import { NAME_MAX_LENGTH, PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from '@/contract/accountLimits.ts'
import {
  changeName,
  changePassword,
  confirmEmailChange,
  deleteOwnAccount,
  deleteUserRgpd,
  exportCsv,
  exportData,
  myAccount,
  startEmailChange,
} from '../services/account.ts'
import { isoDay, sendCsv } from '../services/frenchCsv.ts'
import { rateLimited } from './common.ts'
import { endpoint } from './route.ts'

const tags = ['Mon compte']

const passwordRules = `${PASSWORD_MIN_LENGTH} caractères au moins, ${PASSWORD_MAX_LENGTH} au plus, pas un mot de passe courant ni composé uniquement d’espaces (les règles de l’inscription)`

const throttled =
  'Un mot de passe incorrect compte comme un échec de connexion : après plusieurs, 429 avec Retry-After.'

/** The person's own account (issue 40): profile, name, password, e-mail, their data, its deletion. */
export function accountRoutes(app: App, ctx: AppContext, guards: AuthGuards): void {
  const { db, config } = ctx

  app.route({
    ...endpoint('getMyAccount', guards, {
      tags,
      summary: 'Mon compte : nom, adresse, rôles, dates, changement d’adresse en attente',
    }),
    handler: (request) => myAccount(db, request.currentUser!.id),
  })

  app.route({
    ...endpoint('updateMyName', guards, {
      tags,
      summary: 'Change mon prénom et mon nom ; renvoie l’utilisateur connecté (même jeton)',
      description: `Chacun obligatoire, ${NAME_MAX_LENGTH} caractères au plus, espaces de début et de fin retirés.`,
    }),
    handler: (request) =>
      changeName(
        ctx,
        request.currentUser!,
        request.body,
        // The guard accepted this header: the same token goes back in the stored user.
        request.headers.authorization!.replace(/^bearer +/i, ''),
      ),
  })

  app.route({
    ...endpoint('changeMyPassword', guards, {
      tags,
      summary: 'Change mon mot de passe ; renvoie l’utilisateur connecté avec un NOUVEAU jeton',
      description: `currentPassword : le mot de passe actuel (400 s’il est faux). newPassword : ${passwordRules}. Toutes les sessions du compte sont fermées sur toutes les instances, y compris le jeton qui a fait l’appel : seul celui de la réponse est valable. Un e-mail prévient l’adresse du compte. ${throttled}`,
    }),
    handler: (request) => changePassword(ctx, request.currentUser!, request.body, request.ip),
  })

  app.route({
    ...endpoint('startEmailChange', guards, {
      tags,
      summary: 'Demande le changement de mon adresse e-mail (effectif après confirmation)',
      description: `Mot de passe obligatoire. Un lien valable 24 heures est envoyé à la nouvelle adresse (${config.publicUrl}/confirmer-email?token=…), l’adresse actuelle est prévenue ; rien ne change avant l’ouverture du lien. Une nouvelle demande remplace la précédente. 409 si l’adresse ne peut pas être utilisée (sans dire pourquoi). ${throttled}`,
    }),
    handler: (request) => startEmailChange(ctx, request.currentUser!, request.body, request.ip, request.log),
  })

  app.route({
    ...endpoint('confirmEmailChange', guards, {
      tags: ['Authentification'],
      summary: 'Confirme un changement d’adresse e-mail avec le jeton du lien (connecté ou non)',
      description:
        'Le jeton seul désigne le compte : le lien marche dans n’importe quel navigateur. Usage unique ; 400 si invalide, expiré, ou si l’adresse du compte a changé depuis la demande ; 409 si l’adresse a été prise entre-temps. Les sessions restent ouvertes. Inscrit au journal.',
    }),
    config: rateLimited(config.authRateLimitPerMinute),
    handler: (request) => confirmEmailChange(ctx, request.body),
  })

  app.route({
    ...endpoint('exportMyData', guards, {
      tags,
      summary: 'Télécharge mes données (JSON, ou CSV avec format=csv)',
      description:
        'Tout ce qui est gardé sur moi : profil, favoris, coupons utilisés avec leurs dates, consentements, dates de connexion (la dernière seulement). Pièce jointe mes-donnees-AAAA-MM-JJ.json ou .csv ; le CSV est au format français (UTF-8 avec BOM, « ; », dates dans APP_TIME_ZONE, formules neutralisées).',
    }),
    handler: async (request, reply) => {
      const data = await exportData(db, request.currentUser!.id)
      const day = isoDay(config.appTimeZone)
      if (request.query.format === 'csv')
        return sendCsv(reply, `mes-donnees-${day}.csv`, exportCsv(data, config.appTimeZone))
      return reply
        .type('application/json; charset=utf-8')
        .header('content-disposition', `attachment; filename="mes-donnees-${day}.json"`)
        .send(`${JSON.stringify(data, null, 2)}\n`)
    },
  })

  app.route({
    ...endpoint('deleteMyAccount', guards, {
      tags,
      summary: 'Supprime mon compte (mot de passe obligatoire)',
      description: `Effacés tout de suite : nom, adresse, mot de passe, favoris, liens en cours ; tous les jetons du compte sont refusés sur toutes les instances. Gardées sans lien avec la personne : les utilisations de coupons (chiffres des partenaires, tableau de bord). Un e-mail de confirmation part à l’adresse avant son effacement ; se connecter avec elle échoue ensuite comme pour une adresse inconnue. Le journal inscrit la suppression sans donnée personnelle. 409 pour le dernier administrateur actif. ${throttled}`,
    }),
    handler: (request) => deleteOwnAccount(ctx, request.currentUser!, request.body, request.ip),
  })

  app.route({
    ...endpoint('deleteUserRgpd', guards, {
      tags: ['Utilisateurs'],
      summary: 'Supprime un compte à la demande de la personne (RGPD, admin)',
      description:
        'Comme « Supprimer mon compte » : données personnelles effacées, utilisations de coupons gardées anonymes, jetons refusés, e-mail de confirmation. Inscrit au journal avec l’administrateur et le motif (facultatif, 500 caractères au plus : la référence de la demande). 409 pour son propre compte ou le dernier administrateur actif ; 404 pour un compte inconnu ou déjà supprimé.',
    }),
    handler: (request) => deleteUserRgpd(ctx, request.currentUser!, request.params.id, request.body.motif),
  })
}
