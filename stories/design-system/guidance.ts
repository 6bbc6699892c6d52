/**
 * The usage guidance at the top of each design-system component's docs page, in French, for designers: what the
 * part is for, when to use it, do / don't, content rules, keyboard and screen reader. One place for all of it, so
 * the pages read alike; each story file passes its entry as `parameters.docs.description.component`.
 */

interface Guidance {
  /** What the part is, in one sentence. */
  summary: string
  /** Quand l'utiliser. */
  use: string[]
  /** À faire. */
  dos: string[]
  /** À éviter. */
  donts: string[]
  /** Règles de texte. */
  text?: string[]
  /** Clavier et lecteur d'écran. */
  access: string[]
  /** Survol, focus, pressé : how it reacts, when a story cannot show it (hover has no keyboard equivalent). */
  states?: string
}

const list = (items: string[]) => items.map((item) => `- ${item}`).join('\n')

/** The guidance as the Markdown the docs page renders. */
export function guidance({ summary, use, dos, donts, text, access, states }: Guidance) {
  return [
    summary,
    `#### Quand l’utiliser\n\n${list(use)}`,
    `#### À faire\n\n${list(dos)}`,
    `#### À éviter\n\n${list(donts)}`,
    text ? `#### Règles de texte\n\n${list(text)}` : '',
    `#### Clavier et lecteur d’écran\n\n${list(access)}`,
    states ? `#### Survol et focus\n\n${states}` : '',
  ]
    .filter(Boolean)
    .join('\n\n')
}

/** A story file's meta parameters with the guidance as the docs page's description. */
export function withGuidance(entry: Guidance, parameters: { docs?: object; [key: string]: unknown } = {}) {
  return {
    ...parameters,
    docs: { ...parameters.docs, description: { component: guidance(entry) } },
  }
}

const focusRing =
  'Au clavier, un anneau de focus bleu de 2 px entoure l’élément (visible seulement au clavier, pas au clic).'

export const guides = {
  alert: {
    summary:
      'Un message dans la page, lié à ce qui l’entoure : erreur, succès, information ou avertissement.',
    use: [
      'Pour dire le résultat d’une action dans un formulaire (identifiants incorrects, lien envoyé).',
      'Pour prévenir d’une limite durable (carte indisponible sans clé).',
    ],
    dos: [
      'Choisir la gravité d’après les conséquences : **erreur** quand l’action a échoué, **avertissement** quand elle risque de mal tourner.',
      'Placer l’alerte au-dessus de ce qu’elle concerne et la retirer dès que l’utilisateur réessaie.',
    ],
    donts: [
      'Empiler plusieurs alertes : regrouper les erreurs en une seule.',
      'Utiliser une alerte pour un message passager : préférer le message temporaire.',
    ],
    text: [
      'Une phrase, qui dit ce qui s’est passé et quoi faire ensuite.',
      'Un titre court seulement si le message dépasse deux lignes.',
    ],
    access: [
      'Une erreur est annoncée aussitôt (`role="alert"`), les autres gravités poliment (`role="status"`).',
      'L’icône est décorative : la couleur n’est jamais la seule information, le texte dit la gravité.',
    ],
  },
  badge: {
    summary:
      'Une petite pastille qui qualifie un élément (« Publié », « Brouillon ») ou un nombre sur une icône.',
    use: ['Pour un état ou un compte court à côté ou au coin d’un élément.'],
    dos: ['Un ou deux mots, toujours le même pour le même état.'],
    donts: [
      'En faire un bouton : une pastille ne se clique pas.',
      'Porter une information que seule sa couleur dit.',
    ],
    text: ['Majuscule initiale, pas de point.'],
    access: ['Posée sur un autre élément, elle reçoit un `aria-label` qui dit ce qu’elle compte.'],
  },
  barChart: {
    summary:
      'Un graphique en barres qui est un vrai tableau : le lecteur d’écran lit le tableau dessiné (titre, une ligne par valeur).',
    use: ['Pour comparer quelques valeurs (utilisations par jour, partenaires les plus utilisés).'],
    dos: [
      'Un titre qui dit ce qui est compté et sur quelle période.',
      'Proposer « Afficher le tableau » pour lire les valeurs exactes.',
    ],
    donts: [
      'Plus d’une trentaine de barres : préférer un tableau.',
      'Des couleurs différentes sans légende.',
    ],
    text: ['Libellés courts sous les barres ; les nombres au format français (1 234).'],
    access: ['Lu comme un tableau avec sa légende ; « Afficher le tableau » est un bouton atteint par Tab.'],
  },
  bottomNavigation: {
    summary:
      'La barre d’onglets fixée en bas de l’écran de l’application publique, sur téléphone et tablette.',
    use: ['Pour les quatre ou cinq destinations principales de l’application publique.'],
    dos: ['Une icône et un libellé par onglet ; l’onglet de la page affichée est mis en avant.'],
    donts: [
      'Y mettre une action (enregistrer, supprimer) : ce sont des destinations.',
      'Plus de cinq onglets.',
    ],
    text: ['Un mot par onglet (« Accueil », « Rechercher », « Carte », « Menu »).'],
    access: ['Une région de navigation ; l’onglet actif porte `aria-current="page"`.', focusRing],
  },
  bottomSheet: {
    summary: 'Une feuille qui monte du bas de l’écran, au plus à mi-hauteur, par-dessus la page.',
    use: ['Sur téléphone, pour un détail ou un choix lié à la page (fiche d’un partenaire sur la carte).'],
    dos: ['Un titre qui dit ce que montre la feuille ; un bouton Fermer visible.'],
    donts: ['Y mettre un long formulaire : préférer une page.', 'Ouvrir une feuille depuis une feuille.'],
    access: [
      'Le focus reste dans la feuille tant qu’elle est ouverte ; Échap et le bouton retour du téléphone la ferment.',
      'Annoncée comme un dialogue avec son titre.',
    ],
  },
  bottomSheetPicker: {
    summary: 'Un bouton compact qui montre le choix en cours et ouvre une feuille avec les options.',
    use: ['Sur téléphone, pour un filtre à choix unique (ville, catégorie) au-dessus d’une liste.'],
    dos: [
      'Montrer le choix en cours dans le bouton ; proposer une option par défaut (« Toutes les villes »).',
    ],
    donts: ['Plus d’une trentaine d’options sans recherche.'],
    text: ['Options courtes, triées dans un ordre que l’utilisateur devine (alphabétique).'],
    access: [
      'Le bouton dit son libellé et le choix en cours ; Échap et le retour ferment la feuille sans changer le choix.',
    ],
    states: 'Au survol, une option de la feuille prend un fond gris clair ; l’option en cours est marquée.',
  },
  button: {
    summary:
      'Le bouton de l’application : plein, contour ou texte ; primaire, secondaire ou danger ; trois tailles.',
    use: [
      '**Plein primaire** pour l’action principale d’un écran ou d’un dialogue (une seule par écran).',
      '**Contour** pour les actions secondaires, **texte** pour les actions discrètes (Annuler).',
      '**Danger** pour une action qui détruit (Supprimer), toujours confirmée.',
    ],
    dos: [
      'Garder la casse du texte (pas de majuscules forcées).',
      'Montrer l’état « chargement » pendant l’envoi : le bouton garde sa largeur et ne répond plus.',
    ],
    donts: [
      'Deux boutons pleins côte à côte.',
      'Un bouton pour naviguer : utiliser le bouton « comme lien », qui est un lien.',
    ],
    text: [
      'Un verbe à l’infinitif qui dit ce qui va se passer (« Enregistrer », « Se connecter »).',
      'Trois mots au plus.',
    ],
    access: [
      'Tab l’atteint, Entrée et Espace l’activent ; désactivé, il n’est plus atteint.',
      'En chargement, il est annoncé occupé (`aria-busy`) et garde son nom.',
    ],
    states:
      'Au survol, un bouton plein prend une teinte plus foncée, un bouton contour ou texte un fond teinté clair. ' +
      focusRing +
      ' Voir « Focus clavier ».',
  },
  card: {
    summary: 'Une surface légèrement surélevée qui regroupe une image, un titre, un texte et des actions.',
    use: ['Pour un élément d’une liste ou d’une grille qui se lit seul (article, partenaire).'],
    dos: [
      'Une image au même format dans toute la liste.',
      'Toute la carte cliquable quand elle mène à un seul endroit.',
    ],
    donts: ['Une carte dans une carte.', 'Plus de deux actions par carte.'],
    access: ['Cliquable, la carte contient un seul lien, qui porte son titre.', focusRing],
    states: 'Cliquable, son ombre s’accentue au survol.',
  },
  carousel: {
    summary:
      'Des diapositives qui défilent seules, avec des points, des flèches, le glissement au doigt et un bouton pause.',
    use: ['Pour les articles de la page d’accueil et les photos d’un partenaire.'],
    dos: ['Trois à six diapositives.', 'Une image au même format pour toutes.'],
    donts: ['Y cacher une information indispensable : tout le monde ne voit pas toutes les diapositives.'],
    text: ['Un titre court sur chaque diapositive, lisible sur l’image.'],
    access: [
      'Le défilement s’arrête au survol, au focus et avec le bouton pause, et ne démarre pas si l’utilisateur a demandé moins d’animations.',
      'Annoncé comme un carrousel ; chaque diapositive dit sa position (« 2 sur 5 »).',
    ],
    states: 'Au survol, le défilement s’arrête. Au clavier, les flèches ont un anneau blanc et bleu marine.',
  },
  categoryIcon: {
    summary:
      'L’icône d’une catégorie de partenaires (Restaurants, Bien-être…), avec une icône neutre de repli.',
    use: ['À côté du nom d’une catégorie, dans les listes, les filtres et la carte.'],
    dos: ['Toujours à côté du nom de la catégorie.'],
    donts: ['Seule, sans texte, pour désigner une catégorie.'],
    access: ['Décorative à côté du nom ; avec un titre, elle est lue comme une image.'],
  },
  checkbox: {
    summary: 'Une case à cocher avec son libellé et, au besoin, un message d’erreur.',
    use: ['Pour une option indépendante (accepter les conditions, afficher les brouillons).'],
    dos: [
      'Un libellé cliquable qui dit ce que signifie la case cochée.',
      'Un lien dans le libellé seulement vers un texte à lire (conditions).',
    ],
    donts: [
      'Une case qui déclenche une action immédiate : préférer un bouton.',
      'Une formulation négative (« Ne pas… »).',
    ],
    text: ['Une phrase affirmative, sans point final.'],
    access: [
      'Tab l’atteint, Espace la coche ; son état est annoncé.',
      'L’erreur est reliée à la case et lue avec elle.',
    ],
    states: focusRing + ' Pas d’effet de survol : le libellé entier est cliquable.',
  },
  chip: {
    summary: 'Une puce compacte : simple étiquette, bouton, filtre sélectionnable, supprimable ou lien.',
    use: [
      'Pour les filtres actifs d’une recherche, les catégories d’un partenaire, un choix parmi quelques-uns.',
    ],
    dos: ['Montrer l’état sélectionné par la couleur et une coche.', 'Une croix pour retirer un filtre.'],
    donts: ['Une puce comme bouton d’action principal.', 'Un texte long : une puce tient sur une ligne.'],
    text: ['Un ou deux mots.'],
    access: [
      'Sélectionnable, elle est un bouton bascule (`aria-pressed`) ; supprimable, sa croix dit « Retirer … ».',
      focusRing,
    ],
    states: 'Cliquable, elle prend un fond gris clair au survol ; sélectionnée, elle reste bleue.',
  },
  confirmDialog: {
    summary: 'Une question oui / non par-dessus la page, avant une action qu’on ne peut pas défaire.',
    use: ['Avant de supprimer, d’abandonner des modifications, d’utiliser un coupon.'],
    dos: ['Un titre en question, un texte qui dit les conséquences, un bouton qui répète le verbe.'],
    donts: ['Confirmer une action sans conséquence.', '« Oui » / « Non » comme libellés.'],
    text: ['Titre : « Supprimer la photo ? ». Bouton : « Supprimer ». Annuler reste « Annuler ».'],
    access: [
      'Le focus va dans le dialogue et y reste ; Échap annule ; à la fermeture, le focus revient où il était.',
      'Annoncé comme un dialogue d’alerte avec son titre et son texte.',
    ],
  },
  dataTable: {
    summary:
      'Le tableau du back-office : recherche, tri, pagination, nombre de lignes par page, lignes cliquables.',
    use: ['Pour les listes du back-office (partenaires, utilisateurs, journal).'],
    dos: [
      'Les colonnes les plus utiles à gauche.',
      'Un message vide qui dit quoi faire (« Aucun partenaire »).',
    ],
    donts: [
      'Plus de sept colonnes sur ordinateur.',
      'Des actions cachées dans chaque ligne : la ligne ouvre la fiche.',
    ],
    text: ['En-têtes courts, sans point ; dates et nombres au format français.'],
    access: [
      'Un vrai tableau : le lecteur d’écran annonce les en-têtes avec chaque cellule.',
      'Un en-tête triable est un bouton ; son sens de tri est annoncé (`aria-sort`).',
      'Une ligne cliquable s’ouvre au clavier avec Entrée.',
    ],
    states: 'Au survol, une ligne cliquable prend un fond bleu très clair.',
  },
  dateField: {
    summary: 'Un champ date saisi en texte (AAAA-MM-JJ) avec un bouton calendrier.',
    use: ['Pour une date précise dans un formulaire (expiration d’un coupon).'],
    dos: ['Dire le format attendu dans l’aide ou le texte indicatif.'],
    donts: ['L’utiliser pour une date de naissance lointaine sans saisie au clavier.'],
    text: ['Message d’erreur : ce qui ne va pas et le format attendu.'],
    access: ['Le champ se tape au clavier ; le calendrier est un bouton séparé, nommé.'],
  },
  dialog: {
    summary:
      'Un dialogue par-dessus la page : un titre, un contenu (souvent un court formulaire) et ses boutons.',
    use: ['Pour une tâche courte qui ne mérite pas une page (ajouter un coupon, choisir une icône).'],
    dos: [
      'Le bouton principal à droite, Annuler à sa gauche.',
      'Montrer l’envoi en cours sur le bouton principal.',
    ],
    donts: [
      'Un dialogue qui en ouvre un autre, sauf une confirmation.',
      'Un contenu qui défile sur plusieurs écrans.',
    ],
    text: ['Le titre dit la tâche avec un verbe (« Ajouter un coupon »).'],
    access: [
      'Le focus va dans le dialogue et y reste ; Échap et Annuler le ferment ; le focus revient ensuite où il était.',
      'Annoncé comme un dialogue avec son titre.',
    ],
    states: 'Au survol, le bouton Fermer prend un fond gris léger. ' + focusRing,
  },
  emptyState: {
    summary: 'Ce qu’affiche une liste qui n’a rien à montrer : un message, une icône, parfois une issue.',
    use: ['Pour une liste ou une recherche sans résultat.'],
    dos: ['Proposer une issue quand il y en a une (retirer les filtres).'],
    donts: ['Un message d’erreur : une liste vide n’est pas une erreur.'],
    text: ['Dire ce qui manque et, si possible, quoi essayer.'],
    access: ['Annoncé poliment (`role="status"`) quand il apparaît ; l’icône est décorative.'],
  },
  errorState: {
    summary: 'L’état d’une liste dont le chargement a échoué, avec « Réessayer ».',
    use: ['À la place d’une liste ou d’une page qui n’a pas pu se charger.'],
    dos: ['Toujours proposer « Réessayer » ; montrer l’essai en cours sur le bouton.'],
    donts: ['Montrer le message technique du serveur.'],
    text: ['Ce qui n’a pas pu être chargé, en une phrase.'],
    access: ['Annoncé aussitôt (`role="alert"`) ; « Réessayer » est un bouton atteint par Tab.'],
  },
  favoriteToggle: {
    summary: 'Le cœur qui ajoute un partenaire aux favoris ou l’en retire.',
    use: ['Sur la fiche d’un partenaire, dans les listes et sur la carte.'],
    dos: ['Cœur vide : pas en favori ; cœur rouge plein : en favori.'],
    donts: ['Le désactiver sans raison : seulement tant que les favoris ne sont pas connus.'],
    access: [
      'Un bouton bascule : son état est annoncé (`aria-pressed`) et son nom dit ce que fera l’appui.',
      'Tab l’atteint, Espace et Entrée l’activent.',
    ],
    states: 'Au survol, un disque gris clair apparaît derrière le cœur. ' + focusRing,
  },
  fileUploadButton: {
    summary: 'Un bouton qui ouvre le choix de fichier du système (par exemple « Ajouter » pour des photos).',
    use: ['Pour ajouter une ou plusieurs photos, ou importer un fichier.'],
    dos: ['Dire les formats acceptés à côté ; montrer l’envoi en cours.'],
    donts: ['Lancer l’envoi sans montrer ce qui se passe.'],
    text: ['Un verbe : « Ajouter », « Importer un fichier ».'],
    access: ['Un vrai bouton : Tab l’atteint, Entrée et Espace ouvrent le choix de fichier.', focusRing],
  },
  iconButton: {
    summary: 'Un bouton rond avec une seule icône ; son libellé est à la fois son nom et son infobulle.',
    use: ['Pour une action courante et reconnue par son icône (retour, fermer, partager).'],
    dos: ['Un libellé qui dit l’action (« Fermer », « Retour »).', 'La variante danger pour supprimer.'],
    donts: ['Une icône peu connue sans texte : préférer un bouton avec texte.'],
    text: ['Libellé : un verbe à l’infinitif.'],
    access: [
      'Le libellé est le nom lu par le lecteur d’écran ; l’infobulle l’affiche au survol et au focus clavier.',
      focusRing,
    ],
    states: 'Au survol, un disque gris clair apparaît derrière l’icône et l’infobulle s’affiche.',
  },
  loadingBar: {
    summary: 'Une fine barre de progression indéterminée en haut d’une zone qui se recharge.',
    use: ['Quand des données déjà affichées se mettent à jour (changement de page d’un tableau).'],
    dos: ['La garder au-dessus du contenu qui se met à jour.'],
    donts: ['Pour un premier chargement : préférer les lignes squelettes.'],
    access: ['Une barre de progression nommée « Chargement ».'],
  },
  notificationToast: {
    summary:
      'Les notifications de l’application : un message temporaire en bas à droite, déclenché de n’importe où par `useNotification().notify`.',
    use: [
      'Pour confirmer une action réussie (« Partenaire enregistré. ») ou signaler une erreur sans bloquer.',
    ],
    dos: ['Un message court qui confirme ce qui a été fait.'],
    donts: ['Y mettre une information qu’il faut absolument lire : elle disparaît après 5 secondes.'],
    text: ['Une phrase au passé composé, avec un point (« La page a été ajoutée. »).'],
    access: [
      'Annoncée poliment par le lecteur d’écran ; le bouton Fermer est atteint au clavier.',
      'Le retour arrière ne la ferme pas.',
    ],
  },
  pageHeader: {
    summary:
      'L’en-tête d’une page : titre, sous-titre et actions ; et la barre d’application collée en haut.',
    use: ['En haut de chaque page du back-office et des écrans de l’application publique.'],
    dos: ['Un seul titre de niveau 1 par page.', 'Au plus deux actions à droite.'],
    donts: ['Un titre qui répète le menu.'],
    text: ['Le titre nomme la page ou l’élément consulté.'],
    access: ['Le titre est le titre principal (`h1`) de la page.'],
  },
  passwordField: {
    summary: 'Un champ mot de passe avec un bouton pour afficher ou masquer ce qui est saisi.',
    use: ['Connexion, inscription, nouveau mot de passe.'],
    dos: ['Dire les règles du mot de passe avant la saisie.'],
    donts: ['Interdire le collage.'],
    access: [
      'Le bouton dit « Afficher le mot de passe » ou « Masquer le mot de passe » et son état est annoncé.',
      'Le remplissage automatique du navigateur reste possible.',
    ],
    states:
      'Au survol, le bouton afficher / masquer prend un fond gris clair ; le champ fonce son contour comme un champ de texte.',
  },
  photoGrid: {
    summary:
      'Les vignettes des photos ; un clic ouvre une visionneuse plein écran avec précédente et suivante.',
    use: ['Pour les photos d’un partenaire dans le back-office.'],
    dos: ['Confirmer avant de supprimer une photo.'],
    donts: ['Des photos sans texte alternatif.'],
    access: [
      'Chaque vignette est un bouton qui dit quelle photo il ouvre.',
      'Dans la visionneuse, les flèches gauche et droite changent de photo, Échap la ferme.',
    ],
    states: 'Au survol, le bouton de suppression d’une vignette passe au rouge. ' + focusRing,
  },
  responsiveImage: {
    summary:
      'Une image qui laisse le navigateur choisir la copie la plus légère pour sa taille (AVIF, WebP).',
    use: ['Pour toute photo d’article ou de partenaire.'],
    dos: [
      'Un texte alternatif qui dit ce que montre l’image, ou vide si elle est décorative.',
      'La priorité pour l’image principale d’une page seulement.',
    ],
    donts: ['Plusieurs images prioritaires sur une même page.'],
    access: ['Lue avec son texte alternatif ; décorative, elle est ignorée.'],
  },
  searchCombobox: {
    summary:
      'Un champ de recherche qui propose une liste : choix unique ou multiple (étiquettes), options connues ou trouvées par une recherche, option « Créer ».',
    use: ['Quand les options sont trop nombreuses pour une liste déroulante (villes, lieux, catégories).'],
    dos: [
      'Mettre en avant la première proposition : Entrée la choisit.',
      'Dire « Recherche… » pendant la recherche et « Aucun résultat » sinon.',
    ],
    donts: ['Pour moins de dix options : préférer la liste déroulante.'],
    text: [
      'Texte indicatif : ce qu’on peut taper (« Ajouter une catégorie »).',
      'Option de création : « Créer « … » ».',
    ],
    access: [
      'Un combobox : les flèches parcourent la liste, Entrée choisit, Échap ferme.',
      'L’option active et le nombre de résultats sont annoncés ; une étiquette se retire avec son bouton « Retirer … ».',
    ],
    states:
      'L’option sous le pointeur ou atteinte par les flèches est mise en avant ; au survol, le bouton d’effacement prend un fond gris clair.',
  },
  select: {
    summary: 'Une liste déroulante avec libellé, pour un choix unique parmi quelques options.',
    use: ['Pour un choix parmi 3 à 15 options connues (rôle, statut).'],
    dos: [
      'Une option par défaut claire ou vide (« Aucune »).',
      'Trier les options dans un ordre prévisible.',
    ],
    donts: [
      'Pour deux options : préférer des boutons ou une case.',
      'Pour des dizaines d’options : préférer la liste de recherche.',
    ],
    text: ['Libellé : un nom (« Rôle »). Options courtes, sans point.'],
    access: [
      'Tab l’atteint ; Espace, Entrée ou flèche bas ouvrent la liste ; taper les premières lettres va à l’option.',
      'L’erreur est reliée au champ et lue avec lui.',
    ],
    states: 'Au survol, le contour fonce. ' + focusRing,
  },
  skeletonRows: {
    summary: 'Des lignes grises animées à la place d’une liste ou d’un formulaire qui se charge.',
    use: ['Pour le premier chargement d’une liste, quand on connaît sa forme.'],
    dos: ['Autant de lignes qu’un écran en montre, de la même hauteur que les vraies.'],
    donts: ['Pour une attente de moins d’une demi-seconde.'],
    access: [
      'Annoncées une fois comme « Chargement » ; l’animation s’arrête si l’utilisateur demande moins d’animations.',
    ],
  },
  spinner: {
    summary: 'Un petit cercle qui tourne, de la couleur du texte qui l’entoure.',
    use: ['Dans un bouton ou un petit élément en attente (le bouton « chargement » l’utilise).'],
    dos: ['Lui donner un libellé (« Chargement ») s’il est seul ; décoratif s’il est à côté d’un texte.'],
    donts: ['Pour le chargement d’une page entière : préférer les lignes squelettes.'],
    access: ['Avec un libellé, il est annoncé poliment (`role="status"`) ; sans libellé, il est ignoré.'],
  },
  starRating: {
    summary: 'Une note en étoiles (par demi-étoile), en lecture seule, avec au besoin le nombre d’avis.',
    use: ['Pour la note Google d’un partenaire.'],
    dos: ['Afficher le nombre d’avis quand il est connu.'],
    donts: ['Pour recueillir une note : elle ne se clique pas.'],
    access: ['Lue comme une seule image : « Note : 4,5 sur 5 ».'],
  },
  statusChip: {
    summary:
      'Le statut d’un partenaire ou d’un article dans une puce colorée (Actif, Prospect, Désactivé, Publié, Brouillon).',
    use: ['Dans les listes et fiches du back-office.'],
    dos: ['Le libellé français du statut, toujours écrit.'],
    donts: ['Une couleur inventée : chaque statut a sa paire texte / fond dans le thème.'],
    access: ['Lu comme son libellé ; la couleur n’est pas la seule information.'],
  },
  textField: {
    summary: 'Un champ de saisie avec libellé, texte d’aide et message d’erreur ; une ligne ou plusieurs.',
    use: ['Pour toute saisie libre d’un formulaire.'],
    dos: [
      'Un libellé toujours visible au-dessus du champ.',
      'Marquer les champs obligatoires d’un astérisque et l’expliquer en tête du formulaire.',
    ],
    donts: [
      'Le texte indicatif à la place du libellé.',
      'Une erreur avant que l’utilisateur ait quitté le champ.',
    ],
    text: [
      'Libellé : un nom (« Prénom », « Email »). Erreur : ce qui ne va pas, en une phrase.',
      'Les libellés et messages que la spécification donne restent mot pour mot (« Email », « Value is required »).',
    ],
    access: [
      'Le libellé, l’aide et l’erreur sont reliés au champ et lus avec lui ; un champ en erreur est annoncé invalide.',
      'À l’envoi, le focus va sur le premier champ en erreur.',
    ],
    states: 'Au survol, le contour fonce. Au focus, le contour devient bleu et plus épais.',
  },
  toast: {
    summary: 'Un message temporaire en bas à droite, qui se ferme seul après 5 secondes.',
    use: ['Pour confirmer une action sans interrompre (« Lien copié »).'],
    dos: ['Un message court ; un bouton Fermer.'],
    donts: ['Une erreur qui demande une action : préférer une alerte dans la page.'],
    text: ['Une phrase courte avec un point.'],
    access: ['Annoncé poliment ; il reste affiché tant que le pointeur ou le focus est dessus.'],
    states:
      'Au survol, le bouton Fermer prend un fond plus clair ; au clavier, il a un anneau de focus blanc.',
  },
  tooltip: {
    summary: 'Une infobulle qui montre un texte court au survol et au focus clavier.',
    use: ['Pour nommer une icône (les boutons icônes l’ont déjà) ou préciser un élément tronqué.'],
    dos: ['Un texte de quelques mots.'],
    donts: [
      'Y mettre une information indispensable : sur téléphone, il n’y a pas de survol.',
      'En faire le seul nom de l’élément : l’élément garde son propre nom accessible.',
    ],
    access: [
      'Apparaît au focus clavier comme au survol ; Échap la ferme ; lue comme description de l’élément.',
    ],
    states:
      'Au survol, elle apparaît après 0,3 seconde ; au focus clavier aussi (voir « Au focus clavier »).',
  },
  updatePrompt: {
    summary: 'L’invitation à charger la nouvelle version de l’application, au-dessus de la barre du bas.',
    use: ['Quand une nouvelle version est prête : l’utilisateur choisit le moment.'],
    dos: ['Un bouton « Mettre à jour » et un moyen de fermer.'],
    donts: ['Recharger sans demander : une saisie en cours serait perdue.'],
    text: ['« Une nouvelle version est disponible. »'],
    access: ['Annoncée poliment ; ses boutons sont atteints au clavier.'],
  },
  visuallyHidden: {
    summary: 'Un texte lu par le lecteur d’écran mais invisible à l’écran.',
    use: [
      'Pour compléter ce que l’image dit déjà (« (s’ouvre dans un nouvel onglet) », un titre de section implicite).',
    ],
    dos: ['Un texte qui aurait sa place à l’écran si l’on ne voyait pas la mise en page.'],
    donts: [
      'Y cacher une information que les voyants n’ont pas.',
      'Cacher un élément qu’on peut atteindre au clavier.',
    ],
    access: ['Lu normalement par le lecteur d’écran ; absent de l’écran et de la mise en page.'],
  },
} satisfies Record<string, Guidance>
