import styled from 'styled-components'
import { zonedDate } from '@/contract/zonedDate.ts'
import { statusLabels } from '@/src/design-system/components/StatusChip/index.ts'
import { theme } from '@/src/design-system/theme/index.ts'

/** French names of the fields the audit log keeps (the wire shapes' names); others show as they are. */
const fieldLabels: Record<string, string> = {
  name: 'Dénomination',
  description: 'Description',
  siren: 'SIREN',
  location: 'Adresse',
  email: 'Email',
  phone: 'Tél',
  representativeFirstName: 'Prénom gérant',
  representativeLastName: 'Nom gérant',
  categories: 'Catégories',
  status: 'Statut',
  rating: 'Note',
  userRatingsTotal: 'Nombre d’avis',
  firstname: 'Prénom',
  lastname: 'Nom',
  roles: 'Rôles',
  title: 'Titre',
  position: 'Position',
  image: 'Image',
  link: 'Lien',
  libelle: 'Libellé',
  expirationDate: 'Expiration',
  partnerName: 'Partenaire',
  usedAt: 'Utilisé le',
  code: 'Code',
  imageId: 'Photo',
  type: 'Type',
  export: 'Export',
  filters: 'Filtres',
  rows: 'Lignes',
  ip: 'Adresse IP',
}

/** The list parameters an export recorded (GET /api/exports/…?q=…), as the lists name them. */
const filterLabels: Record<string, string> = {
  q: 'recherche',
  status: 'statut',
  role: 'rôle',
  sort: 'tri',
  actorId: 'administrateur',
  action: 'action',
  from: 'du',
  to: 'au',
  targetType: 'type de cible',
  targetId: 'cible',
  ids: 'sélection (Id)',
}

// Identifiers are already in the Target column.
const hidden = new Set(['partnerId', 'userId', 'articleId', 'offerId', 'id', 'user'])

const List = styled.dl`
  display: grid;
  grid-template-columns: max-content minmax(0, 1fr);
  gap: 2px 8px;
  margin: 0;
  font-size: ${theme.fontSizes.xs};
  dt {
    font-weight: ${theme.fontWeights.bold};
  }
  dd {
    margin: 0;
    overflow-wrap: anywhere;
  }
  del {
    color: ${theme.colors.danger};
  }
  ins {
    text-decoration: none;
    color: ${theme.colors.success};
  }
`

const isoDateTime = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/

function show(value: unknown, timeZone: string, key?: string): string {
  if (value === null || value === undefined || value === '') return '—'
  if (typeof value === 'string' && isoDateTime.test(value)) return zonedDate(value, timeZone, true) || value
  if (key === 'filters' && typeof value === 'object' && !Array.isArray(value)) {
    const given = Object.entries(value as Record<string, unknown>)
    return given.length === 0
      ? 'aucun'
      : given
          .map(
            // A selection's ids with a space, so that « 3, 7 » does not read as a decimal number.
            ([name, text]) =>
              `${filterLabels[name] ?? name} « ${Array.isArray(text) ? text.join(', ') : (codeLabels[String(text)] ?? String(text))} »`,
          )
          .join(', ')
  }
  if (typeof value === 'string') return codeLabels[value] ?? value
  if (Array.isArray(value) && value.every((item) => typeof item === 'string'))
    return value.map((item: string) => codeLabels[item] ?? item).join(', ')
  if (typeof value === 'object' && value !== null && 'address' in value && 'city' in value)
    return `${String((value as { address: unknown }).address)}, ${String((value as { city: unknown }).city)}`
  return JSON.stringify(value)
}

const asRecord = (value: unknown): Record<string, unknown> =>
  value && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : {}

// The codes the wire carries, as the back-office shows them elsewhere (status chips, the users' role).
const codeLabels: Record<string, string> = {
  ...statusLabels,
  ROLE_USER: 'Utilisateur',
  ROLE_ADMIN: 'Administrateur',
}

/** What changed between two states: each changed field as « avant → après »; a creation or deletion lists its fields. */
export function changedFields(before: unknown, after: unknown, timeZone: string) {
  const b = asRecord(before)
  const a = asRecord(after)
  const keys = [...new Set([...Object.keys(b), ...Object.keys(a)])].filter((key) => !hidden.has(key))
  return keys
    .map((key) => ({
      key,
      label: fieldLabels[key] ?? key,
      before: show(b[key], timeZone, key),
      after: show(a[key], timeZone, key),
    }))
    .filter((change) => before === null || after === null || change.before !== change.after)
}

/** A readable before/after of one audit entry. */
export function AuditDiff({
  before,
  after,
  timeZone,
}: {
  before: unknown
  after: unknown
  /** The app's zone (APP_TIME_ZONE), in which the dates are shown. */
  timeZone: string
}) {
  const changes = changedFields(before, after, timeZone)
  if (changes.length === 0) return <span>—</span>
  return (
    <List>
      {changes.map((change) => (
        <div key={change.key} style={{ display: 'contents' }}>
          <dt>{change.label}</dt>
          <dd>
            {before === null ? (
              <ins>{change.after}</ins>
            ) : after === null ? (
              <del>{change.before}</del>
            ) : (
              <>
                <del>{change.before}</del> → <ins>{change.after}</ins>
              </>
            )}
          </dd>
        </div>
      ))}
    </List>
  )
}
