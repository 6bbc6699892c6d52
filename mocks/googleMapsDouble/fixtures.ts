/**
 * What the double's Places and Geocoding answer from: a few French cities and establishments as Google describes
 * them (ids, types, address components in French), and one foreign city so that region restrictions are seen.
 */
export interface DoublePlace {
  id: string
  displayName: string
  /** Google's types; the first is the primary type. */
  types: string[]
  location: { lat: number; lng: number }
  formattedAddress: string
  regionCode: string
  addressComponents: { longText: string; shortText: string; types: string[] }[]
  nationalPhoneNumber?: string
  rating?: number
  userRatingCount?: number
}

const city = (
  id: string,
  name: string,
  department: string,
  postalCode: string,
  lat: number,
  lng: number,
): DoublePlace => ({
  id,
  displayName: name,
  types: ['locality', 'political'],
  location: { lat, lng },
  formattedAddress: `${name}, France`,
  regionCode: 'FR',
  addressComponents: [
    { longText: name, shortText: name, types: ['locality', 'political'] },
    { longText: department, shortText: department, types: ['administrative_area_level_2', 'political'] },
    { longText: 'France', shortText: 'FR', types: ['country', 'political'] },
    { longText: postalCode, shortText: postalCode, types: ['postal_code'] },
  ],
})

export const doublePlaces: DoublePlace[] = [
  city('ChIJM1PaREO_yRIRIAKX_aUZCAQ', 'Marseille', 'Bouches-du-Rhône', '13001', 43.296482, 5.36978),
  city('ChIJpQ6JjcON4hIRoKLyQ5Pr9lY', 'Aix-en-Provence', 'Bouches-du-Rhône', '13100', 43.529742, 5.447427),
  city('ChIJl4foalHq9EcR8CG75CqrCAQ', 'Lyon', 'Rhône', '69001', 45.764043, 4.835659),
  city('ChIJD7fiBh9u5kcRYJSMaMOCCwQ', 'Paris', 'Paris', '75001', 48.856614, 2.352222),
  city('ChIJ8VgWbT4byRIRQAaX_aUZCAQ', 'Toulon', 'Var', '83000', 43.124228, 5.928),
  city('ChIJ3WPAlmSGthIRwCmX_aUZCAQ', 'Marseillan', 'Hérault', '34340', 43.356918, 3.528238),
  {
    id: 'ChIJmysnFgZYSoYRSfPTL2YJuck',
    displayName: 'Paris',
    types: ['locality', 'political'],
    location: { lat: 33.660939, lng: -95.555513 },
    formattedAddress: 'Paris, TX, USA',
    regionCode: 'US',
    addressComponents: [
      { longText: 'Paris', shortText: 'Paris', types: ['locality', 'political'] },
      { longText: 'Texas', shortText: 'TX', types: ['administrative_area_level_1', 'political'] },
      { longText: 'États-Unis', shortText: 'US', types: ['country', 'political'] },
    ],
  },
  {
    id: 'ChIJ7Wz5vQfAyRIRm8hFpLhbLf4',
    displayName: 'Four des Navettes',
    types: ['bakery', 'food', 'store', 'point_of_interest', 'establishment'],
    location: { lat: 43.290509, lng: 5.365143 },
    formattedAddress: '136 Rue Sainte, 13007 Marseille, France',
    regionCode: 'FR',
    addressComponents: [
      { longText: '136', shortText: '136', types: ['street_number'] },
      { longText: 'Rue Sainte', shortText: 'Rue Sainte', types: ['route'] },
      { longText: 'Marseille', shortText: 'Marseille', types: ['locality', 'political'] },
      {
        longText: 'Bouches-du-Rhône',
        shortText: 'Bouches-du-Rhône',
        types: ['administrative_area_level_2', 'political'],
      },
      { longText: 'France', shortText: 'FR', types: ['country', 'political'] },
      { longText: '13007', shortText: '13007', types: ['postal_code'] },
    ],
    nationalPhoneNumber: '04 91 33 32 12',
    rating: 4.5,
    userRatingCount: 1870,
  },
  {
    id: 'ChIJ0RZzBAbAyRIR4l6mJ0v0a2c',
    displayName: 'Bar de la Marine',
    types: ['bar', 'point_of_interest', 'establishment'],
    location: { lat: 43.293106, lng: 5.371322 },
    formattedAddress: '15 Quai de Rive Neuve, 13007 Marseille, France',
    regionCode: 'FR',
    addressComponents: [
      { longText: '15', shortText: '15', types: ['street_number'] },
      { longText: 'Quai de Rive Neuve', shortText: 'Quai de Rive Neuve', types: ['route'] },
      { longText: 'Marseille', shortText: 'Marseille', types: ['locality', 'political'] },
      { longText: 'France', shortText: 'FR', types: ['country', 'political'] },
      { longText: '13007', shortText: '13007', types: ['postal_code'] },
    ],
    nationalPhoneNumber: '04 91 54 95 42',
    rating: 4.1,
    userRatingCount: 2210,
  },
  {
    // Newly opened: no phone and no rating yet (the form keeps what the admin typed).
    id: 'ChIJx9Lr6tC_yRIRw1mXFZ1sM2A',
    displayName: 'Atelier Vélo du Panier',
    types: ['bicycle_store', 'store', 'point_of_interest', 'establishment'],
    location: { lat: 43.299913, lng: 5.367521 },
    formattedAddress: '4 Place de Lenche, 13002 Marseille, France',
    regionCode: 'FR',
    addressComponents: [
      { longText: '4', shortText: '4', types: ['street_number'] },
      { longText: 'Place de Lenche', shortText: 'Pl. de Lenche', types: ['route'] },
      { longText: 'Marseille', shortText: 'Marseille', types: ['locality', 'political'] },
      { longText: 'France', shortText: 'FR', types: ['country', 'political'] },
      { longText: '13002', shortText: '13002', types: ['postal_code'] },
    ],
  },
]
