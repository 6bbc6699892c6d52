/**
 * The person's own account (issue 40): their name, password and e-mail address, the copy of their data, the
 * deletion of their account (theirs, or an administrator's for a request received by mail), and the legal
 * facts the privacy and legal pages show. The client imports the derived types only (`import type`).
 *
 * Names on the wire are spelled as everywhere else in the API (`firstname`, `lastname`, as AuthUser and
 * RegisterBody spell them).
 */
import Type, { type Static } from 'typebox'
import { EMAIL_MAX_LENGTH, NAME_MAX_LENGTH } from './accountLimits.ts'
import { CsvFile } from './backoffice.ts'
import { IdRef, Role } from './schemas.ts'

const Nullable = <T extends Type.TSchema>(schema: T) => Type.Union([schema, Type.Null()])
const IsoDate = (description: string) => Type.String({ format: 'date-time', description })

/**
 * GET /api/users/me: the signed-in person as the server holds them, with the e-mail change waiting for its
 * confirmation, if any.
 */
export const AccountProfile = Type.Object({
  userId: IdRef,
  firstname: Type.String(),
  lastname: Type.String(),
  email: Type.String(),
  roles: Type.Array(Role),
  createdAt: IsoDate('Création du compte'),
  lastSignInAt: Nullable(IsoDate('Dernière connexion (null si jamais depuis que la date est gardée)')),
  pendingEmail: Nullable(
    Type.String({
      description: 'Nouvelle adresse en attente de confirmation par le lien envoyé, sinon null',
    }),
  ),
  pendingEmailExpiresAt: Nullable(IsoDate('Fin de validité du lien de confirmation, sinon null')),
})
export type AccountProfile = Static<typeof AccountProfile>

/**
 * PUT /api/users/me: the new first and last name (trimmed; 1 to NAME_MAX_LENGTH characters each). The answer is
 * the signed-in user as the app stores it (AuthUser, the request's own token kept).
 */
export const NameChangeBody = Type.Object({
  firstname: Type.String({ description: `Prénom (1 à ${NAME_MAX_LENGTH} caractères)` }),
  lastname: Type.String({ description: `Nom (1 à ${NAME_MAX_LENGTH} caractères)` }),
})
export type NameChangeBody = Static<typeof NameChangeBody>

/**
 * PUT /api/users/me/password: the current password and the new one (the sign-up rules). The answer is
 * AuthUser with a NEW access_token: every other session of the account is signed out on every instance, and
 * the token that made the call stops working too, so the app must store the answer.
 */
export const PasswordChangeBody = Type.Object({
  currentPassword: Type.String(),
  newPassword: Type.String(),
})
export type PasswordChangeBody = Static<typeof PasswordChangeBody>

/**
 * POST /api/users/me/email: asks to change the address. The password is required (taking over an account by
 * a session left open must not be able to move its address). Nothing changes until the link mailed to the
 * new address is opened; the current address is told of the request.
 */
export const EmailChangeBody = Type.Object({
  newEmail: Type.String({ description: `Nouvelle adresse (${EMAIL_MAX_LENGTH} caractères au plus)` }),
  password: Type.String({ description: 'Mot de passe actuel' }),
})
export type EmailChangeBody = Static<typeof EmailChangeBody>

export const EmailChangeStarted = Type.Object({
  message: Type.String({ description: 'Ce qu’il faut faire ensuite, en français' }),
  pendingEmail: Type.String(),
  expiresAt: IsoDate('Fin de validité du lien (24 heures)'),
})
export type EmailChangeStarted = Static<typeof EmailChangeStarted>

/**
 * POST /api/auth/confirm-email (public): the token of the link `${PUBLIC_URL}/confirmer-email?token=…`. It
 * works whether or not the browser that opens the link is signed in (a phone often is not): the token alone
 * names the account. Sessions stay signed in; the next sign-in uses the new address.
 */
export const EmailConfirmBody = Type.Object({ token: Type.String() })
export type EmailConfirmBody = Static<typeof EmailConfirmBody>

export const EmailConfirmed = Type.Object({
  message: Type.String(),
  email: Type.String({ description: 'L’adresse désormais utilisée pour se connecter' }),
})
export type EmailConfirmed = Static<typeof EmailConfirmed>

/** GET /api/users/me/export: `format=json` (default) or `csv`. */
export const AccountExportQuery = Type.Object({
  format: Type.Optional(Type.Union([Type.Literal('json'), Type.Literal('csv')], { default: 'json' })),
})
export type AccountExportQuery = Static<typeof AccountExportQuery>

export const ExportedFavorite = Type.Object({
  partnerId: IdRef,
  partnerName: Type.String(),
  city: Type.String(),
  addedAt: IsoDate('Ajout aux favoris'),
})
export type ExportedFavorite = Static<typeof ExportedFavorite>

export const ExportedCouponUse = Type.Object({
  offerId: IdRef,
  libelle: Type.String({ description: 'Le coupon tel qu’il est nommé (les coupons n’ont pas de code)' }),
  partnerId: IdRef,
  partnerName: Type.String(),
  usedAt: IsoDate('Utilisation'),
  reactivatedAt: Nullable(IsoDate('Réactivation par un administrateur, sinon null')),
})
export type ExportedCouponUse = Static<typeof ExportedCouponUse>

export const ExportedConsent = Type.Object({
  label: Type.String({ description: 'Ce à quoi la personne a consenti, en français' }),
  givenAt: IsoDate('Date du consentement'),
})
export type ExportedConsent = Static<typeof ExportedConsent>

/**
 * The JSON file of everything held about the person (RGPD art. 15 and 20). Sign-in dates: the account keeps
 * its last sign-in only, no history.
 */
export const AccountExport = Type.Object({
  exportedAt: IsoDate('Date de l’export'),
  profile: AccountProfile,
  favorites: Type.Array(ExportedFavorite),
  couponUses: Type.Array(ExportedCouponUse),
  consents: Type.Array(ExportedConsent),
  signIns: Type.Object({
    accountCreatedAt: IsoDate('Création du compte'),
    lastSignInAt: Nullable(IsoDate('Dernière connexion')),
  }),
})
export type AccountExport = Static<typeof AccountExport>

/** The export's answer: the JSON above, or with format=csv a French CSV of the same (one section per part). */
export const AccountExportFile = Type.Union([AccountExport, CsvFile])

/** DELETE /api/users/me: the password confirms the deletion. */
export const AccountDeletionBody = Type.Object({ password: Type.String() })
export type AccountDeletionBody = Static<typeof AccountDeletionBody>

/**
 * DELETE /api/users/{id}/rgpd (admin): the deletion of an account at its holder's request received by mail.
 * Body optional; the motif (e.g. the request's reference) is kept in the Journal.
 */
export const RgpdDeletionBody = Type.Object({
  motif: Type.Optional(
    Type.String({
      maxLength: 500,
      description: 'Référence de la demande (facultatif, 500 caractères au plus), gardée dans le journal',
    }),
  ),
})
export type RgpdDeletionBody = Static<typeof RgpdDeletionBody>
