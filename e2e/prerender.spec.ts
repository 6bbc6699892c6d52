import type { Page } from '@playwright/test'
import { expect, test } from './fixtures.ts'
import { apiPaths } from '../contract/paths.ts'
import type { PartnerSearchResult } from '../contract/schemas.ts'
import { chunksLoaded, firstPartnerId, mapChunksLoaded, registerUser, signInAs } from './support.ts'

// The app registers its service worker on every page load, and says so in the console when it cannot: these
// journeys fail on any console warning, so they run as a visitor's browser does, with the worker allowed.
test.use({ serviceWorkers: 'allow' })

/*
 * The public routes' HTML comes from the build (scripts/prerender.ts): it must be readable and styled before any
 * script runs, and the app must hydrate it without a mismatch (React reports one as a console error; the entry
 * marks <html data-app-start> 'hydrated' only when it hydrated rather than rendered afresh).
 */

/** Holds the app's scripts back, so that only the HTML is on screen, until the returned function is called. */
async function holdScripts(page: Page): Promise<() => void> {
  let release!: () => void
  const held = new Promise<void>((resolve) => (release = resolve))
  await page.route('**/assets/*.js', async (route) => {
    await held
    await route.continue()
  })
  return release
}

/** Console errors and warnings and uncaught exceptions, from the page's first script on. */
function collectProblems(page: Page): string[] {
  const problems: string[] = []
  page.on('console', (message) => {
    if (message.type() === 'error' || message.type() === 'warning')
      problems.push(`${message.type()}: ${message.text()}`)
  })
  page.on('pageerror', (error) => problems.push(`exception: ${error.message}`))
  return problems
}

// The primary button's colour; the register button stays disabled (muted) until both consents are ticked.
const primary = 'rgb(21, 101, 192)'
const muted = 'rgb(238, 241, 245)'

const anonymousPages = [
  { path: '/login', heading: 'Connexion', button: 'Se connecter', background: primary },
  { path: '/inscription', heading: 'Inscription', button: "S'inscrire", background: muted },
  {
    path: '/forgot-password',
    heading: 'Mot de passe oublié',
    button: 'Envoyer le lien de réinitialisation',
    background: primary,
  },
  {
    path: '/reset-password?token=abc',
    heading: 'Réinitialiser le mot de passe',
    button: 'Réinitialiser le mot de passe',
    background: primary,
  },
]

test.describe('sans JavaScript', () => {
  test.use({ javaScriptEnabled: false })

  for (const { path, heading, button, background } of anonymousPages) {
    test(`${path} est lisible et mis en forme`, async ({ page }) => {
      await page.goto(path)
      await expect(page.getByRole('heading', { level: 1 })).toContainText(heading)
      const submit = page.getByRole('button', { name: button, exact: true })
      await expect(submit).toBeVisible()
      // The design system's button styles (styled-components' critical CSS is in the HTML).
      await expect(submit).toHaveCSS('background-color', background)
    })
  }

  test('un écran connecté montre sa mise en page et son squelette', async ({ page }) => {
    await page.goto('/rechercher')
    await expect(page.getByRole('navigation', { name: 'Navigation principale' })).toBeVisible()
    await expect(page.getByRole('main', { name: 'Chargement de la recherche' })).toBeVisible()
    await expect(page.getByRole('link', { name: 'Rechercher' })).toHaveAttribute('aria-current', 'page')
  })

  test('Mes favoris et Mes coupons utilisés montrent leur titre avant tout script', async ({ page }) => {
    for (const title of ['Mes favoris', 'Mes coupons utilisés']) {
      await page.goto(title === 'Mes favoris' ? '/favoris' : '/mes-coupons')
      await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible()
      await expect(page.getByRole('main')).toHaveAttribute('aria-busy', 'true')
    }
  })
})

test.describe('hydratation', () => {
  for (const { path, button } of anonymousPages) {
    test(`${path} est hydraté sans différence`, async ({ page }) => {
      const problems = collectProblems(page)
      await page.goto(path)
      await expect(page.locator('html')).toHaveAttribute('data-app-start', 'hydrated')
      await expect(page.getByRole('button', { name: button, exact: true })).toBeVisible()
      await page.waitForLoadState('networkidle')
      expect(problems).toEqual([])
      // The HTML paints the page: its scripts are asked for after that first paint (the inline loader), not
      // with the HTML, where they would hold the paint back on a phone.
      const timing = await page.evaluate(() => ({
        firstPaint: performance.getEntriesByName('first-paint')[0]?.startTime,
        scripts: performance
          .getEntriesByType('resource')
          .filter(
            (entry) => entry.name.endsWith('.js') && new URL(entry.name).pathname.startsWith('/assets/'),
          )
          .map((entry) => entry.startTime),
      }))
      expect(timing.firstPaint).toBeGreaterThan(0)
      expect(timing.scripts.length).toBeGreaterThan(0)
      for (const start of timing.scripts) expect(start).toBeGreaterThanOrEqual(timing.firstPaint!)
    })
  }

  test('une page prérendue n’ajoute à l’hydratation aucune règle de style : ses noms de classe sont ceux du HTML', async ({
    page,
  }) => {
    // styled-components inserts a rule when it meets a class name its sheet does not have: a name computed in
    // the browser other than the prerender's (scripts/styledComponentIds.ts).
    await page.addInitScript(() => {
      const inserted: string[] = []
      Object.assign(window, { insertedRules: inserted })
      const insertRule = CSSStyleSheet.prototype.insertRule
      CSSStyleSheet.prototype.insertRule = function (rule: string, index?: number) {
        inserted.push(rule)
        return insertRule.call(this, rule, index)
      }
    })
    for (const { path, button } of anonymousPages) {
      await page.goto(path)
      await expect(page.locator('html'), path).toHaveAttribute('data-app-start', 'hydrated')
      const field = page.getByRole('textbox').first()
      await field.fill('quelque chose')
      await expect(page.getByRole('button', { name: button, exact: true }), path).toBeVisible()
      const inserted = await page.evaluate(
        () => (window as unknown as { insertedRules: string[] }).insertedRules,
      )
      expect(inserted, path).toEqual([])
    }
  })

  test('les écrans connectés sont hydratés sans différence', async ({ page }) => {
    const user = await registerUser(page.request, 'Hydra')
    await signInAs(page, user)
    const partnerId = await firstPartnerId(page, user.access_token)
    const screens = [
      { path: '/', ready: page.getByRole('list', { name: 'Catégories' }) },
      { path: '/rechercher', ready: page.getByTestId('partner-row').first() },
      { path: `/partenaire/${partnerId}`, ready: page.getByRole('heading', { level: 1 }) },
      { path: '/map', ready: page.getByRole('heading', { name: 'Carte des partenaires' }) },
      { path: '/menu', ready: page.getByRole('button', { name: 'Déconnexion' }) },
      { path: '/favoris', ready: page.getByText('Aucun favori pour le moment') },
      { path: '/mes-coupons', ready: page.getByRole('heading', { level: 1, name: 'Mes coupons utilisés' }) },
    ]
    for (const { path, ready } of screens) {
      const problems = collectProblems(page)
      await page.goto(path)
      await expect(page.locator('html'), path).toHaveAttribute('data-app-start', 'hydrated')
      await expect(ready, path).toBeVisible()
      await page.waitForLoadState('networkidle')
      expect(problems, path).toEqual([])
      page.removeAllListeners('console')
      page.removeAllListeners('pageerror')
    }
  })

  /*
   * On a slow phone the prerendered form is on screen seconds before the script: what a person types or ticks
   * then must survive hydration (the form state's first update would put its empty values back: a consent box
   * unticked, the button disabled) and be what the form sends.
   */
  test('ce qui est saisi avant l’hydratation est gardé et envoyé', async ({ page }) => {
    const releaseScripts = await holdScripts(page)
    // Module scripts hold DOMContentLoaded back: the page is there once its HTML is.
    await page.goto('/inscription', { waitUntil: 'commit' })
    await expect(page.getByRole('heading', { level: 1, name: 'Inscription' })).toBeVisible()
    const email = `avant.hydratation.${Date.now()}@exemple.fr`
    await page.getByLabel('Prénom').fill('Nadia')
    await page.getByLabel('Nom', { exact: true }).fill('Avant')
    await page.getByLabel('Email').fill(email)
    const terms = page.getByRole('checkbox', { name: /conditions générales/ })
    await terms.click()
    await expect(page.locator('html')).not.toHaveAttribute('data-app-start', /./)
    releaseScripts()
    await expect(page.locator('html')).toHaveAttribute('data-app-start', 'hydrated')
    await expect(page.getByLabel('Prénom')).toHaveValue('Nadia')
    await expect(page.getByLabel('Email')).toHaveValue(email)
    await page.getByLabel('Mot de passe', { exact: true }).fill('une phrase de passe assez longue')
    await page.getByRole('checkbox', { name: /politique de confidentialité/ }).click()
    await expect(terms).toBeChecked()
    await page.getByRole('button', { name: "S'inscrire" }).click()
    await expect(page).toHaveURL(/\/$/)
    const stored = JSON.parse((await page.evaluate(() => localStorage.getItem('user')))!) as {
      firstname: string
      email: string
    }
    expect(stored).toMatchObject({ firstname: 'Nadia', email })
  })

  /*
   * Pressing "Se connecter" before the script has hydrated the page: the prerendered form must not submit
   * natively (its fields, password included, would go into a URL or a request the server does not expect); the
   * press is held and sent by the app once it is there.
   */
  test('une connexion demandée avant l’hydratation part une fois l’app prête, sans quitter la page', async ({
    page,
  }) => {
    const user = await registerUser(page.request, 'Pressee')
    const navigations: string[] = []
    page.on('request', (request) => {
      if (request.isNavigationRequest() && request.frame() === page.mainFrame())
        navigations.push(`${request.method()} ${request.url()}`)
    })
    const releaseScripts = await holdScripts(page)
    await page.goto('/login', { waitUntil: 'commit' })
    await page.getByLabel('Email').fill(user.email)
    await page.getByLabel('Mot de passe', { exact: true }).fill(user.password)
    await page.getByRole('button', { name: 'Se connecter' }).click()
    await expect(page.locator('html')).not.toHaveAttribute('data-app-start', /./)
    expect(page.url()).toMatch(/\/login$/)
    releaseScripts()
    await expect(page).toHaveURL(/\/$/)
    expect(JSON.parse((await page.evaluate(() => localStorage.getItem('user')))!)).toMatchObject({
      email: user.email,
    })
    // The page was loaded once, and only the app spoke to the server after: no form was sent natively.
    expect(navigations).toEqual([`GET ${new URL('/login', page.url()).href}`])
  })

  /*
   * A button pressed before the script has hydrated the page (« Retour » on a legal page opened from the sign-in
   * page, on a slow phone): the prerendered button has no handler yet; the press is held and made again once the
   * app is there, instead of being lost.
   */
  test('« Retour » pressé avant l’hydratation ramène à la connexion une fois l’app prête', async ({
    page,
  }) => {
    await page.goto('/login')
    await expect(page.locator('html')).toHaveAttribute('data-app-start', 'hydrated')
    const releaseScripts = await holdScripts(page)
    await page.goto('/confidentialite', { waitUntil: 'commit' })
    await expect(page.getByRole('heading', { level: 1, name: 'Politique de confidentialité' })).toBeVisible()
    await page.getByRole('button', { name: 'Retour' }).click()
    await expect(page.locator('html')).not.toHaveAttribute('data-app-start', /./)
    expect(page.url()).toMatch(/\/confidentialite$/)
    releaseScripts()
    await expect(page).toHaveURL(/\/login$/)
    await expect(page.getByRole('button', { name: 'Se connecter', exact: true })).toBeVisible()
  })

  test('une page prérendue pour un autre état de session est rendue à neuf', async ({ page }) => {
    const problems = collectProblems(page)
    // A visitor on a signed-in route: the skeleton's HTML is replaced by the login screen.
    await page.goto('/menu')
    await expect(page).toHaveURL(/\/login$/)
    await expect(page.locator('html')).toHaveAttribute('data-app-start', 'rendered')
    await expect(page.getByRole('button', { name: 'Se connecter', exact: true })).toBeVisible()
    expect(problems).toEqual([])
  })
})

test.describe('données du premier écran', () => {
  /*
   * app/routes/preloadData.ts asks for these while the page hydrates, under the hooks' keys: the screen must take
   * that answer over rather than ask again (a key or option that drifted from the hook's would show as two calls).
   */
  test('Accueil et la fiche d’un partenaire demandent chacune de leurs données une seule fois', async ({
    page,
  }) => {
    const user = await registerUser(page.request, 'Prechargement')
    await signInAs(page, user)
    const partnerId = await firstPartnerId(page, user.access_token)
    const asked: string[] = []
    page.on('request', (request) => {
      const { pathname } = new URL(request.url())
      if (pathname.startsWith('/api/')) asked.push(pathname)
    })
    const count = (path: string) => asked.filter((pathname) => pathname === path).length

    await page.goto('/')
    await expect(page.getByRole('list', { name: 'Catégories' })).toBeVisible()
    await expect(page.getByRole('region', { name: 'Actualités' })).toBeVisible()
    await page.waitForLoadState('networkidle')
    expect(count(apiPaths.articlesPublished())).toBe(1)
    expect(count(apiPaths.categories())).toBe(1)

    asked.length = 0
    await page.goto(`/partenaire/${partnerId}`)
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
    await page.waitForLoadState('networkidle')
    expect(count(apiPaths.partnerDiscountsUser(partnerId, user.userId.id))).toBe(1)
  })

  test('Favoris et Mes coupons demandent leur liste pendant l’hydratation, une seule fois', async ({
    page,
  }) => {
    const user = await registerUser(page.request, 'ListesTot')
    await signInAs(page, user)
    // Whether the app had rendered (data-app-start) when each API request left: the screens' own hooks only
    // run once their code has arrived, after the first render.
    await page.addInitScript(() => {
      const sent: { path: string; rendered: boolean }[] = []
      Object.assign(window, { apiRequestsSent: sent })
      const fetchFromPage = window.fetch.bind(window)
      window.fetch = (input, init) => {
        const url = new URL(input instanceof Request ? input.url : String(input), location.href)
        if (url.pathname.startsWith('/api/'))
          sent.push({ path: url.pathname, rendered: document.documentElement.hasAttribute('data-app-start') })
        return fetchFromPage(input, init)
      }
    })
    for (const { path, list, ready } of [
      {
        path: '/favoris',
        list: apiPaths.myFavorites(),
        ready: page.getByText('Aucun favori pour le moment'),
      },
      {
        path: '/mes-coupons',
        list: apiPaths.myUsedOffers(),
        ready: page.getByText('Aucun coupon utilisé pour le moment'),
      },
    ]) {
      await page.goto(path)
      await expect(ready).toBeVisible()
      await page.waitForLoadState('networkidle')
      const sent = await page.evaluate(
        () =>
          (window as unknown as { apiRequestsSent: { path: string; rendered: boolean }[] }).apiRequestsSent,
      )
      expect(
        sent.filter((request) => request.path === list),
        path,
      ).toEqual([{ path: list, rendered: false }])
    }
  })
})

test.describe('première recherche dans le HTML', () => {
  /*
   * Find's HTML asks for the first page of results itself (contract/earlySearch.ts) while the scripts load; the
   * app's first search takes that answer: one request, sent before any script ran, and the rows it shows.
   */
  test('Rechercher demande sa première page avant les scripts, une seule fois, et la montre', async ({
    page,
  }) => {
    const user = await registerUser(page.request, 'Recherche')
    await signInAs(page, user)
    const problems = collectProblems(page)
    const searches: string[] = []
    page.on('request', (request) => {
      const url = new URL(request.url())
      if (url.pathname === apiPaths.partnerSearch()) searches.push(url.search)
    })
    const release = await holdScripts(page)
    await page.goto('/rechercher', { waitUntil: 'commit' })
    await expect.poll(() => searches).toEqual([`?pageSize=50&userId=${user.userId.id}&page=0`])
    release()
    await expect(page.locator('a[href^="/partenaire/"]').first()).toBeVisible()
    await page.waitForLoadState('networkidle')
    expect(searches).toHaveLength(1)
    expect(problems).toEqual([])
  })

  test('une session refusée par le serveur mène à la connexion', async ({ page }) => {
    const user = await registerUser(page.request, 'Refusee')
    await signInAs(page, user)
    await page.goto('/login')
    await page.evaluate(
      (stored) => localStorage.setItem('user', stored),
      JSON.stringify({ ...user, access_token: 'jeton-refuse' }),
    )
    await page.goto('/rechercher')
    await expect(page).toHaveURL(/\/login$/)
  })
})

/**
 * The first `count` rows' markup as a reader gets it: elements with their attributes (sorted; class names and
 * test ids aside, since the HTML's rows carry renamed classes and no test id), and their text, adjacent pieces
 * joined. Self-contained: it runs in the page.
 */
function rowsMarkup(rows: Element[], count: number): string[] {
  const describe = (node: Element): string => {
    const attributes = [...node.attributes]
      .filter(({ name }) => name !== 'class' && name !== 'data-testid')
      .map(({ name, value }) => `${name}="${value}"`)
      .sort()
      .join(' ')
    let inner = ''
    let text = ''
    for (const child of node.childNodes) {
      if (child.nodeType === Node.TEXT_NODE) text += child.nodeValue ?? ''
      else if (child.nodeType === Node.ELEMENT_NODE) {
        inner += text + describe(child as Element)
        text = ''
      }
    }
    return `<${node.localName} ${attributes}>${inner}${text}</${node.localName}>`
  }
  return rows.slice(0, count).map(describe)
}

test.describe('feuilles et dialogues chargés à l’avance', () => {
  /*
   * Find's category sheet is code loaded apart (idleComponent): the prerendered page lists its chunks, which the
   * app fetches once its first render is committed (modulepreload, not evaluated), so the first tap opens the
   * sheet without a request.
   */
  test('la feuille des catégories de Rechercher est chargée après le premier rendu et s’ouvre sans requête', async ({
    page,
  }) => {
    const user = await registerUser(page.request, 'Feuille')
    await signInAs(page, user)
    const problems = collectProblems(page)
    await page.goto('/rechercher')
    await expect(page.locator('html')).toHaveAttribute('data-app-start', 'hydrated')
    const sheetChunk = /\/assets\/PickerSheet-[\w-]+\.js$/
    await expect(
      page.locator('link[rel="modulepreload"]').and(page.locator('[href*="PickerSheet-"]')),
    ).toBeAttached()
    await expect.poll(() => chunksLoaded(page, /^PickerSheet-[\w-]+\.js$/)).not.toEqual([])
    const afterTap: string[] = []
    page.on('request', (request) => {
      if (sheetChunk.test(new URL(request.url()).pathname)) afterTap.push(request.url())
    })
    await page.getByRole('button', { name: /^Catégorie/ }).click()
    await expect(page.getByRole('dialog', { name: 'Catégorie' })).toBeVisible()
    expect(afterTap).toEqual([])
    expect(problems).toEqual([])
  })
})

test.describe('premières lignes de Rechercher dans le HTML', () => {
  /*
   * Find's list is its largest paint: an inline script draws the early search's first rows from the HTML's
   * template (contract/pageRows.ts) before any script of the app runs; the screen's own rows then replace them,
   * the same rows in the same place (no jump, no new larger paint), one copy only.
   */
  test('les lignes sont dessinées avant les scripts, puis l’écran les remplace à l’identique', async ({
    page,
  }) => {
    const user = await registerUser(page.request, 'Lignes')
    await signInAs(page, user)
    const problems = collectProblems(page)
    const expected = (await (
      await page.request.get(`${apiPaths.partnerSearch()}?pageSize=50&userId=${user.userId.id}&page=0`, {
        headers: { authorization: `Bearer ${user.access_token}` },
      })
    ).json()) as PartnerSearchResult[]
    const releaseScripts = await holdScripts(page)
    await page.goto('/rechercher', { waitUntil: 'commit' })
    const drawn = page.locator('[data-page-rows] a[href^="/partenaire/"]')
    await expect(drawn.first()).toBeVisible()
    const count = await drawn.count()
    expect(count).toBeGreaterThan(3)
    await expect(page.locator('[data-page-rows] h2')).toHaveText(expected.slice(0, count).map((p) => p.name))
    expect(await drawn.evaluateAll((links) => links.map((a) => a.getAttribute('href')))).toEqual(
      expected.slice(0, count).map((p) => `/partenaire/${p.partnerId.id}`),
    )
    // Drawn before the app: no script of it has run.
    expect(await page.locator('html').getAttribute('data-app-start')).toBeNull()
    // Measured in the page's font, as the screen's rows will be (a late font would change where lines wrap).
    await page.evaluate(() => document.fonts.ready.then(() => undefined))
    const drawnBoxes = await drawn.evaluateAll((links) =>
      links.map((a) => JSON.stringify(a.getBoundingClientRect())),
    )
    const drawnMarkup = await drawn.evaluateAll(rowsMarkup, count)
    releaseScripts()
    await expect(page.locator('html')).toHaveAttribute('data-app-start', 'hydrated')
    const rows = page.getByTestId('partner-row')
    await expect(rows.first()).toBeVisible()
    await expect(page.locator('[data-page-rows]')).toHaveCount(0)
    // The list draws the rows in its viewport and a margin; the HTML drew a screenful or more.
    const shown = Math.min(count, await rows.count())
    expect(shown).toBeGreaterThan(3)
    expect(
      await rows.evaluateAll(
        (links, n) => links.slice(0, n).map((a) => JSON.stringify(a.getBoundingClientRect())),
        shown,
      ),
    ).toEqual(drawnBoxes.slice(0, shown))
    expect(await rows.evaluateAll(rowsMarkup, shown)).toEqual(drawnMarkup.slice(0, shown))
    await page.waitForLoadState('networkidle')
    expect(problems).toEqual([])
  })

  test('une ligne touchée avant le démarrage de l’app ouvre ce partenaire', async ({ page }) => {
    const user = await registerUser(page.request, 'Toucher')
    await signInAs(page, user)
    const partnerId = await firstPartnerId(page, user.access_token)
    const releaseScripts = await holdScripts(page)
    await page.goto('/rechercher', { waitUntil: 'commit' })
    const drawn = page.locator('[data-page-rows] a[href^="/partenaire/"]')
    await drawn.first().click()
    await expect(page).toHaveURL(new RegExp(`/partenaire/${partnerId}$`))
    releaseScripts()
    await expect(page.locator('html')).toHaveAttribute('data-app-start', 'hydrated')
  })

  test('une réponse refusée ne dessine rien', async ({ page }) => {
    const user = await registerUser(page.request, 'Perimee')
    await signInAs(page, user)
    await page.goto('/login')
    await page.evaluate(
      (stored) => localStorage.setItem('user', stored),
      JSON.stringify({ ...user, access_token: 'jeton-refuse' }),
    )
    const releaseScripts = await holdScripts(page)
    // The early search sent with the refused token, not a search the page before may still have had in flight.
    const refused = page.waitForResponse(
      (response) =>
        response.url().includes(apiPaths.partnerSearch()) &&
        response.request().headers().authorization === 'Bearer jeton-refuse',
    )
    await page.goto('/rechercher', { waitUntil: 'commit' })
    expect((await refused).status()).toBe(401)
    // After the inline script's own handling of that answer (its callbacks were registered first).
    await page.evaluate(() =>
      (window as unknown as { __earlySearch: { response: Promise<Response> } }).__earlySearch.response
        .then(() => undefined)
        .then(() => new Promise((resolve) => setTimeout(resolve, 0))),
    )
    await expect(page.locator('[data-page-rows]')).toBeAttached()
    await expect(page.locator('[data-page-rows] *')).toHaveCount(0)
    releaseScripts()
    await expect(page).toHaveURL(/\/login$/)
    await expect(page.locator('[data-page-rows]')).toHaveCount(0)
  })
})

test.describe('photo principale dans le HTML', () => {
  /*
   * Home's first slide and a partner's first photo are each page's largest paint: the server puts the picture in
   * the HTML (outside #root, over the skeleton), the scripts start once it has loaded, and the screen's own
   * picture takes its place at the same size and spot (otherwise it would be a new, later LCP, or a jump).
   */
  test('l’accueil et la fiche d’un partenaire la peignent avant les scripts, puis l’écran la remplace', async ({
    page,
  }) => {
    const user = await registerUser(page.request, 'Photo')
    await signInAs(page, user)
    const partnerId = await firstPartnerId(page, user.access_token)
    const screens = [
      { path: '/', picture: page.locator('[data-home-stage] img').first() },
      { path: `/partenaire/${partnerId}`, picture: page.getByRole('img', { name: /, photo 1$/ }) },
    ]
    for (const { path, picture } of screens) {
      const releaseScripts = await holdScripts(page)
      const problems = collectProblems(page)
      await page.goto(path, { waitUntil: 'commit' })
      const fromHtml = page.locator('[data-page-picture] img')
      await expect(fromHtml, path).toBeVisible()
      await expect
        .poll(() => fromHtml.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth), {
          message: path,
        })
        .toBeGreaterThan(0)
      const htmlBox = await fromHtml.boundingBox()
      releaseScripts()
      await expect(page.locator('html'), path).toHaveAttribute('data-app-start', 'hydrated')
      await expect(picture, path).toBeVisible()
      await expect(page.locator('[data-page-picture]'), path).toHaveCount(0)
      expect(await picture.boundingBox(), path).toEqual(htmlBox)
      // The same copy: the screen's picture is not a second download.
      expect(await picture.evaluate((img: HTMLImageElement) => img.currentSrc), path).toBe(
        await page.evaluate(
          () => performance.getEntriesByType('resource').find((e) => e.name.includes('/uploads/'))?.name,
        ),
      )
      await page.waitForLoadState('networkidle')
      expect(problems, path).toEqual([])
      await page.unrouteAll()
      page.removeAllListeners('console')
      page.removeAllListeners('pageerror')
    }
  })

  test('un visiteur sans session ne voit pas la photo de l’accueil et va à la connexion', async ({
    page,
  }) => {
    await page.goto('/')
    await expect(page).toHaveURL(/\/login$/)
    await expect(page.locator('[data-page-picture]')).toHaveCount(0)
  })
})

test.describe('message de la carte sans clé dans le HTML', () => {
  // SPEC.md's no-key message: this server has no Google Maps key (the main e2e server).
  const noKeyMessage =
    "La carte ne peut pas s'afficher pour le moment. Retrouvez ci-dessous les partenaires proches de vous, ou cherchez-en un par nom, ville ou catégorie."

  /*
   * Without a key the map's largest paint is its message: the server serves the page whose HTML carries it
   * (outside #root, over the skeleton), its scripts start after that paint, and the screen's own message, same text
   * in the same box, takes its place without a duplicate.
   */
  test('la carte sans clé peint son message avant les scripts, puis l’écran le remplace', async ({
    page,
  }) => {
    const user = await registerUser(page.request, 'Carte')
    await signInAs(page, user)
    const releaseScripts = await holdScripts(page)
    const problems = collectProblems(page)
    await page.goto('/map', { waitUntil: 'commit' })
    const fromHtml = page.locator('[data-page-message] p')
    await expect(fromHtml).toHaveText(noKeyMessage)
    await expect(fromHtml).toBeVisible()
    await expect(page.locator('html')).not.toHaveAttribute('data-app-start', /./)
    // The web font swaps in when it arrives (font-display: swap): measured in it, as the screen's message will be.
    await page.evaluate(async () => {
      await document.fonts.load("16px 'Inter Variable'")
      await document.fonts.ready
    })
    const htmlBox = await fromHtml.boundingBox()
    releaseScripts()
    await expect(page.locator('html')).toHaveAttribute('data-app-start', 'hydrated')
    const screenMessage = page.getByRole('main').getByText(noKeyMessage)
    await expect(screenMessage).toBeVisible()
    await expect(page.locator('[data-page-message]')).toHaveCount(0)
    await expect(page.getByText(noKeyMessage)).toHaveCount(1)
    expect(await screenMessage.boundingBox()).toEqual(htmlBox)
    const timing = await page.evaluate(() => ({
      firstPaint: performance.getEntriesByName('first-contentful-paint')[0]?.startTime,
      scripts: performance
        .getEntriesByType('resource')
        .filter((entry) => entry.name.endsWith('.js') && new URL(entry.name).pathname.startsWith('/assets/'))
        .map((entry) => entry.startTime),
    }))
    expect(timing.firstPaint).toBeGreaterThan(0)
    expect(timing.scripts.length).toBeGreaterThan(0)
    for (const start of timing.scripts) expect(start).toBeGreaterThanOrEqual(timing.firstPaint!)
    await page.waitForLoadState('networkidle')
    expect(problems).toEqual([])
    // Without a key nothing draws the map: its code (PartnersMap, the marker's sheet) is never asked for. The
    // Google map e2e checks that the chunk has this name when there is a key.
    expect(await mapChunksLoaded(page)).toEqual([])
  })

  test('un visiteur sans session ne voit pas le message de la carte et va à la connexion', async ({
    page,
  }) => {
    const releaseScripts = await holdScripts(page)
    await page.goto('/map', { waitUntil: 'commit' })
    // The inline loader (it adds the entry's module script) removed it as it ran, before the first paint.
    await expect(page.locator('head script[type="module"]')).toBeAttached()
    await expect(page.locator('[data-page-message]')).toHaveCount(0)
    releaseScripts()
    await expect(page).toHaveURL(/\/login$/)
    await expect(page.getByText(noKeyMessage)).toHaveCount(0)
  })
})

test.describe('titre de chaque page dans le HTML', () => {
  // Spelt out here rather than read from PAGE_TITLES: the app's titles as a user reads them.
  const titles = {
    login: 'Connexion — Partenaires',
    register: 'Inscription — Partenaires',
    forgotPassword: 'Mot de passe oublié — Partenaires',
    home: 'Accueil — Partenaires',
    find: 'Rechercher — Partenaires',
    map: 'Carte — Partenaires',
    menu: 'Menu — Partenaires',
  }

  test('chaque page prérendue porte le titre que l’app lui donne, avant tout script', async ({
    page,
    request,
  }) => {
    const served = {
      '/login': titles.login,
      '/inscription': titles.register,
      '/forgot-password': titles.forgotPassword,
      '/reset-password?token=abc': 'Réinitialisation du mot de passe — Partenaires',
      '/': titles.home,
      '/rechercher': titles.find,
      '/map': titles.map,
      '/menu': titles.menu,
      '/favoris': 'Mes favoris — Partenaires',
      '/mes-coupons': 'Mes coupons utilisés — Partenaires',
      // The partner's name comes with its data: until then, the app's name.
      '/partenaire/1': 'Partenaires',
    }
    for (const [path, title] of Object.entries(served)) {
      // As a browser asks for a page: the server answers other requests for it otherwise.
      const html = await (await request.get(path, { headers: { accept: 'text/html' } })).text()
      expect(/<title>([^<]*)<\/title>/.exec(html)?.[1], path).toBe(title)
    }

    // The screens set the same titles themselves: reached inside the app, no HTML of theirs is read.
    await page.goto('/login')
    await expect(page.locator('html')).toHaveAttribute('data-app-start', 'hydrated')
    await expect(page).toHaveTitle(titles.login)
    await page.getByRole('link', { name: 'Mot de passe oublié?' }).click()
    await expect(page.getByRole('heading', { level: 1 })).toContainText('Mot de passe oublié')
    await expect(page).toHaveTitle(titles.forgotPassword)
    await page.goBack()
    await page.getByRole('link', { name: /Créez un compte/ }).click()
    await expect(page.getByRole('heading', { level: 1 })).toContainText('Inscription')
    await expect(page).toHaveTitle(titles.register)

    const user = await registerUser(page.request, 'Titres')
    await signInAs(page, user)
    await page.goto('/')
    await expect(page.locator('html')).toHaveAttribute('data-app-start', 'hydrated')
    await expect(page).toHaveTitle(titles.home)
    const tabs = page.getByRole('navigation', { name: 'Navigation principale' })
    for (const [tab, title] of [
      ['Rechercher', titles.find],
      ['Carte', titles.map],
      ['Menu', titles.menu],
      ['Accueil', titles.home],
    ]) {
      await tabs.getByRole('link', { name: tab }).click()
      await expect(page).toHaveTitle(title)
    }
  })
})
