/** The addresses of the legal pages (app/routes). */
export const legalPaths = {
  privacy: '/confidentialite',
  notice: '/mentions-legales',
  accessibility: '/accessibilite',
} as const
