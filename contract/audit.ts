/**
 * The audit log's kinds of action and target, with their French labels: the server writes the codes, the
 * Journal page and the CSV export show the labels. No TypeBox here, so the browser bundle can use it too.
 */
export const auditActions = {
  'article.create': 'Création d’article',
  'article.update': 'Modification d’article',
  'article.delete': 'Suppression d’article',
  'partner.create': 'Création de partenaire',
  'partner.update': 'Modification de partenaire',
  'partner.import': 'Import de partenaires',
  'offer.create': 'Création de coupon',
  'offer.update': 'Modification de coupon',
  'image.upload': 'Ajout de photo',
  'image.delete': 'Suppression de photo',
  'user.create': 'Création d’utilisateur',
  'user.update': 'Modification d’utilisateur',
  'user.delete': 'Suppression d’utilisateur',
  'coupon.reactivate': 'Réactivation de coupon',
  'coupon.deactivate': 'Utilisation de coupon',
  'data.export': 'Export CSV',
  'admin.signIn': 'Connexion d’administrateur',
  'account.emailChange': 'Changement d’adresse e-mail par son titulaire',
  'account.delete': 'Suppression de compte par son titulaire',
  'user.rgpdDelete': 'Suppression RGPD d’utilisateur',
  'account.retentionDelete': 'Anonymisation d’un compte inactif',
} as const

export type AuditAction = keyof typeof auditActions

export const auditActionCodes = [
  'article.create',
  'article.update',
  'article.delete',
  'partner.create',
  'partner.update',
  'partner.import',
  'offer.create',
  'offer.update',
  'image.upload',
  'image.delete',
  'user.create',
  'user.update',
  'user.delete',
  'coupon.reactivate',
  'coupon.deactivate',
  'data.export',
  'admin.signIn',
  'account.emailChange',
  'account.delete',
  'user.rgpdDelete',
  'account.retentionDelete',
] as const satisfies readonly AuditAction[]

export const auditTargets = {
  article: 'Article',
  partner: 'Partenaire',
  offer: 'Coupon',
  image: 'Photo',
  user: 'Utilisateur',
  export: 'Export',
} as const

export type AuditTarget = keyof typeof auditTargets

/** What each action is done to: a coupon's use is recorded on its offer, its reactivation on the user. */
export const auditActionTargets: Record<AuditAction, AuditTarget> = {
  'article.create': 'article',
  'article.update': 'article',
  'article.delete': 'article',
  'partner.create': 'partner',
  'partner.update': 'partner',
  'partner.import': 'partner',
  'offer.create': 'offer',
  'offer.update': 'offer',
  'image.upload': 'partner',
  'image.delete': 'partner',
  'user.create': 'user',
  'user.update': 'user',
  'user.delete': 'user',
  'coupon.reactivate': 'user',
  'coupon.deactivate': 'offer',
  // Which export (partners, users…) is the target's label; the filters and the row count are in `after`.
  'data.export': 'export',
  // The administrator who signed in is both the actor and the target.
  'admin.signIn': 'user',
  // The person's own account (issue 40): the person (or the retention job) acts on their own account; a
  // deletion's entry names the account by its id only.
  'account.emailChange': 'user',
  'account.delete': 'user',
  'user.rgpdDelete': 'user',
  'account.retentionDelete': 'user',
}

/** A target as the Journal and its CSV name it: « Partenaire n° 12 (Le Bistrot) ». */
export function targetText(entry: {
  targetType: string
  targetId: string | null
  targetLabel: string | null
}): string {
  const kind = auditTargets[entry.targetType as AuditTarget] ?? entry.targetType
  const id = entry.targetId ? ` n° ${entry.targetId}` : ''
  return `${kind}${id}${entry.targetLabel ? ` (${entry.targetLabel})` : ''}`
}

/** The sort keys the back-office lists accept (`-` before one for descending order). */
export const partnerSortKeys = ['name', 'city', 'email', 'phone', 'status', 'updatedAt', 'createdAt'] as const
export const userSortKeys = ['name', 'firstname', 'lastname', 'email', 'status', 'role', 'createdAt'] as const
