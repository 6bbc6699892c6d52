import { devices, expect, test, type Locator, type Page } from '@playwright/test'
import type { AuthUser, Image, Partner } from '@/contract/schemas.ts'
import { apiPaths } from '@/contract/paths.ts'
import { pngFile, signInAsAdmin } from '../adminSupport.ts'
import { clusterAccessLog, clusterInstances, clusterLogs, clusterUrl } from './env.ts'

test.use({ baseURL: clusterUrl() })

const partnerName = 'Le Panier Gourmand'
const couponLabel = '-10 % sur l’addition'

/** Drags a coupon card to the right with the mouse, as public-journey.spec.ts does for a finger's swipe. */
async function swipeRight(page: Page, card: Locator, distance: number) {
  const box = await card.boundingBox()
  if (!box) throw new Error('Coupon introuvable à l’écran')
  const y = box.y + box.height / 2
  await page.mouse.move(box.x + 16, y)
  await page.mouse.down()
  await page.mouse.move(box.x + 16 + distance, y, { steps: 12 })
  await page.mouse.up()
}

// Playwright takes fixtures from the first parameter's pattern; an empty one trips no-empty-pattern.
test.afterEach(async ({ request: _request }, testInfo) => {
  if (testInfo.status === testInfo.expectedStatus) return
  await testInfo.attach('instances.json', {
    body: JSON.stringify(await clusterLogs(), null, 2),
    contentType: 'application/json',
  })
  await testInfo.attach('nginx-access.json', {
    body: JSON.stringify(await clusterAccessLog(), null, 2),
    contentType: 'application/json',
  })
})

/**
 * Through nginx in front of two instances: a new user registers on a phone, an administrator adds a photo to a
 * partner, the user uses one of its coupons and still sees it used after a reload. Then, behind nginx's back:
 * both instances answered the journey's API calls, and each one, asked directly, serves the new photo and
 * knows the coupon is used — the state lives in PostgreSQL, not in either process.
 */
test('via nginx et deux instances : inscription, photo ajoutée au back-office, coupon utilisé qui le reste', async ({
  page,
  browser,
  request,
}) => {
  const instances = clusterInstances()
  expect(instances).toHaveLength(2)
  const logStart = (await clusterAccessLog()).length

  await page.goto('/inscription')
  await page.getByLabel('Prénom').fill('Nadia')
  await page.getByLabel('Nom', { exact: true }).fill('Grappe')
  await page.getByLabel('Email').fill(`nadia.grappe.${Date.now()}@exemple.fr`)
  await page.getByLabel('Mot de passe', { exact: true }).fill('une phrase de passe assez longue')
  await page.getByRole('checkbox', { name: /conditions générales/ }).click()
  await page.getByRole('checkbox', { name: /politique de confidentialité/ }).click()
  await page.getByRole('button', { name: "S'inscrire" }).click()
  await expect(page).toHaveURL(/\/$/)
  const stored = await page.evaluate(() => localStorage.getItem('user'))
  expect(stored, 'session enregistrée après l’inscription').not.toBeNull()
  const user = JSON.parse(stored!) as AuthUser

  // The administrator, on a desktop browser, adds a photo to the partner.
  const { defaultBrowserType: _, ...desktop } = devices['Desktop Chrome']
  const adminContext = await browser.newContext({ ...desktop, viewport: { width: 1366, height: 900 } })
  const admin = await adminContext.newPage()
  await signInAsAdmin(admin)
  await admin.goto('/bo/partenaires')
  await admin.getByRole('searchbox', { name: 'Rechercher un partenaire' }).fill(partnerName)
  await admin.getByRole('row', { name: `Consulter ${partnerName}` }).click()
  await expect(admin).toHaveURL(/\/bo\/partenaires\/\d+$/)
  await expect(admin.getByRole('heading', { level: 1, name: partnerName })).toBeVisible()
  const photos = admin.getByRole('region', { name: 'Photos' })
  const thumbnails = photos.getByRole('button', { name: /^Agrandir/ })
  const photosBefore = await thumbnails.count()
  const uploadAnswer = admin.waitForResponse(
    (r) => r.request().method() === 'POST' && /\/api\/partners\/\d+\/image$/.test(new URL(r.url()).pathname),
  )
  await photos.locator('input[type=file]').setInputFiles(await pngFile('devanture.png'))
  const uploadResponse = await uploadAnswer
  expect(uploadResponse.ok(), `envoi de la photo : ${uploadResponse.status()}`).toBe(true)
  const uploaded = (await uploadResponse.json()) as Image
  expect(uploaded.url).toMatch(/^\/uploads\/[^/]+\.webp$/)
  await expect(thumbnails).toHaveCount(photosBefore + 1)
  await expect(admin.getByTestId('photo-uploading')).toHaveCount(0)
  await adminContext.close()

  // The user finds the partner, sees the new photo and uses the coupon.
  await page.goto('/rechercher')
  await page.getByRole('searchbox', { name: 'Rechercher un partenaire' }).fill('panier gourm')
  const row = page.getByTestId('partner-row').filter({ hasText: partnerName })
  await expect(row).toHaveCount(1)
  await row.click()
  await expect(page).toHaveURL(/\/partenaire\/\d+$/)
  const partnerId = Number(/\/partenaire\/(\d+)$/.exec(page.url())![1])
  await expect(page.getByRole('heading', { level: 1, name: partnerName })).toBeVisible()
  const newPhoto = page.locator(`img[src="${uploaded.url}"]`).first()
  await expect
    .poll(() => newPhoto.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0), {
      message: 'la nouvelle photo s’affiche chez l’utilisateur',
    })
    .toBe(true)
  const coupon = page.getByTestId('coupon-card').filter({ hasText: couponLabel })
  await expect(coupon).toHaveAttribute('data-state', 'available')
  await swipeRight(page, coupon, (page.viewportSize()?.width ?? 400) - 40)
  await expect(coupon).toHaveAttribute('data-state', 'used')
  await expect(page.getByText('Bravo! Vous avez utilisé vote offre!', { exact: true })).toBeVisible()

  await page.reload()
  const reloaded = page.getByTestId('coupon-card').filter({ hasText: couponLabel })
  await expect(reloaded).toHaveAttribute('data-state', 'used')
  await expect(reloaded.getByText('Offre utilisée')).toBeVisible()

  // nginx sent the journey's API calls to both instances, and answered none with a server error.
  const journey = (await clusterAccessLog()).slice(logStart)
  const api = journey.filter((line) => / \/api\//.test(line.request))
  expect(api.length).toBeGreaterThan(5)
  // After a retry $upstream_addr lists every address tried: the last one answered.
  const answeredBy = new Set(api.map((line) => line.upstream.split(/,\s*/).pop()))
  expect([...answeredBy].sort()).toEqual(instances.map((i) => `127.0.0.1:${i.port}`).sort())
  expect(api.filter((line) => line.status >= 500)).toEqual([])
  expect(
    api.some(
      (line) => line.request.startsWith('PUT /api/users/deactivate-discountoffer/') && line.status < 300,
    ),
    'l’utilisation du coupon est passée par nginx',
  ).toBe(true)

  // Each instance, asked directly, serves the photo and knows the coupon is used.
  const photoBytes: Buffer[] = []
  for (const instance of instances) {
    const image = await request.get(instance.url + uploaded.url)
    expect(image.status(), `${uploaded.url} sur l’instance ${instance.name}`).toBe(200)
    expect(image.headers()['content-type']).toBe('image/webp')
    photoBytes.push(await image.body())

    const seen = await request.get(instance.url + apiPaths.partnerDiscountsUser(partnerId, user.userId.id), {
      headers: { authorization: `Bearer ${user.access_token}` },
    })
    expect(seen.status(), `coupons vus par l’instance ${instance.name}`).toBe(200)
    const partner = (await seen.json()) as Partner
    expect(partner.discountOffers.find((o) => o.libelle === couponLabel)?.status).toBe('DISABLED')
    expect(partner.images.map((i) => i.url)).toContain(uploaded.url)
  }
  expect(photoBytes[0].length).toBeGreaterThan(0)
  expect(photoBytes[1].equals(photoBytes[0]), 'les deux instances servent les mêmes octets').toBe(true)
})
