export {
  BottomNavigation,
  BOTTOM_NAV_HEIGHT,
  LAPTOP_CONTENT_WIDTH,
  type BottomNavigationProps,
  type BottomNavItem,
} from './BottomNavigation.tsx'
