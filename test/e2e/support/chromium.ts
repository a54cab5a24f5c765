/** Debian's Chromium driven by playwright-core (browser downloads are not possible here). */
import { chromium, type Browser } from 'playwright-core'

export const CHROMIUM_PATH = '/usr/bin/chromium'

export function launchChromium(): Promise<Browser> {
  return chromium.launch({
    executablePath: CHROMIUM_PATH,
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--no-first-run'
    ]
  })
}
