/**
 * A search that finds nothing because of a filter, in the real plugin, in Chromium, against the
 * whole catalogue: the empty result offers to drop the set filter or the style filter, and each
 * offer, clicked, clears that filter and shows the icons found without it. Offered together, the
 * offers stand one under another, as wide as each other, at the default and the least width.
 */
import { describe, expect, it } from 'vitest'
import type { SearchResult } from '../../src/api/catalogue-schemas'
import { searchUrl } from '../../src/api/catalogue-urls'
import type { RunningCatalogue } from '../support/catalogue'
import { WINDOW_LIMITS } from '../../src/api/limits'
import { playgroundSessionPerFile, resizeWindow, saveScreenshot, type Playground } from './support/playground'

let catalogue: RunningCatalogue
let playground: Playground

playgroundSessionPerFile((session) => ({ catalogue, playground } = session))

const LUCIDE = 'Lucide'
/** A word Lucide has no icon for, and the sharp style neither, but other sets and styles have. */
const WORD = 'spotify'

const searchBox = () => playground.plugin.getByRole('textbox', { name: 'Search icons' })
const setButton = () => playground.plugin.getByRole('button', { name: /^Filter by icon set: / })
const styleFilter = () => playground.plugin.getByRole('combobox', { name: 'Filter by style' })
const empty = () => playground.plugin.getByRole('status').filter({ hasText: `No icons match “${WORD}”` })
const fixes = () => playground.plugin.getByLabel('Ways to find more')
const results = () => playground.plugin.getByRole('list', { name: 'Search results' })
const summary = () => playground.plugin.getByRole('status').filter({ hasText: /drawings? for/ })

/** How many drawings (families) a search finds: the tiles the plugin shows for it. */
async function familiesFor(request: Parameters<typeof searchUrl>[1]): Promise<number> {
  return ((await (await fetch(searchUrl(catalogue.url, request))).json()) as SearchResult).families
}

describe('an empty result offers to drop the filter that emptied it', () => {
  it('under a set filter: "Search all sets" clears it and shows the icons other sets have', async () => {
    expect(await familiesFor({ q: WORD, iconset: ['lucide'] })).toBe(0)
    const everywhere = await familiesFor({ q: WORD })
    expect(everywhere).toBeGreaterThan(0)

    await setButton().click()
    const panel = playground.plugin.getByRole('dialog', { name: 'Choose icon sets' })
    await panel.getByRole('textbox', { name: 'Find a set' }).fill('lucide')
    await panel.getByRole('checkbox', { name: LUCIDE }).check()
    await playground.page.keyboard.press('Escape')
    await expect.poll(() => setButton().textContent()).toBe(LUCIDE)
    await searchBox().fill(WORD)

    await expect.poll(() => empty().count()).toBe(1)
    await fixes().getByRole('button', { name: `Search all sets, not only ${LUCIDE}` }).click()
    await expect.poll(() => setButton().textContent()).toBe('All sets')
    await expect.poll(() => summary().textContent()).toBe(`${everywhere.toLocaleString('en-US')} drawings for “${WORD}”`)
    await expect.poll(() => results().getByRole('listitem').count()).toBeGreaterThan(0)
    expect(await empty().count()).toBe(0)
  })

  it('under a style filter: "Search all styles" clears it and shows the icons other styles have', async () => {
    expect(await familiesFor({ q: WORD, style: 'sharp' })).toBe(0)
    const everywhere = await familiesFor({ q: WORD })

    await styleFilter().selectOption('sharp')
    await expect.poll(() => empty().count()).toBe(1)
    await fixes().getByRole('button', { name: 'Search all styles' }).click()
    await expect.poll(() => styleFilter().inputValue()).toBe('')
    await expect.poll(() => summary().textContent()).toBe(`${everywhere.toLocaleString('en-US')} drawings for “${WORD}”`)
    await expect.poll(() => results().getByRole('listitem').count()).toBeGreaterThan(0)
    expect(await empty().count()).toBe(0)
  })

  it('under both filters the two offers stand one under the other, as wide as each other, inside the window', async () => {
    await setButton().click()
    const panel = playground.plugin.getByRole('dialog', { name: 'Choose icon sets' })
    await panel.getByRole('textbox', { name: 'Find a set' }).fill('lucide')
    await panel.getByRole('checkbox', { name: LUCIDE }).check()
    await playground.page.keyboard.press('Escape')
    await styleFilter().selectOption('outline')
    await searchBox().fill(WORD)
    await expect.poll(() => empty().count()).toBe(1)

    const offers = fixes().getByRole('button')
    for (const width of [360, WINDOW_LIMITS.minWidth]) {
      await resizeWindow(playground, width, 600)
      expect(await offers.allTextContents()).toEqual(['Search all styles', `Search all sets, not only ${LUCIDE}`])
      const [styles, sets, frame] = await Promise.all([offers.nth(0).boundingBox(), offers.nth(1).boundingBox(), playground.pluginFrame.boundingBox()])
      expect(sets!.y, `${width} px`).toBeGreaterThanOrEqual(styles!.y + styles!.height)
      expect([sets!.x, sets!.width, sets!.height], `${width} px`).toEqual([styles!.x, styles!.width, styles!.height])
      expect(sets!.x + sets!.width, `${width} px`).toBeLessThanOrEqual(frame!.x + frame!.width)
      await saveScreenshot(playground.pluginFrame, `plugin-${width}-empty-result-fixes`)
    }
    await resizeWindow(playground, 360, 600)
  })
})
