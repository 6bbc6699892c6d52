import { createGlobalStyle } from 'styled-components'
import { theme } from './theme.ts'

/**
 * The page's base styles. Static (the theme's values, not functions of the provider's theme): styled-components
 * then writes them once, and finds them already in a prerendered page's sheet, instead of removing and inserting
 * them again at every render of the provider above it, each time restyling the whole page.
 */
export const GlobalStyle = createGlobalStyle`
  *, *::before, *::after { box-sizing: border-box; }
  html { -webkit-text-size-adjust: 100%; }
  html, body, #root { height: 100%; }
  body {
    margin: 0;
    font-family: ${theme.fonts.body};
    font-size: ${theme.fontSizes.md};
    line-height: ${theme.lineHeights.normal};
    color: ${theme.colors.text};
    background: ${theme.colors.background};
    -webkit-font-smoothing: antialiased;
  }
  button, input, select, textarea { font: inherit; color: inherit; }
  a { color: ${theme.colors.primary}; }
  img { max-width: 100%; display: block; }
  :focus-visible { outline: 2px solid ${theme.colors.focus}; outline-offset: 2px; }
  @media (prefers-reduced-motion: reduce) {
    *, *::before, *::after { animation-duration: 0.01ms !important; transition-duration: 0.01ms !important; }
  }
`
