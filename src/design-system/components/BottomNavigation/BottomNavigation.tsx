import type { ReactNode } from 'react'
import { NavLink } from 'react-router'
import styled from 'styled-components'
import { Icon } from '../../icons/index.ts'

export interface BottomNavItem {
  /** Route of the item, e.g. '/rechercher'. */
  to: string
  /** French label, e.g. 'Rechercher'. */
  label: string
  /** An MDI path (e.g. `mdiMagnify`) or a node. */
  icon: string | ReactNode
  /** Active only on an exact match (use for '/'). */
  end?: boolean
}

const Nav = styled.nav`
  position: fixed;
  left: 0;
  right: 0;
  bottom: 0;
  z-index: ${({ theme }) => theme.zIndices.bottomNav};
  background: ${({ theme }) => theme.colors.surface};
  border-top: 1px solid ${({ theme }) => theme.colors.divider};
  box-shadow: 0 -2px 8px rgba(16, 24, 40, 0.06);
  padding-bottom: env(safe-area-inset-bottom);
  &[data-position='static'] {
    position: static;
  }
`

const List = styled.ul`
  display: flex;
  max-width: 720px;
  margin: 0 auto;
  padding: 0;
  list-style: none;
  & > li {
    flex: 1;
  }
`

const Item = styled(NavLink)`
  display: flex;
  flex-direction: column;
  align-items: center;
  justify-content: center;
  gap: 2px;
  height: 56px;
  color: ${({ theme }) => theme.colors.textMuted};
  font-size: ${({ theme }) => theme.fontSizes.xs};
  text-decoration: none;
  -webkit-tap-highlight-color: transparent;
  &[aria-current='page'] {
    color: ${({ theme }) => theme.colors.primary};
    font-weight: ${({ theme }) => theme.fontWeights.bold};
  }
  &:focus-visible {
    outline-offset: -2px;
  }
`

export interface BottomNavigationProps {
  items: BottomNavItem[]
  /** 'fixed' (default) sticks to the bottom of the screen; 'static' stays in the flow (e.g. stories, desktop). */
  position?: 'fixed' | 'static'
  'aria-label'?: string
}

/** Height to reserve at the bottom of a page above a fixed BottomNavigation. */
export const BOTTOM_NAV_HEIGHT = 57

/**
 * The end-user app's tab bar (Accueil, Rechercher, Carte, Menu): router NavLinks, the current one marked with
 * aria-current="page". The screens pass the items.
 */
export function BottomNavigation({
  items,
  position = 'fixed',
  'aria-label': ariaLabel = 'Navigation principale',
}: BottomNavigationProps) {
  return (
    <Nav aria-label={ariaLabel} data-position={position} data-bottom-navigation={position}>
      <List>
        {items.map((item) => (
          <li key={item.to}>
            <Item to={item.to} end={item.end}>
              {typeof item.icon === 'string' ? <Icon path={item.icon} size={24} /> : item.icon}
              <span>{item.label}</span>
            </Item>
          </li>
        ))}
      </List>
    </Nav>
  )
}
