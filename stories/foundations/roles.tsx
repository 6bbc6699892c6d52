import { theme } from '@/src/design-system/theme/theme.ts'
import { contrastRatio, formatRatio } from './contrast.ts'

type ColorName = keyof typeof theme.colors

/**
 * A colour's role: what it is for, the background it is usually on, and what WCAG AA asks of that pair (4.5:1
 * for text, 3:1 for large text and for the edges of controls and focus rings; none for decoration).
 */
interface ColorRole {
  role: string
  token: ColorName
  on: ColorName
  minimum: 4.5 | 3 | null
}

/** The roles, by family, as designers name them; the values and ratios are read from the theme. */
export const colorRoles: { family: string; roles: ColorRole[] }[] = [
  {
    family: 'Texte',
    roles: [
      { role: 'Texte principal', token: 'text', on: 'surface', minimum: 4.5 },
      { role: 'Texte principal sur le fond de page', token: 'text', on: 'background', minimum: 4.5 },
      { role: 'Texte principal sur surface atténuée', token: 'text', on: 'surfaceMuted', minimum: 4.5 },
      { role: 'Texte secondaire', token: 'textMuted', on: 'surface', minimum: 4.5 },
      { role: 'Texte secondaire sur le fond de page', token: 'textMuted', on: 'background', minimum: 4.5 },
      { role: 'Texte sur surface sombre (infobulle)', token: 'onDark', on: 'inverseSurface', minimum: 4.5 },
      { role: 'Texte de la visionneuse de photos', token: 'onDark', on: 'viewerBackground', minimum: 4.5 },
    ],
  },
  {
    family: 'Action',
    roles: [
      { role: 'Action principale : texte sur le bouton', token: 'onPrimary', on: 'primary', minimum: 4.5 },
      { role: 'Action principale au survol', token: 'onPrimary', on: 'primaryDark', minimum: 4.5 },
      { role: 'Lien, bouton texte ou contour', token: 'primary', on: 'surface', minimum: 4.5 },
      {
        role: 'Action secondaire : texte sur le bouton',
        token: 'onSecondary',
        on: 'secondary',
        minimum: 4.5,
      },
      { role: 'Action secondaire : bordure', token: 'secondaryBorder', on: 'surface', minimum: 3 },
      { role: 'Action dangereuse : texte sur le bouton', token: 'onDark', on: 'danger', minimum: 4.5 },
      { role: 'Action dangereuse : bouton texte ou contour', token: 'danger', on: 'surface', minimum: 4.5 },
      { role: 'Anneau de focus', token: 'focus', on: 'surface', minimum: 3 },
      { role: 'Anneau de focus sur photo (contour sombre)', token: 'focusOuter', on: 'onDark', minimum: 3 },
    ],
  },
  {
    family: 'Bordure',
    roles: [
      { role: 'Bordure des champs de saisie', token: 'inputBorder', on: 'surface', minimum: 3 },
      { role: 'Bordure des champs sur le fond de page', token: 'inputBorder', on: 'background', minimum: 3 },
      { role: 'Bordure d’un champ désactivé', token: 'inputBorder', on: 'surfaceMuted', minimum: 3 },
      { role: 'Bordure des cartes et puces (décorative)', token: 'border', on: 'surface', minimum: null },
      { role: 'Séparateur (décoratif)', token: 'divider', on: 'surface', minimum: null },
    ],
  },
  {
    family: 'Messages',
    roles: [
      { role: 'Alerte information', token: 'infoText', on: 'infoBg', minimum: 4.5 },
      { role: 'Alerte succès', token: 'successDark', on: 'successBg', minimum: 4.5 },
      { role: 'Alerte avertissement', token: 'warningText', on: 'warningBg', minimum: 4.5 },
      { role: 'Alerte erreur', token: 'dangerText', on: 'dangerBg', minimum: 4.5 },
      { role: 'Message temporaire information', token: 'onDark', on: 'primaryDark', minimum: 4.5 },
      { role: 'Message temporaire succès', token: 'onDark', on: 'successDark', minimum: 4.5 },
      { role: 'Message temporaire avertissement', token: 'onDark', on: 'warningDark', minimum: 4.5 },
      { role: 'Message temporaire erreur', token: 'onDark', on: 'dangerDark', minimum: 4.5 },
      { role: 'Badge succès', token: 'onDark', on: 'success', minimum: 4.5 },
      { role: 'Badge danger', token: 'onDark', on: 'danger', minimum: 4.5 },
      { role: 'Badge avertissement', token: 'text', on: 'warningFill', minimum: 4.5 },
      { role: 'Étoiles des notes', token: 'star', on: 'surface', minimum: null },
    ],
  },
]

const statusRoles = Object.entries(theme.status).map(([status, { fg, bg }]) => ({
  role: `Statut ${status}`,
  fg,
  bg,
  minimum: 4.5 as const,
}))

const sample = {
  display: 'inline-block',
  minWidth: 56,
  padding: '4px 8px',
  borderRadius: theme.radii.sm,
  border: `1px solid ${theme.colors.divider}`,
  textAlign: 'center' as const,
  verticalAlign: 'middle',
}

const cell = {
  padding: '6px 10px',
  borderBottom: `1px solid ${theme.colors.divider}`,
  textAlign: 'left' as const,
}

function Verdict({ ratio, minimum }: { ratio: number; minimum: number | null }) {
  if (minimum === null) return <span>décoratif, sans exigence</span>
  const pass = ratio >= minimum
  return (
    <strong
      data-verdict={pass ? 'pass' : 'fail'}
      style={{ color: pass ? theme.colors.successDark : theme.colors.dangerText }}
    >
      {pass ? 'AA respecté' : 'AA non respecté'} ({minimum.toLocaleString('fr-FR')}:1 requis)
    </strong>
  )
}

function Row({ role, token, on, fg, bg, minimum }: { role: string; token?: string; on?: string } & Pair) {
  const ratio = contrastRatio(fg, bg)
  return (
    <tr data-role={role}>
      <td style={cell}>{role}</td>
      <td style={cell}>
        {minimum === 4.5 ? (
          <span
            aria-hidden
            style={{ ...sample, background: bg, color: fg, fontWeight: theme.fontWeights.bold }}
          >
            Aa
          </span>
        ) : (
          // Not text: an edge or a mark, drawn as one (a ring of the colour on its background).
          <span
            aria-hidden
            style={{ ...sample, height: 28, background: bg, boxShadow: `inset 0 0 0 3px ${fg}` }}
          />
        )}
      </td>
      <td style={cell}>
        {token ? <code>{token}</code> : null} <code>{fg}</code>
        <br />
        sur {on ? <code>{on}</code> : null} <code>{bg}</code>
      </td>
      <td style={cell} data-ratio={ratio.toFixed(2)}>
        {formatRatio(ratio)}
      </td>
      <td style={cell}>
        <Verdict ratio={ratio} minimum={minimum} />
      </td>
    </tr>
  )
}
interface Pair {
  fg: string
  bg: string
  minimum: number | null
}

function RoleTable({ caption, children }: { caption: string; children: React.ReactNode }) {
  return (
    <table style={{ borderCollapse: 'collapse', tableLayout: 'fixed', width: '100%', margin: '16px 0 24px' }}>
      <colgroup>
        {['30%', '10%', '28%', '10%', '22%'].map((width, index) => (
          <col key={index} style={{ width }} />
        ))}
      </colgroup>
      <caption
        style={{ textAlign: 'left', fontWeight: theme.fontWeights.bold, fontSize: theme.fontSizes.lg }}
      >
        {caption}
      </caption>
      <thead>
        <tr>
          {['Rôle', 'Exemple', 'Jeton sur son fond habituel', 'Contraste', 'WCAG AA'].map((header) => (
            <th key={header} style={cell}>
              {header}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>{children}</tbody>
    </table>
  )
}

/** Every colour role with its usual background, the contrast of the pair and whether it meets WCAG AA. */
export function ColorRoles() {
  return (
    <div style={{ maxWidth: 1000, color: theme.colors.text, fontFamily: theme.fonts.body }}>
      {colorRoles.map(({ family, roles }) => (
        <RoleTable key={family} caption={family}>
          {roles.map(({ role, token, on, minimum }) => (
            <Row
              key={role}
              role={role}
              token={token}
              on={on}
              fg={theme.colors[token]}
              bg={theme.colors[on]}
              minimum={minimum}
            />
          ))}
        </RoleTable>
      ))}
      <RoleTable caption="Statuts (puces)">
        {statusRoles.map((pair) => (
          <Row key={pair.role} {...pair} />
        ))}
      </RoleTable>
    </div>
  )
}
