import type { ReactNode } from 'react'
import { NavLink } from 'react-router'
import styled from 'styled-components'
import { Icon } from '@/src/design-system/icons/index.ts'
import { theme } from '@/src/design-system/theme/theme.ts'

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

/** On laptops and wider the public pages keep to a column this wide (the tab bar's items too). */
export const LAPTOP_CONTENT_WIDTH = 1120

const Nav = styled.nav`
  position: fixed;
  left: 0;
  right: 0;
  bottom: 0;
  z-index: ${theme.zIndices.bottomNav};
  background: ${theme.colors.surface};
  border-top: 1px solid ${theme.colors.divider};
  box-shadow: 0 -2px 8px rgba(16, 24, 40, 0.06);
  padding-bottom: env(safe-area-inset-bottom);
  &[data-position='static'] {
    position: static;
  }
  /* Laptops and wider: a bar across the top, first on screen, instead of a phone's bar at the bottom. */
  ${theme.media.lg} {
    &[data-position='fixed'] {
      position: sticky;
      top: 0;
      bottom: auto;
      order: -1;
      padding-bottom: 0;
      border-top: 0;
      border-bottom: 1px solid ${theme.colors.divider};
      box-shadow: 0 2px 8px rgba(16, 24, 40, 0.06);
    }
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
  ${theme.media.lg} {
    [data-position='fixed'] > & {
      max-width: ${LAPTOP_CONTENT_WIDTH}px;
      justify-content: center;
      gap: 8px;
    }
    [data-position='fixed'] > & > li {
      flex: none;
    }
  }
`

const Item = styled(NavLink)`
  display: flex;
  flex-direction: column;
  align-items: center;
  justify-content: center;
  gap: 2px;
  height: 56px;
  color: ${theme.colors.textMuted};
  font-size: ${theme.fontSizes.xs};
  text-decoration: none;
  -webkit-tap-highlight-color: transparent;
  &[aria-current='page'] {
    color: ${theme.colors.primary};
    font-weight: ${theme.fontWeights.bold};
  }
  &:focus-visible {
    outline-offset: -2px;
  }
  ${theme.media.lg} {
    [data-position='fixed'] & {
      flex-direction: row;
      gap: 8px;
      padding: 0 20px;
      font-size: ${theme.fontSizes.sm};
    }
  }
`

export interface BottomNavigationProps {
  /** Les onglets : destination, libellé et icône de chacun ; l’onglet de la page affichée est mis en avant. */
  items: BottomNavItem[]
  /** `fixed` (par défaut) : collée en bas de l’écran ; `static` : à sa place dans la page. */
  position?: 'fixed' | 'static'
  /** Nom de la région de navigation pour le lecteur d’écran. */
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
