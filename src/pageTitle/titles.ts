/** The app's name: every page's title ends with it, and it is the whole title while a page's own is unknown. */
export const APP_NAME = 'Partenaires'

/**
 * The titles of the pages whose HTML the build prerenders (app/prerender/routes.ts): their screens set them at
 * run time (usePageTitle) and the build writes the same full title into each page's `<title>`, so a phone shows
 * it before any script has run. One place for both, so they cannot drift apart.
 */
export const PAGE_TITLES = {
  login: 'Connexion',
  register: 'Inscription',
  forgotPassword: 'Mot de passe oublié',
  resetPassword: 'Réinitialisation du mot de passe',
  home: 'Accueil',
  find: 'Rechercher',
  map: 'Carte',
  menu: 'Menu',
  favorites: 'Mes favoris',
  usedOffers: 'Mes coupons utilisés',
  privacy: 'Politique de confidentialité',
  legalNotice: 'Mentions légales',
  accessibility: 'Déclaration d’accessibilité',
} as const

/** The titles of the signed-in pages that are not prerendered (issue 40: the person's own account). */
export const ACCOUNT_TITLES = {
  account: 'Mon compte',
  confirmEmail: 'Confirmation de l’adresse e-mail',
} as const

/** '<title> — Partenaires'; the app's name alone while the page's title is still loading (`null`). */
export const fullPageTitle = (title: string | null) => (title === null ? APP_NAME : `${title} — ${APP_NAME}`)
