import type { APIRequestContext, Locator } from '@playwright/test'
import { expect, test } from './fixtures.ts'
import { apiPaths } from '../contract/paths.ts'
import type { Article, PartnerSearchResult } from '../contract/schemas.ts'
import { registerUser, signInAs } from './support.ts'

/*
 * The demo's pictures are stored bare and get their AVIF/WebP copies from the start-up backfill; once they
 * have them, the phone downloads the copy of the width it draws: Home's banner near the screen's device
 * width, a Find row's 72 px thumbnail the 320 px copy, never the original.
 */

async function waitForVariants(request: APIRequestContext, token: string): Promise<void> {
  const headers = { authorization: `Bearer ${token}` }
  await expect
    .poll(
      async () => {
        const articles = (await (
          await request.get(apiPaths.articlesPublished(), { headers })
        ).json()) as Article[]
        const found = (await (
          await request.get(apiPaths.partnerSearch(), { headers })
        ).json()) as PartnerSearchResult[]
        // A search result's photo lists its variants' widths (ListImage), an article's image their URLs.
        return (
          articles.every((a) => !a.image || (a.image.variants ?? []).length > 0) &&
          found.every((p) => !p.images[0] || p.images[0].variantWidths.length > 0)
        )
      },
      { timeout: 90_000, intervals: [1_000] },
    )
    .toBe(true)
}

/** The URL path the browser chose for an <img> inside a <picture>, once loaded. */
async function chosenPath(img: Locator): Promise<string> {
  await expect.poll(() => img.evaluate((i: HTMLImageElement) => i.complete && i.naturalWidth > 0)).toBe(true)
  return new URL(await img.evaluate((i: HTMLImageElement) => i.currentSrc)).pathname
}

test('Accueil et Rechercher : chaque image dans la largeur dessinée, en AVIF', async ({ page, request }) => {
  const user = await registerUser(request, 'Images')
  await waitForVariants(request, user.access_token)
  await signInAs(page, user)

  await page.goto('/')
  const banner = page.getByRole('region', { name: 'Actualités' }).locator('img').first()
  await expect(banner).toHaveAttribute('fetchpriority', 'high')
  await expect(banner).toHaveAttribute('loading', 'eager')
  await expect(banner).toHaveAttribute('width', '1080')
  const avif = page.getByRole('region', { name: 'Actualités' }).locator('source[type="image/avif"]').first()
  await expect(avif).toHaveAttribute('srcset', /-320\.avif 320w, .*-640\.avif 640w, .*-1080\.avif 1080w$/)
  // 412 CSS px at 2.625 device pixels each: the largest copy (1,080 px), in AVIF.
  expect(await chosenPath(banner)).toMatch(/^\/uploads\/[a-f0-9]{24}-1080\.avif$/)
  const others = page.getByRole('region', { name: 'Actualités' }).locator('img')
  for (let i = 1; i < (await others.count()); i++)
    await expect(others.nth(i)).toHaveAttribute('loading', 'lazy')

  await page.goto('/rechercher')
  const row = page.getByTestId('partner-row').first()
  const thumbnail = row.locator('img')
  await expect(thumbnail).toHaveAttribute('loading', 'lazy')
  expect(await chosenPath(thumbnail)).toMatch(/^\/uploads\/[a-f0-9]{24}-320\.avif$/)
})
