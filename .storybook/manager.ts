import { addons } from 'storybook/manager-api'
import { create } from 'storybook/theming'

/** The product's colours, font and icon in Storybook's own chrome, so designers know where they are. */
addons.setConfig({
  theme: create({
    base: 'light',
    brandTitle: 'Partenaires — bibliothèque d’interface',
    brandImage: '/icons/icon.svg',
    brandTarget: '_self',
    colorPrimary: '#1565c0',
    colorSecondary: '#1565c0',
    appBg: '#f5f7fa',
    appContentBg: '#ffffff',
    appBorderColor: '#c9d1da',
    appBorderRadius: 8,
    fontBase: "'Inter Variable', system-ui, -apple-system, 'Segoe UI', Roboto, sans-serif",
    textColor: '#1a1f26',
    textMutedColor: '#4f5b67',
    barSelectedColor: '#1565c0',
  }),
})
