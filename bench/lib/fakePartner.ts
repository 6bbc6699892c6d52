import { mdiStar } from '@mdi/js'
import type { Partner, PartnerSearchResult } from '@/contract/schemas.ts'
import { round } from './stats.ts'

/** The i-th of the benchmarks' made-up partners (the back-office table: categories with their icon paths). */
export function fakePartner(i: number): Partner & Pick<PartnerSearchResult, 'distanceToUser'> {
  return {
    partnerId: { id: i + 1 },
    name: `Partenaire ${i + 1} du Marché`,
    description: 'Accueil chaleureux, produits locaux et offres réservées aux adhérents.',
    siren: String(100_000_000 + i),
    location: {
      address: `${1 + (i % 120)} rue de la République`,
      city: ['Paris', 'Lyon', 'Marseille', 'Nantes'][i % 4],
      position: { lat: 48.85 + (i % 100) / 1000, lng: 2.35 + (i % 70) / 1000 },
    },
    email: `contact${i + 1}@partenaire.exemple.fr`,
    phone: '01 23 45 67 89',
    representativeFirstName: null,
    representativeLastName: null,
    categories: [
      {
        id: 1 + (i % 9),
        label: [
          'Restaurants',
          'Boulangeries',
          'Bars',
          'Shopping',
          'Bien-être',
          'Sport',
          'Garages',
          'Hôtels',
          'Loisirs',
        ][i % 9],
        icon: 'star',
        iconPath: mdiStar,
      },
    ],
    status: 'ACTIF',
    discountOffers:
      i % 3 === 0
        ? []
        : [{ id: { id: i * 3 + 1 }, libelle: '-10 % sur la carte', status: 'ENABLED', expirationDate: null }],
    images: [],
    rating: i % 4 === 0 ? null : 3 + (i % 20) / 10,
    userRatingsTotal: i % 4 === 0 ? null : 10 + (i % 300),
    distanceToUser: round(0.05 + i * 0.01, 3),
  }
}

/** The i-th made-up partner as the search sends it (Find's list): categories without their icon paths. */
export function fakeSearchResult(i: number): PartnerSearchResult {
  const partner = fakePartner(i)
  return {
    ...partner,
    categories: partner.categories.map(({ id, label, icon }) => ({ id, label, icon })),
    images: [],
  }
}
