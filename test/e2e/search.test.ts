/**
 * Searching, filtering by style and paging in the real plugin, in Chromium, against the real
 * catalogue, the search the plugin reopens with, a style filter that keys typed on it leave alone,
 * a tile that says what it is on keyboard focus, and a next page that loads, or fails, without moving the grid.
 * Also saves the plugin's screenshots in light and dark themes.
 */
import type { Locator, Response, Route } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import type { SearchResult } from '../../src/api/catalogue-schemas'
import { searchUrl } from '../../src/api/catalogue-urls'
import type { RunningCatalogue } from '../support/catalogue'
import { MAX_LIMIT, WINDOW_LIMITS } from '../../src/api/limits'
import { holdRequests, resizeWindow, saveScreenshot, playgroundSessionPerFile, type Playground } from './support/playground'

let catalogue: RunningCatalogue
let playground: Playground

playgroundSessionPerFile((session) => ({ catalogue, playground } = session))

/** A response to GET /search with exactly these parameters (null: absent). */
function isSearch(response: Response, params: Record<string, string | null>): boolean {
  const url = new URL(response.url())
  return url.pathname === '/search' && Object.entries(params).every(([key, value]) => url.searchParams.get(key) === value)
}

const summary = () => playground.plugin.getByRole('status').filter({ hasText: /drawings? for/ })
const results = () => playground.plugin.getByRole('list', { name: 'Search results' })

/**
 * Where the grid lies in the plugin's window and how far it is scrolled: its tiles are placed by
 * their index, so while these hold, no tile moves. With `scrollToEnd`, scrolled to its end first.
 */
const layoutOf = (grid: Locator, scrollToEnd = false) =>
  grid.evaluate((element, scroll) => {
    if (scroll) element.scrollTop = element.scrollHeight
    const { x, y, width, height } = element.getBoundingClientRect()
    return { x, y, width, height, scrollTop: element.scrollTop }
  }, scrollToEnd)

/**
 * Scrolls `grid` to its end and holds the next page's answer back while it checks that loading
 * it moved nothing; then lets the page in, which moves nothing either.
 */
async function expectNextPageMovesNothing(grid: Locator) {
  const held = new Promise<Route>((resolve) => {
    void playground.page.route((url) => url.pathname === '/search' && url.searchParams.get('offset') !== '0', resolve)
  })
  const loaded = Number(await grid.getAttribute('data-loaded'))
  const before = await layoutOf(grid, true)
  const route = await held
  try {
    await playground.plugin.getByRole('status').filter({ hasText: 'Loading more…' }).waitFor({ state: 'attached' })
    expect(await layoutOf(grid)).toEqual(before)
  } finally {
    await route.continue()
    await playground.page.unrouteAll()
  }
  await expect.poll(async () => Number(await grid.getAttribute('data-loaded'))).toBeGreaterThan(loaded)
  expect(await layoutOf(grid)).toEqual(before)
}

/** Types `words` in the search box, as a designer does, and waits until the results are theirs. */
async function searchFor(words: string) {
  await playground.plugin.getByRole('textbox', { name: 'Search icons' }).fill(words)
  await expect.poll(() => summary().textContent()).toMatch(new RegExp(`drawings? for “${words}”$`))
}

/** The Search, Styles or Icon sets tab. */
const tab = (name: string) => playground.plugin.getByRole('tab', { name })

const scrollTopOf = (grid: Locator) => grid.evaluate((element) => element.scrollTop)

/** Scrolls `grid` as a designer would, and waits until it is there. */
async function scrollTo(grid: Locator, top: number) {
  await grid.evaluate((element, to) => (element.scrollTop = to), top)
  await expect.poll(() => scrollTopOf(grid)).toBe(top)
}

describe('searching in the plugin', () => {
  it('search "home", filter to Solid: every result shown is solid', async () => {
    const { plugin } = playground
    const before = await playground.snapshot()

    await searchFor('home')

    const filtered = playground.page.waitForResponse((response) => isSearch(response, { q: 'home', style: 'solid', offset: '0' }))
    await plugin.getByRole('combobox', { name: 'Filter by style' }).selectOption('solid')
    const page = (await (await filtered).json()) as SearchResult
    await expect.poll(() => summary().textContent()).toMatch(/drawings? for “home” in Solid$/)
    expect(page.total).toBeGreaterThan(0)
    expect(page.icons.every((icon) => icon.style === 'solid')).toBe(true)

    // Each tile's tooltip names its style; every tile in view must say solid.
    const titles = await results().getByRole('button').evaluateAll((buttons) => buttons.map((button) => button.getAttribute('title') ?? ''))
    expect(titles.length).toBeGreaterThan(0)
    for (const title of titles) expect(title).toMatch(/ · Solid$/)
    const labels = await results().getByRole('button').evaluateAll((buttons) => buttons.map((button) => button.getAttribute('aria-label')))
    const shown = new Set(page.icons.map((icon) => icon.name))
    for (const label of labels) expect(shown.has(String(label).split(', ')[0] ?? '')).toBe(true)

    // The emulated document: searching adds nothing, and main kept the query and style in clientStorage.
    const after = await playground.snapshot()
    expect(after.children).toEqual(before.children)
    await expect
      .poll(() => playground.hook((hook) => JSON.stringify(hook.clientStorage())))
      .toMatch(/"query":"home".*"style":"solid"|"style":"solid".*"query":"home"/)

    await saveScreenshot(playground.pluginFrame, 'plugin-light')
    await playground.page.getByRole('button', { name: 'Dark theme' }).click()
    await expect
      .poll(() => playground.plugin.locator('html').getAttribute('class'))
      .toBe('figma-dark')
    await saveScreenshot(playground.pluginFrame, 'plugin-dark')
    await saveScreenshot(playground.page, 'playground-dark')
    await playground.page.getByRole('button', { name: 'Dark theme' }).click()
    await expect.poll(() => playground.plugin.locator('html').getAttribute('class')).toBe('figma-light')
  })

  it('scrolling to the end loads the page at offset 96: no duplicates, 192 loaded', async () => {
    const { plugin } = playground
    const before = await playground.snapshot()
    const secondPage = playground.page.waitForResponse((response) => isSearch(response, { q: 'home', style: null, offset: '96' }))
    // The first page was seen before the style was chosen: the plugin kept it and asks for it no more.
    await plugin.getByRole('combobox', { name: 'Filter by style' }).selectOption('')
    const first = (await (await fetch(searchUrl(catalogue.url, { q: 'home', limit: 96, offset: 0 }))).json()) as SearchResult
    await expect.poll(() => summary().textContent()).toMatch(/drawings? for “home”$/)
    // Page two waits for the designer to scroll towards the end.
    expect(await results().getAttribute('data-loaded')).toBe('96')

    await results().hover()
    let second: Response | undefined
    secondPage.then((response) => (second = response), () => undefined)
    for (let step = 0; step < 40 && second === undefined; step++) {
      await playground.page.mouse.wheel(0, 600)
      await playground.page.waitForTimeout(50)
    }
    const next = (await (await secondPage).json()) as SearchResult
    expect(first.families).toBeGreaterThanOrEqual(192)
    expect(next.offset).toBe(96)

    await expect.poll(async () => Number(await results().getAttribute('data-loaded'))).toBeGreaterThanOrEqual(192)
    const keys = [...first.icons, ...next.icons].map((icon) => `${icon.iconset}/${icon.slug}`)
    expect(new Set(keys).size).toBe(192)

    // The tiles in view reach into the second page, each at its own position, none twice.
    const tiles = await results()
      .getByRole('listitem')
      .evaluateAll((items) => items.map((item) => [Number(item.getAttribute('aria-posinset')), item.querySelector('button')?.getAttribute('aria-label')] as const))
    const positions = tiles.map(([position]) => position)
    expect(new Set(positions).size).toBe(positions.length)
    expect(Math.max(...positions)).toBeGreaterThan(96)
    // Placeholders past the loaded tiles let the scroll run on, so a third page may follow; the first two are checked.
    for (const [position, label] of tiles.filter(([position]) => position <= 192)) {
      const icon = [...first.icons, ...next.icons][position - 1]
      expect(label).toContain(icon?.name)
    }

    // Paging touches the canvas not at all.
    expect((await playground.snapshot()).children).toEqual(before.children)
  })

  it('run again (a reload), the plugin opens on the last search, handed over by main with showUI', async () => {
    await expect
      .poll(() => playground.hook((hook) => JSON.stringify(hook.clientStorage())))
      .toMatch(/"query":"home".*"style":null|"style":null.*"query":"home"/)
    await playground.page.reload()
    await playground.page.waitForFunction(() => window.playground !== undefined)
    const box = playground.plugin.getByRole('textbox', { name: 'Search icons' })
    await expect.poll(() => box.inputValue()).toBe('home')
    await expect.poll(() => summary().textContent()).toMatch(/drawings? for “home”$/)
  })

  it('a letter typed on the closed style filter does not choose a style (Chrome’s type-ahead would, and search at once)', async () => {
    const { plugin } = playground
    const filter = plugin.getByRole('combobox', { name: 'Filter by style' })
    await filter.selectOption('')
    await filter.focus()
    for (const key of ['s', 'd', 'ArrowDown']) await filter.press(key)
    expect(await filter.inputValue()).toBe('')
    // The next search goes out with no style: a style chosen by those keys would be in it.
    const next = playground.page.waitForResponse((response) => isSearch(response, { q: 'house', style: null, offset: '0' }))
    await plugin.getByRole('textbox', { name: 'Search icons' }).fill('house')
    expect((await next).ok()).toBe(true)
  })

  it('a tile reached with the keyboard shows its name, set and style, as the mouse sees them in its title', async () => {
    const { plugin } = playground
    const caption = (tile: ReturnType<typeof results>) => tile.locator('.ic-tile-caption')
    const tile = (index: number) => results().locator(`[data-index="${index}"]`)
    await expect.poll(() => tile(1).count()).toBe(1)
    await expect.poll(() => caption(tile(0)).isVisible()).toBe(false)

    await plugin.getByRole('textbox', { name: 'Search icons' }).press('ArrowDown')
    await expect.poll(() => tile(0).evaluate((button) => button === document.activeElement)).toBe(true)
    await expect.poll(() => caption(tile(0)).isVisible()).toBe(true)
    expect(await caption(tile(0)).textContent()).toBe(await tile(0).getAttribute('title'))
    expect(await caption(tile(0)).textContent()).toMatch(/^.+ · .+ · .+$/)

    await tile(0).press('ArrowRight')
    await expect.poll(() => caption(tile(1)).isVisible()).toBe(true)
    expect(await caption(tile(0)).isVisible()).toBe(false)
    await saveScreenshot(playground.pluginFrame, 'plugin-tile-caption')

    // At the grid's edge the caption lines up with it rather than running past it.
    await tile(1).press('ArrowLeft')
    await expect.poll(() => caption(tile(0)).isVisible()).toBe(true)
    const insideGrid = async () => {
      const box = await caption(tile(0)).boundingBox()
      const grid = await results().boundingBox()
      return box !== null && grid !== null && box.x >= grid.x && box.x + box.width <= grid.x + grid.width
    }
    expect(await insideGrid()).toBe(true)

    // Clicked, the tile shows no caption; the first key pressed on it (Escape closing its details) shows it, fitted too.
    await tile(1).click()
    await tile(0).click()
    await plugin.getByRole('region', { name: 'Icon details' }).waitFor()
    expect(await caption(tile(0)).isVisible()).toBe(false)
    await tile(0).press('Escape')
    await expect.poll(() => plugin.getByRole('region', { name: 'Icon details' }).count()).toBe(0)
    await expect.poll(() => caption(tile(0)).isVisible()).toBe(true)
    expect(await insideGrid()).toBe(true)
  })

  it('the caption of a tile reached on the last row in view, walking down or at End, shows above it, inside the grid', async () => {
    const { plugin } = playground
    const focusedIndex = () => results().evaluate((grid) => (grid.contains(document.activeElement) ? Number((document.activeElement as HTMLElement).dataset.index) : -1))
    // How far the focused tile's caption lies inside the grid's visible box, above and below.
    const captionInside = () =>
      results().evaluate((grid) => {
        const caption = grid.querySelector(':focus .ic-tile-caption')!.getBoundingClientRect()
        const frame = grid.getBoundingClientRect()
        const top = frame.top + grid.clientTop
        return { visible: caption.height > 0, above: caption.top - top, below: top + grid.clientHeight - caption.bottom }
      })
    await searchFor('arrow')
    await plugin.getByRole('textbox', { name: 'Search icons' }).press('ArrowDown')
    await expect.poll(focusedIndex).toBe(0)
    const columns = await results().evaluate((grid) => [...grid.querySelectorAll('[role="listitem"]')].filter((cell) => (cell as HTMLElement).style.top === '0px').length)
    const rowsInView = await results().evaluate((grid) => Math.floor(grid.clientHeight / 52))
    // Two rows past the rows in view: from then on ↓ keeps the focus on the last row in view.
    for (let row = 1; row <= rowsInView + 2; row++) {
      await playground.page.keyboard.press('ArrowDown')
      await expect.poll(focusedIndex).toBe(row * columns)
      const place = await captionInside()
      expect(place, `row ${row}`).toEqual({ visible: true, above: expect.any(Number), below: expect.any(Number) })
      expect(Math.min(place.above, place.below), `row ${row}`).toBeGreaterThanOrEqual(0)
    }
    await saveScreenshot(playground.pluginFrame, 'plugin-tile-caption-last-row')
    // The grid's last tile loaded, at its very foot.
    await playground.page.keyboard.press('End')
    await expect.poll(focusedIndex).toBeGreaterThan((rowsInView + 2) * columns)
    const atEnd = await captionInside()
    expect(Math.min(atEnd.above, atEnd.below)).toBeGreaterThanOrEqual(0)
    // Back to the first tile, where the tests after this one start.
    await playground.page.keyboard.press('Home')
    await expect.poll(focusedIndex).toBe(0)
    await plugin.getByRole('textbox', { name: 'Search icons' }).focus()
  })

  it('↑ on the first row keeps the focus in its column (as ↓ on the last does) rather than jumping to the grid’s first tile', async () => {
    const tile = (index: number) => results().locator(`[data-index="${index}"]`)
    const focusedIndex = () => results().evaluate((grid) => (grid.contains(document.activeElement) ? (document.activeElement as HTMLElement).dataset.index : null))
    await expect.poll(() => tile(2).count()).toBe(1)
    await playground.plugin.getByRole('textbox', { name: 'Search icons' }).press('ArrowDown')
    await expect.poll(focusedIndex).toBe('0')
    await tile(0).press('ArrowRight')
    await expect.poll(focusedIndex).toBe('1')
    await tile(1).press('ArrowRight')
    await expect.poll(focusedIndex).toBe('2')
    await tile(2).press('ArrowUp')
    // Where the focus is now, the next → tells: from tile 2 it reaches 3 (from tile 0, where it once jumped, 1).
    await playground.page.keyboard.press('ArrowRight')
    await expect.poll(focusedIndex).toBe('3')
  })

  it('at 320 and 360 px wide, the caption of a tile in every column lies inside the grid', async () => {
    const { plugin } = playground
    const focused = results().locator(':focus')
    // Where the focused tile's caption lies, and the grid's visible width it must keep within.
    const placeOfCaption = () =>
      focused.evaluate((tile) => {
        const grid = tile.closest('.ic-grid')!
        const caption = tile.querySelector('.ic-tile-caption')!.getBoundingClientRect()
        const left = grid.getBoundingClientRect().left + grid.clientLeft
        return { column: tile.closest('[role="listitem"]')!.getBoundingClientRect().left, start: caption.left - left, end: left + grid.clientWidth - caption.right }
      })
    await searchFor('heart')
    for (const width of [WINDOW_LIMITS.minWidth, 360]) {
      await resizeWindow(playground, width, 600)
      // The grid lays its tiles out again for the new width: as many 52 px columns as its width inside its padding holds (icon-grid.tsx).
      const laidOut = () =>
        results().evaluate((grid) => {
          const first = grid.querySelector('[role="listitem"]')!.getBoundingClientRect().top
          const inFirstRow = [...grid.querySelectorAll('[role="listitem"]')].filter((item) => item.getBoundingClientRect().top === first).length
          const { paddingLeft, paddingRight } = getComputedStyle(grid)
          const width = grid.clientWidth - Number.parseFloat(paddingLeft) - Number.parseFloat(paddingRight)
          return inFirstRow === Math.floor(width / 52) ? inFirstRow : 0
        })
      await expect.poll(laidOut).toBeGreaterThan(0)
      const columnCount = await laidOut()
      // The columns share the grid's width inside its padding: none pokes out, so it never scrolls sideways.
      const sideways = await results().evaluate((grid) => {
        const inner = grid.getBoundingClientRect().left + grid.clientLeft + grid.clientWidth - Number.parseFloat(getComputedStyle(grid).paddingRight)
        const rightmost = Math.max(...[...grid.querySelectorAll('[role="listitem"]')].map((item) => item.getBoundingClientRect().right))
        return { overflow: grid.scrollWidth - grid.clientWidth, past: rightmost - inner }
      })
      expect(sideways, `${width} px`).toEqual({ overflow: 0, past: expect.any(Number) })
      expect(sideways.past, `${width} px`).toBeLessThanOrEqual(0.5)
      await plugin.getByRole('textbox', { name: 'Search icons' }).press('ArrowDown')
      // Two rows, tile by tile: every column, with the long captions of sets such as Material Design Icons.
      const columns = new Set<number>()
      const start = Number(await focused.getAttribute('data-index'))
      for (let step = 0; step < 2 * columnCount; step++) {
        // Focus moves once the grid has drawn the step: each tile is read, and stepped from, in turn.
        await expect.poll(() => focused.getAttribute('data-index')).toBe(String(start + step))
        const caption = await placeOfCaption()
        columns.add(caption.column)
        expect(caption.start, `${width} px, tile ${step}`).toBeGreaterThanOrEqual(0)
        expect(caption.end, `${width} px, tile ${step}`).toBeGreaterThanOrEqual(0)
        await focused.press('ArrowRight')
      }
      expect(columns.size).toBe(columnCount)
      await saveScreenshot(playground.pluginFrame, `plugin-${width}-tile-caption`)
    }
  })

  it('a licence notice in an icon’s details reads at 4.5:1 or more in both themes, on Figma’s warning colour', async () => {
    const { plugin, page } = playground
    await searchFor('house')
    // Solar's licence (CC BY 4.0) asks for credit.
    await results().getByRole('button', { name: /^House, Solar, / }).first().click()
    const notice = plugin.getByRole('region', { name: 'Icon details' }).getByRole('note')
    await notice.waitFor()
    const contrast = () =>
      notice.evaluate((element) => {
        const rgba = (css: string) => (css.match(/[\d.]+/g) ?? []).map(Number)
        const [r = 0, g = 0, b = 0, a = 1] = rgba(getComputedStyle(element).color)
        const [br = 0, bg = 0, bb = 0] = rgba(getComputedStyle(element).backgroundColor)
        // The text's colour over the notice's background, as it is painted.
        const text = [r * a + br * (1 - a), g * a + bg * (1 - a), b * a + bb * (1 - a)]
        const luminance = ([red = 0, green = 0, blue = 0]: number[]) => {
          const linear = (channel: number) => (channel / 255 <= 0.04045 ? channel / 255 / 12.92 : ((channel / 255 + 0.055) / 1.055) ** 2.4)
          return 0.2126 * linear(red) + 0.7152 * linear(green) + 0.0722 * linear(blue)
        }
        const [lighter, darker] = [luminance(text), luminance([br, bg, bb])].sort((x, y) => y - x)
        return ((lighter ?? 0) + 0.05) / ((darker ?? 0) + 0.05)
      })
    expect(await contrast()).toBeGreaterThanOrEqual(4.5)
    await page.getByRole('button', { name: 'Dark theme' }).click()
    await expect.poll(() => plugin.locator('html').getAttribute('class')).toBe('figma-dark')
    expect(await contrast()).toBeGreaterThanOrEqual(4.5)
    await page.getByRole('button', { name: 'Dark theme' }).click()
    await expect.poll(() => plugin.locator('html').getAttribute('class')).toBe('figma-light')
    await plugin.getByRole('button', { name: 'Close details' }).click()
  })

  it('the search, left for another tab, comes back scrolled where it was, its rows drawn; another search starts at the top', async () => {
    await searchFor('arrow')
    await scrollTo(results(), 1040)
    await tab('Styles').click()
    await tab('Search').click()
    await expect.poll(() => scrollTopOf(results())).toBe(1040)
    // The rows there are drawn, not blank: 1,040 px is 20 rows of 52 px down.
    const lastDrawn = () => results().locator('[data-index]').evaluateAll((tiles) => Math.max(...tiles.map((tile) => Number((tile as HTMLElement).dataset.index))))
    await expect.poll(lastDrawn).toBeGreaterThan(20 * 5)

    await searchFor('arrow left')
    expect(await scrollTopOf(results())).toBe(0)
  })

  it('an open set, left for another tab, comes back scrolled where it was, and the search keeps its own place', async () => {
    const { plugin } = playground
    await searchFor('arrow')
    await scrollTo(results(), 1040)
    await tab('Icon sets').click()
    // An earlier test may have left a set open there.
    const back = plugin.getByRole('button', { name: 'Back to icon sets' })
    if ((await back.count()) > 0) await back.click()
    await plugin.getByRole('list', { name: 'Icon sets' }).getByRole('button', { name: /^Lucide, / }).click()
    const lucide = plugin.getByRole('list', { name: /^(Icons|Results) in Lucide$/ })
    await expect.poll(() => lucide.locator('[data-index]').count()).toBeGreaterThan(0)
    await scrollTo(lucide, 520)

    await tab('Search').click()
    await expect.poll(() => scrollTopOf(results())).toBe(1040)
    await tab('Icon sets').click()
    await expect.poll(() => scrollTopOf(lucide)).toBe(520)
    await back.click()
    await tab('Search').click()
  })

  it('comes back deep in the results too, pages below the first, as they come again', async () => {
    await searchFor('arrow')
    const grid = results()
    // Down to the foot again and again, until four pages are in.
    const loadedAtFoot = () => grid.evaluate((element) => ((element.scrollTop = element.scrollHeight), Number((element as HTMLElement).dataset.loaded)))
    await expect.poll(loadedAtFoot, { timeout: 20_000 }).toBeGreaterThan(3 * MAX_LIMIT)
    // A few rows above the foot of the fourth page.
    const deep = await grid.evaluate((element) => element.scrollHeight - element.clientHeight - 3 * 52)
    await scrollTo(grid, deep)
    expect(deep).toBeGreaterThan(2000)
    await tab('Styles').click()
    await tab('Search').click()
    await expect.poll(() => scrollTopOf(results())).toBe(deep)
  })

  it('loading the next page moves nothing, in the search and in an open icon set', async () => {
    const { plugin } = playground
    await searchFor('arrow')
    await expectNextPageMovesNothing(results())

    await plugin.getByRole('tab', { name: 'Icon sets' }).click()
    await plugin.getByRole('list', { name: 'Icon sets' }).getByRole('button', { name: /^Lucide, / }).click()
    const set = plugin.getByRole('list', { name: 'Icons in Lucide' })
    await set.getByRole('listitem').first().waitFor()
    await expectNextPageMovesNothing(set)
    await plugin.getByRole('tab', { name: 'Search' }).click()
  })

  it('a next page that fails says so over the grid’s foot, leaving the grid its size and hiding no icon, and Retry brings it', async () => {
    const { plugin, page } = playground
    // At the narrowest window, where the message takes the most lines.
    await resizeWindow(playground, WINDOW_LIMITS.minWidth, 600)
    const grid = results()
    // Next pages fail from before the search, which a grid still scrolled to its end from the test
    // before may ask for as soon as the first page shows.
    const nextPages = (url: URL) => url.pathname === '/search' && url.searchParams.get('offset') !== '0'
    await page.route(nextPages, (route) => route.abort('connectionrefused'))
    try {
      // A search with a second page this file has not loaded yet.
      await searchFor('a')
      const loaded = Number(await grid.getAttribute('data-loaded'))
      const before = await layoutOf(grid, true)
      const alert = plugin.getByRole('alert').filter({ has: plugin.getByRole('button', { name: 'Retry' }) })
      await alert.waitFor()
      expect(await alert.textContent()).toContain("Can't reach the icon catalogue")
      // The grid keeps its place and size, and the page that failed, asked again by itself, its
      // placeholders: scrolled to its end, nothing under the pointer jumps back.
      const place = ({ x, y, width, height }: { x: number; y: number; width: number; height: number }) => ({ x, y, width, height })
      expect(place(await layoutOf(grid))).toEqual(place(before))
      expect(await grid.locator('.ic-grid-pending').count()).toBeGreaterThan(0)

      // The bar lies over the grid's foot; scrolled to its end, the last row is clear of it.
      await layoutOf(grid, true)
      const bar = (await alert.boundingBox()) as { x: number; y: number; width: number; height: number }
      const box = (await grid.boundingBox()) as { x: number; y: number; width: number; height: number }
      expect(bar.y + bar.height).toBeLessThanOrEqual(box.y + box.height)
      expect(bar.x).toBeGreaterThanOrEqual(box.x)
      // The grid's last row, a placeholder of the page to come, then.
      const lastTile = (await grid.locator('.ic-grid-cell').last().boundingBox()) as { y: number; height: number }
      expect(lastTile.y + lastTile.height).toBeLessThanOrEqual(bar.y)

      // Held from now until after the click, the page is asked for again with the bar still there;
      // released (which ends the refusal too), it comes.
      const held = await holdRequests(page, nextPages)
      await alert.getByRole('button', { name: 'Retry' }).click()
      await expect.poll(held.count).toBeGreaterThan(0)
      await held.release()
      await expect.poll(async () => Number(await grid.getAttribute('data-loaded'))).toBeGreaterThan(loaded)
      await expect.poll(() => alert.count()).toBe(0)
    } finally {
      await page.unrouteAll()
    }
  })
})
