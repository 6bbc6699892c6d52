/**
 * The product's design tokens (spec section 9): primary blue, secondary light blue, buttons keep their
 * text case, breakpoints 600/960/1280/1920/2560 with the mobile layout below the large one (1280).
 */
export const breakpoints = { sm: 600, md: 960, lg: 1280, xl: 1920, xxl: 2560 } as const

export const theme = {
  colors: {
    primary: '#1565c0',
    primaryDark: '#0d47a1',
    primaryLight: '#e3f2fd',
    onPrimary: '#ffffff',
    secondary: '#90caf9',
    secondaryDark: '#42a5f5',
    /** A secondary button's fill on hover. */
    secondaryHover: '#64b5f6',
    /** A secondary button's outline: 3.7:1 on white (WCAG 1.4.11), where the light fill alone is 1.75:1. */
    secondaryBorder: '#1e88e5',
    onSecondary: '#0b2a4a',
    background: '#f5f7fa',
    surface: '#ffffff',
    surfaceMuted: '#eef1f5',
    text: '#1a1f26',
    textMuted: '#4f5b67',
    /** Cards, chips and other edges that text or a fill already identifies (decorative, 1.5:1 on white). */
    border: '#c9d1da',
    /**
     * The resting edge of form controls (fields, lists, pickers): the border's blue-grey, darkened to 3.5:1 on
     * white and 3.1:1 on surfaceMuted (WCAG 1.4.11); hover (textMuted) and focus (primary, 2px) stay apart from it.
     */
    inputBorder: '#778ba2',
    divider: '#e3e8ee',
    focus: '#1565c0',
    /** The dark ring around a white focus ring drawn over photos (carousel arrows, article links). */
    focusOuter: '#0b2a4a',
    /** Text and icons on dark surfaces and on photos (tooltip, toasts, photo viewer, carousel controls). */
    onDark: '#ffffff',
    /** The dark surface of tooltips. */
    inverseSurface: '#263238',
    /** The full-screen photo viewer's backdrop. */
    viewerBackground: '#111111',
    success: '#2e7d32',
    successBg: '#e8f5e9',
    /** Success text on successBg, and the success toast's fill. */
    successDark: '#1b5e20',
    warning: '#b45309',
    warningBg: '#fff3e0',
    /** The warning toast's fill. */
    warningDark: '#8a4300',
    /** Warning text on warningBg. */
    warningText: '#7a3a05',
    /** A warning badge's fill (with dark text). */
    warningFill: '#f59e0b',
    danger: '#c62828',
    dangerBg: '#ffebee',
    /** A danger button's hover, and the error toast's fill. */
    dangerDark: '#b71c1c',
    /** Error text on dangerBg. */
    dangerText: '#8e1b1b',
    info: '#1565c0',
    infoBg: '#e3f2fd',
    /** Information text on infoBg. */
    infoText: '#0b3c75',
    skeleton: '#e3e8ee',
    overlay: 'rgba(10, 20, 30, 0.5)',
    star: '#f5a623',
  },
  /** Chip colours for the server's statuses: ACTIF green, PROSPECT orange, DESACTIVE red; Publié green, Brouillon red. */
  status: {
    ACTIF: { fg: '#ffffff', bg: '#2e7d32' },
    PROSPECT: { fg: '#1a1f26', bg: '#f59e0b' },
    DESACTIVE: { fg: '#ffffff', bg: '#c62828' },
    PUBLISHED: { fg: '#ffffff', bg: '#2e7d32' },
    DRAFT: { fg: '#ffffff', bg: '#c62828' },
    /** Coupon statuses. */
    ENABLED: { fg: '#ffffff', bg: '#2e7d32' },
    DISABLED: { fg: '#ffffff', bg: '#616161' },
  },
  fonts: {
    body: "'Inter Variable', system-ui, -apple-system, 'Segoe UI', Roboto, 'Helvetica Neue', Arial, 'Noto Sans', 'Liberation Sans', sans-serif",
    mono: "ui-monospace, 'SFMono-Regular', Menlo, Consolas, 'Liberation Mono', monospace",
  },
  fontSizes: { xs: '0.75rem', sm: '0.875rem', md: '1rem', lg: '1.125rem', xl: '1.375rem', xxl: '1.75rem' },
  fontWeights: { regular: 400, medium: 500, bold: 700 },
  lineHeights: { tight: 1.2, normal: 1.5 },
  /** Spacing scale in px: space(1) = 4px. */
  space: [0, 4, 8, 12, 16, 24, 32, 48, 64] as const,
  radii: { sm: '4px', md: '8px', lg: '16px', pill: '999px', round: '50%' },
  shadows: {
    1: '0 1px 2px rgba(16, 24, 40, 0.12), 0 1px 3px rgba(16, 24, 40, 0.08)',
    2: '0 4px 8px rgba(16, 24, 40, 0.12), 0 2px 4px rgba(16, 24, 40, 0.08)',
    3: '0 12px 24px rgba(16, 24, 40, 0.18), 0 4px 8px rgba(16, 24, 40, 0.08)',
  },
  zIndices: { appBar: 100, bottomNav: 100, sheet: 1200, dialog: 1300, toast: 1400, tooltip: 1500 },
  breakpoints,
  /** Media queries: `mobile` is everything below the large breakpoint (spec: mobile breakpoint is the large one). */
  media: {
    sm: `@media (min-width: ${breakpoints.sm}px)`,
    md: `@media (min-width: ${breakpoints.md}px)`,
    lg: `@media (min-width: ${breakpoints.lg}px)`,
    xl: `@media (min-width: ${breakpoints.xl}px)`,
    xxl: `@media (min-width: ${breakpoints.xxl}px)`,
    mobile: `@media (max-width: ${breakpoints.lg - 0.02}px)`,
  },
  transitions: { fast: '120ms ease-out', normal: '200ms ease-out' },
} as const

export type Theme = typeof theme
