/**
 * The map screen's messages, in a module of their own: the build (scripts/prerender.ts) writes the no-key message
 * into the map page's HTML, and must not load the screen (its styled components) to get the text.
 */
export const NO_KEY_MESSAGE =
  "La carte ne peut pas s'afficher pour le moment. Retrouvez ci-dessous les partenaires proches de vous, ou cherchez-en un par nom, ville ou catégorie."
export const LOAD_ERROR_MESSAGE =
  'Impossible de charger la carte. Vérifiez votre connexion puis revenez sur la carte. Les partenaires proches de vous sont listés ci-dessous.'
export const REFRESH_LABEL = 'Rechercher dans cette zone'
