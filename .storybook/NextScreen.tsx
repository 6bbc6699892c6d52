import { matchPath, useLocation } from 'react-router'
import styled from 'styled-components'
import { ACCOUNT_TITLES, PAGE_TITLES } from '../src/pageTitle/titles.ts'

/**
 * The app's screens by route (app/routes), named as designers know them. A story renders one screen at its own
 * route; where the screen navigates to, the story shows which screen comes next instead of a blank page.
 */
const SCREENS: [pattern: string, name: string][] = [
  ['/', PAGE_TITLES.home],
  ['/rechercher', PAGE_TITLES.find],
  ['/map', PAGE_TITLES.map],
  ['/menu', PAGE_TITLES.menu],
  ['/favoris', 'Mes favoris'],
  ['/mes-coupons', 'Mes coupons utilisés'],
  ['/compte', ACCOUNT_TITLES.account],
  ['/confirmer-email', ACCOUNT_TITLES.confirmEmail],
  ['/confidentialite', PAGE_TITLES.privacy],
  ['/mentions-legales', PAGE_TITLES.legalNotice],
  ['/accessibilite', PAGE_TITLES.accessibility],
  ['/partenaire/:id', 'Fiche du partenaire'],
  ['/login', PAGE_TITLES.login],
  ['/inscription', PAGE_TITLES.register],
  ['/forgot-password', PAGE_TITLES.forgotPassword],
  ['/reset-password', PAGE_TITLES.resetPassword],
  ['/unauthorized', 'Accès refusé'],
  ['/bo', "Gestion de la page d'accueil"],
  ['/bo/gerer-accueil', "Gestion de la page d'accueil"],
  ['/bo/tableau-de-bord', 'Tableau de bord'],
  ['/bo/journal', 'Journal'],
  ['/bo/partenaires', 'Liste des partenaires'],
  ['/bo/partenaires/import', 'Import de partenaires'],
  ['/bo/partenaires/nouveau', 'Nouveau partenaire'],
  ['/bo/partenaires/edit/:id', 'Édition du partenaire'],
  ['/bo/partenaires/:id', 'Consultation du partenaire'],
  ['/bo/utilisateurs', 'Liste des utilisateurs'],
  ['/bo/utilisateurs/nouveau', 'Nouvel utilisateur'],
  ['/bo/utilisateurs/edit/:id', 'Édition de l’utilisateur'],
  ['/bo/utilisateurs/:id', 'Consultation de l’utilisateur'],
]

/** The screen the app shows at `pathname` ('Page non trouvée' for any other path, as the app does). */
export function screenNameAt(pathname: string): string {
  // Static segments first, as the router ranks them: '/bo/partenaires/nouveau' is not a partner's id.
  const ranked = [...SCREENS].sort(([a], [b]) => Number(a.includes(':')) - Number(b.includes(':')))
  return ranked.find(([pattern]) => matchPath(pattern, pathname))?.[1] ?? 'Page non trouvée'
}

const Frame = styled.div`
  display: grid;
  place-items: center;
  min-height: 100vh;
  padding: ${({ theme }) => theme.space[4]}px;
  background: ${({ theme }) => theme.colors.background};
`

const Panel = styled.div`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space[2]}px;
  width: min(100%, 420px);
  padding: ${({ theme }) => theme.space[5]}px;
  border: 1px dashed ${({ theme }) => theme.colors.primary};
  border-radius: ${({ theme }) => theme.radii.md};
  background: ${({ theme }) => theme.colors.surface};
  box-shadow: ${({ theme }) => theme.shadows[1]};
  color: ${({ theme }) => theme.colors.text};
  p {
    margin: 0;
  }
`

const Label = styled.p`
  font-size: ${({ theme }) => theme.fontSizes.sm};
  color: ${({ theme }) => theme.colors.textMuted};
`

const Name = styled.p`
  font-size: ${({ theme }) => theme.fontSizes.xl};
  font-weight: ${({ theme }) => theme.fontWeights.bold};
  line-height: ${({ theme }) => theme.lineHeights.tight};
`

const Path = styled.p`
  font-family: ${({ theme }) => theme.fonts.mono};
  font-size: ${({ theme }) => theme.fontSizes.sm};
  color: ${({ theme }) => theme.colors.textMuted};
  overflow-wrap: anywhere;
`

/**
 * Rendered when a story navigates away from its own route: the screen reached, by name, and its address. Play
 * functions read the address from `data-testid="location"` ('Page : /bo/partenaires/12').
 */
export function NextScreen() {
  const location = useLocation()
  return (
    <Frame>
      <Panel data-testid="next-screen">
        <Label>Écran suivant :</Label>
        <Name>{screenNameAt(location.pathname)}</Name>
        <Path data-testid="location">
          Page : {location.pathname}
          {location.search}
        </Path>
        <Label>Cet écran a ses propres stories.</Label>
      </Panel>
    </Frame>
  )
}
