/**
 * The legal pages' facts (issue 40), handed to the client at run time in GET /api/config. Only TypeBox here:
 * contract/schemas.ts imports it.
 */
import Type, { type Static } from 'typebox'

const Nullable = <T extends Type.TSchema>(schema: T) => Type.Union([schema, Type.Null()])

/**
 * The facts of the legal pages, from the server's environment (null when unset), in GET /api/config's
 * `legal`: the privacy contact, the operator (publisher) and the host, as a French « Mentions légales » needs
 * them (LCEN art. 6), and the retention periods the privacy policy states.
 */
export const LegalInfo = Type.Object({
  privacyContact: Nullable(
    Type.String({ description: 'PRIVACY_CONTACT : adresse ou lien pour exercer ses droits' }),
  ),
  operatorName: Nullable(Type.String({ description: 'LEGAL_OPERATOR_NAME : éditeur du service' })),
  operatorAddress: Nullable(Type.String({ description: 'LEGAL_OPERATOR_ADDRESS' })),
  operatorContact: Nullable(Type.String({ description: 'LEGAL_OPERATOR_CONTACT : téléphone ou e-mail' })),
  operatorRegistration: Nullable(
    Type.String({ description: 'LEGAL_OPERATOR_REGISTRATION : SIREN / RCS, n° de TVA…' }),
  ),
  publicationDirector: Nullable(Type.String({ description: 'LEGAL_PUBLICATION_DIRECTOR' })),
  hostName: Nullable(Type.String({ description: 'LEGAL_HOST_NAME : hébergeur' })),
  hostAddress: Nullable(Type.String({ description: 'LEGAL_HOST_ADDRESS' })),
  hostContact: Nullable(Type.String({ description: 'LEGAL_HOST_CONTACT : téléphone ou site' })),
  retention: Type.Object({
    inactiveMonths: Type.Integer({
      description: 'RETENTION_INACTIVE_MONTHS : compte sans connexion prévenu puis anonymisé un mois après',
    }),
    auditMonths: Type.Integer({ description: 'RETENTION_AUDIT_MONTHS : durée de conservation du journal' }),
    mailDays: Type.Integer({ description: 'Durée de conservation des e-mails envoyés' }),
  }),
})
export type LegalInfo = Static<typeof LegalInfo>
