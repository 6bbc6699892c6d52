/**
 * The icons offered for a category in the back-office's icon picker, with a French label and search words. The
 * server accepts any Material Design Icons name (GET /api/icons/{name}, contract/icons.ts): this is the short,
 * named choice an administrator picks from; a name outside it can still be typed. Each name is checked against
 * @mdi/js by categoryIcons.test.ts, the set the server draws from.
 */
export interface CategoryIconChoice {
  /** Material Design Icons name, as stored with the category. */
  name: string
  label: string
  /** Other French words an administrator may search with. */
  keywords: readonly string[]
}

export const CATEGORY_ICONS: readonly CategoryIconChoice[] = [
  { name: 'star', label: 'Étoile', keywords: ['favori', 'divers', 'autre'] },
  {
    name: 'silverware-fork-knife',
    label: 'Restaurant',
    keywords: ['couverts', 'repas', 'manger', 'cuisine'],
  },
  { name: 'coffee', label: 'Café', keywords: ['bar', 'boisson', 'tasse', 'expresso'] },
  { name: 'tea', label: 'Salon de thé', keywords: ['thé', 'infusion', 'boisson'] },
  { name: 'glass-cocktail', label: 'Cocktail', keywords: ['bar', 'boisson', 'apéritif'] },
  { name: 'glass-wine', label: 'Vin', keywords: ['bar à vin', 'cave', 'boisson', 'verre'] },
  { name: 'bottle-wine', label: 'Caviste', keywords: ['cave', 'vin', 'bouteille'] },
  { name: 'beer', label: 'Bière', keywords: ['bar', 'brasserie', 'pub', 'boisson'] },
  { name: 'pizza', label: 'Pizzeria', keywords: ['pizza', 'restaurant', 'italien'] },
  { name: 'hamburger', label: 'Burger', keywords: ['restauration rapide', 'snack', 'hamburger'] },
  { name: 'noodles', label: 'Cuisine asiatique', keywords: ['nouilles', 'restaurant', 'wok'] },
  { name: 'food-drumstick', label: 'Rôtisserie', keywords: ['poulet', 'viande', 'traiteur'] },
  { name: 'ice-cream', label: 'Glacier', keywords: ['glace', 'dessert', 'sorbet'] },
  { name: 'baguette', label: 'Boulangerie', keywords: ['pain', 'baguette'] },
  { name: 'food-croissant', label: 'Viennoiserie', keywords: ['croissant', 'boulangerie', 'petit-déjeuner'] },
  { name: 'cake-variant', label: 'Pâtisserie', keywords: ['gâteau', 'dessert'] },
  { name: 'cupcake', label: 'Salon sucré', keywords: ['cupcake', 'pâtisserie', 'gâteau'] },
  { name: 'fish', label: 'Poissonnerie', keywords: ['poisson', 'fruits de mer'] },
  { name: 'cheese', label: 'Fromagerie', keywords: ['fromage', 'crèmerie'] },
  { name: 'food-apple', label: 'Primeur', keywords: ['fruits', 'légumes', 'pomme'] },
  { name: 'carrot', label: 'Produits bio', keywords: ['légumes', 'bio', 'carotte', 'maraîcher'] },
  { name: 'basket', label: 'Épicerie', keywords: ['panier', 'épicerie fine', 'courses'] },
  { name: 'cart', label: 'Supermarché', keywords: ['courses', 'chariot', 'magasin'] },
  { name: 'store', label: 'Boutique', keywords: ['magasin', 'commerce'] },
  { name: 'shopping', label: 'Shopping', keywords: ['sac', 'achats', 'magasin'] },
  { name: 'gift', label: 'Cadeaux', keywords: ['cadeau', 'souvenirs'] },
  { name: 'hanger', label: 'Mode', keywords: ['vêtements', 'cintre', 'prêt-à-porter'] },
  { name: 'tshirt-crew', label: 'Vêtements', keywords: ['t-shirt', 'mode', 'textile'] },
  { name: 'shoe-heel', label: 'Chaussures', keywords: ['escarpin', 'mode'] },
  { name: 'diamond-stone', label: 'Bijouterie', keywords: ['bijoux', 'diamant', 'joaillerie'] },
  { name: 'glasses', label: 'Opticien', keywords: ['lunettes', 'vue'] },
  { name: 'content-cut', label: 'Coiffure', keywords: ['ciseaux', 'coiffeur', 'barbier'] },
  { name: 'hair-dryer', label: 'Salon de coiffure', keywords: ['sèche-cheveux', 'coiffeur', 'brushing'] },
  { name: 'lipstick', label: 'Beauté', keywords: ['maquillage', 'esthétique', 'cosmétiques'] },
  { name: 'spa', label: 'Spa', keywords: ['bien-être', 'massage', 'détente'] },
  { name: 'yoga', label: 'Yoga', keywords: ['bien-être', 'méditation', 'sport'] },
  { name: 'dumbbell', label: 'Salle de sport', keywords: ['sport', 'musculation', 'fitness', 'haltère'] },
  { name: 'run', label: 'Course à pied', keywords: ['sport', 'running', 'jogging'] },
  { name: 'swim', label: 'Piscine', keywords: ['natation', 'nage', 'sport'] },
  { name: 'tennis', label: 'Tennis', keywords: ['raquette', 'sport'] },
  { name: 'soccer', label: 'Football', keywords: ['foot', 'ballon', 'sport'] },
  { name: 'bike', label: 'Vélo', keywords: ['cycle', 'bicyclette', 'sport'] },
  { name: 'hiking', label: 'Randonnée', keywords: ['marche', 'montagne', 'plein air'] },
  { name: 'theater', label: 'Culture', keywords: ['théâtre', 'spectacle', 'loisirs'] },
  { name: 'movie-open', label: 'Cinéma', keywords: ['film', 'séance'] },
  { name: 'music', label: 'Musique', keywords: ['concert', 'disques', 'note'] },
  { name: 'guitar-acoustic', label: 'Instruments', keywords: ['guitare', 'musique'] },
  { name: 'book-open-variant', label: 'Librairie', keywords: ['livres', 'lecture', 'bibliothèque'] },
  { name: 'palette', label: 'Art', keywords: ['peinture', 'galerie', 'atelier'] },
  { name: 'camera', label: 'Photographie', keywords: ['photo', 'appareil'] },
  { name: 'gamepad-variant', label: 'Jeux vidéo', keywords: ['jeux', 'console', 'manette'] },
  { name: 'puzzle', label: 'Jeux et jouets', keywords: ['jouets', 'jeux de société', 'puzzle'] },
  { name: 'car', label: 'Automobile', keywords: ['voiture', 'location'] },
  { name: 'car-wrench', label: 'Garage', keywords: ['mécanique', 'réparation', 'voiture'] },
  { name: 'gas-station', label: 'Station-service', keywords: ['essence', 'carburant'] },
  { name: 'tools', label: 'Bricolage', keywords: ['outils', 'quincaillerie', 'travaux'] },
  { name: 'washing-machine', label: 'Laverie', keywords: ['pressing', 'linge', 'lavage'] },
  { name: 'sofa', label: 'Ameublement', keywords: ['meubles', 'canapé', 'décoration'] },
  { name: 'flower', label: 'Fleuriste', keywords: ['fleurs', 'jardin', 'plantes'] },
  { name: 'leaf', label: 'Nature', keywords: ['écologie', 'jardinerie', 'feuille'] },
  { name: 'paw', label: 'Animalerie', keywords: ['animaux', 'vétérinaire', 'patte'] },
  { name: 'pill', label: 'Pharmacie', keywords: ['médicaments', 'santé', 'parapharmacie'] },
  { name: 'stethoscope', label: 'Santé', keywords: ['médecin', 'cabinet', 'soins'] },
  { name: 'tooth', label: 'Dentiste', keywords: ['dent', 'santé'] },
  { name: 'baby-carriage', label: 'Enfants', keywords: ['bébé', 'puériculture', 'poussette'] },
  { name: 'school', label: 'Formation', keywords: ['école', 'cours', 'éducation'] },
  { name: 'laptop', label: 'Informatique', keywords: ['ordinateur', 'réparation', 'numérique'] },
  { name: 'cellphone', label: 'Téléphonie', keywords: ['téléphone', 'mobile', 'smartphone'] },
  { name: 'printer', label: 'Imprimerie', keywords: ['impression', 'reprographie', 'papeterie'] },
  { name: 'bed', label: 'Hôtel', keywords: ['hébergement', 'chambre', 'lit'] },
  { name: 'airplane', label: 'Voyages', keywords: ['agence de voyages', 'avion', 'tourisme'] },
  { name: 'bus', label: 'Transport', keywords: ['bus', 'navette', 'autocar'] },
  { name: 'bank', label: 'Banque', keywords: ['assurance', 'finance'] },
  { name: 'home', label: 'Immobilier', keywords: ['maison', 'agence', 'logement'] },
  { name: 'key', label: 'Serrurier', keywords: ['clé', 'clés', 'cordonnerie'] },
  { name: 'heart', label: 'Solidarité', keywords: ['association', 'cœur', 'coup de cœur'] },
]

/** Lower case without accents, so 'cafe' finds 'Café' and 'Epicerie' finds 'Épicerie'. */
function folded(text: string): string {
  return text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .trim()
}

/** The choices whose French label, search words or icon name contain the query (all of them for an empty one). */
export function searchCategoryIcons(query: string): readonly CategoryIconChoice[] {
  const words = folded(query).split(/\s+/).filter(Boolean)
  if (words.length === 0) return CATEGORY_ICONS
  return CATEGORY_ICONS.filter((choice) => {
    const text = folded([choice.label, ...choice.keywords, choice.name.replace(/-/g, ' ')].join(' '))
    return words.every((word) => text.includes(word))
  })
}
