import { sql } from 'kysely'
import type { Db } from '@/server/db/index.ts'
import { normalizeForSearch } from '@/server/validation.ts'

/** Deterministic pseudo-random numbers (mulberry32) so every run seeds the same directory. */
export function rng(seed: number): () => number {
  let a = seed >>> 0
  return () => {
    a = (a + 0x6d2b79f5) >>> 0
    let t = a
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
}

/** Cities weighted roughly by size: most partners are in or around them, the rest anywhere in France. */
export const cities: { name: string; lat: number; lng: number; weight: number }[] = [
  { name: 'Paris', lat: 48.8566, lng: 2.3522, weight: 20 },
  { name: 'Marseille', lat: 43.2965, lng: 5.3698, weight: 8 },
  { name: 'Lyon', lat: 45.764, lng: 4.8357, weight: 8 },
  { name: 'Toulouse', lat: 43.6047, lng: 1.4442, weight: 6 },
  { name: 'Nice', lat: 43.7102, lng: 7.262, weight: 5 },
  { name: 'Nantes', lat: 47.2184, lng: -1.5536, weight: 5 },
  { name: 'Strasbourg', lat: 48.5734, lng: 7.7521, weight: 4 },
  { name: 'Montpellier', lat: 43.6108, lng: 3.8767, weight: 4 },
  { name: 'Bordeaux', lat: 44.8378, lng: -0.5792, weight: 5 },
  { name: 'Lille', lat: 50.6292, lng: 3.0573, weight: 5 },
  { name: 'Rennes', lat: 48.1173, lng: -1.6778, weight: 3 },
  { name: 'Reims', lat: 49.2583, lng: 4.0317, weight: 2 },
  { name: 'Saint-Étienne', lat: 45.4397, lng: 4.3872, weight: 2 },
  { name: 'Toulon', lat: 43.1242, lng: 5.928, weight: 2 },
  { name: 'Le Havre', lat: 49.4944, lng: 0.1079, weight: 2 },
  { name: 'Grenoble', lat: 45.1885, lng: 5.7245, weight: 2 },
  { name: 'Dijon', lat: 47.322, lng: 5.0415, weight: 2 },
  { name: 'Angers', lat: 47.4784, lng: -0.5632, weight: 2 },
  { name: 'Nîmes', lat: 43.8367, lng: 4.3601, weight: 1 },
  { name: 'Clermont-Ferrand', lat: 45.7772, lng: 3.087, weight: 2 },
  { name: 'Brest', lat: 48.3904, lng: -4.4861, weight: 1 },
  { name: 'Tours', lat: 47.3941, lng: 0.6848, weight: 1 },
  { name: 'Limoges', lat: 45.8336, lng: 1.2611, weight: 1 },
  { name: 'Amiens', lat: 49.894, lng: 2.2958, weight: 1 },
  { name: 'Perpignan', lat: 42.6887, lng: 2.8948, weight: 1 },
  { name: 'Metz', lat: 49.1193, lng: 6.1757, weight: 1 },
  { name: 'Besançon', lat: 47.2378, lng: 6.0241, weight: 1 },
  { name: 'Orléans', lat: 47.9029, lng: 1.9093, weight: 1 },
  { name: 'Rouen', lat: 49.4432, lng: 1.0999, weight: 1 },
  { name: 'Caen', lat: 49.1829, lng: -0.3707, weight: 1 },
]

export const categoryLabels = [
  ['Restaurants', 'silverware-fork-knife', ['Restaurant', 'Brasserie', 'Pizzeria', 'Crêperie', 'Bistrot']],
  ['Boulangeries', 'baguette', ['Boulangerie', 'Pâtisserie', 'Fournil']],
  ['Bars', 'glass-cocktail', ['Bar', 'Café', 'Cave à vins']],
  ['Shopping', 'shopping', ['Boutique', 'Librairie', 'Fleuriste', 'Épicerie']],
  ['Bien-être', 'spa', ['Institut', 'Spa', 'Salon de coiffure']],
  ['Sport', 'dumbbell', ['Salle de sport', 'Club', 'Studio de yoga']],
  ['Garages', 'car-wrench', ['Garage', 'Carrosserie']],
  ['Hôtels', 'bed', ['Hôtel', 'Chambres d’hôtes']],
  ['Loisirs', 'ticket', ['Cinéma', 'Bowling', 'Escape game']],
] as const

/** Second part of a generated partner's name, after its kind of business. */
export const partnerNameSuffixes = [
  'du Marché',
  'de la Gare',
  'des Halles',
  'du Centre',
  'Saint-Michel',
  'Belle Époque',
  'Le Soleil',
  'Les Tilleuls',
  'Chez Léon',
  'du Port',
  'La Fontaine',
  'Le Cèdre',
  'du Parc',
  'Les Arcades',
  'Victor Hugo',
  'de l’Église',
]
const streets = [
  'rue de la République',
  'avenue Jean Jaurès',
  'place du Général de Gaulle',
  'rue Victor Hugo',
  'boulevard Gambetta',
  'rue Pasteur',
  'rue de la Paix',
  'avenue Foch',
]

export interface SeedStats {
  partners: number
  offers: number
  images: number
  categories: number
  ms: number
}

/**
 * 100,000 partners (by default) through the server's own Kysely database: one transaction, multi-row
 * inserts of 1,000 partners, their categories (1-2) and offers (0-3).
 */
const placeholderBytes = new Uint8Array([0])

export async function seedPartners(
  db: Db,
  count: number,
  options: { allActive?: boolean; seed?: number } = {},
): Promise<SeedStats> {
  const started = performance.now()
  const random = rng(options.seed ?? 42)
  const totalWeight = cities.reduce((s, c) => s + c.weight, 0)
  const pickCity = () => {
    let r = random() * totalWeight
    for (const c of cities) if ((r -= c.weight) < 0) return c
    return cities[0]
  }
  let offers = 0
  let images = 0
  await db.transaction().execute(async (trx) => {
    const categoryIds: number[] = []
    for (const [label, icon] of categoryLabels) {
      const row = await trx
        .insertInto('categories')
        .values({ label, icon })
        .onConflict((oc) => oc.expression(sql`lower(label)`).doUpdateSet({ label: sql`categories.label` }))
        .returning('id')
        .executeTakeFirstOrThrow()
      categoryIds.push(row.id)
    }
    const batch = 1000
    for (let start = 0; start < count; start += batch) {
      const n = Math.min(batch, count - start)
      const meta: { cat: number[] }[] = []
      const values = Array.from({ length: n }, (_, k) => {
        const i = start + k
        const cat = Math.floor(random() * categoryLabels.length)
        const kinds = categoryLabels[cat][2]
        const kind = kinds[Math.floor(random() * kinds.length)]
        const rural = random() < 0.15
        const city = pickCity()
        // Rural partners anywhere in mainland France's box, the others within ~20 km of their city.
        const lat = rural ? 42.5 + random() * 8.5 : city.lat + (random() - 0.5) * 0.35
        const lng = rural ? -4.5 + random() * 12.5 : city.lng + (random() - 0.5) * 0.5
        const name = `${kind} ${partnerNameSuffixes[Math.floor(random() * partnerNameSuffixes.length)]} ${i + 1}`
        const second =
          random() < 0.3
            ? (cat + 1 + Math.floor(random() * (categoryLabels.length - 1))) % categoryLabels.length
            : -1
        meta.push({ cat: second >= 0 ? [cat, second] : [cat] })
        const r = random()
        return {
          name,
          search_name: normalizeForSearch(name),
          description: `${kind} à ${city.name}. Accueil chaleureux, produits locaux et offres réservées aux adhérents.`,
          siren: String(100_000_000 + i),
          address: `${1 + Math.floor(random() * 120)} ${streets[Math.floor(random() * streets.length)]}`,
          city: rural ? `Commune ${Math.floor(random() * 2000)}` : city.name,
          lat,
          lng,
          email: `contact${i + 1}@partenaire.exemple.fr`,
          phone: `01 ${String(10 + (i % 90))} ${String(10 + ((i >> 3) % 90))} ${String(10 + ((i >> 6) % 90))} ${String(10 + ((i >> 9) % 90))}`,
          representative_first_name: random() < 0.5 ? 'Camille' : null,
          representative_last_name: random() < 0.5 ? 'Martin' : null,
          status: options.allActive || r < 0.9 ? 'ACTIF' : r < 0.95 ? 'PROSPECT' : 'DESACTIVE',
          rating: random() < 0.7 ? Math.round((2.5 + random() * 2.5) * 10) / 10 : null,
          user_ratings_total: random() < 0.7 ? Math.floor(random() * 900) : null,
        }
      })
      const ids = await trx.insertInto('partners').values(values).returning('id').execute()
      const links = ids.flatMap((row, k) =>
        meta[k].cat.map((c, position) => ({ partner_id: row.id, category_id: categoryIds[c], position })),
      )
      await trx.insertInto('partner_categories').values(links).execute()
      const offerRows = ids.flatMap((row) => {
        const m = Math.floor(random() * 4)
        return Array.from({ length: m }, (_, j) => {
          const kind = random()
          return {
            partner_id: row.id,
            libelle: `-${5 * (1 + Math.floor(random() * 6))} % sur ${['la carte', 'le menu du midi', 'tout le magasin', 'la première visite'][j % 4]}`,
            status: kind < 0.85 ? 'ENABLED' : 'DISABLED',
            expiration_date:
              kind < 0.5
                ? null
                : new Date(Date.now() + (random() * 400 - 60) * 86_400_000).toISOString().slice(0, 10),
          }
        })
      })
      offers += offerRows.length
      if (offerRows.length > 0) await trx.insertInto('offers').values(offerRows).execute()
      // 0-3 photos each, as partners have: rows with their size and variants (what a search answer reads),
      // one shared placeholder byte as content (the bench never downloads them). Drawn from the id, not
      // from `random`, so the rest of the directory is the same as before photos were seeded.
      const imageRows = ids.flatMap((row) =>
        Array.from({ length: row.id % 4 }, (_, j) => {
          const id = (row.id * 4 + j).toString(16).padStart(24, '0')
          return {
            id,
            type: 'image/webp',
            file_name: `${id}.webp`,
            partner_id: row.id,
            data: placeholderBytes,
            width: 800,
            height: 500,
            variant_widths: [320, 640, 800],
          }
        }),
      )
      images += imageRows.length
      if (imageRows.length > 0) await trx.insertInto('images').values(imageRows).execute()
    }
  })
  await sql`analyze`.execute(db)
  return {
    partners: count,
    offers,
    images,
    categories: categoryLabels.length,
    ms: Math.round(performance.now() - started),
  }
}
