import { useState } from 'react'
import type { Meta, StoryObj } from '@storybook/react-vite'
import { expect, userEvent } from 'storybook/test'
import styled from 'styled-components'
import { TextField, theme } from '@/src/design-system/index.ts'
import { Icon, mdiMagnify } from '@/src/design-system/icons/index.ts'
import * as paths from '@/src/design-system/icons/paths.ts'

/** What each icon means in the app, in the words a designer would search for. */
const meanings: Record<string, string> = {
  mdiAccount: 'compte, utilisateur, profil',
  mdiAlert: 'avertissement, attention',
  mdiAlertCircle: 'erreur, alerte',
  mdiArrowDown: 'tri décroissant, flèche bas',
  mdiArrowLeft: 'retour, flèche gauche',
  mdiArrowUp: 'tri croissant, flèche haut',
  mdiCalendar: 'date, calendrier',
  mdiCheck: 'coche, sélectionné, valider',
  mdiCheckCircle: 'succès, validé',
  mdiChevronDown: 'ouvrir, déplier',
  mdiChevronLeft: 'précédent',
  mdiChevronRight: 'suivant, ouvrir',
  mdiClose: 'fermer, retirer',
  mdiCloseCircle: 'effacer, tout retirer',
  mdiDelete: 'supprimer, corbeille',
  mdiDirections: 'itinéraire',
  mdiEmail: 'e-mail, courriel',
  mdiEye: 'afficher le mot de passe, voir',
  mdiEyeOff: 'masquer le mot de passe',
  mdiFilterRemove: 'retirer les filtres',
  mdiHeart: 'favori',
  mdiHeartOutline: 'ajouter aux favoris',
  mdiHome: 'accueil',
  mdiImage: 'photo, image',
  mdiImageOff: 'pas de photo, image absente',
  mdiInformation: 'information',
  mdiLock: 'mot de passe, verrou',
  mdiLogout: 'déconnexion',
  mdiMagnify: 'rechercher, loupe',
  mdiMap: 'carte',
  mdiMapMarker: 'adresse, lieu, ville',
  mdiMapMarkerOff: 'position inconnue, géolocalisation refusée',
  mdiMenu: 'menu',
  mdiMenuDown: 'liste déroulante',
  mdiPause: 'pause',
  mdiPencil: 'modifier, éditer',
  mdiPhone: 'téléphone, appeler',
  mdiPlay: 'lecture, reprendre',
  mdiPlus: 'ajouter, nouveau',
  mdiRefresh: 'réessayer, recharger',
  mdiShapeOutline: 'catégorie inconnue, icône de repli',
  mdiShareVariant: 'partager',
  mdiStar: 'étoile pleine, note',
  mdiStarHalfFull: 'demi-étoile',
  mdiStarOutline: 'étoile vide',
  mdiSwapVertical: 'trier',
  mdiTicketConfirmation: 'coupon, offre utilisée',
  mdiUpload: 'envoyer, importer',
}

const icons = Object.entries(paths).filter(([name]) => name.startsWith('mdi'))
const fold = (text: string) =>
  text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()

const Grid = styled.ul`
  display: grid;
  grid-template-columns: repeat(auto-fill, minmax(150px, 1fr));
  gap: ${theme.space[2]}px;
  margin: ${theme.space[3]}px 0 0;
  padding: 0;
  list-style: none;
`
const Cell = styled.li`
  display: flex;
  flex-direction: column;
  align-items: center;
  gap: 4px;
  padding: ${theme.space[2]}px;
  border: 1px solid ${theme.colors.divider};
  border-radius: ${theme.radii.md};
  color: ${theme.colors.text};
  text-align: center;
  code {
    font-size: ${theme.fontSizes.xs};
  }
  span {
    color: ${theme.colors.textMuted};
    font-size: ${theme.fontSizes.xs};
  }
`

/** Every UI icon of src/design-system/icons, found by its name or by what it means in the app. */
function IconSet() {
  const [query, setQuery] = useState('')
  const shown = icons.filter(([name]) => fold(`${name} ${meanings[name] ?? ''}`).includes(fold(query.trim())))
  return (
    <div style={{ width: 'min(800px, 92vw)' }}>
      <TextField
        label="Chercher une icône"
        type="search"
        leadingIcon={mdiMagnify}
        value={query}
        onChange={(event) => setQuery(event.target.value)}
        helperText={`${shown.length} icône${shown.length > 1 ? 's' : ''} sur ${icons.length}`}
      />
      <Grid aria-label="Icônes">
        {shown.map(([name, path]) => (
          <Cell key={name}>
            <Icon path={path} size={32} />
            <code>{name}</code>
            <span>{meanings[name] ?? ''}</span>
          </Cell>
        ))}
      </Grid>
    </div>
  )
}

const meta = {
  title: 'Fondations/Icônes',
  component: IconSet,
  parameters: {
    layout: 'padded',
    docs: {
      description: {
        component:
          'Les icônes d’interface de l’application (Material Design Icons), tirées de `src/design-system/icons/paths.ts` : ' +
          'cherchez par nom ou par sens (« fermer », « favori », « coupon »). Une icône se dessine dans la couleur du texte ' +
          'qui l’entoure, en 24 × 24 par défaut. Seule, elle reçoit un nom (`title`) ; à côté d’un texte, elle est ' +
          'décorative. Les icônes des catégories de partenaires sont à part : voir « Icône de catégorie ».',
      },
    },
  },
} satisfies Meta<typeof IconSet>

export default meta
type Story = StoryObj<typeof meta>

export const AllIcons: Story = {
  name: 'Jeu d’icônes',
  play: async ({ canvas }) => {
    const grid = canvas.getByRole('list', { name: 'Icônes' })
    await expect(grid.children).toHaveLength(icons.length)
    // Every icon has its meaning written down, so the search by meaning finds all of them.
    await expect(icons.filter(([name]) => !meanings[name]).map(([name]) => name)).toEqual([])
  },
}

export const Search: Story = {
  name: 'Recherche d’une icône',
  play: async ({ canvas }) => {
    await userEvent.type(canvas.getByRole('searchbox', { name: 'Chercher une icône' }), 'fermer')
    const cells = canvas.getByRole('list', { name: 'Icônes' }).children
    await expect(cells).toHaveLength(1)
    await expect(cells[0]).toHaveTextContent('mdiClose')
  },
}
