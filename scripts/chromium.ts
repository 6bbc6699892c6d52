import { existsSync } from 'node:fs'

/** Flags that keep headless Chromium quiet on a machine with no internet and no GPU. */
export const chromiumArgs = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-dev-shm-usage',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--disable-quic',
  '--no-first-run',
  '--font-render-hinting=none',
]

const candidates = [
  '/usr/bin/chromium',
  '/usr/bin/chromium-browser',
  '/usr/bin/google-chrome',
  '/usr/bin/google-chrome-stable',
  '/snap/bin/chromium',
  '/Applications/Google Chrome.app/Contents/MacOS/Google Chrome',
  '/Applications/Chromium.app/Contents/MacOS/Chromium',
]

/** CHROME_PATH first, then the usual system locations; undefined when none exists. */
export function findChromium(): string | undefined {
  const fromEnv = process.env.CHROME_PATH
  if (fromEnv && existsSync(fromEnv)) return fromEnv
  return candidates.find((path) => existsSync(path))
}

const headlessShells = ['/usr/lib/chromium/chromium-headless-shell', '/usr/bin/chromium-headless-shell']

/**
 * Chromium's headless shell (Debian: `chromium-headless-shell`, the same version as `chromium`) when installed,
 * else findChromium(): for the end-to-end journeys, which compare no pictures. The shell is the browser without
 * its windowing layers, and without the Debian launcher's default flags (GPU rasterisation, here emulated in
 * software by a GPU process). Three journey files (17 journeys with the global set-up), A/B twice in the same
 * minutes at load 11-18: 63.6 and 55.4 CPU-s with Chromium, 48.2 and 51.8 with the shell. The story tests keep
 * the full browser: their baselines were taken with it, and the shell draws a few text pixels differently.
 * CHROME_PATH still wins.
 */
export function findHeadlessChromium(): string | undefined {
  const fromEnv = process.env.CHROME_PATH
  if (fromEnv && existsSync(fromEnv)) return fromEnv
  return headlessShells.find((path) => existsSync(path)) ?? findChromium()
}

export const missingChromiumHelp =
  'Aucun Chromium trouvé. Installez-le (Debian/Ubuntu : `sudo apt-get install -y chromium`) ' +
  'ou indiquez son chemin dans la variable CHROME_PATH.'
