import { useId, useRef, useState, type KeyboardEvent, type ReactNode } from 'react'
import { Link, NavLink, Outlet, useNavigate } from 'react-router'
import styled from 'styled-components'
import {
  mdiAccountGroup,
  mdiChartBar,
  mdiHistory,
  mdiHomeEdit,
  mdiShieldAccount,
  mdiStorefront,
  mdiWeb,
} from '@mdi/js'
import { logout } from '@/src/api/auth/logout.ts'
import { IconButton } from '@/src/design-system/components/IconButton/index.ts'
import { Icon, mdiClose, mdiLogout, mdiMenu } from '@/src/design-system/icons/index.ts'
import { MapsProvider } from '@/src/maps/index.ts'
import { useSession } from '@/src/session/index.ts'
import { theme } from '@/src/design-system/theme/index.ts'

const Layout = styled.div`
  display: grid;
  grid-template-columns: 240px minmax(0, 1fr);
  grid-template-rows: auto minmax(0, 1fr);
  grid-template-areas:
    'bar bar'
    'nav main';
  min-height: 100vh;
  min-height: 100dvh;
  background: ${theme.colors.background};
  /* Below a laptop's width (tablets) the side menu becomes a row of entries under the bar, leaving the tables the
     full width; on a phone it is behind the bar's menu button (MenuToggle). */
  @media (max-width: ${theme.breakpoints.md - 0.02}px) {
    grid-template-columns: minmax(0, 1fr);
    grid-template-rows: auto auto minmax(0, 1fr);
    grid-template-areas:
      'bar'
      'nav'
      'main';
  }
`

const Bar = styled.header`
  grid-area: bar;
  position: sticky;
  top: 0;
  z-index: ${theme.zIndices.appBar};
  display: flex;
  align-items: center;
  gap: ${theme.space[3]}px;
  min-height: 56px;
  padding: 0 ${theme.space[4]}px;
  background: ${theme.colors.primary};
  color: ${theme.colors.onPrimary};
  box-shadow: ${theme.shadows[2]};
`

const BarTitle = styled.p`
  display: flex;
  flex: 1;
  align-items: center;
  gap: ${theme.space[2]}px;
  margin: 0;
  font-size: ${theme.fontSizes.lg};
  font-weight: ${theme.fontWeights.bold};
  @media (max-width: ${theme.breakpoints.sm - 0.02}px) {
    font-size: ${theme.fontSizes.md};
  }
`

/** The menu button: on a phone only, where five entries cannot stand in one row. */
const MenuToggle = styled.span`
  display: none;
  @media (max-width: ${theme.breakpoints.sm - 0.02}px) {
    display: contents;
  }
`

const Nav = styled.nav`
  grid-area: nav;
  padding: ${theme.space[4]}px ${theme.space[2]}px;
  background: ${theme.colors.surface};
  border-right: 1px solid ${theme.colors.divider};
  @media (max-width: ${theme.breakpoints.md - 0.02}px) {
    padding: ${theme.space[1]}px ${theme.space[2]}px;
    border-right: 0;
    border-bottom: 1px solid ${theme.colors.divider};
  }
  @media (max-width: ${theme.breakpoints.sm - 0.02}px) {
    &:not([data-open]) {
      display: none;
    }
  }
`

const NavList = styled.ul`
  display: flex;
  flex-direction: column;
  gap: ${theme.space[1]}px;
  margin: 0;
  padding: 0;
  list-style: none;
  /* A row that wraps rather than scrolls sideways: no entry is ever out of sight. */
  @media (max-width: ${theme.breakpoints.md - 0.02}px) {
    flex-direction: row;
    flex-wrap: wrap;
  }
  @media (max-width: ${theme.breakpoints.sm - 0.02}px) {
    flex-direction: column;
  }
`

const NavItem = styled(NavLink)`
  display: flex;
  align-items: center;
  gap: ${theme.space[3]}px;
  min-height: 44px;
  padding: 0 ${theme.space[3]}px;
  border-radius: ${theme.radii.md};
  color: ${theme.colors.text};
  font-weight: ${theme.fontWeights.medium};
  text-decoration: none;
  white-space: nowrap;
  &:hover {
    background: ${theme.colors.surfaceMuted};
  }
  &[aria-current='page'] {
    background: ${theme.colors.primaryLight};
    color: ${theme.colors.primaryDark};
  }
  &:focus-visible {
    outline: 2px solid ${theme.colors.focus};
    outline-offset: 2px;
  }
`

const Main = styled.main`
  grid-area: main;
  width: 100%;
  max-width: 1440px;
  padding: ${theme.space[5]}px;
  @media (max-width: ${theme.breakpoints.md - 0.02}px) {
    padding: ${theme.space[4]}px;
  }
`

const menu = [
  { to: '/bo/gerer-accueil', label: "Gérer page d'accueil", icon: mdiHomeEdit },
  { to: '/bo/partenaires', label: 'Partenaires', icon: mdiStorefront },
  { to: '/bo/utilisateurs', label: 'Utilisateurs', icon: mdiAccountGroup },
  { to: '/bo/tableau-de-bord', label: 'Tableau de bord', icon: mdiChartBar },
  { to: '/bo/journal', label: 'Journal', icon: mdiHistory },
]

/**
 * The back-office layout: a top bar (admin area title, public pages, logout), the side menu and the page.
 * `children` replaces the routed page (stories).
 */
export function BackofficeShell({ children }: { children?: ReactNode }) {
  const { signOut } = useSession()
  const navigate = useNavigate()
  const [menuOpen, setMenuOpen] = useState(false)
  const menuId = useId()
  const menuButton = useRef<HTMLButtonElement>(null)

  // Escape closes the phone's menu and gives the focus back to its button.
  const onMenuKeyDown = (event: KeyboardEvent) => {
    if (event.key !== 'Escape' || !menuOpen) return
    setMenuOpen(false)
    menuButton.current?.focus()
  }

  const onLogout = async () => {
    // The server call needs the token, so it goes before the session is cleared; it never rejects.
    await logout()
    signOut()
    navigate('/login')
  }

  return (
    <Layout>
      <Bar>
        <MenuToggle>
          <IconButton
            ref={menuButton}
            label="Menu"
            icon={menuOpen ? mdiClose : mdiMenu}
            color="inherit"
            tooltip={false}
            aria-expanded={menuOpen}
            aria-controls={menuId}
            onClick={() => setMenuOpen((open) => !open)}
          />
        </MenuToggle>
        <BarTitle>
          <Icon path={mdiShieldAccount} />
          Espace administration
        </BarTitle>
        <IconButton label="Aller aux pages publiques" icon={mdiWeb} color="inherit" asChild>
          <Link to="/" />
        </IconButton>
        <IconButton label="Déconnexion" icon={mdiLogout} color="inherit" onClick={onLogout} />
      </Bar>
      <Nav
        id={menuId}
        aria-label="Menu d'administration"
        data-open={menuOpen || undefined}
        onKeyDown={onMenuKeyDown}
      >
        <NavList>
          {menu.map((item) => (
            <li key={item.to}>
              <NavItem to={item.to} onClick={() => setMenuOpen(false)}>
                <Icon path={item.icon} size={22} />
                {item.label}
              </NavItem>
            </li>
          ))}
        </NavList>
      </Nav>
      <Main>
        {/* The partner form's place search loads Google Maps on first use, with the server's key. */}
        <MapsProvider>{children ?? <Outlet />}</MapsProvider>
      </Main>
    </Layout>
  )
}

export default BackofficeShell
