/**
 * The browser tests run wherever Node and npm do: a system Chromium when there is one, otherwise
 * the headless Chromium from the @sparticuz/chromium npm package, which really launches and renders.
 */
import { chromium } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import { chooseChromium } from './support/chromium'

describe('choosing Chromium', () => {
  it('prefers CHROMIUM_PATH, and falls back to the packaged build when asked to or when there is no system one', async () => {
    expect(await chooseChromium({ CHROMIUM_PATH: '/opt/chromium/chrome' })).toMatchObject({ executablePath: '/opt/chromium/chrome', source: 'system' })
    expect((await chooseChromium({ CHROMIUM: 'packaged', CHROMIUM_PATH: '/opt/chromium/chrome' })).source).toBe('packaged')
  })

  it('launches the packaged headless Chromium and renders a page with it', async () => {
    const { executablePath, args, source } = await chooseChromium({ CHROMIUM: 'packaged' })
    expect(source).toBe('packaged')
    const browser = await chromium.launch({ executablePath, args })
    try {
      const page = await browser.newPage()
      await page.setContent('<main><h1 style="width: 120px">Icon Catalogue</h1></main>')
      expect(await page.textContent('h1')).toBe('Icon Catalogue')
      expect(await page.evaluate(() => document.querySelector('h1')?.getBoundingClientRect().width)).toBe(120)
    } finally {
      await browser.close()
    }
  })
})
