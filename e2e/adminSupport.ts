import { expect, type Locator, type Page } from '@playwright/test'
import sharp from 'sharp'
import { e2eAdmin } from '../playwright.config.ts'
import { signInAs } from './support.ts'

/** Signs the page in as the e2e administrator. */
export const signInAsAdmin = (page: Page) => signInAs(page, e2eAdmin)

/** A real picture the server accepts (it re-encodes uploads with sharp). */
export async function pngFile(name: string, width = 400, height = 550) {
  const buffer = await sharp({ create: { width, height, channels: 3, background: '#1565c0' } })
    .png()
    .toBuffer()
  return { name, mimeType: 'image/png', buffer }
}

/** Picks an option of a radix Select by the Select's label. */
export async function choose(scope: Page | Locator, page: Page, label: string, option: string) {
  await scope.getByLabel(label, { exact: true }).click()
  await page.getByRole('option', { name: option, exact: true }).click()
  await expect(scope.getByLabel(label, { exact: true })).toHaveText(option)
}
