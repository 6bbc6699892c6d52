/**
 * A coupon use the cashier can trust, and the signed-in person's Home rows (issue 41). The client imports the
 * derived types only (`import type`) and the plain constants (no TypeBox in the bundle: see offerUseCode.ts).
 */
import Type, { type Static } from 'typebox'
import { DiscountOffer, IdRef } from './schemas.ts'
import { OFFER_USE_CODE_PATTERN } from './offerUseCode.ts'

const Nullable = <T extends Type.TSchema>(schema: T) => Type.Union([schema, Type.Null()])
const IsoDate = (description: string) => Type.String({ format: 'date-time', description })
const CODE_DESCRIPTION = 'Code de cette utilisation, unique : 6 caractères sans 0, 1, I, L ni O'
const Code = Type.String({ pattern: OFFER_USE_CODE_PATTERN, description: CODE_DESCRIPTION })

/** PUT deactivate-discountoffer: the offer as the user now sees it (DISABLED), with the use it made. */
export const RedeemedOffer = Type.Object({
  ...DiscountOffer.properties,
  code: Type.Optional(
    Type.String({
      pattern: OFFER_USE_CODE_PATTERN,
      description: `${CODE_DESCRIPTION} ; toujours présent dans la réponse du serveur`,
    }),
  ),
  usedAt: Type.Optional(IsoDate('Date de l’utilisation ; toujours présente dans la réponse du serveur')),
})
export type RedeemedOffer = Static<typeof RedeemedOffer>

export const OfferUseCodeParams = Type.Object({ code: Type.String({ maxLength: 40 }) })

/** GET /api/offer-uses/{code} (administrators): the use a code names, who made it, which offer, when. */
export const OfferUseCheck = Type.Object({
  code: Code,
  usedAt: IsoDate('Date de l’utilisation'),
  reactivatedAt: Nullable(IsoDate('Réactivation par un administrateur, sinon null')),
  userId: IdRef,
  firstname: Type.String(),
  lastname: Type.String(),
  email: Type.String(),
  offerId: IdRef,
  libelle: Type.String(),
  partnerId: IdRef,
  partnerName: Type.String(),
})
export type OfferUseCheck = Static<typeof OfferUseCheck>

export const HomeQuery = Type.Object({
  lat: Type.Optional(Type.Number({ minimum: -90, maximum: 90, description: 'Latitude de la personne' })),
  lng: Type.Optional(Type.Number({ minimum: -180, maximum: 180, description: 'Longitude de la personne' })),
})
export type HomeQuery = Static<typeof HomeQuery>

/** A partner in a Home row: just what its tile shows. */
export const HomePartner = Type.Object({
  partnerId: IdRef,
  name: Type.String(),
  city: Type.String(),
})
export type HomePartner = Static<typeof HomePartner>

/** GET /api/users/me/home: the signed-in person's Home rows, each short; an empty row is not shown. */
export const HomeRows = Type.Object({
  near: Type.Array(
    Type.Object({
      ...HomePartner.properties,
      distance: Type.Number({ description: 'Distance en kilomètres' }),
    }),
    { description: 'Les partenaires les plus proches (vide sans lat et lng)' },
  ),
  expiring: Type.Array(
    Type.Object({
      offerId: IdRef,
      libelle: Type.String(),
      expirationDate: Type.String({ description: 'yyyy-MM-dd' }),
      partnerId: IdRef,
      partnerName: Type.String(),
    }),
    { description: 'Les offres encore utilisables par la personne qui finissent dans les 7 jours' },
  ),
  favorites: Type.Array(
    Type.Object({
      ...HomePartner.properties,
      latestOfferAt: Nullable(IsoDate('Création de sa plus récente offre utilisable, sinon null')),
    }),
    { description: 'Les favoris de la personne, du plus récemment ajouté au plus ancien' },
  ),
  news: Type.Array(
    Type.Object({
      kind: Type.Union([Type.Literal('partner'), Type.Literal('offer')]),
      partnerId: IdRef,
      partnerName: Type.String(),
      libelle: Nullable(Type.String({ description: 'L’offre (kind offer), sinon null' })),
      createdAt: IsoDate('Arrivée du partenaire ou de l’offre'),
    }),
    { description: 'Partenaires et offres des 14 derniers jours, du plus récent au plus ancien' },
  ),
})
export type HomeRows = Static<typeof HomeRows>
