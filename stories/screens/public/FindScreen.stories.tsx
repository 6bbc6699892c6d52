import type { Meta, StoryObj } from '@storybook/react-vite'
import { delay, HttpResponse } from 'msw'
import { expect, userEvent, waitFor, within } from 'storybook/test'
import type { ErrorBody, UsedOffer } from '@/contract/schemas.ts'
import { SEARCH_NAME_MAX_LENGTH } from '@/contract/searchLimits.ts'
import { EMPTY_MESSAGE, ERROR_MESSAGE, FindScreen } from '@/src/screens/public/find/FindScreen.tsx'
import { signedInUser } from '@/mocks/fixtures/session.ts'
import { partnerSearchResults } from '@/mocks/fixtures/partners.ts'
import { usedOffersHandlers } from '@/mocks/handlers/me.ts'
import { mockApi } from '@/mocks/handlers/mockApi.ts'
import { categoriesHandlers, citiesHandlers, searchHandlers } from '@/mocks/handlers/public.ts'
import { stubGeolocation, vieuxPortLocation, withLiveLocation, withUserLocation } from './decorators.tsx'
import { withFakeMaps } from './mapsDecorators.tsx'

const meta = {
  title: 'Écrans/Public/Rechercher',
  component: FindScreen,
  decorators: [withUserLocation()],
  parameters: {
    layout: 'fullscreen',
    session: { user: signedInUser },
    router: { path: '/rechercher', initialEntries: ['/rechercher'] },
    msw: [searchHandlers.success(), categoriesHandlers.success(), citiesHandlers.success()],
  },
  globals: { viewport: { value: 'phone' } },
} satisfies Meta<typeof FindScreen>

export default meta
type Story = StoryObj<typeof meta>

const rows = (canvasElement: HTMLElement) => within(canvasElement).queryAllByTestId('partner-row')

/** Premier chargement : dix lignes d’attente sous l’en-tête fixe. */
export const Loading: Story = {
  name: 'Chargement',
  parameters: { msw: [searchHandlers.loading(), categoriesHandlers.success(), citiesHandlers.success()] },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    await waitFor(() => expect(canvas.getAllByTestId('skeleton-row')).toHaveLength(10))
    await expect(canvas.getByRole('progressbar', { name: 'Chargement des partenaires' })).toBeVisible()
    await expect(canvas.getByRole('searchbox', { name: 'Rechercher un partenaire' })).toHaveAttribute(
      'placeholder',
      'Rechercher un partenaire',
    )
    await expect(canvas.getByRole('button', { name: 'Ville : Dans toutes les villes' })).toBeVisible()
    await expect(canvas.getByRole('button', { name: 'Catégorie : Toutes les catégories' })).toBeVisible()
    // Laid out as the rows will be: the photo's square 16 px in, as PartnerRow's.
    const media = canvas.getAllByTestId('skeleton-row')[0].firstElementChild!.getBoundingClientRect()
    await expect([media.left, media.width, media.height]).toEqual([16, 72, 72])
  },
}

/** Where a row's photo is drawn, relative to the list's top (the skeleton's or the rows'). */
const firstPhotoBox = (photo: Element) => {
  const box = photo.getBoundingClientRect()
  const listTop = photo.closest('main')!.querySelector('header')!.getBoundingClientRect().bottom
  return { left: box.left, top: Math.round(box.top - listTop), width: box.width, height: box.height }
}

/**
 * Les lignes d’attente occupent exactement la place des résultats à venir (position et taille de la photo),
 * pour que la page ne saute pas quand ils arrivent.
 */
export const SkeletonWhereRowsCome: Story = {
  name: 'Squelette à la place des lignes',
  tags: ['no-visual'],
  parameters: {
    msw: [
      mockApi('searchPartners', async () => {
        await delay(600)
        return HttpResponse.json(partnerSearchResults.map((p) => ({ ...p, distanceToUser: null })))
      }),
      categoriesHandlers.success(),
      citiesHandlers.success(),
    ],
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    const [placeholder] = await canvas.findAllByTestId('skeleton-row')
    const expected = firstPhotoBox(placeholder.firstElementChild!)
    await waitFor(() => expect(rows(canvasElement)).toHaveLength(6))
    await expect(firstPhotoBox(rows(canvasElement)[0].firstElementChild!)).toEqual(expected)
  },
}

/**
 * Chaque ligne : photo ou illustration, nom, catégories séparées par « • », « adresse, ville », note et
 * offres.
 */
export const Success: Story = {
  name: 'Résultats',
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    await waitFor(() => expect(rows(canvasElement)).toHaveLength(6))
    const comptoir = within(rows(canvasElement)[0])
    await expect(comptoir.getByRole('heading', { name: 'Le Comptoir du Panier' })).toBeVisible()
    await expect(comptoir.getByText('Restaurants • Épicerie fine')).toBeVisible()
    await expect(comptoir.getByText('12 rue du Panier, Marseille')).toBeVisible()
    await expect(comptoir.getByRole('img', { name: 'Note : 4,5 sur 5 (128 avis)' })).toBeVisible()
    await expect(comptoir.getByText('-10 % sur l’addition')).toBeVisible()
    await expect(rows(canvasElement)[0]).toHaveAttribute('href', '/partenaire/1')
    // No photo: the placeholder; no rating: no stars.
    const atelier = within(rows(canvasElement)[2])
    await expect(atelier.getByRole('img', { name: 'Pas de photo' })).toBeVisible()
    await expect(atelier.queryByRole('img', { name: /^Note/ })).toBeNull()
    // A rating without a count shows no stars either.
    await expect(within(rows(canvasElement)[5]).queryByRole('img', { name: /^Note/ })).toBeNull()
    await expect(canvas.queryByText(/km$/)).toBeNull()
  },
}

/** Nothing of an element's text is cut: its content fits in its own box. */
const fullyShown = (element: Element) => element.scrollWidth <= element.clientWidth + 1

/**
 * Texte agrandi à 200 % (WCAG 1.4.4) : chaque ligne montre toujours l’adresse et la ville en entier (le texte
 * passe à la ligne au lieu de finir par « … »), et les libellés d’offres en entier.
 */
export const LargeText: Story = {
  name: 'Texte agrandi à 200 %',
  beforeEach: () => {
    document.documentElement.style.fontSize = '200%'
    return () => {
      document.documentElement.style.fontSize = ''
    }
  },
  play: async ({ canvasElement }) => {
    await waitFor(() => expect(rows(canvasElement).length).toBeGreaterThan(0))
    const comptoir = within(rows(canvasElement)[0])
    const address = comptoir.getByText('12 rue du Panier, Marseille')
    await expect(address).toBeVisible()
    await expect(fullyShown(address)).toBe(true)
    // The list draws the rows the screen shows and a few more: each of the six is checked as it is drawn, down
    // to the last.
    const checked = new Set<string>()
    while (checked.size < partnerSearchResults.length) {
      const before = checked.size
      for (const row of rows(canvasElement)) {
        const href = row.getAttribute('href')!
        if (checked.has(href)) continue
        const box = row.getBoundingClientRect()
        for (const chip of within(row).queryAllByRole('listitem')) {
          const label = chip.querySelector('span > span') ?? chip
          await expect(fullyShown(label)).toBe(true)
          await expect(chip.getBoundingClientRect().right).toBeLessThanOrEqual(box.right)
        }
        checked.add(href)
      }
      if (checked.size === partnerSearchResults.length) break
      await expect(checked.size, 'the list drew no new row').toBeGreaterThan(before)
      window.scrollTo(0, document.documentElement.scrollHeight)
      await waitFor(() =>
        expect(rows(canvasElement).some((row) => !checked.has(row.getAttribute('href')!))).toBe(true),
      )
    }
    window.scrollTo(0, 0)
    await waitFor(() =>
      expect(within(rows(canvasElement)[0]).getByText('12 rue du Panier, Marseille')).toBeVisible(),
    )
  },
}

/** Quand la position de la personne est connue, les lignes affichent la distance. */
export const WithDistance: Story = {
  name: 'Avec la distance',
  decorators: [withUserLocation({ ...vieuxPortLocation, city: null })],
  play: async ({ canvasElement }) => {
    await waitFor(() => expect(rows(canvasElement)).toHaveLength(6))
    await expect(within(rows(canvasElement)[0]).getByText('0,6 km')).toBeVisible()
    await expect(within(rows(canvasElement)[4]).getByText('26 km')).toBeVisible()
  },
}

/** The name of each search the screen makes (null: no name), before the search handler answers it. */
const searchedNames: (string | null)[] = []
const recordSearchedName = mockApi('searchPartners', ({ request }) => {
  searchedNames.push(new URL(request.url).searchParams.get('name'))
})

/** La recherche par nom part 300 ms après la dernière touche, pas à chaque lettre. */
export const SearchByName: Story = {
  name: 'Recherche par nom',
  parameters: {
    msw: [
      recordSearchedName,
      searchHandlers.success(),
      categoriesHandlers.success(),
      citiesHandlers.success(),
    ],
  },
  play: async (context) => {
    await Success.play!(context)
    const canvas = within(context.canvasElement)
    searchedNames.length = 0
    await userEvent.type(canvas.getByRole('searchbox', { name: 'Rechercher un partenaire' }), 'boulang')
    await waitFor(() => expect(rows(context.canvasElement)).toHaveLength(1))
    await expect(canvas.getByRole('heading', { name: 'Boulangerie Saint-Victor' })).toBeVisible()
    // The search waited for the pause: one search for the whole name, none per key. (Checked on the requests,
    // not on the list right after typing: on a loaded machine the pause may already be over by then.)
    await expect(searchedNames).toEqual(['boulang'])
  },
}

/** Un lien peut présélectionner une catégorie : la liste s’ouvre déjà filtrée. */
export const CategoryFromQuery: Story = {
  name: 'Catégorie donnée par le lien',
  parameters: { router: { path: '/rechercher', initialEntries: ['/rechercher?c=3'] } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    await expect(await canvas.findByRole('button', { name: 'Catégorie : Sport & bien-être' })).toBeVisible()
    await waitFor(() => expect(rows(canvasElement)).toHaveLength(1))
    await expect(canvas.getByRole('heading', { name: 'Salle Vieux-Port Fitness' })).toBeVisible()
  },
}

/** Un lien peut présélectionner une ville : la liste s’ouvre déjà filtrée. */
export const CityFromQuery: Story = {
  name: 'Ville donnée par le lien',
  parameters: { router: { path: '/rechercher', initialEntries: ['/rechercher?v=Aix-en-Provence'] } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    await expect(await canvas.findByRole('button', { name: 'Ville : Aix-en-Provence' })).toBeVisible()
    await waitFor(() => expect(rows(canvasElement)).toHaveLength(1))
    await expect(canvas.getByRole('heading', { name: 'Théâtre du Cours' })).toBeVisible()
  },
}

/**
 * « Tout voir » d’« Expire bientôt » sur l’accueil : la liste filtrée, la puce dit pourquoi ; sa croix rend la
 * liste entière. La ville de la personne n’est pas présélectionnée : la rangée ne s’y limite pas.
 */
export const ExpiringFromHome: Story = {
  name: 'Filtre « Expire bientôt » donné par l’accueil',
  decorators: [withUserLocation(vieuxPortLocation)],
  parameters: { router: { path: '/rechercher', initialEntries: ['/rechercher?filtre=expire-bientot'] } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    await expect(await canvas.findByText('Expire bientôt')).toBeVisible()
    await waitFor(() => expect(rows(canvasElement)).toHaveLength(2))
    await expect(canvas.getByRole('heading', { name: 'Le Comptoir du Panier' })).toBeVisible()
    await expect(canvas.getByRole('heading', { name: 'Salle Vieux-Port Fitness' })).toBeVisible()
    await expect(canvas.getByRole('button', { name: 'Ville : Dans toutes les villes' })).toBeVisible()
  },
}

/** La croix de la puce « Expire bientôt » rend la liste entière. */
export const HomeFilterRemoved: Story = {
  name: 'Retrait du filtre donné par l’accueil',
  tags: ['no-visual'],
  decorators: [withUserLocation(vieuxPortLocation)],
  parameters: { router: { path: '/rechercher', initialEntries: ['/rechercher?filtre=expire-bientot'] } },
  play: async (context) => {
    await ExpiringFromHome.play!(context)
    const canvas = within(context.canvasElement)
    await userEvent.click(canvas.getByRole('button', { name: 'Retirer le filtre « Expire bientôt »' }))
    await waitFor(() => expect(rows(context.canvasElement)).toHaveLength(6))
    await expect(canvas.queryByText('Expire bientôt')).toBeNull()
  },
}

/** Rien de nouveau dans la catégorie du lien : « Réinitialiser les filtres » retire aussi le filtre de l’accueil. */
export const HomeFilterEmpty: Story = {
  name: 'Filtre de l’accueil sans résultat',
  tags: ['no-visual'],
  parameters: { router: { path: '/rechercher', initialEntries: ['/rechercher?filtre=nouveautes&c=5'] } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    await expect(await canvas.findByText(EMPTY_MESSAGE)).toBeVisible()
    await expect(canvas.getByText('Nouveautés')).toBeVisible()
    await userEvent.click(canvas.getByRole('button', { name: 'Réinitialiser les filtres' }))
    await waitFor(() => expect(rows(canvasElement)).toHaveLength(6))
    await expect(canvas.queryByText('Nouveautés')).toBeNull()
  },
}

/** « Tout voir » de « Nouveautés » : les partenaires arrivés ou ayant une offre nouvelle, sous leur puce. */
export const NewsFromHome: Story = {
  name: 'Filtre « Nouveautés » donné par l’accueil',
  parameters: { router: { path: '/rechercher', initialEntries: ['/rechercher?filtre=nouveautes'] } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    await expect(await canvas.findByText('Nouveautés')).toBeVisible()
    await expect(canvas.getByRole('button', { name: 'Retirer le filtre « Nouveautés »' })).toBeVisible()
    await waitFor(() => expect(rows(canvasElement)).toHaveLength(2))
    await expect(canvas.getByRole('heading', { name: 'Salle Vieux-Port Fitness' })).toBeVisible()
    await expect(canvas.getByRole('heading', { name: 'Atelier Coiffure Mazargues' })).toBeVisible()
  },
}

/** Le filtre de l’accueil et une catégorie ensemble ; retirer la catégorie garde le filtre. */
export const HomeFilterWithCategory: Story = {
  name: 'Filtre de l’accueil et catégorie',
  tags: ['no-visual'],
  parameters: { router: { path: '/rechercher', initialEntries: ['/rechercher?filtre=nouveautes&c=3'] } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    await expect(await canvas.findByRole('button', { name: 'Catégorie : Sport & bien-être' })).toBeVisible()
    await waitFor(() => expect(rows(canvasElement)).toHaveLength(1))
    await expect(canvas.getByRole('heading', { name: 'Salle Vieux-Port Fitness' })).toBeVisible()
    await userEvent.click(
      canvas.getByRole('button', { name: 'Retirer le filtre catégorie « Sport & bien-être »' }),
    )
    await waitFor(() => expect(rows(canvasElement)).toHaveLength(2))
    await expect(canvas.getByText('Nouveautés')).toBeVisible()
  },
}

/** Quand le lien ne choisit pas de ville, celle de la personne est présélectionnée. */
export const UserCityPreselected: Story = {
  name: 'Ville de l’utilisateur présélectionnée',
  decorators: [withUserLocation(vieuxPortLocation)],
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    await expect(await canvas.findByRole('button', { name: 'Ville : Marseille' })).toBeVisible()
    await waitFor(() => expect(rows(canvasElement)).toHaveLength(4))
  },
}

/** Choisir une ville et une catégorie dans les volets du bas remplace la liste. */
export const PickCityAndCategory: Story = {
  name: 'Choix d’une ville et d’une catégorie',
  play: async (context) => {
    await Success.play!(context)
    const canvas = within(context.canvasElement)
    const page = within(context.canvasElement.ownerDocument.body)
    await userEvent.click(canvas.getByRole('button', { name: 'Ville : Dans toutes les villes' }))
    const citySheet = await page.findByRole('dialog', { name: 'Ville' })
    await userEvent.click(within(citySheet).getByRole('button', { name: 'Marseille' }))
    await waitFor(() => expect(rows(context.canvasElement)).toHaveLength(4))
    await userEvent.click(await canvas.findByRole('button', { name: 'Catégorie : Toutes les catégories' }))
    const categorySheet = await page.findByRole('dialog', { name: 'Catégorie' })
    await userEvent.click(within(categorySheet).getByRole('button', { name: 'Coiffure & beauté' }))
    await waitFor(() => expect(rows(context.canvasElement)).toHaveLength(1))
    await expect(canvas.getByRole('heading', { name: 'Atelier Coiffure Mazargues' })).toBeVisible()
    // Back to every city: the default option comes first.
    await userEvent.click(canvas.getByRole('button', { name: 'Ville : Marseille' }))
    const again = await page.findByRole('dialog', { name: 'Ville' })
    await userEvent.click(within(again).getByRole('button', { name: 'Dans toutes les villes' }))
    await expect(await canvas.findByRole('button', { name: 'Ville : Dans toutes les villes' })).toBeVisible()
  },
}

export const Empty: Story = {
  name: 'Liste vide',
  parameters: { msw: [searchHandlers.empty(), categoriesHandlers.success(), citiesHandlers.success()] },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    await expect(await canvas.findByText("Aucun résultat essayez avec d'autres critères!")).toBeVisible()
    await expect(rows(canvasElement)).toHaveLength(0)
    // Nothing to reset: no filter is active.
    await expect(canvas.queryByRole('button', { name: 'Réinitialiser les filtres' })).toBeNull()
  },
}

/** Le volet des catégories montre l’icône de chacune, comme les puces de l’accueil. */
export const CategorySheetIcons: Story = {
  name: 'Icônes dans le choix de catégorie',
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    const page = within(canvasElement.ownerDocument.body)
    await waitFor(() => expect(rows(canvasElement)).toHaveLength(6))
    await userEvent.click(canvas.getByRole('button', { name: 'Catégorie : Toutes les catégories' }))
    const sheet = await page.findByRole('dialog', { name: 'Catégorie' })
    const restaurants = within(sheet).getByRole('button', { name: 'Restaurants' })
    await waitFor(() => expect(restaurants.querySelector('[data-icon-state="ready"]')).not.toBeNull())
    // Every category has one; the 'all' option has none.
    await expect(
      within(sheet)
        .getAllByRole('button')
        .filter((b) => b.querySelector('[data-icon-state]')),
    ).toHaveLength(8)
    await expect(
      within(sheet).getByRole('button', { name: 'Toutes les catégories' }).querySelector('[data-icon-state]'),
    ).toBeNull()
  },
}

/** Chaque filtre actif a sa croix : elle retire ce filtre seulement. */
export const ClearOneFilter: Story = {
  name: 'Retrait d’un filtre',
  parameters: { router: { path: '/rechercher', initialEntries: ['/rechercher?c=4&v=Marseille'] } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    await waitFor(() => expect(rows(canvasElement)).toHaveLength(1))
    await expect(canvas.getByRole('button', { name: 'Catégorie : Coiffure & beauté' })).toBeVisible()
    await userEvent.click(canvas.getByRole('button', { name: 'Retirer le filtre ville « Marseille »' }))
    await expect(await canvas.findByRole('button', { name: 'Ville : Dans toutes les villes' })).toBeVisible()
    await expect(canvas.queryByRole('button', { name: /Retirer le filtre ville/ })).toBeNull()
    await expect(canvas.getByRole('button', { name: 'Catégorie : Coiffure & beauté' })).toBeVisible()
    await userEvent.click(
      canvas.getByRole('button', { name: 'Retirer le filtre catégorie « Coiffure & beauté »' }),
    )
    await expect(
      await canvas.findByRole('button', { name: 'Catégorie : Toutes les catégories' }),
    ).toBeVisible()
    await waitFor(() => expect(rows(canvasElement)).toHaveLength(6))
  },
}

/**
 * Aucun résultat avec des filtres : « Réinitialiser les filtres » efface d’un coup le nom, la ville et la
 * catégorie.
 */
export const EmptyWithFilters: Story = {
  name: 'Liste vide avec des filtres',
  parameters: {
    router: { path: '/rechercher', initialEntries: ['/rechercher?c=8&v=Aix-en-Provence'] },
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    await userEvent.type(canvas.getByRole('searchbox', { name: 'Rechercher un partenaire' }), 'zzz')
    await expect(await canvas.findByText("Aucun résultat essayez avec d'autres critères!")).toBeVisible()
    await userEvent.click(canvas.getByRole('button', { name: 'Réinitialiser les filtres' }))
    await expect(canvas.getByRole('searchbox', { name: 'Rechercher un partenaire' })).toHaveValue('')
    await expect(await canvas.findByRole('button', { name: 'Ville : Dans toutes les villes' })).toBeVisible()
    await expect(canvas.getByRole('button', { name: 'Catégorie : Toutes les catégories' })).toBeVisible()
    await waitFor(() => expect(rows(canvasElement)).toHaveLength(6))
  },
}

/**
 * Une seule alerte : le texte de la spécification, le message du serveur en dessous, et « Réessayer »
 * (l’erreur peut être passagère).
 */
export const Error: Story = {
  name: 'Erreur de chargement',
  parameters: { msw: [searchHandlers.error(), categoriesHandlers.success(), citiesHandlers.success()] },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    const alert = await canvas.findByRole('alert')
    await expect(within(alert).getByText(ERROR_MESSAGE)).toBeVisible()
    await expect(within(alert).getByText('Une erreur interne est survenue.')).toBeVisible()
    await expect(within(alert).getByRole('button', { name: 'Réessayer' })).toBeVisible()
    await expect(canvas.getAllByRole('alert')).toHaveLength(1)
  },
}

/** Une erreur sans message du serveur : le texte de la spécification seul, et « Réessayer ». */
export const ErrorWithoutMessage: Story = {
  name: 'Erreur sans message du serveur',
  tags: ['no-visual'],
  parameters: {
    msw: [
      mockApi('searchPartners', () => new HttpResponse(null, { status: 502 })),
      categoriesHandlers.success(),
      citiesHandlers.success(),
    ],
  },
  play: async ({ canvasElement }) => {
    const alert = await within(canvasElement).findByRole('alert')
    // Nothing between the spec's words and the button.
    await expect(alert.textContent).toBe(`${ERROR_MESSAGE}Réessayer`)
  },
}

/** What the server answers a criterion it refuses (a name over its limit, typed into the address). */
const NAME_REFUSED = `Le paramètre « name » ne doit pas dépasser ${SEARCH_NAME_MAX_LENGTH} caractères.`

/**
 * Une recherche refusée par le serveur : son message sous le texte de la spécification, sans « Réessayer »
 * (qui obtiendrait toujours la même réponse), mais avec « Réinitialiser les filtres », qui mène quelque part.
 */
export const RefusedSearch: Story = {
  name: 'Recherche refusée par le serveur',
  parameters: {
    router: { path: '/rechercher', initialEntries: ['/rechercher?n=boulangerie'] },
    msw: [
      mockApi('searchPartners', ({ request }) =>
        new URL(request.url).searchParams.has('name')
          ? HttpResponse.json<ErrorBody>({ message: NAME_REFUSED }, { status: 400 })
          : undefined,
      ),
      searchHandlers.success(),
      categoriesHandlers.success(),
      citiesHandlers.success(),
    ],
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    const alert = await canvas.findByRole('alert')
    await expect(within(alert).getByText(ERROR_MESSAGE)).toBeVisible()
    await expect(within(alert).getByText(NAME_REFUSED)).toBeVisible()
    await expect(within(alert).queryByRole('button', { name: 'Réessayer' })).toBeNull()
    await expect(canvas.getAllByRole('alert')).toHaveLength(1)
    await expect(within(alert).getByRole('button', { name: 'Réinitialiser les filtres' })).toBeVisible()
  },
}

/** Après une recherche refusée, « Réinitialiser les filtres » ramène à la liste de tous les partenaires. */
export const RefusedSearchReset: Story = {
  ...RefusedSearch,
  name: 'Recherche refusée, filtres réinitialisés',
  tags: ['no-visual'],
  play: async (context) => {
    await RefusedSearch.play!(context)
    const canvas = within(context.canvasElement)
    await userEvent.click(canvas.getByRole('button', { name: 'Réinitialiser les filtres' }))
    await waitFor(() => expect(rows(context.canvasElement)).toHaveLength(6))
    await expect(canvas.getByRole('searchbox', { name: 'Rechercher un partenaire' })).toHaveValue('')
  },
}

/**
 * Le champ n’accepte pas plus que le serveur : un texte de 500 caractères collé garde les 200 premiers, et la
 * recherche se fait sans erreur. Un nom plus long venu d’un lien est coupé de même.
 */
export const NameLimit: Story = {
  name: 'Nom limité à ce que le serveur accepte',
  tags: ['no-visual'],
  parameters: {
    router: { path: '/rechercher', initialEntries: [`/rechercher?n=${'b'.repeat(300)}`] },
    msw: [
      recordSearchedName,
      searchHandlers.success(),
      categoriesHandlers.success(),
      citiesHandlers.success(),
    ],
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    const field = canvas.getByRole('searchbox', { name: 'Rechercher un partenaire' })
    await expect(field).toHaveAttribute('maxlength', String(SEARCH_NAME_MAX_LENGTH))
    await expect(field).toHaveValue('b'.repeat(SEARCH_NAME_MAX_LENGTH))
    searchedNames.length = 0
    await userEvent.clear(field)
    await userEvent.click(field)
    await userEvent.paste('a'.repeat(500))
    await expect(field).toHaveValue('a'.repeat(SEARCH_NAME_MAX_LENGTH))
    await waitFor(() => expect(searchedNames.at(-1)).toBe('a'.repeat(SEARCH_NAME_MAX_LENGTH)))
    await expect(await canvas.findByText(EMPTY_MESSAGE)).toBeVisible()
  },
}

/** « Réessayer » recharge les résultats. */
export const RetryAfterError: Story = {
  name: 'Nouvel essai après une erreur',
  parameters: {
    msw: [searchHandlers.errorThenSuccess(), categoriesHandlers.success(), citiesHandlers.success()],
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    await userEvent.click(await canvas.findByRole('button', { name: 'Réessayer' }))
    await waitFor(() => expect(rows(canvasElement)).toHaveLength(6))
    await expect(canvas.queryByRole('alert')).toBeNull()
  },
}

/**
 * 120 résultats : ils arrivent par pages de 50 pendant le défilement, avec une ligne d’attente le temps que
 * la page suivante arrive.
 */
export const ManyResults: Story = {
  name: 'Beaucoup de résultats',
  parameters: {
    msw: [searchHandlers.many(120, 400), categoriesHandlers.success(), citiesHandlers.success()],
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    await canvas.findByRole('heading', { name: 'Pizzeria n°1' })
    const scrollToEnd = () => window.scrollTo(0, document.documentElement.scrollHeight)
    // Scrolled again while waiting: the first rows render in slices, so the page may still grow after a scroll.
    await waitFor(() => {
      scrollToEnd()
      expect(canvas.getAllByTestId('skeleton-row')).toHaveLength(1)
    })
    await waitFor(async () => {
      scrollToEnd()
      await expect(canvas.getByRole('heading', { name: 'Fromagerie n°51' })).toBeInTheDocument()
    })
    await waitFor(async () => {
      scrollToEnd()
      await expect(canvas.getByRole('heading', { name: 'Brasserie n°120' })).toBeInTheDocument()
    })
  },
}

/** La flèche de retour ramène à la page précédente. */
export const BackArrow: Story = {
  name: 'Bouton retour',
  parameters: { router: { path: '/rechercher', initialEntries: ['/', '/rechercher'] } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    await userEvent.click(canvas.getByRole('button', { name: 'Retour' }))
    await expect(await canvas.findByTestId('location')).toHaveTextContent('Page : /')
  },
}

/**
 * Ouverte depuis un lien (sans page de l’application avant) : la flèche de retour mène à l’accueil, sans
 * sortir de l’application.
 */
export const BackArrowWithoutHistory: Story = {
  name: 'Bouton retour sans historique',
  tags: ['no-visual'],
  parameters: { router: { path: '/rechercher', initialEntries: ['/rechercher?c=3'] } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    await userEvent.click(canvas.getByRole('button', { name: 'Retour' }))
    await expect(await canvas.findByTestId('location')).toHaveTextContent(/^Page : \/$/)
  },
}

/** Une ligne ouvre la fiche du partenaire. */
export const OpenPartner: Story = {
  name: 'Ouverture d’un partenaire',
  play: async (context) => {
    await Success.play!(context)
    await userEvent.click(rows(context.canvasElement)[1])
    await expect(await within(context.canvasElement).findByTestId('location')).toHaveTextContent(
      'Page : /partenaire/2',
    )
  },
}

/**
 * La position de la personne est connue : sa ville est présélectionnée et les lignes affichent les distances.
 */
export const GeolocatedUser: Story = {
  name: 'Utilisateur géolocalisé',
  decorators: [withLiveLocation, withFakeMaps()],
  beforeEach: () => stubGeolocation({ lat: 43.2951, lng: 5.3739 }),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    await expect(await canvas.findByRole('button', { name: 'Ville : Marseille' })).toBeVisible()
    await waitFor(() => expect(rows(canvasElement)).toHaveLength(4))
    await expect(within(rows(canvasElement)[0]).getByText('0,6 km')).toBeVisible()
    await expect(JSON.parse(localStorage.getItem('user-city') ?? 'null')).toMatchObject({
      cityName: 'Marseille',
      postalCode: '13001',
      timestamp: expect.any(Number),
    })
  },
}

/**
 * La ville de la personne n’a pas pu être retrouvée : aucune ville n’est présélectionnée, mais les distances
 * s’affichent.
 */
export const GeocodingFails: Story = {
  name: 'Ville introuvable',
  decorators: [withLiveLocation, withFakeMaps({ reverseGeocode: 'City not found' })],
  beforeEach: () => stubGeolocation({ lat: 43.2951, lng: 5.3739 }),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    await waitFor(() => expect(within(rows(canvasElement)[0]).getByText('0,6 km')).toBeVisible())
    await expect(canvas.getByRole('button', { name: 'Ville : Dans toutes les villes' })).toBeVisible()
    await expect(localStorage.getItem('user-city')).toBeNull()
  },
}

/** La personne a refusé de partager sa position : la liste fonctionne, sans distances. */
export const GeolocationDenied: Story = {
  name: 'Géolocalisation refusée',
  decorators: [withLiveLocation, withFakeMaps()],
  beforeEach: () => stubGeolocation('denied'),
  play: async (context) => {
    await Success.play!(context)
    await expect(
      within(context.canvasElement).getByRole('button', { name: 'Ville : Dans toutes les villes' }),
    ).toBeVisible()
  },
}

/** One use of a coupon in the user's list (GET /api/users/me/used-offers). */
const couponUse = (offerId: number, partnerId: number, reactivatedAt: string | null = null): UsedOffer => ({
  useId: `${offerId}-${reactivatedAt ?? 'en cours'}`,
  offerId: { id: offerId },
  libelle: 'Coupon',
  partnerId: { id: partnerId },
  partnerName: 'Partenaire',
  partnerActive: true,
  usedAt: '2026-06-10T10:00:00.000Z',
  reactivatedAt,
})

/** The offers of a row, by label: whether each shows as used. */
const offerStates = (row: HTMLElement) =>
  Object.fromEntries(
    within(within(row).getByRole('list', { name: 'Offres' }))
      .getAllByRole('listitem')
      .map((item) => [item.textContent, item.dataset.state === 'used']),
  )

/**
 * Les offres déjà utilisées par la personne apparaissent comme utilisées, jamais comme une offre disponible,
 * même si la liste a été chargée avant l’utilisation. Une offre qu’un administrateur a réactivée depuis
 * redevient disponible.
 */
export const UsedOffers: Story = {
  name: 'Offres déjà utilisées',
  parameters: {
    msw: [
      usedOffersHandlers.success([couponUse(101, 1), couponUse(201, 2, '2026-06-11T08:00:00.000Z')]),
      searchHandlers.success(),
      categoriesHandlers.success(),
      citiesHandlers.success(),
    ],
  },
  play: async ({ canvasElement }) => {
    await waitFor(() => expect(rows(canvasElement)).toHaveLength(6))
    const [comptoir, fitness] = rows(canvasElement)
    await waitFor(() =>
      expect(offerStates(comptoir)).toEqual({
        '-10 % sur l’addition · Utilisée': true,
        'Un café offert pour un menu acheté': false,
        'Dessert offert le midi · Utilisée': true,
        '-20 % sur la carte des vins': false,
      }),
    )
    await expect(offerStates(fitness)).toEqual({ 'Première séance offerte': false })
  },
}

/** The pickers' row and the fades on its edges (the ::before and ::after of its frame). */
const pickersOf = (canvasElement: HTMLElement) => {
  const city = within(canvasElement).getByRole('button', { name: /^Ville :/ })
  const row = city.parentElement!.parentElement!
  const frame = row.parentElement!
  const fade = (edge: '::before' | '::after') => getComputedStyle(frame, edge).opacity
  return { row, before: () => fade('::before'), after: () => fade('::after') }
}

/**
 * À 390 px, les deux filtres (une ville et une catégorie longues, avec leur croix) ne tiennent pas : la
 * rangée défile, et un fondu sur le bord qui cache la suite le signale. Défilée jusqu’au bout, le fondu
 * disparaît de ce côté et la dernière croix se voit en entier.
 */
export const PickersOverflow: Story = {
  name: 'Filtres plus larges que l’écran',
  parameters: { router: { path: '/rechercher', initialEntries: ['/rechercher?c=3&v=Aix-en-Provence'] } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    await expect(await canvas.findByRole('button', { name: 'Catégorie : Sport & bien-être' })).toBeVisible()
    const pickers = pickersOf(canvasElement)
    await expect(pickers.row.scrollWidth).toBeGreaterThan(pickers.row.clientWidth)
    await waitFor(() => expect(pickers.after()).toBe('1'))
    await expect(pickers.before()).toBe('0')
    pickers.row.scrollLeft = pickers.row.scrollWidth
    await waitFor(() => expect(pickers.after()).toBe('0'))
    await expect(pickers.before()).toBe('1')
    const last = canvas.getByRole('button', { name: 'Retirer le filtre catégorie « Sport & bien-être »' })
    await expect(last.getBoundingClientRect().right).toBeLessThanOrEqual(
      pickers.row.getBoundingClientRect().right,
    )
    // The fades let presses through to the pickers under them.
    await expect(getComputedStyle(pickers.row.parentElement!, '::before').pointerEvents).toBe('none')
  },
}

/** Sur un écran plus large, les filtres tiennent : aucun fondu. */
export const PickersFit: Story = {
  name: 'Filtres qui tiennent',
  tags: ['no-visual'],
  globals: { viewport: { value: 'tablet' } },
  play: async ({ canvasElement }) => {
    await waitFor(() => expect(rows(canvasElement)).toHaveLength(6))
    const pickers = pickersOf(canvasElement)
    await expect(pickers.row.scrollWidth).toBe(pickers.row.clientWidth)
    await expect([pickers.before(), pickers.after()]).toEqual(['0', '0'])
  },
}

/**
 * Le nom recherché est gardé dans l’adresse de la page : revenir sur « Rechercher » le redonne, avec sa
 * liste.
 */
export const NameFromQuery: Story = {
  name: 'Nom donné par l’adresse',
  tags: ['no-visual'],
  parameters: { router: { path: '/rechercher', initialEntries: ['/rechercher?n=boulang&v=Marseille'] } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    await expect(canvas.getByRole('searchbox', { name: 'Rechercher un partenaire' })).toHaveValue('boulang')
    await waitFor(() => expect(rows(canvasElement)).toHaveLength(1))
    await expect(canvas.getByRole('heading', { name: 'Boulangerie Saint-Victor' })).toBeVisible()
  },
}
