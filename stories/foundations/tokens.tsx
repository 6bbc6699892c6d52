import { ColorItem, ColorPalette, Typeset } from '@storybook/addon-docs/blocks'
import { CAROUSEL_INTERVAL } from '@/src/design-system/components/Carousel/index.ts'
import { TOAST_DURATION } from '@/src/design-system/components/Toast/index.ts'
import { theme } from '@/src/design-system/theme/theme.ts'

/**
 * The token pages' content, read from the theme itself (src/design-system/theme/theme.ts): a token added or
 * changed there shows up here without editing the pages.
 */

const colorFamilies: { title: string; subtitle: string; match: RegExp }[] = [
  { title: 'Primaire', subtitle: 'Boutons, liens, focus, en-têtes', match: /^(primary|onPrimary|focus)/ },
  { title: 'Secondaire', subtitle: 'Accents, puces sélectionnées', match: /^(secondary|onSecondary)/ },
  {
    title: 'Surfaces et texte',
    subtitle: 'Fonds, cartes, bordures, texte',
    match:
      /^(background|surface|text|border|inputBorder|divider|overlay|skeleton|inverseSurface|viewerBackground|onDark)/,
  },
  {
    title: 'États',
    subtitle: 'Alertes et messages : couleur et fond',
    match: /^(success|warning|danger|info)/,
  },
]

type ColorName = keyof typeof theme.colors

export function ColorTokens() {
  const names = Object.keys(theme.colors) as ColorName[]
  const familyOf = (name: string) => colorFamilies.find((family) => family.match.test(name))
  const others = names.filter((name) => !familyOf(name))
  const pick = (list: ColorName[]) => Object.fromEntries(list.map((name) => [name, theme.colors[name]]))
  return (
    <ColorPalette>
      {colorFamilies.map((family) => (
        <ColorItem
          key={family.title}
          title={family.title}
          subtitle={family.subtitle}
          colors={pick(names.filter((name) => familyOf(name) === family))}
        />
      ))}
      {others.length > 0 ? (
        <ColorItem title="Autres" subtitle="Étoiles des notes, divers" colors={pick(others)} />
      ) : null}
      {Object.entries(theme.status).map(([status, { fg, bg }]) => (
        <ColorItem
          key={status}
          title={`Statut ${status}`}
          subtitle="Puce : texte / fond"
          colors={{ fg, bg }}
        />
      ))}
    </ColorPalette>
  )
}

export function TypeScale() {
  return (
    <>
      {Object.entries(theme.fontWeights).map(([name, weight]) => (
        <div key={name}>
          <p>
            <code>fontWeights.{name}</code> ({weight}), tailles <code>fontSizes</code> de <code>xs</code> à{' '}
            <code>xxl</code> :
          </p>
          <Typeset
            fontFamily={theme.fonts.body}
            fontWeight={weight}
            fontSizes={Object.values(theme.fontSizes)}
            sampleText="Profitez des offres de vos partenaires près de chez vous"
          />
        </div>
      ))}
      <TokenTable
        rows={[
          ...Object.entries(theme.fontSizes).map(([name, value]) => [`fontSizes.${name}`, value]),
          ...Object.entries(theme.lineHeights).map(([name, value]) => [`lineHeights.${name}`, String(value)]),
          ['fonts.body', theme.fonts.body],
          ['fonts.mono', theme.fonts.mono],
        ]}
      />
    </>
  )
}

export function SpacingScale() {
  return (
    <TokenTable
      rows={theme.space.map((px, index) => [`space[${index}]`, `${px}px`])}
      sample={(value) => (
        <span
          style={{ display: 'inline-block', width: value, height: 16, background: theme.colors.primary }}
        />
      )}
    />
  )
}

export function RadiusScale() {
  return (
    <TokenTable
      rows={Object.entries(theme.radii).map(([name, value]) => [`radii.${name}`, value])}
      sample={(value) => (
        <span
          style={{
            display: 'inline-block',
            width: 48,
            height: 48,
            borderRadius: value,
            background: theme.colors.primaryLight,
            border: `2px solid ${theme.colors.primary}`,
          }}
        />
      )}
    />
  )
}

export function ShadowScale() {
  return (
    <TokenTable
      rows={Object.entries(theme.shadows).map(([name, value]) => [`shadows[${name}]`, value])}
      sample={(value) => (
        <span
          style={{
            display: 'inline-block',
            width: 96,
            height: 48,
            margin: 8,
            borderRadius: theme.radii.md,
            background: theme.colors.surface,
            boxShadow: value,
          }}
        />
      )}
    />
  )
}

function TokenTable({ rows, sample }: { rows: string[][]; sample?: (value: string) => React.ReactNode }) {
  return (
    <table>
      <thead>
        <tr>
          <th>Jeton</th>
          <th>Valeur</th>
          {sample ? <th>Aperçu</th> : null}
        </tr>
      </thead>
      <tbody>
        {rows.map(([name, value]) => (
          <tr key={name}>
            <td>
              <code>{name}</code>
            </td>
            <td>
              <code>{value}</code>
            </td>
            {sample ? <td>{sample(value)}</td> : null}
          </tr>
        ))}
      </tbody>
    </table>
  )
}

/** What each breakpoint changes, as the components and screens use it. */
const breakpointUses: Record<keyof typeof theme.breakpoints, string> = {
  sm: 'Au-delà d’un téléphone : l’invitation à mettre à jour devient une carte dans le coin de l’écran.',
  md: 'Défini par la spécification ; aucun composant ne change encore de mise en page ici.',
  lg: 'Ordinateur : l’application publique quitte sa mise en page mobile (la navigation du bas disparaît).',
  xl: 'Défini par la spécification ; aucun composant ne change encore de mise en page ici.',
  xxl: 'Défini par la spécification ; aucun composant ne change encore de mise en page ici.',
}

export function BreakpointTable() {
  return (
    <table>
      <thead>
        <tr>
          <th>Jeton</th>
          <th>À partir de</th>
          <th>Requête média</th>
          <th>Ce qui change</th>
        </tr>
      </thead>
      <tbody>
        {Object.entries(theme.breakpoints).map(([name, px]) => (
          <tr key={name}>
            <td>
              <code>breakpoints.{name}</code>
            </td>
            <td>{px} px</td>
            <td>
              <code>{theme.media[name as keyof typeof theme.breakpoints]}</code>
            </td>
            <td>{breakpointUses[name as keyof typeof theme.breakpoints]}</td>
          </tr>
        ))}
        <tr>
          <td>
            <code>media.mobile</code>
          </td>
          <td>jusqu’à {theme.breakpoints.lg - 1} px</td>
          <td>
            <code>{theme.media.mobile}</code>
          </td>
          <td>La mise en page mobile de l’application publique (téléphone et tablette).</td>
        </tr>
      </tbody>
    </table>
  )
}

export function MotionTable() {
  const rows: [string, string, string][] = [
    [
      'transitions.fast',
      theme.transitions.fast,
      'Survol, focus, couleur d’une bordure, apparition d’une infobulle.',
    ],
    [
      'transitions.normal',
      theme.transitions.normal,
      'Ouverture d’un dialogue, d’une feuille, du voile derrière.',
    ],
    ['CAROUSEL_INTERVAL', `${CAROUSEL_INTERVAL} ms`, 'Défilement automatique du carrousel de l’accueil.'],
    [
      'TOAST_DURATION',
      `${TOAST_DURATION} ms`,
      'Durée d’affichage d’un message temporaire avant sa fermeture.',
    ],
  ]
  return (
    <table>
      <thead>
        <tr>
          <th>Jeton</th>
          <th>Valeur</th>
          <th>Emploi</th>
        </tr>
      </thead>
      <tbody>
        {rows.map(([name, value, use]) => (
          <tr key={name}>
            <td>
              <code>{name}</code>
            </td>
            <td>
              <code>{value}</code>
            </td>
            <td>{use}</td>
          </tr>
        ))}
      </tbody>
    </table>
  )
}
