import seedPartners from './partners.json' with { type: 'json' }
/** Demo directory: fictitious businesses at plausible addresses (names and phone numbers are invented). */

export interface SeedCategory {
  label: string
  icon: string
  color: [string, string]
}

export const categories: SeedCategory[] = [
  { label: 'Restaurants', icon: 'silverware-fork-knife', color: ['#e65100', '#ffb74d'] },
  { label: 'Boulangeries', icon: 'baguette', color: ['#8d6e63', '#ffe0b2'] },
  { label: 'Bars', icon: 'glass-cocktail', color: ['#6a1b9a', '#f48fb1'] },
  { label: 'Shopping', icon: 'shopping', color: ['#1565c0', '#90caf9'] },
  { label: 'Bien-être', icon: 'spa', color: ['#00796b', '#a5d6a7'] },
  { label: 'Sport', icon: 'dumbbell', color: ['#c62828', '#ef9a9a'] },
  { label: 'Garages', icon: 'car-wrench', color: ['#37474f', '#b0bec5'] },
  { label: 'Hôtels', icon: 'bed', color: ['#283593', '#9fa8da'] },
  { label: 'Loisirs', icon: 'ticket', color: ['#ad1457', '#ffcc80'] },
]

export interface SeedOffer {
  libelle: string
  status?: 'ENABLED' | 'DISABLED'
  /** Days from today; negative = already expired; undefined = no expiry. */
  expiresInDays?: number
}

export interface SeedPartner {
  name: string
  description: string
  address: string
  city: string
  lat: number
  lng: number
  phone: string
  categories: string[]
  status?: 'ACTIF' | 'PROSPECT' | 'DESACTIVE'
  rating?: number
  ratings?: number
  representative?: [string, string]
  siren?: string
  photos?: number
  offers: SeedOffer[]
}

/**
 * The demo directory (server/seed/partners.json: data, not code). Marseille first: the map opens on 43.296, 5.370.
 */
export const partners: SeedPartner[] = seedPartners as SeedPartner[]

export interface SeedArticle {
  title: string
  status: 'PUBLISHED' | 'DRAFT'
  position: number
  link: { text: string; url: string; target: '' | '_blank' | '_self' } | null
  color: [string, string]
}

export const articles: SeedArticle[] = [
  {
    title: 'Les bonnes tables de Marseille',
    status: 'PUBLISHED',
    position: 1,
    link: { text: 'Voir les restaurants', url: '/rechercher?c=1', target: '_self' },
    color: ['#0d47a1', '#4fc3f7'],
  },
  {
    title: 'Profitez de vos coupons tout l’été',
    status: 'PUBLISHED',
    position: 2,
    link: { text: 'Explorer la carte', url: '/map', target: '' },
    color: ['#e65100', '#ffd54f'],
  },
  {
    title: 'Découvrez la Provence',
    status: 'PUBLISHED',
    position: 3,
    link: { text: 'Office de tourisme', url: 'https://www.myprovence.fr/', target: '_blank' },
    color: ['#1b5e20', '#aed581'],
  },
  {
    title: 'Nouveaux partenaires à Lyon (brouillon)',
    status: 'DRAFT',
    position: 4,
    link: null,
    color: ['#4a148c', '#ce93d8'],
  },
]

export const demoAccounts = {
  user: { email: 'demo@exemple.fr', password: 'demo-partenaires', firstname: 'Camille', lastname: 'Dupont' },
  admin: { email: 'admin@exemple.fr', password: 'admin-partenaires', firstname: 'Alex', lastname: 'Martin' },
}
