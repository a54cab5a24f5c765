/**
 * The Chromium every browser test and the benchmark drive through playwright-core. A system
 * Chromium is preferred (`CHROMIUM_PATH`, else Debian's /usr/bin/chromium); without one, the
 * headless build shipped inside the @sparticuz/chromium npm package is unpacked and used, so
 * `npm ci && npm test` needs nothing but Node and npm. `CHROMIUM=packaged` forces that fallback.
 */
import { existsSync } from 'node:fs'
import { chromium, type Browser } from 'playwright-core'

const DEBIAN_CHROMIUM = '/usr/bin/chromium'

const COMMON_ARGS = ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--no-first-run']

export interface ChromiumChoice {
  executablePath: string
  args: string[]
  source: 'system' | 'packaged'
}

export async function chooseChromium(env: NodeJS.ProcessEnv = process.env): Promise<ChromiumChoice> {
  if (env.CHROMIUM !== 'packaged') {
    const system = env.CHROMIUM_PATH ?? (existsSync(DEBIAN_CHROMIUM) ? DEBIAN_CHROMIUM : undefined)
    if (system !== undefined) return { executablePath: system, args: COMMON_ARGS, source: 'system' }
  }
  const { default: packaged } = await import('@sparticuz/chromium')
  // Not the package's own flags, which are made for a serverless function: --single-process ends
  // the browser with its last page (a test that closes one page and opens another then fails), and
  // --disable-web-security and --disable-site-isolation-trials would loosen the very isolation the
  // playground's frames are tested under. Its headless shell runs with ours, as Debian's does.
  return { executablePath: await packaged.executablePath(), args: COMMON_ARGS, source: 'packaged' }
}

export async function launchChromium(): Promise<Browser> {
  const { executablePath, args } = await chooseChromium()
  return chromium.launch({ executablePath, args })
}
