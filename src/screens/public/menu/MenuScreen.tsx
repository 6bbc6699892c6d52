import { useState, type ReactNode } from 'react'
import { Link, useNavigate } from 'react-router'
import styled from 'styled-components'
import { unstyledList } from '@/src/design-system/index.ts'
import { logout } from '@/src/api/auth/logout.ts'
import { useClientConfig } from '@/src/api/config.ts'
import { Spinner } from '@/src/design-system/components/Spinner/index.ts'
import {
  Icon,
  mdiAccount,
  mdiChevronRight,
  mdiEmail,
  mdiHeartOutline,
  mdiInformation,
  mdiLogout,
  mdiPencil,
  mdiTicketConfirmation,
} from '@/src/design-system/icons/index.ts'
import { useSession } from '@/src/session/index.ts'
import {
  mdiAccountCog,
  mdiDownload,
  mdiScaleBalance,
  mdiShieldAccount,
  mdiWheelchairAccessibility,
} from '@mdi/js'
import { legalPaths } from '@/src/screens/legal/legalPaths.ts'
import { PAGE_TITLES, usePageTitle } from '@/src/pageTitle/index.ts'
import { theme } from '@/src/design-system/theme/index.ts'

const Main = styled.main`
  min-height: calc(100dvh - var(--bottom-nav-height, 0px));
  padding: 16px 0 24px;
  background: ${theme.colors.background};
`

const Title = styled.h1`
  margin: 0 16px 8px;
  font-size: ${theme.fontSizes.xxl};
`

const Section = styled.section`
  margin-top: 16px;
`

const SectionTitle = styled.h2`
  margin: 0;
  padding: 8px 16px;
  font-size: ${theme.fontSizes.sm};
  font-weight: ${theme.fontWeights.bold};
  letter-spacing: 0.06em;
  color: ${theme.colors.textMuted};
`

const List = styled.ul`
  ${unstyledList}
  background: ${theme.colors.surface};
  border-top: 1px solid ${theme.colors.divider};
  border-bottom: 1px solid ${theme.colors.divider};
  & > li + li {
    border-top: 1px solid ${theme.colors.divider};
  }
`

const Info = styled.div`
  display: flex;
  align-items: center;
  gap: 16px;
  padding: 12px 16px;
  color: ${theme.colors.textMuted};
  & dt {
    font-size: ${theme.fontSizes.sm};
  }
  & dd {
    margin: 0;
    color: ${theme.colors.text};
    overflow-wrap: anywhere;
  }
`

const entryStyle = `
  display: flex;
  align-items: center;
  gap: 16px;
  width: 100%;
  min-height: 52px;
  padding: 12px 16px;
  border: 0;
  background: transparent;
  font: inherit;
  text-align: left;
  text-decoration: none;
  cursor: pointer;
  & > span {
    flex: 1;
  }
`
const EntryLink = styled(Link)`
  ${entryStyle}
  color: ${theme.colors.text};
`
const EntryAnchor = styled.a`
  ${entryStyle}
  color: ${theme.colors.text};
`
const EntryButton = styled.button`
  ${entryStyle}
  color: ${theme.colors.danger};
`

function InfoRow({ icon, term, children }: { icon: string; term: string; children: ReactNode }) {
  return (
    <li>
      <Info>
        <Icon path={icon} size={22} />
        <dl style={{ margin: 0 }}>
          <dt>{term}</dt>
          <dd>{children}</dd>
        </dl>
      </Info>
    </li>
  )
}

function EntryRow({ to, icon, children }: { to: string; icon: string; children: ReactNode }) {
  return (
    <li>
      <EntryLink to={to}>
        <Icon path={icon} size={22} />
        <span>{children}</span>
        <Icon path={mdiChevronRight} size={22} />
      </EntryLink>
    </li>
  )
}

/**
 * Menu: the user's name and e-mail, and 'Mon compte' to change them; Mes favoris, Mes coupons utilisés,
 * Télécharger mes données (the account's data section), Administration (admins), Aide (new tab) and
 * Déconnexion; then the legal pages.
 */
export function MenuScreen() {
  usePageTitle(PAGE_TITLES.menu)
  const { user, hasRole, signOut } = useSession()
  const { data: config } = useClientConfig()
  const navigate = useNavigate()
  const [leaving, setLeaving] = useState(false)

  const onLogout = async () => {
    setLeaving(true)
    // The server forgets the token first (while we still hold it); signing out never waits on a failure.
    await logout()
    signOut()
    navigate('/login', { replace: true })
  }

  return (
    <Main>
      <Title>Menu</Title>
      <Section aria-labelledby="menu-infos">
        <SectionTitle id="menu-infos">MES INFOS</SectionTitle>
        <List>
          <InfoRow icon={mdiAccount} term="Nom">
            {user ? `${user.firstname} ${user.lastname}` : ''}
          </InfoRow>
          <InfoRow icon={mdiEmail} term="Email">
            {user?.email ?? ''}
          </InfoRow>
          <EntryRow to="/compte" icon={mdiAccountCog}>
            Mon compte
          </EntryRow>
        </List>
      </Section>
      <Section aria-labelledby="menu-general">
        <SectionTitle id="menu-general">GENERAL</SectionTitle>
        <List>
          <li>
            <EntryLink to="/favoris">
              <Icon path={mdiHeartOutline} size={22} />
              <span>Mes favoris</span>
              <Icon path={mdiChevronRight} size={22} />
            </EntryLink>
          </li>
          <li>
            <EntryLink to="/mes-coupons">
              <Icon path={mdiTicketConfirmation} size={22} />
              <span>Mes coupons utilisés</span>
              <Icon path={mdiChevronRight} size={22} />
            </EntryLink>
          </li>
          <EntryRow to="/compte#mes-donnees" icon={mdiDownload}>
            Télécharger mes données
          </EntryRow>
          {hasRole('ROLE_ADMIN') ? (
            <li>
              <EntryLink to="/bo/gerer-accueil">
                <Icon path={mdiPencil} size={22} />
                <span>Administration</span>
                <Icon path={mdiChevronRight} size={22} />
              </EntryLink>
            </li>
          ) : null}
          <li>
            <EntryAnchor href={config?.helpUrl} target="_blank" rel="noopener noreferrer">
              <Icon path={mdiInformation} size={22} />
              <span>Aide</span>
              <Icon path={mdiChevronRight} size={22} />
            </EntryAnchor>
          </li>
          <li>
            <EntryButton type="button" onClick={() => void onLogout()} disabled={leaving} aria-busy={leaving}>
              <Icon path={mdiLogout} size={22} />
              <span>Déconnexion</span>
              {leaving ? <Spinner size={18} /> : null}
            </EntryButton>
          </li>
        </List>
      </Section>
      <Section aria-labelledby="menu-legal">
        <SectionTitle id="menu-legal">INFORMATIONS LÉGALES</SectionTitle>
        <List>
          <EntryRow to={legalPaths.privacy} icon={mdiShieldAccount}>
            Politique de confidentialité
          </EntryRow>
          <EntryRow to={legalPaths.notice} icon={mdiScaleBalance}>
            Mentions légales
          </EntryRow>
          <EntryRow to={legalPaths.accessibility} icon={mdiWheelchairAccessibility}>
            Déclaration d’accessibilité
          </EntryRow>
        </List>
      </Section>
    </Main>
  )
}

export default MenuScreen
