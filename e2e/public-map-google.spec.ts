import type { Page } from '@playwright/test'
import type { AuthUser } from '../contract/schemas.ts'
import { apiPaths } from '../contract/paths.ts'
import { e2eAdmin } from '../playwright.config.ts'
import { googleMapsDoubleState } from './googleMapsDouble.ts'
import { E2E_MAPS_KEY, expect, test } from './googleMapsServer.ts'
import { mapChunksLoaded, registerUser, signInAs } from './support.ts'

/**
 * The map on Google's code path: the server hands out a key, @googlemaps/js-api-loader loads
 * https://maps.googleapis.com/maps/api/js, which the local double answers (e2e/googleMapsDouble.ts), and
 * src/maps/googleMapsService.ts runs end to end against the real API.
 */

const groupName = /^Groupe de \d+ partenaires, zoomer$/

async function openMap(page: Page, request: Parameters<typeof registerUser>[0]) {
  const user = await registerUser(request, 'Carte')
  await signInAs(page, user)
  await page.goto('/map')
  const map = page.getByRole('region', { name: 'Carte' })
  await expect(map).toBeVisible()
  return map
}

test('la carte charge Google avec la clé du serveur, montre les partenaires, propose la zone après un déplacement et ouvre la fiche', async ({
  page,
  request,
}) => {
  const map = await openMap(page, request)
  const panier = map.getByRole('button', { name: 'Le Panier Gourmand' })
  await expect(panier).toBeVisible()
  await expect(map.getByRole('button', { name: 'Yoga Sainte-Victoire' })).toBeVisible()
  // Without many partners around, none is grouped.
  await expect(map.getByRole('button', { name: groupName })).toHaveCount(0)
  await expect(page.getByRole('button', { name: 'Rechercher dans cette zone' })).toHaveCount(0)

  // The loader asked for Google's script with the server's key and the libraries the service imports.
  const state = await googleMapsDoubleState(page)
  expect(state?.scriptParams).toMatchObject({
    key: E2E_MAPS_KEY,
    v: 'weekly',
    language: 'fr',
    region: 'FR',
    callback: 'google.maps.__ib__',
  })
  expect(state?.scriptParams.libraries.split(',').sort()).toEqual(['geocoding', 'maps', 'marker', 'places'])
  // With a key the map's code is loaded (a chunk of its own, which the no-key page never asks for).
  expect(await mapChunksLoaded(page)).toHaveLength(1)

  // A drag to the east: one idle with the new bounds, and the offer to search there.
  const box = (await map.boundingBox())!
  const search = page.waitForRequest((r) => r.url().includes(apiPaths.partnerSearch()))
  await page.mouse.move(box.x + box.width * 0.8, box.y + box.height * 0.85)
  await page.mouse.down()
  for (let step = 1; step <= 10; step++)
    await page.mouse.move(box.x + box.width * (0.8 - step * 0.06), box.y + box.height * 0.85)
  await page.mouse.up()
  const refresh = page.getByRole('button', { name: 'Rechercher dans cette zone' })
  await expect(refresh).toBeVisible()
  // The markers stay until the user asks for the new area.
  await expect(map.getByRole('button', { name: 'Yoga Sainte-Victoire' })).toBeAttached()
  await refresh.click()
  const bounds = new URL((await search).url()).searchParams.get('bounds')!.split(',').map(Number)
  const [east, north, south, west] = bounds
  // Moved east of Marseille: the west edge now lies east of where the view began (5.37 minus half a screen).
  expect(west).toBeGreaterThan(5.2)
  expect(east).toBeGreaterThan(west)
  expect(north).toBeGreaterThan(south)
  await expect(refresh).toHaveCount(0)

  // Back west by the same drag; at zoom 10 the Vieux-Port's markers overlap, so zoom in to street level (the
  // zoom control, as a user would), then a tap on a marker opens the bottom sheet.
  await page.mouse.move(box.x + box.width * 0.2, box.y + box.height * 0.85)
  await page.mouse.down()
  for (let step = 1; step <= 10; step++)
    await page.mouse.move(box.x + box.width * (0.2 + step * 0.06), box.y + box.height * 0.85)
  await page.mouse.up()
  for (let zoom = 0; zoom < 3; zoom++) await page.getByRole('button', { name: 'Zoom avant' }).click()
  await page.getByRole('button', { name: 'Rechercher dans cette zone' }).click()
  // The sheet first shows the search result, which carries no icon paths: its categories' icons are drawn from
  // the categories list. The details are held until that is seen, then drawn with their own paths.
  let release = () => {}
  const held = new Promise<void>((resolve) => (release = resolve))
  await page.route('**/api/partners/*/discounts-user/*', async (route) => {
    await held
    await route.continue()
  })
  await map.getByRole('button', { name: 'Le Panier Gourmand' }).tap()
  const sheet = page.getByRole('dialog', { name: 'Le Panier Gourmand' })
  await expect(sheet.getByRole('heading', { level: 3, name: 'Le Panier Gourmand' })).toBeVisible()
  const categoryIcons = sheet.getByRole('list', { name: 'Catégories' }).locator('svg[data-icon-state]')
  await expect(categoryIcons.first()).toHaveAttribute('data-icon-state', 'ready')
  await expect(categoryIcons.and(page.locator(':not([data-icon-state="ready"])'))).toHaveCount(0)
  release()
  await expect(sheet.getByRole('heading', { name: 'Offres disponibles' })).toBeVisible()
  await expect(categoryIcons.first()).toHaveAttribute('data-icon-state', 'ready')
  await page.unroute('**/api/partners/*/discounts-user/*')
  // The back action closes the sheet first and stays on the map.
  await page.goBack()
  await expect(sheet).toHaveCount(0)
  await expect(page).toHaveURL(/\/map$/)
})

test('la recherche de ville passe par Places : villes de France seulement, une session par choix, la carte y va', async ({
  page,
  request,
}) => {
  const map = await openMap(page, request)
  await expect(map.getByRole('button', { name: 'Le Panier Gourmand' })).toBeVisible()
  const box = page.getByRole('combobox', { name: 'Rechercher une ville' })

  // 'Paris' exists in Texas too: the request restricts the suggestions to France.
  await box.fill('Paris')
  await expect(page.getByRole('option')).toHaveCount(1)
  await expect(page.getByRole('option')).toContainText('France')

  await box.fill('Lyon')
  await page.getByRole('option', { name: /^Lyon/ }).click()
  await expect(box).toHaveValue('Lyon')
  await expect(map.getByRole('button', { name: 'Bouchon des Canuts' })).toBeVisible()
  await expect(map.getByRole('button', { name: 'Le Panier Gourmand' })).toHaveCount(0)
  // A city pick moves the map without offering 'Rechercher dans cette zone'.
  await expect(page.getByRole('button', { name: 'Rechercher dans cette zone' })).toHaveCount(0)

  const requests = (await googleMapsDoubleState(page))!.requests
  const suggestions = requests.filter((r) => r.kind === 'autocomplete')
  const details = requests.filter((r) => r.kind === 'placeDetails')
  expect(suggestions.length).toBeGreaterThan(0)
  for (const suggestion of suggestions)
    expect(suggestion).toMatchObject({
      includedPrimaryTypes: ['(cities)'],
      includedRegionCodes: ['fr'],
      language: 'fr',
    })
  expect(details).toEqual([
    {
      kind: 'placeDetails',
      placeId: expect.any(String),
      fields: ['displayName', 'location'],
      // The details call carries the session token of the typing that led to it, which ends the session.
      sessionToken: suggestions.at(-1)!.sessionToken,
    },
  ])
  expect(suggestions.at(-1)!.sessionToken).not.toBeNull()
})

test('le cœur de la fiche ouverte depuis un marqueur ajoute le partenaire à Mes favoris', async ({
  page,
  request,
}) => {
  const map = await openMap(page, request)
  await expect(map.getByRole('button', { name: 'Le Panier Gourmand' })).toBeVisible()
  // At zoom 10 the Vieux-Port's markers overlap: zoom in to street level first, as a user would.
  for (let zoom = 0; zoom < 3; zoom++) await page.getByRole('button', { name: 'Zoom avant' }).click()
  await map.getByRole('button', { name: 'Le Panier Gourmand' }).tap()
  const sheet = page.getByRole('dialog', { name: 'Le Panier Gourmand' })
  const heart = sheet.getByRole('button', { name: 'Ajouter aux favoris' })
  await expect(heart).toHaveAttribute('aria-pressed', 'false')
  await expect(heart).toBeEnabled()
  await heart.tap()
  await expect(sheet.getByRole('button', { name: 'Retirer des favoris' })).toHaveAttribute(
    'aria-pressed',
    'true',
  )

  // Saved on the server: Mes favoris lists it after a fresh load.
  await page.goto('/favoris')
  const rows = page.getByTestId('partner-row')
  await expect(rows).toHaveCount(1)
  await expect(rows).toContainText('Le Panier Gourmand')
  await expect(
    page.getByRole('list', { name: 'Mes favoris' }).getByRole('button', { name: 'Retirer des favoris' }),
  ).toHaveAttribute('aria-pressed', 'true')
})

test.describe('avec beaucoup de partenaires', () => {
  // Twelve more partners in the centre of Marseille: with the demo's, the area holds more than 20.
  test.beforeAll(async ({ playwright, mapsServer }) => {
    const api = await playwright.request.newContext({ baseURL: mapsServer.url })
    const login = await api.post(apiPaths.authenticate(), {
      data: { username: e2eAdmin.email, password: e2eAdmin.password },
    })
    const admin = (await login.json()) as AuthUser
    for (let i = 0; i < 12; i++) {
      const response = await api.post(apiPaths.partners(), {
        headers: { authorization: `Bearer ${admin.access_token}` },
        data: {
          name: `Commerce groupé ${i + 1}`,
          description: 'Un commerce du centre-ville.',
          siren: null,
          location: {
            address: `${i + 1} rue de Rome`,
            city: 'Marseille',
            position: { lat: 43.292 + (i % 4) * 0.002, lng: 5.376 + Math.floor(i / 4) * 0.003 },
          },
          email: `groupe.${i + 1}@exemple.fr`,
          phone: '04 91 00 00 00',
          representativeFirstName: 'Jean',
          representativeLastName: 'Dupont',
          categories: [{ label: 'Restaurants', icon: 'silverware-fork-knife' }],
          status: 'ACTIF',
        },
      })
      expect(response.status()).toBe(201)
    }
    await api.dispose()
  })

  test('les marqueurs se regroupent et un groupe touché zoome jusqu’à montrer chaque partenaire', async ({
    page,
    request,
  }) => {
    const map = await openMap(page, request)
    const groups = map.getByRole('button', { name: groupName })
    await expect(groups.first()).toBeVisible()
    await expect(map.getByRole('button', { name: 'Le Panier Gourmand' })).toHaveCount(0)
    // The largest group: the centre of Marseille.
    const names = await Promise.all((await groups.all()).map((group) => group.getAttribute('aria-label')))
    const largest = names.sort((a, b) => Number(b!.match(/\d+/)![0]) - Number(a!.match(/\d+/)![0]))[0]!
    expect(Number(largest.match(/\d+/)![0])).toBeGreaterThanOrEqual(12)
    const marseille = map.getByRole('button', { name: largest, exact: true })
    const before = await map.getByRole('button').count()

    await marseille.tap()
    // The group zoomed in: it split into smaller groups and markers, and the view moved.
    await expect(marseille).toHaveCount(0)
    await expect.poll(() => map.getByRole('button').count()).toBeGreaterThan(before)
    await expect(page.getByRole('button', { name: 'Rechercher dans cette zone' })).toBeVisible()

    // Tapping the groups left zooms in further; past street level every partner has its own marker.
    for (let taps = 0; taps < 6 && (await groups.count()) > 0; taps++) {
      const label = (await groups.first().getAttribute('aria-label'))!
      await groups.first().tap()
      await expect(map.getByRole('button', { name: label, exact: true })).toHaveCount(0)
    }
    await expect(groups).toHaveCount(0)
    // A partner's marker in plain view (below the search box and the chips, inside the map).
    const view = (await map.boundingBox())!
    let partner = null
    for (const marker of await map
      .locator('gmp-advanced-marker[role=button]')
      .filter({ visible: true })
      .all()) {
      const at = await marker.boundingBox()
      if (
        at &&
        at.y > view.y + 160 &&
        at.y + at.height < view.y + view.height &&
        at.x > view.x &&
        at.x + at.width < view.x + view.width
      )
        partner = marker
    }
    expect(partner).not.toBeNull()
    const name = (await partner!.getAttribute('aria-label'))!
    expect(name).not.toMatch(groupName)
    await partner!.tap()
    await expect(page.getByRole('dialog', { name })).toBeVisible()
  })
})
