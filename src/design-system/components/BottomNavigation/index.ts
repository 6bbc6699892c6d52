export {
  BottomNavigation,
  BOTTOM_NAV_HEIGHT,
  type BottomNavigationProps,
  type BottomNavItem,
} from './BottomNavigation.tsx'
