/**
 * Wire shapes of the back-office's exchange and usage calls (CSV export and import, the usage dashboard), kept
 * beside schemas.ts so the resource shapes there stay the spec's.
 */
import Type, { type Static } from 'typebox'

/** The answer of a CSV export: the file itself (text/csv, UTF-8 with BOM, `;`), downloaded as a Blob. */
export const CsvFile = Type.String({ description: 'Fichier CSV (UTF-8 avec BOM, séparateur « ; », CRLF)' })

/** The most rows « Exporter la sélection » asks for at once (`ids` of the partner and user exports). */
export const EXPORT_IDS_MAX = 1000

/** A selection's ids, for the partner and user exports: each one at most 10 digits, plus its comma. */
export const ExportIds = Type.String({
  maxLength: EXPORT_IDS_MAX * 11,
  description: `Seulement ces identifiants, entiers positifs séparés par des virgules (${EXPORT_IDS_MAX} au plus) : « Exporter la sélection ». Les autres filtres s’y ajoutent.`,
})

export const PartnerImportQuery = Type.Object({
  createCategories: Type.Optional(
    Type.Boolean({ description: 'Créer les catégories citées qui n’existent pas encore' }),
  ),
  duplicates: Type.Optional(
    Type.Union([Type.Literal('ignore'), Type.Literal('update')], {
      description:
        'Les lignes qui doublonnent un partenaire existant : ignorées (par défaut) ou qui le mettent à jour',
    }),
  ),
  exceptLines: Type.Optional(
    Type.String({
      pattern: '^[0-9]{1,6}(,[0-9]{1,6})*$',
      maxLength: 20_000,
      description:
        'Numéros de ligne, séparés par des virgules, dont le doublon prend l’autre choix que « duplicates »',
    }),
  ),
})
export type PartnerImportQuery = Static<typeof PartnerImportQuery>

/** One line of the file that would become a partner. */
export const PartnerImportRow = Type.Object({
  line: Type.Integer(),
  partnerId: Type.Optional(
    Type.Integer({ description: 'Partenaire existant que la ligne met à jour (colonne « Id » de l’export)' }),
  ),
  name: Type.String(),
  city: Type.String(),
  email: Type.String(),
  categories: Type.Array(Type.String()),
})
export type PartnerImportRow = Static<typeof PartnerImportRow>

export const PartnerImportError = Type.Object({
  line: Type.Integer({ description: 'Ligne du fichier où commence l’enregistrement (1 : l’en-tête)' }),
  column: Type.Optional(
    Type.String({ description: 'En-tête de la colonne en cause, tel qu’écrit dans le fichier' }),
  ),
  message: Type.String({ description: 'En français, préfixé du numéro de ligne' }),
})
export type PartnerImportError = Static<typeof PartnerImportError>

/**
 * A valid line that repeats a partner: an earlier line of the file (`ofLine`: never imported) or a partner
 * already saved (`existing`: ignored or updated, as the import call chooses).
 */
export const PartnerImportDuplicate = Type.Object({
  line: Type.Integer(),
  name: Type.String(),
  city: Type.String(),
  email: Type.String(),
  matchedBy: Type.Union([Type.Literal('nameCity'), Type.Literal('email')], {
    description: 'Même dénomination et même ville (casse, accents et ponctuation ignorés), ou même e-mail',
  }),
  ofLine: Type.Optional(Type.Integer({ description: 'La ligne du fichier qu’elle répète, seule gardée' })),
  existing: Type.Optional(
    Type.Object({ id: Type.Integer(), name: Type.String(), city: Type.String(), email: Type.String() }),
  ),
})
export type PartnerImportDuplicate = Static<typeof PartnerImportDuplicate>

/** A dry run's answer: nothing is written. `rows`, `errors` and `duplicates` are capped; the counts are not. */
export const PartnerImportPreview = Type.Object({
  lineCount: Type.Integer({ description: 'Lignes de données lues (en-tête exclu)' }),
  validCount: Type.Integer({ description: 'Lignes valides qui ne sont pas des doublons' }),
  updateCount: Type.Integer({ description: 'Lignes valides qui mettent à jour un partenaire existant' }),
  errorCount: Type.Integer(),
  duplicateCount: Type.Integer({
    description: 'Lignes valides qui répètent une ligne ou un partenaire existant',
  }),
  savedDuplicateCount: Type.Integer({
    description: 'Parmi les doublons, ceux d’un partenaire existant (à ignorer ou à mettre à jour)',
  }),
  encoding: Type.Union([Type.Literal('UTF-8'), Type.Literal('Windows-1252')], {
    description:
      'Encodage lu : UTF-8 (avec ou sans BOM), sinon Windows-1252 (le « CSV » d’Excel sous Windows)',
  }),
  rows: Type.Array(PartnerImportRow),
  errors: Type.Array(PartnerImportError),
  duplicates: Type.Array(PartnerImportDuplicate),
  newCategories: Type.Array(Type.String(), { description: 'Catégories qui seraient créées' }),
  versions: Type.Optional(
    Type.String({
      description:
        'Version lue de chaque partenaire que le fichier peut mettre à jour (lignes avec Id, doublons de partenaires existants), « Id:version » séparés par des virgules : à renvoyer à l’import dans le champ « versions », qui refuse alors tout (412) si l’un d’eux a changé depuis l’aperçu',
    }),
  ),
})
export type PartnerImportPreview = Static<typeof PartnerImportPreview>

export const PartnerImportResult = Type.Object({
  created: Type.Integer(),
  updated: Type.Integer({
    description: 'Partenaires existants mis à jour (lignes avec un « Id », doublons à mettre à jour)',
  }),
  ignored: Type.Integer({ description: 'Doublons non importés' }),
  categoriesCreated: Type.Array(Type.String()),
})
export type PartnerImportResult = Static<typeof PartnerImportResult>

export const DashboardDay = Type.Object({
  date: Type.String({ description: 'AAAA-MM-JJ (heure de Paris)' }),
  uses: Type.Integer(),
})
export type DashboardDay = Static<typeof DashboardDay>

export const DashboardPartner = Type.Object({
  partnerId: Type.Integer(),
  name: Type.String(),
  uses: Type.Integer(),
})
export type DashboardPartner = Static<typeof DashboardPartner>

export const DashboardCategory = Type.Object({
  categoryId: Type.Integer(),
  label: Type.String(),
  uses: Type.Integer(),
})
export type DashboardCategory = Static<typeof DashboardCategory>

/** Coupon uses over the last 30 days (reactivated uses included: they happened), and who made them. */
export const Dashboard = Type.Object({
  days: Type.Integer({ description: 'Période couverte, en jours (aujourd’hui compris)' }),
  totalUses: Type.Integer(),
  usesPerDay: Type.Array(DashboardDay, { description: 'Un jour par entrée, du plus ancien au plus récent' }),
  topPartners: Type.Array(DashboardPartner, { description: 'Les 10 partenaires les plus utilisés' }),
  usesByCategory: Type.Array(DashboardCategory, {
    description: 'Une utilisation compte pour chaque catégorie du partenaire',
  }),
  activeUsers: Type.Integer({ description: 'Utilisateurs ayant utilisé au moins un coupon sur la période' }),
  totalUsers: Type.Integer(),
})
export type Dashboard = Static<typeof Dashboard>
