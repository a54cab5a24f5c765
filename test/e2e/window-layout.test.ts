/**
 * The plugin window at the limits of its size, in Chromium on the real plugin against the real
 * catalogue: the toolbar fits the narrowest window clear of the resize strip, the grid keeps at
 * least 70% of the height at every allowed size (with icons picked too, their bar's actions in
 * sight), the File colours menu stays inside the window, the selected icons' panel opens without
 * covering the toolbar or the search (and nothing Tab reaches is out of sight), and Escape folds it
 * before it clears the search.
 */
import type { Locator } from 'playwright-core'
import { beforeAll, describe, expect, it } from 'vitest'
import { WINDOW_LIMITS } from '../../src/api/limits'
import { openSelectionPanel, playgroundSessionPerFile, resizeWindow, saveScreenshot, type Playground } from './support/playground'

let playground: Playground

playgroundSessionPerFile((session) => ({ playground } = session))

/** The toolkit's resize strip along the window's right edge, in px. */
const RESIZE_STRIP = 8

/** The least, the first (default) and the greatest size, and either side of the height where the lines above the grid close up. */
const SIZES = [
  [WINDOW_LIMITS.minWidth, WINDOW_LIMITS.minHeight],
  [360, 600],
  [360, 619],
  [360, 620],
  [WINDOW_LIMITS.maxWidth, WINDOW_LIMITS.maxHeight]
] as const

const toolbar = () => playground.plugin.getByRole('group', { name: /next insert/i })
const results = () => playground.plugin.getByRole('list', { name: 'Search results' })
const searchBox = () => playground.plugin.getByRole('textbox', { name: 'Search icons' })
const selectionToggle = () => playground.plugin.getByRole('region', { name: 'Selected icons' }).getByRole('heading').getByRole('button')

async function box(locator: Locator): Promise<{ x: number; y: number; width: number; height: number }> {
  const found = await locator.boundingBox()
  if (found === null) throw new Error(`${String(locator)} is not laid out`)
  return found
}

/** Whether what the pointer would hit at the element's centre is the element itself (not a panel or strip lying over it). */
const reachable = (locator: Locator): Promise<boolean> =>
  locator.evaluate((element) => {
    const { left, top, width, height } = element.getBoundingClientRect()
    const hit = document.elementFromPoint(left + width / 2, top + height / 2)
    return hit !== null && (element.contains(hit) || hit.contains(element))
  })

describe('the window at its limits, with an icon selected and a search read as a set and a style', () => {
  beforeAll(async () => {
    await searchBox().fill('house')
    await results().locator('[data-index="0"]').press('Enter')
    await playground.plugin.getByRole('button', { name: '1 icon selected' }).waitFor()
    await searchBox().fill('fluent calendar solid')
    await playground.plugin.getByLabel('Search read as').getByRole('button').first().waitFor()
  })

  it('at the least width every toolbar control lies inside the window, clear of the resize strip', async () => {
    // Dragged as far in as the toolkit lets it go.
    const size = await resizeWindow(playground, 0, 0)
    expect(size).toEqual({ width: WINDOW_LIMITS.minWidth, height: WINDOW_LIMITS.minHeight })
    const controls = [
      toolbar().getByRole('textbox', { name: 'Size' }),
      toolbar().getByRole('button', { name: 'Size presets' }),
      toolbar().getByRole('textbox', { name: 'Colour', exact: true }),
      toolbar().getByRole('button', { name: /^File colour/ }),
      toolbar().getByRole('textbox', { name: 'Stroke' }),
      // The checkbox itself is a 1 px input; what the designer clicks is its label.
      toolbar().getByTitle(/^Insert as component/)
    ]
    for (const control of controls) {
      const { x, width } = await box(control)
      const frame = await box(playground.pluginFrame)
      expect(x - frame.x, String(control)).toBeGreaterThanOrEqual(0)
      expect(x - frame.x + width, String(control)).toBeLessThanOrEqual(size.width - RESIZE_STRIP)
      expect(await reachable(control), String(control)).toBe(true)
    }
  })

  it('the File colours menu opens inside the window at the least width', async () => {
    await toolbar().getByRole('button', { name: /^File colour/ }).click()
    const menu = playground.plugin.getByRole('group', { name: 'File colours' })
    const [frame, opened] = await Promise.all([box(playground.pluginFrame), box(menu)])
    expect(opened.x).toBeGreaterThanOrEqual(frame.x)
    expect(opened.x + opened.width).toBeLessThanOrEqual(frame.x + frame.width - RESIZE_STRIP)
    expect(opened.y + opened.height).toBeLessThanOrEqual(frame.y + frame.height)
    await menu.getByRole('button').first().press('Escape')
    await expect.poll(() => menu.count()).toBe(0)
  })

  for (const [width, height] of SIZES) {
    it(`at ${width} × ${height} the grid keeps at least 70% of the height`, async () => {
      await resizeWindow(playground, width, height)
      await expect.poll(async () => (await box(results())).height / height).toBeGreaterThanOrEqual(0.7)
    })
  }

  describe('with several results picked for one insert', () => {
    const bar = () => playground.plugin.getByRole('region', { name: 'Picked icons' })

    beforeAll(async () => {
      await results().locator('[data-index="0"]').click({ modifiers: ['ControlOrMeta'] })
      await results().locator('[data-index="2"]').click({ modifiers: ['Shift'] })
      await bar().getByRole('status').filter({ hasText: /^3 icons picked$/ }).waitFor()
    })

    // Also either side of the height where the results' summary and reading give way to the bar.
    for (const [width, height] of [...SIZES, [360, 729], [360, 730]] as const) {
      it(`at ${width} × ${height} the grid keeps at least 70% of the height, and the bar's count, Clear and Insert are in sight`, async () => {
        await resizeWindow(playground, width, height)
        await expect.poll(async () => (await box(results())).height / height).toBeGreaterThanOrEqual(0.7)
        // The bar takes its own line under the grid rather than lying over the last row.
        const [grid, picked, frame] = await Promise.all([box(results()), box(bar()), box(playground.pluginFrame)])
        expect(grid.y + grid.height).toBeLessThanOrEqual(picked.y)
        for (const part of [bar().getByRole('status'), bar().getByRole('button', { name: 'Clear' }), bar().getByRole('button', { name: 'Insert 3 icons' })]) {
          const { x, y, width: partWidth, height: partHeight } = await box(part)
          expect(x - frame.x, String(part)).toBeGreaterThanOrEqual(0)
          expect(x - frame.x + partWidth, String(part)).toBeLessThanOrEqual(width - RESIZE_STRIP)
          expect(y - frame.y + partHeight, String(part)).toBeLessThanOrEqual(height)
          expect(await reachable(part), String(part)).toBe(true)
        }
      })
    }

    it('at the least size, Clear takes the bar away and brings the results’ summary and reading back', async () => {
      await resizeWindow(playground, WINDOW_LIMITS.minWidth, WINDOW_LIMITS.minHeight)
      await saveScreenshot(playground.pluginFrame, 'plugin-least-size-picked')
      const summary = playground.plugin.getByRole('status').filter({ hasText: /icons for “fluent calendar solid”/ })
      const reading = playground.plugin.getByLabel('Search read as')
      expect([await summary.isVisible(), await reading.isVisible()]).toEqual([false, false])
      await bar().getByRole('button', { name: 'Clear' }).click()
      await bar().waitFor({ state: 'detached' })
      expect([await summary.isVisible(), await reading.isVisible()]).toEqual([true, true])
    })
  })

  it('the open selection panel covers neither the toolbar nor the search, and every control Tab reaches can be seen', async () => {
    await resizeWindow(playground, WINDOW_LIMITS.minWidth, WINDOW_LIMITS.minHeight)
    const panel = await openSelectionPanel(playground.plugin)
    const swap = panel.getByRole('combobox', { name: /swap set/i })
    await swap.waitFor()
    const [panelEnd, look, search] = await Promise.all([box(swap), box(toolbar()), box(searchBox())])
    expect(panelEnd.y + panelEnd.height).toBeLessThanOrEqual(look.y)
    expect(look.y + look.height).toBeLessThanOrEqual(search.y)
    expect(await reachable(searchBox())).toBe(true)
    await saveScreenshot(playground.pluginFrame, 'plugin-least-size-selection-open')

    // From the panel's line to the results, each stop is in sight at its centre.
    await selectionToggle().focus()
    const focused = playground.plugin.locator(':focus')
    const stops: string[] = []
    while (!(await focused.evaluate((element) => element.closest('[aria-label="Search results"]') !== null))) {
      stops.push(await focused.evaluate((element) => element.getAttribute('aria-label') ?? element.textContent ?? element.tagName))
      expect(await reachable(focused), stops.at(-1)).toBe(true)
      expect(stops.length).toBeLessThan(40)
      await focused.press('Tab')
    }
    expect(stops).toContain('Search icons')
  })

  it('Escape on the panel’s line folds it and leaves the search; the next Escape clears the search', async () => {
    await openSelectionPanel(playground.plugin)
    await selectionToggle().press('Escape')
    await expect.poll(() => selectionToggle().getAttribute('aria-expanded')).toBe('false')
    expect(await searchBox().inputValue()).toBe('fluent calendar solid')
    await selectionToggle().press('Escape')
    await expect.poll(() => searchBox().inputValue()).toBe('')
  })
})
