export { theme, breakpoints, type Theme } from './theme.ts'
export { GlobalStyle } from './GlobalStyle.ts'
export { DesignSystemProvider } from './ThemeProvider.tsx'
export {
  fadeIn,
  modalOverlay,
  quietIconButton,
  roundIconButton,
  stickyTopBar,
  unstyledList,
} from './mixins.ts'
