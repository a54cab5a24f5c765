/**
 * The plugin window at the limits of its size, in Chromium on the real plugin against the real
 * catalogue: the toolbar fits the narrowest window clear of the resize strip, the grid keeps at
 * least 70% of the height at every allowed size (with icons picked too: their bar lies over the
 * grid's foot, so picking moves no tile, and the last row scrolls clear of it; an icon's details
 * open above it, and still leave it two rows when a filter moves it), the File colours
 * menu stays inside the window, the selected icons' panel opens without covering the toolbar or the
 * search (and nothing Tab reaches is out of sight), Escape folds it before it clears the search,
 * and the message an insert leaves lies above the next icon's details, never over their buttons.
 */
import type { Locator } from 'playwright-core'
import { afterEach, beforeAll, describe, expect, it } from 'vitest'
import { WINDOW_LIMITS } from '../../src/api/limits'
import { openSelectionPanel, playgroundSessionPerFile, pluginIcons, resizeWindow, saveScreenshot, waitForDocument, type Playground } from './support/playground'

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
const tile = (grid: Locator, index: number) => grid.locator(`[data-index="${index}"]`)
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

/** The pointer's cursor over what lies at a point of the plugin window: the toolkit's resize strips each set their own. */
const cursorAt = (x: number, y: number): Promise<string> =>
  playground.plugin.locator('body').evaluate(
    (_, point) => {
      const hit = document.elementFromPoint(point.x, point.y)
      return hit === null ? '' : getComputedStyle(hit).cursor
    },
    { x, y }
  )

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

  it('a file colour chosen shows its own name whole at the default width, and moves no field', async () => {
    await resizeWindow(playground, 360, 600)
    const stroke = toolbar().getByRole('textbox', { name: 'Stroke' })
    const before = await box(stroke)
    const button = toolbar().getByRole('button', { name: /^File colour/ })
    await button.click()
    await playground.plugin.getByRole('group', { name: 'File colours' }).getByRole('button', { name: 'Icon/Ink' }).click()
    await expect.poll(() => button.getAttribute('aria-label')).toBe('File colour: Icon/Ink')
    const name = button.locator('.ic-file-color-name')
    expect(await name.textContent()).toBe('Ink')
    expect(await name.evaluate((span) => span.scrollWidth <= span.clientWidth)).toBe(true)
    expect(await button.getAttribute('title')).toBe('Icon/Ink')
    expect(await box(stroke)).toEqual(before)
    await saveScreenshot(playground.pluginFrame, 'plugin-file-colour-chosen')
    await button.click()
    await playground.plugin.getByRole('group', { name: 'File colours' }).getByRole('button', { name: /Detach/ }).click()
    await expect.poll(() => button.getAttribute('aria-label')).toBe('File colours')
    expect(await box(stroke)).toEqual(before)
  })

  for (const [width, height] of SIZES) {
    it(`at ${width} × ${height} the grid keeps at least 70% of the height`, async () => {
      await resizeWindow(playground, width, height)
      await expect.poll(async () => (await box(results())).height / height).toBeGreaterThanOrEqual(0.7)
    })
  }

  describe('with several results picked for one insert', () => {
    const bar = () => playground.plugin.getByRole('region', { name: 'Picked icons' })
    const summary = () => playground.plugin.getByRole('status').filter({ hasText: /drawings for “fluent calendar solid”/ })
    const reading = () => playground.plugin.getByLabel('Search read as')

    /**
     * Where the grid, the first tiles and the lines above the grid are in the window (null when
     * hidden): what the designer aims at. In the window, as the page scrolls the tallest one into view.
     */
    async function layoutOf(grid: Locator, linesAbove: Locator[]) {
      const frame = await box(playground.pluginFrame)
      return Promise.all(
        [grid, tile(grid, 0), tile(grid, 2), ...linesAbove].map(async (part) => {
          const found = await part.boundingBox()
          return found === null ? null : { ...found, x: found.x - frame.x, y: found.y - frame.y }
        })
      )
    }

    /** Cmd/Ctrl-click the first result, then Shift-click the third, checking after each that nothing moved. */
    async function pickThree(grid: Locator, before: Awaited<ReturnType<typeof layoutOf>>, linesAbove: Locator[]) {
      await tile(grid, 0).click({ modifiers: ['ControlOrMeta'] })
      await bar().getByRole('status').filter({ hasText: /^1 icon picked$/ }).waitFor()
      expect(await layoutOf(grid, linesAbove), 'after the first pick').toEqual(before)
      await tile(grid, 2).click({ modifiers: ['Shift'] })
      await bar().getByRole('status').filter({ hasText: /^3 icons picked$/ }).waitFor()
      expect(await layoutOf(grid, linesAbove), 'after the Shift-click').toEqual(before)
    }

    /** Scrolled as far as it goes, pages loaded on the way, the grid's last result is fully above the bar. */
    async function expectLastRowClearOfBar(grid: Locator) {
      const total = Number(await grid.getByRole('listitem').first().getAttribute('aria-setsize'))
      const last = tile(grid, total - 1)
      const scrollToEnd = () => grid.evaluate((element) => (element.scrollTop = element.scrollHeight))
      await expect.poll(async () => (await scrollToEnd(), await last.count())).toBe(1)
      await scrollToEnd()
      const [lastTile, picked] = await Promise.all([box(last), box(bar())])
      expect(lastTile.y + lastTile.height).toBeLessThanOrEqual(picked.y)
      expect(await reachable(last)).toBe(true)
      await grid.evaluate((element) => (element.scrollTop = 0))
    }

    async function clearPicks() {
      await bar().getByRole('button', { name: 'Clear' }).click()
      await bar().waitFor({ state: 'detached' })
    }

    // Each check starts from the search's first row, nothing picked, whatever the last one left.
    afterEach(async () => {
      if ((await bar().count()) > 0) await clearPicks()
      await playground.plugin.getByRole('tab', { name: 'Search' }).click()
      await results().evaluate((element) => (element.scrollTop = 0))
    })

    for (const [width, height] of SIZES) {
      it(`at ${width} × ${height} picking moves nothing, the grid keeps at least 70% of the height, the bar's actions are in sight and the last row scrolls clear of it`, async () => {
        await resizeWindow(playground, width, height)
        const linesAbove = [summary(), reading()]
        const before = await layoutOf(results(), linesAbove)
        await pickThree(results(), before, linesAbove)

        expect((await box(results())).height / height).toBeGreaterThanOrEqual(0.7)
        const frame = await box(playground.pluginFrame)
        for (const part of [bar().getByRole('status'), bar().getByRole('button', { name: 'Clear' }), bar().getByRole('button', { name: 'Insert 3 icons' })]) {
          const { x, y, width: partWidth, height: partHeight } = await box(part)
          expect(x - frame.x, String(part)).toBeGreaterThanOrEqual(0)
          expect(x - frame.x + partWidth, String(part)).toBeLessThanOrEqual(width - RESIZE_STRIP)
          expect(y - frame.y + partHeight, String(part)).toBeLessThanOrEqual(height)
          expect(await reachable(part), String(part)).toBe(true)
        }
        // The toolkit's resize strips (right edge, foot, corner) still take the pointer where they lie over the bar.
        const picked = await box(bar())
        const barMiddle = picked.y - frame.y + picked.height / 2
        expect(await cursorAt(width - RESIZE_STRIP / 2, barMiddle)).toBe('ew-resize')
        expect(await cursorAt(width / 2, height - 2)).toBe('ns-resize')
        expect(await cursorAt(width - 2, height - 2)).toBe('nwse-resize')

        await expectLastRowClearOfBar(results())
        await clearPicks()
        expect(await layoutOf(results(), linesAbove), 'after Clear').toEqual(before)
      })
    }

    it('arrow keys down the grid scroll each tile they reach into view above the bar', async () => {
      await resizeWindow(playground, 360, 600)
      await pickThree(results(), await layoutOf(results(), []), [])
      const focused = results().locator(':focus')
      await tile(results(), 0).focus()
      const rowsInView = Math.ceil((await box(results())).height / (await box(results().getByRole('listitem').first())).height)
      for (let step = 0; step < rowsInView + 2; step++) {
        await focused.press('ArrowDown')
        const [reached, picked] = await Promise.all([box(focused), box(bar())])
        expect(reached.y + reached.height, `row ${step + 2}`).toBeLessThanOrEqual(picked.y)
      }
    })

    it('at the least size the bar lies over the foot of the grid, the summary and reading still in sight', async () => {
      await resizeWindow(playground, WINDOW_LIMITS.minWidth, WINDOW_LIMITS.minHeight)
      await pickThree(results(), await layoutOf(results(), [summary(), reading()]), [summary(), reading()])
      await saveScreenshot(playground.pluginFrame, 'plugin-least-size-picked')
      const [grid, picked, frame] = await Promise.all([box(results()), box(bar()), box(playground.pluginFrame)])
      expect(grid.y + grid.height).toBe(frame.y + frame.height)
      expect(picked.y + picked.height).toBe(frame.y + frame.height)
      expect([await summary().isVisible(), await reading().isVisible()]).toEqual([true, true])
    })

    it('an icon opened while icons are picked shows its details above the bar, which keeps its count, Clear and Insert in sight', async () => {
      await resizeWindow(playground, 360, 600)
      await pickThree(results(), await layoutOf(results(), [summary(), reading()]), [summary(), reading()])
      await tile(results(), 3).press(' ')
      const details = playground.plugin.getByRole('region', { name: 'Icon details' })
      await details.getByRole('button', { name: 'Insert' }).waitFor()
      const [panel, picked] = await Promise.all([box(details), box(bar())])
      expect(panel.y + panel.height).toBeLessThanOrEqual(picked.y)
      for (const part of [bar().getByRole('status'), bar().getByRole('button', { name: 'Clear' }), bar().getByRole('button', { name: 'Insert 3 icons' })]) {
        expect(await reachable(part), String(part)).toBe(true)
      }
      await details.getByRole('button', { name: 'Close details' }).click()
    })

    it('with an icon\'s details open, the window still resizes from its corner', async () => {
      await resizeWindow(playground, 360, 600)
      await tile(results(), 3).press(' ')
      const details = playground.plugin.getByRole('region', { name: 'Icon details' })
      await details.getByRole('button', { name: 'Insert' }).waitFor()
      const panel = await box(details)
      const frame = await box(playground.pluginFrame)
      // The details reach the window's foot: the corner lies over them.
      expect(panel.y - frame.y + panel.height).toBeGreaterThanOrEqual(600 - 12)
      expect(await cursorAt(360 - 2, 600 - 2)).toBe('nwse-resize')
      await details.getByRole('button', { name: 'Close details' }).click()
    })

    it('picks kept across tabs, the last set and style cards scroll clear of the bar', async () => {
      await resizeWindow(playground, WINDOW_LIMITS.minWidth, WINDOW_LIMITS.minHeight)
      await pickThree(results(), await layoutOf(results(), []), [])
      for (const [tab, name] of [['Icon sets', 'Icon sets'], ['Styles', 'Styles']] as const) {
        await playground.plugin.getByRole('tab', { name: tab }).click()
        const cards = playground.plugin.getByRole('list', { name })
        const last = cards.getByRole('listitem').last()
        await last.waitFor()
        await cards.evaluate((element) => (element.scrollTop = element.scrollHeight))
        const [lastCard, picked] = await Promise.all([box(last), box(bar())])
        expect(lastCard.y + lastCard.height, tab).toBeLessThanOrEqual(picked.y)
      }
    })

    it('in an open set, picking moves nothing and the last row scrolls clear of the bar', async () => {
      await resizeWindow(playground, 360, 600)
      await playground.plugin.getByRole('tab', { name: 'Icon sets' }).click()
      await playground.plugin.getByRole('list', { name: 'Icon sets' }).getByRole('button', { name: /^Lucide, / }).click()
      await playground.plugin.getByRole('textbox', { name: 'Search Lucide' }).fill('calendar')
      const grid = playground.plugin.getByRole('list', { name: 'Results in Lucide' })
      const setSummary = playground.plugin.getByRole('status').filter({ hasText: /drawings for “calendar” in Lucide/ })
      await tile(grid, 2).waitFor()
      const before = await layoutOf(grid, [setSummary])
      await pickThree(grid, before, [setSummary])
      await expectLastRowClearOfBar(grid)
      await clearPicks()
      expect(await layoutOf(grid, [setSummary])).toEqual(before)
    })
  })

  it('a size the field refuses says why under it while the field is in use, and covers nothing once the designer moves on', async () => {
    await resizeWindow(playground, 360, 600)
    const size = toolbar().getByRole('textbox', { name: 'Size' })
    const why = toolbar().getByRole('alert')
    await size.fill('0')
    await expect.poll(() => why.isVisible()).toBe(true)
    expect(await why.textContent()).toMatch(/\w/)
    // On to the search, the size still refused: the field keeps saying so, the search box is clear.
    await searchBox().click()
    await expect.poll(() => why.isVisible()).toBe(false)
    expect(await size.getAttribute('aria-invalid')).toBe('true')
    expect(await reachable(searchBox())).toBe(true)
    // Pointing at the field, or going back to it, shows why again.
    await size.hover()
    await expect.poll(() => why.isVisible()).toBe(true)
    await searchBox().hover()
    await expect.poll(() => why.isVisible()).toBe(false)
    await size.focus()
    await expect.poll(() => why.isVisible()).toBe(true)
    await size.press('Escape')
    await expect.poll(() => why.count()).toBe(0)
    expect(await size.getAttribute('aria-invalid')).toBe('false')
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

  it('at the least size with the selection panel open, an icon’s details leave two rows of the grid in sight and scroll under their Insert and Replace', async () => {
    await resizeWindow(playground, WINDOW_LIMITS.minWidth, WINDOW_LIMITS.minHeight)
    await openSelectionPanel(playground.plugin)
    await searchBox().fill('house')
    await playground.plugin.getByRole('status').filter({ hasText: /drawings for “house”$/ }).waitFor()
    // Solar's house: three styles, its variants and a licence notice make the tallest details.
    await results().getByRole('button', { name: /^House, Solar, / }).first().press(' ')
    const details = playground.plugin.getByRole('region', { name: 'Icon details' })
    await details.getByRole('group', { name: 'Variants' }).waitFor()
    const replace = details.getByRole('button', { name: 'Replace' })
    await replace.waitFor()
    const grid = playground.plugin.locator('.ic-grid')
    const [shown, panel] = await Promise.all([box(grid), box(details)])
    // Two rows of 52 px tiles.
    expect(panel.y - shown.y).toBeGreaterThanOrEqual(104)
    for (const button of [details.getByRole('button', { name: 'Insert' }), replace]) {
      const at = await box(button)
      expect(at.y + at.height).toBeLessThanOrEqual(panel.y + panel.height + 0.5)
      expect(await reachable(button)).toBe(true)
    }
    await saveScreenshot(playground.pluginFrame, 'plugin-least-size-details-selection-open')
    await details.getByRole('button', { name: 'Close details' }).click()
    await selectionToggle().click()
    await expect.poll(() => selectionToggle().getAttribute('aria-expanded')).toBe('false')
  })

  it('at the least size with the selection panel open, a style chosen while an icon’s details are open moves the grid down and the details still leave it two rows', async () => {
    await resizeWindow(playground, WINDOW_LIMITS.minWidth, WINDOW_LIMITS.minHeight)
    await openSelectionPanel(playground.plugin)
    const styleFilter = playground.plugin.getByRole('combobox', { name: 'Filter by style' })
    await styleFilter.selectOption('solid')
    await searchBox().fill('solid house')
    await playground.plugin.getByRole('status').filter({ hasText: /for “solid house”/ }).waitFor()
    await results().getByRole('button', { name: /^House, Solar, / }).first().press(' ')
    const details = playground.plugin.getByRole('region', { name: 'Icon details' })
    await details.getByRole('button', { name: 'Replace' }).waitFor()
    const grid = playground.plugin.locator('.ic-grid')
    const before = await box(grid)
    // "solid" in the words is no longer the filter's style, so the reading line, above the grid, says it was not applied.
    await styleFilter.selectOption('outline')
    await playground.plugin.getByText('Not applied: “solid”').waitFor()
    await expect.poll(async () => (await box(grid)).y).toBeGreaterThan(before.y)
    await expect.poll(async () => (await box(details)).y - (await box(grid)).y).toBeGreaterThanOrEqual(104)
    await details.getByRole('button', { name: 'Close details' }).click()
    await selectionToggle().click()
    await expect.poll(() => selectionToggle().getAttribute('aria-expanded')).toBe('false')
    await styleFilter.selectOption('')
  })

  for (const [width, height] of [SIZES[0], SIZES[1]]) {
    it(`at ${width} × ${height} the message after an insert lies clear of the next icon's details`, async () => {
      await resizeWindow(playground, width, height)
      await searchBox().fill('star')
      await playground.plugin.getByRole('status').filter({ hasText: /drawings for “star”$/ }).waitFor()
      const inserted = pluginIcons(await playground.snapshot()).size
      await tile(results(), 0).press('Enter')
      await waitForDocument(playground, 'the star inserted', (snapshot) => pluginIcons(snapshot).size === inserted + 1)
      const message = playground.plugin.locator('.ic-status')
      await expect.poll(() => message.textContent()).toMatch(/^Inserted /)

      // Space opens the next tile's details while the message still shows: it stays above them, over none of their buttons.
      await tile(results(), 1).press(' ')
      const details = playground.plugin.getByRole('region', { name: 'Icon details' })
      await details.getByRole('button', { name: 'Insert' }).waitFor()
      const [said, panel] = await Promise.all([box(message), box(details)])
      expect(said.y + said.height).toBeLessThanOrEqual(panel.y)
      await saveScreenshot(playground.pluginFrame, `plugin-${width}-message-above-details`)
      await details.getByRole('button', { name: 'Close details' }).click()
    })
  }

  for (const [width, height] of [SIZES[0], SIZES[1]]) {
    it(`at ${width} × ${height} a line holding only a suggestion is as tall as a line of chips, so the grid moves alike`, async () => {
      await resizeWindow(playground, width, height)
      const reading = playground.plugin.getByLabel('Search read as')
      await searchBox().fill('hoem')
      await reading.getByRole('button', { name: /^Did you mean/ }).waitFor()
      const suggested = await box(reading)
      await searchBox().fill('lucide home')
      await reading.getByRole('button', { name: /^Search every set/ }).waitFor()
      expect((await box(reading)).height).toBe(suggested.height)
    })
  }

  it('at the least width a long query keeps the summary to one line, so the grid does not move down, and its title says it whole', async () => {
    await resizeWindow(playground, WINDOW_LIMITS.minWidth, WINDOW_LIMITS.minHeight)
    const summary = playground.plugin.getByRole('status').filter({ hasText: /drawings? for “/ })
    await searchBox().fill('star')
    await summary.filter({ hasText: /for “star”$/ }).waitFor()
    const [short, grid] = await Promise.all([box(summary), box(results())])
    const long = 'clock time clock time clock time clock time clock time'
    await searchBox().fill(long)
    await summary.filter({ hasText: long }).waitFor()
    expect((await box(summary)).height).toBe(short.height)
    expect((await box(results())).y).toBe(grid.y)
    expect(await summary.getAttribute('title')).toContain(`“${long}”`)
    // Its whole text is what a screen reader hears, cut short only on screen.
    expect(await summary.textContent()).toContain(`“${long}”`)
  })
})
