import { chromium, type Page } from 'playwright'
import { apiPaths } from '@/contract/paths.ts'
import type { AuthUser, PartnerSearchResult } from '@/contract/schemas.ts'
import { chromiumArgs } from '@/scripts/chromium.ts'
import { budgeted, type Figure } from '../lib/report.ts'
import { median } from '../lib/stats.ts'

/** Event Timing reports only interactions longer than this (its minimum threshold). */
const EVENT_TIMING_THRESHOLD_MS = 16

export interface InteractionRun {
  interaction: string
  /** The slowest interaction of each repetition (ms); the threshold when none was long enough to be reported. */
  latenciesMs: number[]
  note?: string
}

declare global {
  interface Window {
    __interactions?: { name: string; duration: number }[]
  }
}

/**
 * Records every interaction's Event Timing entry (input delay + processing + time to the next paint, what INP
 * is made of), from the first script on.
 */
const recordInteractions = `
  window.__interactions = []
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries())
      if (entry.interactionId) window.__interactions.push({ name: entry.name, duration: entry.duration })
  }).observe({ type: 'event', durationThreshold: ${EVENT_TIMING_THRESHOLD_MS}, buffered: true })
`

/** Runs `act` and returns the longest interaction it caused (INP's definition for one interaction). */
async function longestInteraction(page: Page, act: () => Promise<void>): Promise<number> {
  await page.evaluate(() => (window.__interactions = []))
  await act()
  // Entries arrive after the next paint: give the observer a moment.
  await page.waitForTimeout(600)
  const durations = await page.evaluate(() => (window.__interactions ?? []).map((e) => e.duration))
  return Math.max(EVENT_TIMING_THRESHOLD_MS, ...durations)
}

/**
 * The time from the next pointerdown to the frame after `selector` appears (its paint), measured in the page.
 * Call before the tap; the function it gives waits for the figure.
 */
async function watchDrawn(page: Page, selector: string): Promise<() => Promise<number>> {
  await page.evaluate((wanted) => {
    const w = window as unknown as { __drawn?: Promise<number> }
    w.__drawn = new Promise((resolve) => {
      document.addEventListener(
        'pointerdown',
        (event) => {
          const poll = () => {
            if (document.querySelector(wanted))
              requestAnimationFrame(() => setTimeout(() => resolve(performance.now() - event.timeStamp)))
            else requestAnimationFrame(poll)
          }
          poll()
        },
        { capture: true, once: true },
      )
    })
  }, selector)
  return () => page.evaluate(() => (window as unknown as { __drawn: Promise<number> }).__drawn)
}

async function swipeRight(page: Page, selector: ReturnType<Page['locator']>, distance: number) {
  const box = await selector.boundingBox()
  if (!box) throw new Error('coupon not on screen')
  const y = box.y + box.height / 2
  await page.mouse.move(box.x + 16, y)
  await page.mouse.down()
  await page.mouse.move(box.x + 16 + distance, y, { steps: 12 })
  await page.mouse.up()
}

/**
 * Interaction latency on a phone with the CPU slowed 4× (Chrome DevTools' "mid-tier mobile"): a category chip
 * on Home, typing in Find's search, opening Find's category sheet, completing a coupon swipe, 'Utiliser l'offre'
 * then 'Confirmer'. Each `repeat` times on a fresh page; the swipe and the button each use a different partner's
 * available coupon each time.
 */
export async function benchInteractions(
  base: string,
  user: AuthUser,
  chromePath: string,
  repeat = 3,
): Promise<InteractionRun[]> {
  const search = await fetch(base + apiPaths.partnerSearch(), {
    headers: { authorization: `Bearer ${user.access_token}` },
  })
  const partners = (await search.json()) as PartnerSearchResult[]
  const today = new Date().toISOString().slice(0, 10)
  const withCoupon = partners
    .map((partner) => ({
      id: partner.partnerId.id,
      coupon: partner.discountOffers.find(
        (offer) => offer.status === 'ENABLED' && (!offer.expirationDate || offer.expirationDate >= today),
      ),
    }))
    .filter((candidate) => candidate.coupon)
    .slice(0, repeat * 2)

  const browser = await chromium.launch({ executablePath: chromePath, args: chromiumArgs })
  try {
    const context = await browser.newContext({
      viewport: { width: 412, height: 915 },
      deviceScaleFactor: 2,
      isMobile: true,
      hasTouch: true,
      locale: 'fr-FR',
    })
    // tsx compiles the in-page functions with esbuild's keepNames, which calls a __name helper.
    await context.addInitScript('globalThis.__name = (f) => f')
    await context.addInitScript((value) => localStorage.setItem('user', value), JSON.stringify(user))
    await context.addInitScript(recordInteractions)
    const runs: Record<string, number[]> = { chip: [], typing: [], sheet: [], swipe: [], useButton: [] }
    for (let i = 0; i < repeat; i++) {
      const page = await context.newPage()
      const cdp = await context.newCDPSession(page)
      await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 })

      await page.goto(`${base}/`)
      const chip = page.getByRole('list', { name: 'Catégories' }).getByRole('link').first()
      await chip.waitFor()
      runs.chip.push(
        await longestInteraction(page, async () => {
          await chip.click()
          await page.waitForURL(/\/rechercher\?c=/)
        }),
      )

      await page.goto(`${base}/rechercher`)
      const box = page.getByRole('searchbox', { name: 'Rechercher un partenaire' })
      await box.waitFor()
      runs.typing.push(
        await longestInteraction(page, () => box.pressSequentially('boulangerie', { delay: 120 })),
      )

      await page.goto(`${base}/rechercher`)
      const picker = page.getByRole('button', { name: /^Catégorie/ })
      await picker.waitFor()
      // The sheet's code loads at the page's first sign of intent (idleComponent): the tap's Event Timing entry
      // may end before the sheet is drawn, so the figure is the longer of it and the tap to the sheet's paint.
      const drawn = await watchDrawn(page, '[role="dialog"]')
      const tap = await longestInteraction(page, async () => {
        await picker.click()
        await page.getByRole('dialog', { name: 'Catégorie' }).waitFor()
      })
      runs.sheet.push(Math.max(tap, await drawn()))

      // Every other partner with a coupon for the swipe, the others for the button: each coupon is used once.
      const target = withCoupon[2 * i]
      if (target?.coupon) {
        await page.goto(`${base}/partenaire/${target.id}`)
        const card = page.getByTestId('coupon-card').filter({ hasText: target.coupon.libelle }).first()
        await card.waitFor()
        runs.swipe.push(
          await longestInteraction(page, async () => {
            await swipeRight(page, card, 412 - 40)
            await page.locator('[data-testid="coupon-card"][data-state="used"]').first().waitFor()
          }),
        )
      }

      const byButton = withCoupon[2 * i + 1]
      if (byButton?.coupon) {
        await page.goto(`${base}/partenaire/${byButton.id}`)
        const card = page.getByTestId('coupon-card').filter({ hasText: byButton.coupon.libelle }).first()
        await card.waitFor()
        // The tap that asks for confirmation, then the confirmation that uses the offer: the slower of the two.
        const ask = await longestInteraction(page, async () => {
          await card.getByRole('button', { name: "Utiliser l'offre" }).click()
          await page.getByRole('dialog').waitFor()
        })
        const confirm = await longestInteraction(page, async () => {
          await page.getByRole('dialog').getByRole('button', { name: 'Confirmer' }).click()
          await card.and(page.locator('[data-state="used"]')).waitFor()
        })
        runs.useButton.push(Math.max(ask, confirm))
      }
      await page.close()
    }
    return [
      { interaction: 'category chip (Home)', latenciesMs: runs.chip },
      { interaction: 'typing in search (Find)', latenciesMs: runs.typing },
      { interaction: 'opening a bottom sheet (Find)', latenciesMs: runs.sheet },
      {
        interaction: 'completing a coupon swipe',
        latenciesMs: runs.swipe,
        ...(runs.swipe.length === 0 ? { note: 'no partner with an available coupon' } : {}),
      },
      {
        interaction: "'Utiliser l'offre', then 'Confirmer'",
        latenciesMs: runs.useButton,
        ...(runs.useButton.length === 0 ? { note: 'no second partner with an available coupon' } : {}),
      },
    ]
  } finally {
    await browser.close()
  }
}

export function interactionFigures(runs: InteractionRun[]): Figure[] {
  return runs.map((run) =>
    budgeted(
      'Interactions (4× CPU)',
      `${run.interaction}: latency`,
      run.latenciesMs.length ? Math.round(median(run.latenciesMs)) : null,
      'ms',
      '< 200 ms',
      (v) => v < 200,
      run.note ??
        `median of ${run.latenciesMs.length}: ${run.latenciesMs.map(Math.round).join(', ')} ms (Event Timing, ${EVENT_TIMING_THRESHOLD_MS} ms = below its threshold)`,
    ),
  )
}
