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

export const partners: SeedPartner[] = [
  // Marseille first: the map opens on 43.296, 5.370.
  { name: 'Le Panier Gourmand', description: 'Cuisine provençale de saison au cœur du Panier, terrasse ombragée.', address: '12 rue du Panier', city: 'Marseille', lat: 43.2985, lng: 5.3679, phone: '04 91 00 10 01', categories: ['Restaurants'], rating: 4.5, ratings: 312, representative: ['Claire', 'Martin'], siren: '812345671', photos: 2, offers: [{ libelle: '-10 % sur l’addition', expiresInDays: 120 }, { libelle: 'Café offert', expiresInDays: -10 }] },
  { name: 'Boulangerie du Vieux-Port', description: 'Pains au levain, navettes et fougasses cuits sur place chaque matin.', address: '3 quai du Port', city: 'Marseille', lat: 43.2957, lng: 5.3717, phone: '04 91 00 10 02', categories: ['Boulangeries'], rating: 4.7, ratings: 540, representative: ['Karim', 'Benali'], photos: 2, offers: [{ libelle: 'Une viennoiserie offerte pour deux achetées', expiresInDays: 90 }] },
  { name: 'Spa des Calanques', description: 'Massages, hammam et soins du visage face à la mer.', address: '45 avenue de la Madrague', city: 'Marseille', lat: 43.2392, lng: 5.3706, phone: '04 91 00 10 03', categories: ['Bien-être'], rating: 4.6, ratings: 128, representative: ['Sophie', 'Durand'], photos: 1, offers: [{ libelle: '-20 % sur le premier soin', expiresInDays: 60 }, { libelle: 'Accès hammam offert', status: 'DISABLED', expiresInDays: 60 }] },
  { name: 'Cycles Prado', description: 'Vente et réparation de vélos, location à la journée.', address: '210 avenue du Prado', city: 'Marseille', lat: 43.2768, lng: 5.3884, phone: '04 91 00 10 04', categories: ['Sport', 'Shopping'], rating: 4.4, ratings: 87, photos: 1, offers: [{ libelle: 'Révision à 39 €' }] },
  { name: 'Le Comptoir Noailles', description: 'Épicerie fine et bar à vins, produits du marché de Noailles.', address: '8 rue d’Aubagne', city: 'Marseille', lat: 43.2948, lng: 5.3803, phone: '04 91 00 10 05', categories: ['Bars', 'Shopping'], rating: 4.3, ratings: 205, photos: 2, offers: [{ libelle: 'Un verre offert pour une planche achetée', expiresInDays: 45 }] },
  { name: 'Garage de la Joliette', description: 'Entretien toutes marques, pneus et climatisation.', address: '27 boulevard de Dunkerque', city: 'Marseille', lat: 43.3043, lng: 5.3678, phone: '04 91 00 10 06', categories: ['Garages'], rating: 4.1, ratings: 64, photos: 1, offers: [{ libelle: '-15 % sur la vidange', expiresInDays: 180 }] },
  { name: 'Hôtel Belle Escale', description: 'Hôtel de charme à deux pas de la Canebière, chambres rénovées.', address: '16 rue Thubaneau', city: 'Marseille', lat: 43.2991, lng: 5.3781, phone: '04 91 00 10 07', categories: ['Hôtels'], rating: 4.2, ratings: 410, photos: 2, offers: [{ libelle: 'Petit-déjeuner offert', expiresInDays: 150 }] },
  { name: 'Salle Massalia Fitness', description: 'Musculation, cours collectifs et coaching personnalisé.', address: '90 rue de Rome', city: 'Marseille', lat: 43.2906, lng: 5.3812, phone: '04 91 00 10 08', categories: ['Sport'], rating: 4.0, ratings: 156, photos: 1, offers: [{ libelle: 'Une semaine d’essai gratuite' }] },
  { name: 'Crêperie l’Étoile', description: 'Galettes de sarrasin et crêpes au beurre salé.', address: '5 place Castellane', city: 'Marseille', lat: 43.2857, lng: 5.3836, phone: '04 91 00 10 09', categories: ['Restaurants'], status: 'PROSPECT', rating: 4.2, ratings: 98, photos: 1, offers: [{ libelle: 'Bolée de cidre offerte' }] },
  { name: 'Bowling de la Pointe-Rouge', description: 'Bowling, billards et jeux pour toute la famille.', address: '2 avenue d’Odessa', city: 'Marseille', lat: 43.2445, lng: 5.3765, phone: '04 91 00 10 10', categories: ['Loisirs'], rating: 4.1, ratings: 233, photos: 1, offers: [{ libelle: 'Deuxième partie à moitié prix', expiresInDays: 75 }] },

  { name: 'Les Deux Garçons', description: 'Brasserie historique du cours Mirabeau.', address: '53 cours Mirabeau', city: 'Aix-en-Provence', lat: 43.5264, lng: 5.4474, phone: '04 42 00 20 01', categories: ['Restaurants', 'Bars'], rating: 4.0, ratings: 1320, photos: 2, offers: [{ libelle: '-10 % le midi en semaine', expiresInDays: 100 }] },
  { name: 'Calissons du Roy René', description: 'Confiserie artisanale de calissons et nougats.', address: '10 rue Gaston de Saporta', city: 'Aix-en-Provence', lat: 43.5301, lng: 5.4469, phone: '04 42 00 20 02', categories: ['Shopping'], rating: 4.8, ratings: 640, photos: 1, offers: [{ libelle: 'Ballotin de 100 g offert dès 30 € d’achat', expiresInDays: 200 }] },
  { name: 'Yoga Sainte-Victoire', description: 'Cours de yoga et de méditation pour tous niveaux.', address: '4 avenue des Belges', city: 'Aix-en-Provence', lat: 43.5231, lng: 5.4426, phone: '04 42 00 20 03', categories: ['Bien-être', 'Sport'], rating: 4.9, ratings: 75, photos: 1, offers: [{ libelle: 'Premier cours offert' }] },
  { name: 'Fournil des Cardeurs', description: 'Boulangerie bio, pains spéciaux et tartes aux fruits.', address: '18 place des Cardeurs', city: 'Aix-en-Provence', lat: 43.5303, lng: 5.4466, phone: '04 42 00 20 04', categories: ['Boulangeries'], status: 'DESACTIVE', rating: 4.3, ratings: 112, photos: 1, offers: [{ libelle: 'Baguette offerte le dimanche' }] },

  { name: 'Bouchon des Canuts', description: 'Bouchon lyonnais traditionnel à la Croix-Rousse.', address: '7 rue d’Austerlitz', city: 'Lyon', lat: 45.7745, lng: 4.8319, phone: '04 78 00 30 01', categories: ['Restaurants'], rating: 4.6, ratings: 890, photos: 2, offers: [{ libelle: 'Dessert offert pour un menu acheté', expiresInDays: 130 }] },
  { name: 'Le Comptoir de la Presqu’île', description: 'Bar à cocktails et tapas, quai de Saône.', address: '22 quai Saint-Antoine', city: 'Lyon', lat: 45.7627, lng: 4.8294, phone: '04 78 00 30 02', categories: ['Bars'], rating: 4.2, ratings: 301, photos: 1, offers: [{ libelle: 'Happy hour prolongée jusqu’à 21 h', expiresInDays: 40 }] },
  { name: 'Atelier Vélo Confluence', description: 'Réparation express et accessoires vélo.', address: '112 cours Charlemagne', city: 'Lyon', lat: 45.7434, lng: 4.8176, phone: '04 78 00 30 03', categories: ['Sport', 'Garages'], rating: 4.5, ratings: 58, photos: 1, offers: [{ libelle: '-10 % sur les pièces détachées' }] },
  { name: 'Hôtel des Terreaux', description: 'Hôtel trois étoiles au pied de la colline de Fourvière.', address: '3 rue Lanterne', city: 'Lyon', lat: 45.7668, lng: 4.8306, phone: '04 78 00 30 04', categories: ['Hôtels'], rating: 4.1, ratings: 512, photos: 1, offers: [{ libelle: 'Départ tardif offert', expiresInDays: 90 }] },

  { name: 'Le Petit Zinc', description: 'Bistrot parisien, plats canailles et vins nature.', address: '14 rue de Buci', city: 'Paris', lat: 48.8534, lng: 2.3363, phone: '01 40 00 40 01', categories: ['Restaurants', 'Bars'], rating: 4.3, ratings: 2210, photos: 2, offers: [{ libelle: 'Kir offert à l’apéritif', expiresInDays: 110 }] },
  { name: 'Boulangerie Montorgueil', description: 'Baguette de tradition primée, croissants pur beurre.', address: '51 rue Montorgueil', city: 'Paris', lat: 48.8651, lng: 2.3474, phone: '01 40 00 40 02', categories: ['Boulangeries'], rating: 4.6, ratings: 1540, photos: 1, offers: [{ libelle: '-10 % sur les gâteaux de voyage' }] },
  { name: 'Institut Rive Gauche', description: 'Soins esthétiques, manucure et massages relaxants.', address: '8 rue du Cherche-Midi', city: 'Paris', lat: 48.8504, lng: 2.3287, phone: '01 40 00 40 03', categories: ['Bien-être'], rating: 4.4, ratings: 320, photos: 1, offers: [{ libelle: '-15 % sur les forfaits', expiresInDays: 60 }] },
  { name: 'Librairie du Marais', description: 'Librairie indépendante, bandes dessinées et beaux livres.', address: '27 rue Vieille-du-Temple', city: 'Paris', lat: 48.8577, lng: 2.3589, phone: '01 40 00 40 04', categories: ['Shopping', 'Loisirs'], rating: 4.7, ratings: 410, photos: 1, offers: [{ libelle: 'Marque-page et sac offerts dès 25 €' }] },

  { name: 'Cassoulet & Compagnie', description: 'Cassoulet maison et spécialités du Sud-Ouest.', address: '9 rue des Filatiers', city: 'Toulouse', lat: 43.5993, lng: 1.4431, phone: '05 61 00 50 01', categories: ['Restaurants'], rating: 4.5, ratings: 760, photos: 2, offers: [{ libelle: 'Apéritif offert', expiresInDays: 95 }] },
  { name: 'Violettes du Capitole', description: 'Confiseries à la violette et souvenirs toulousains.', address: '2 place du Capitole', city: 'Toulouse', lat: 43.6045, lng: 1.4440, phone: '05 61 00 50 02', categories: ['Shopping'], rating: 4.4, ratings: 190, photos: 1, offers: [{ libelle: '-10 % sur les coffrets' }] },
  { name: 'Escalade Garonne', description: 'Salle de bloc, cours d’initiation et location de chaussons.', address: '40 allées de Barcelone', city: 'Toulouse', lat: 43.6052, lng: 1.4305, phone: '05 61 00 50 03', categories: ['Sport', 'Loisirs'], rating: 4.7, ratings: 280, photos: 1, offers: [{ libelle: 'Entrée découverte à 8 €', expiresInDays: 70 }] },

  { name: 'Socca du Cours Saleya', description: 'Socca, pissaladière et petits farcis niçois.', address: '11 cours Saleya', city: 'Nice', lat: 43.6955, lng: 7.2755, phone: '04 93 00 60 01', categories: ['Restaurants'], rating: 4.5, ratings: 980, photos: 2, offers: [{ libelle: 'Part de socca offerte', expiresInDays: 85 }] },
  { name: 'Hôtel Promenade Azur', description: 'Vue mer sur la promenade des Anglais.', address: '120 promenade des Anglais', city: 'Nice', lat: 43.6908, lng: 7.2510, phone: '04 93 00 60 02', categories: ['Hôtels'], rating: 4.3, ratings: 860, photos: 1, offers: [{ libelle: '-15 % sur la deuxième nuit', expiresInDays: 160 }] },
  { name: 'Cave du Vieux-Nice', description: 'Vins de Bellet et de Provence, dégustations le vendredi.', address: '6 rue Droite', city: 'Nice', lat: 43.6979, lng: 7.2774, phone: '04 93 00 60 03', categories: ['Bars', 'Shopping'], rating: 4.6, ratings: 140, photos: 1, offers: [{ libelle: 'Dégustation offerte' }] },

  { name: 'Garage Atlantique', description: 'Mécanique générale et carrosserie.', address: '75 quai de la Fosse', city: 'Nantes', lat: 47.2106, lng: -1.5672, phone: '02 40 00 70 01', categories: ['Garages'], rating: 4.0, ratings: 72, photos: 1, offers: [{ libelle: 'Contrôle des freins offert', expiresInDays: 120 }] },
  { name: 'Canelés de la Lune', description: 'Canelés, dunes blanches et café de spécialité.', address: '13 rue Sainte-Catherine', city: 'Bordeaux', lat: 44.8408, lng: -0.5736, phone: '05 56 00 80 01', categories: ['Boulangeries'], rating: 4.8, ratings: 430, photos: 1, offers: [{ libelle: 'Un canelé offert pour six achetés', expiresInDays: 100 }] },
]

export interface SeedArticle {
  title: string
  status: 'PUBLISHED' | 'DRAFT'
  position: number
  link: { text: string; url: string; target: '' | '_blank' | '_self' } | null
  color: [string, string]
}

export const articles: SeedArticle[] = [
  { title: 'Les bonnes tables de Marseille', status: 'PUBLISHED', position: 1, link: { text: 'Voir les restaurants', url: '/rechercher?c=1', target: '_self' }, color: ['#0d47a1', '#4fc3f7'] },
  { title: 'Profitez de vos coupons tout l’été', status: 'PUBLISHED', position: 2, link: { text: 'Explorer la carte', url: '/map', target: '' }, color: ['#e65100', '#ffd54f'] },
  { title: 'Découvrez la Provence', status: 'PUBLISHED', position: 3, link: { text: 'Office de tourisme', url: 'https://www.myprovence.fr/', target: '_blank' }, color: ['#1b5e20', '#aed581'] },
  { title: 'Nouveaux partenaires à Lyon (brouillon)', status: 'DRAFT', position: 4, link: null, color: ['#4a148c', '#ce93d8'] },
]

export const demoAccounts = {
  user: { email: 'demo@exemple.fr', password: 'demo-partenaires', firstname: 'Camille', lastname: 'Dupont' },
  admin: { email: 'admin@exemple.fr', password: 'admin-partenaires', firstname: 'Alex', lastname: 'Martin' },
}
