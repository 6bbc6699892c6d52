import * as chromeLauncher from 'chrome-launcher'
import lighthouse from 'lighthouse'
import puppeteer from 'puppeteer-core'
import type { AuthUser } from '../../contract/schemas.ts'
import { chromiumArgs } from '../../scripts/chromium.ts'
import { budgeted, info, type Figure } from '../lib/report.ts'
import { round } from '../lib/stats.ts'

export interface LighthouseRun {
  page: string
  url: string
  finalUrl: string
  performance: number | null
  accessibility: number | null
  bestPractices: number | null
  lcpMs: number | null
  cls: number | null
  tbtMs: number | null
  fcpMs: number | null
  transferKB: number | null
  requests: { url: string; transferKB: number }[]
  failing: { id: string; title: string; score: number | null; display?: string }[]
  error: string | null
}

type Lhr = {
  finalDisplayedUrl: string
  runtimeError?: { code: string; message: string }
  categories: Record<
    string,
    { score: number | null; auditRefs: { id: string; weight: number }[] } | undefined
  >
  audits: Record<
    string,
    {
      id: string
      title: string
      score: number | null
      scoreDisplayMode: string
      numericValue?: number
      displayValue?: string
      errorMessage?: string
      details?: { items?: unknown[] }
    }
  >
}

function summarize(page: string, url: string, lhr: Lhr): LighthouseRun {
  const score = (id: string) => {
    const s = lhr.categories[id]?.score
    return s === null || s === undefined ? null : Math.round(s * 100)
  }
  const num = (id: string) => lhr.audits[id]?.numericValue ?? null
  const items = (lhr.audits['network-requests']?.details?.items ?? []) as {
    url: string
    transferSize?: number
  }[]
  const failing = Object.values(lhr.audits)
    .filter(
      (a) =>
        a.score !== null &&
        a.score < 0.9 &&
        (a.scoreDisplayMode === 'binary' ||
          a.scoreDisplayMode === 'numeric' ||
          a.scoreDisplayMode === 'metricSavings'),
    )
    .map((a) => ({
      id: a.id,
      title: a.title,
      score: a.score,
      ...(a.displayValue ? { display: a.displayValue } : {}),
    }))
  return {
    page,
    url,
    finalUrl: lhr.finalDisplayedUrl,
    performance: score('performance'),
    accessibility: score('accessibility'),
    bestPractices: score('best-practices'),
    lcpMs: num('largest-contentful-paint'),
    cls: num('cumulative-layout-shift'),
    tbtMs: num('total-blocking-time'),
    fcpMs: num('first-contentful-paint'),
    transferKB: items.length ? round(items.reduce((s, i) => s + (i.transferSize ?? 0), 0) / 1024, 1) : null,
    requests: items.map((i) => ({
      url: i.url.replace(/^https?:\/\/[^/]+/, ''),
      transferKB: round((i.transferSize ?? 0) / 1024, 1),
    })),
    failing,
    error: lhr.runtimeError?.message ?? lhr.audits['largest-contentful-paint']?.errorMessage ?? null,
  }
}

/**
 * Lighthouse (default mobile config: Moto G-class emulation, simulated slow 4G) on /login anonymously, then
 * on Home with the signed-in session written to localStorage first (storage reset off for that run).
 */
export async function benchLighthouse(
  base: string,
  user: AuthUser,
  chromePath: string,
): Promise<LighthouseRun[]> {
  const chrome = await chromeLauncher.launch({
    chromePath,
    chromeFlags: [...chromiumArgs, '--headless=new'],
    logLevel: 'silent',
  })
  try {
    const browser = await puppeteer.connect({
      browserURL: `http://127.0.0.1:${chrome.port}`,
      defaultViewport: null,
    })
    const runs: LighthouseRun[] = []
    const categories = ['performance', 'accessibility', 'best-practices']
    const login = await lighthouse(`${base}/login`, {
      port: chrome.port,
      output: 'json',
      logLevel: 'error',
      onlyCategories: categories,
    })
    if (!login) throw new Error('Lighthouse returned no result for /login')
    runs.push(summarize('/login', `${base}/login`, login.lhr as unknown as Lhr))

    const page = await browser.newPage()
    await page.goto(`${base}/login`, { waitUntil: 'load' })
    await page.evaluate((value) => localStorage.setItem('user', value), JSON.stringify(user))
    const home = await lighthouse(
      `${base}/`,
      {
        port: chrome.port,
        output: 'json',
        logLevel: 'error',
        onlyCategories: categories,
        disableStorageReset: true,
      },
      undefined,
      page,
    )
    if (!home) throw new Error('Lighthouse returned no result for Home')
    runs.push(summarize('/ (Home, signed in)', `${base}/`, home.lhr as unknown as Lhr))
    await browser.disconnect()
    return runs
  } finally {
    chrome.kill()
  }
}

export function lighthouseFigures(runs: LighthouseRun[]): Figure[] {
  const s = 'Lighthouse'
  return runs.flatMap((r) => {
    const p = r.page
    const redirected = !r.finalUrl.endsWith(new URL(r.url).pathname)
      ? `ended on ${new URL(r.finalUrl).pathname}`
      : undefined
    return [
      budgeted(
        s,
        `${p}: performance`,
        r.performance,
        '',
        '≥ 95',
        (v) => v >= 95,
        r.error ? r.error.slice(0, 90) : redirected,
      ),
      budgeted(s, `${p}: accessibility`, r.accessibility, '', '100', (v) => v >= 100),
      budgeted(s, `${p}: best practices`, r.bestPractices, '', '≥ 95', (v) => v >= 95),
      budgeted(
        s,
        `${p}: LCP`,
        r.lcpMs === null ? null : round(r.lcpMs / 1000, 2),
        's',
        '< 2.0 s',
        (v) => v < 2,
        `FCP ${r.fcpMs === null ? '?' : round(r.fcpMs / 1000, 2)} s`,
      ),
      budgeted(s, `${p}: CLS`, r.cls === null ? null : round(r.cls, 3), '', '< 0.05', (v) => v < 0.05),
      budgeted(
        s,
        `${p}: TBT`,
        r.tbtMs === null ? null : Math.round(r.tbtMs),
        'ms',
        '< 150 ms',
        (v) => v < 150,
      ),
      info(s, `${p}: bytes transferred`, r.transferKB, 'KB', `${r.requests.length} requests`),
    ]
  })
}
