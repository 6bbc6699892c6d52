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

export const missingChromiumHelp =
  'Aucun Chromium trouvé. Installez-le (Debian/Ubuntu : `sudo apt-get install -y chromium`) ' +
  'ou indiquez son chemin dans la variable CHROME_PATH.'
