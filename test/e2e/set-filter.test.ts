/**
 * Choosing where to search in the real plugin, in Chromium, against the whole catalogue: the set
 * filter (type to narrow, tick several, remembered when the plugin is closed and run again), a
 * search box inside a set's view that pages through that set, corner style words read as styles,
 * a set listed a page per request with its thumbnails inline and placeholders where the next page
 * is still on its way, and a theme switch that asks the catalogue for nothing.
 */
import type { Request, Route } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import type { SearchResult } from '../../src/api/catalogue-schemas'
import type { RunningCatalogue } from '../support/catalogue'
import { playgroundSessionPerFile, saveScreenshot, type Playground } from './support/playground'

let catalogue: RunningCatalogue
let playground: Playground

playgroundSessionPerFile((session) => ({ catalogue, playground } = session))

const FLUENT = 'Fluent UI System Icons'
const LUCIDE = 'Lucide'
const MDI = 'Material Design Icons'

const searchBox = () => playground.plugin.getByRole('textbox', { name: 'Search icons' })
const setButton = () => playground.plugin.getByRole('button', { name: /^Filter by icon set: / })
const panel = () => playground.plugin.getByRole('dialog', { name: 'Choose icon sets' })
const results = () => playground.plugin.getByRole('list', { name: 'Search results' })
const summary = () => playground.plugin.getByRole('status').filter({ hasText: /drawings? for/ })

/** The set each tile in view says it is from ("Name, Set, Style"). */
async function setsShown(grid = results()): Promise<Set<string>> {
  const labels = await grid.getByRole('button').evaluateAll((buttons) => buttons.map((button) => button.getAttribute('aria-label') ?? ''))
  return new Set(labels.map((label) => label.split(', ').at(-2) ?? ''))
}

/** Requests to the catalogue while `run` runs, as path and query. */
async function requestsDuring(run: () => Promise<void>): Promise<string[]> {
  const seen: string[] = []
  const record = (request: Request) => {
    if (request.url().startsWith(catalogue.url)) seen.push(request.url().slice(catalogue.url.length))
  }
  playground.page.on('request', record)
  try {
    await run()
  } finally {
    playground.page.off('request', record)
  }
  return seen
}

describe('the set filter', () => {
  it('narrows as you type, takes several sets, and keeps the results to them', async () => {
    await searchBox().fill('home')
    await expect.poll(() => summary().textContent()).toMatch(/drawings? for “home”$/)
    await expect.poll(() => setButton().textContent()).toBe('All sets')

    await setButton().click()
    const find = panel().getByRole('textbox', { name: 'Find a set' })
    await expect.poll(() => find.evaluate((input) => input === document.activeElement)).toBe(true)
    // The list scrolls up and down only: nothing in a row reaches past its width.
    const list = panel().getByRole('list', { name: 'Icon sets' })
    expect(await list.evaluate((element) => element.scrollWidth - element.clientWidth)).toBe(0)
    await find.fill('flu')
    await expect.poll(() => panel().getByRole('checkbox').count()).toBe(1)
    await panel().getByRole('checkbox', { name: FLUENT }).check()
    await find.fill('lucide')
    const filtered = playground.page.waitForResponse((response) => {
      const url = new URL(response.url())
      return url.pathname === '/search' && url.searchParams.get('iconset') === 'lucide,fluent' && url.searchParams.get('q') === 'home'
    })
    await find.press('Enter')
    const page = (await (await filtered).json()) as SearchResult
    expect(new Set(page.icons.map((icon) => icon.iconset))).toEqual(new Set(['lucide', 'fluent']))
    await saveScreenshot(playground.pluginFrame, 'plugin-set-filter')

    await find.press('Escape')
    await expect.poll(() => panel().count()).toBe(0)
    await expect.poll(() => setButton().evaluate((button) => button === document.activeElement)).toBe(true)
    expect(await searchBox().inputValue()).toBe('home')
    await expect.poll(() => setButton().textContent()).toBe(`${LUCIDE} +1`)
    await expect.poll(async () => [...(await setsShown())].sort()).toEqual([FLUENT, LUCIDE])
  })

  it('is remembered when the plugin is closed and run again', async () => {
    await expect
      .poll(() => playground.hook((hook) => JSON.stringify((hook.clientStorage().preferences as { iconsets?: unknown }).iconsets)))
      .toBe(JSON.stringify(['lucide', 'fluent']))
    await playground.page.reload()
    await playground.page.waitForFunction(() => window.playground !== undefined)
    await expect.poll(() => searchBox().inputValue()).toBe('home')
    await expect.poll(() => setButton().textContent()).toBe(`${LUCIDE} +1`)
    await expect.poll(() => summary().textContent()).toMatch(/drawings? for “home”$/)
    await expect.poll(async () => [...(await setsShown())].sort()).toEqual([FLUENT, LUCIDE])

    // A chip per chosen set; removing one takes it out of the filter.
    await playground.plugin.getByLabel('Search read as').getByRole('button', { name: `Leave out ${LUCIDE}` }).click()
    await expect.poll(() => setButton().textContent()).toBe(FLUENT)
    await expect.poll(async () => [...(await setsShown())]).toEqual([FLUENT])
    await setButton().click()
    await panel().getByRole('button', { name: 'Search every set' }).click()
    await playground.page.keyboard.press('Escape')
    await expect.poll(() => panel().count()).toBe(0)
    await expect.poll(() => setButton().textContent()).toBe('All sets')
    expect(await searchBox().inputValue()).toBe('home')
  })

  it('a set and a style chosen look alike, tinted, with the border of any field; only the field with the focus is outlined', async () => {
    const styleFilter = playground.plugin.getByRole('combobox', { name: 'Filter by style' })
    const look = async () => {
      const of = (element: Element) => ({ fill: getComputedStyle(element).backgroundColor, border: getComputedStyle(element).borderTopColor })
      return { set: await setButton().evaluate(of), style: await styleFilter.evaluate(of) }
    }
    const unfiltered = await look()
    await setButton().click()
    await panel().getByRole('checkbox', { name: LUCIDE }).check()
    await playground.page.keyboard.press('Escape')
    await styleFilter.selectOption('outline')
    await searchBox().focus()
    const filtered = await look()
    expect(filtered.set.fill).not.toBe(unfiltered.set.fill)
    expect(filtered.style.fill).toBe(filtered.set.fill)
    expect(filtered.set.border).toBe(unfiltered.set.border)
    expect(filtered.style.border).toBe(unfiltered.style.border)
    await setButton().click()
    await panel().getByRole('button', { name: 'Search every set' }).click()
    await playground.page.keyboard.press('Escape')
    await styleFilter.selectOption('')
    expect(await look()).toEqual(unfiltered)
  })
})

describe('corner styles', () => {
  it('"home rounded" searches Material Symbols\' Rounded style and says so with a chip that undoes it', async () => {
    await searchBox().fill('home rounded')
    const reading = playground.plugin.getByLabel('Search read as')
    await expect.poll(() => reading.textContent()).toContain('Rounded')
    const titles = await results().getByRole('button').evaluateAll((buttons) => buttons.map((button) => button.getAttribute('title') ?? ''))
    expect(titles.length).toBeGreaterThan(0)
    for (const title of titles) expect(title).toMatch(/ · Material Symbols · Rounded$/)
    await reading.getByRole('button', { name: 'Search every style, not only Rounded' }).click()
    await expect.poll(() => searchBox().inputValue()).toBe('home')
    const style = playground.plugin.getByRole('combobox', { name: 'Filter by style' })
    expect(await style.locator('option').allTextContents()).toEqual(expect.arrayContaining(['Rounded', 'Sharp']))
  })
})

describe('placeholders and requests', () => {
  it('the next page waits as placeholder tiles until it arrives', async () => {
    await searchBox().fill('arrow')
    await expect.poll(() => summary().textContent()).toMatch(/drawings? for “arrow”$/)
    await expect.poll(() => results().getAttribute('data-loaded')).toBe('96')
    let release: () => void = () => undefined
    const held = new Promise<void>((resolve) => (release = resolve))
    const hold = async (route: Route) => {
      await held
      await route.continue()
    }
    await playground.page.route((url) => url.pathname === '/search' && url.searchParams.get('offset') === '96', hold)
    try {
      await results().evaluate((grid) => (grid.scrollTop = grid.scrollHeight))
      await expect.poll(() => results().locator('.ic-grid-pending .ic-skeleton').count()).toBeGreaterThan(0)
      // Placeholders are not results: screen readers and the keyboard skip them.
      expect(await results().locator('.ic-grid-pending').first().getAttribute('aria-hidden')).toBe('true')
      await saveScreenshot(playground.pluginFrame, 'plugin-next-page-placeholders')
    } finally {
      release()
    }
    await expect.poll(async () => Number(await results().getAttribute('data-loaded'))).toBeGreaterThanOrEqual(192)
    await playground.page.unroute((url) => url.pathname === '/search' && url.searchParams.get('offset') === '96', hold)
  })

  it('switching the theme, or back to a style already seen, asks the catalogue for nothing', async () => {
    const style = playground.plugin.getByRole('combobox', { name: 'Filter by style' })
    await style.selectOption('solid')
    await expect.poll(() => summary().textContent()).toMatch(/drawings? for “arrow” in Solid$/)
    await style.selectOption('')
    await expect.poll(() => summary().textContent()).toMatch(/drawings? for “arrow”$/)
    const asked = await requestsDuring(async () => {
      await style.selectOption('solid')
      await expect.poll(() => summary().textContent()).toMatch(/drawings? for “arrow” in Solid$/)
      await playground.page.getByRole('button', { name: 'Dark theme' }).click()
      await expect.poll(() => playground.plugin.locator('html').getAttribute('class')).toBe('figma-dark')
      await expect.poll(() => results().locator('img').first().getAttribute('src')).toContain(encodeURIComponent('#f0f0f0'))
      await playground.page.getByRole('button', { name: 'Dark theme' }).click()
      await expect.poll(() => playground.plugin.locator('html').getAttribute('class')).toBe('figma-light')
      await style.selectOption('')
      await expect.poll(() => summary().textContent()).toMatch(/drawings? for “arrow”$/)
    })
    expect(asked).toEqual([])
  })

  it("a set comes a page per request, thumbnails inline, with placeholders where the next page will be", async () => {
    const isLucidePage = (offset: number) => (url: URL) =>
      url.pathname === '/search' && url.searchParams.get('iconset') === 'lucide' && url.searchParams.get('offset') === String(offset)
    const grid = playground.plugin.getByRole('list', { name: `Icons in ${LUCIDE}` })
    await playground.plugin.getByRole('tab', { name: 'Icon sets' }).click()
    const sets = playground.plugin.getByRole('list', { name: 'Icon sets' })
    // The cards' sample previews have come, Lucide's drawn from their SVG text (stroke-drawn, they
    // are restroked and inked in the UI), so what follows is the set's own requests.
    await expect.poll(() => sets.locator('img').evaluateAll((images) => images.length > 0 && images.every((image) => (image as HTMLImageElement).complete))).toBe(true)
    const lucideCard = sets.getByRole('button', { name: new RegExp(`^${LUCIDE}, `) })
    await expect.poll(() => lucideCard.locator('img').evaluateAll((images) => images.length > 0 && images.every((image) => image.getAttribute('src')?.startsWith('data:')))).toBe(true)
    const opening = await requestsDuring(async () => {
      await lucideCard.click()
      await expect.poll(() => grid.getAttribute('data-loaded')).toBe('96')
    })
    // The page and every thumbnail in it: one request, none per tile.
    const pages = opening.filter((path) => isLucidePage(0)(new URL(path, catalogue.url)))
    expect(pages).toHaveLength(1)
    expect(new URL(pages[0] as string, catalogue.url).searchParams.get('svg')).toBe('true')
    expect(opening.filter((path) => path.startsWith('/iconsets/lucide'))).toEqual([])
    expect(await grid.locator('img').evaluateAll((images) => images.every((image) => image.getAttribute('src')?.startsWith('data:image/svg+xml')))).toBe(true)

    let release: () => void = () => undefined
    const held = new Promise<void>((resolve) => (release = resolve))
    const hold = async (route: Route) => {
      await held
      await route.continue()
    }
    await playground.page.route(isLucidePage(96), hold)
    try {
      await grid.evaluate((element) => (element.scrollTop = element.scrollHeight))
      await expect.poll(() => grid.locator('.ic-grid-pending .ic-skeleton').count()).toBeGreaterThan(10)
      await saveScreenshot(playground.pluginFrame, 'plugin-thumbnail-placeholders')
      // Back at the top, the page on its way fills its placeholders without the end of the grid in
      // view asking for a third one. The grid has drawn its first row again, so it has seen the
      // scroll before the page comes (on a busy machine it might otherwise still judge by the bottom).
      await grid.evaluate((element) => (element.scrollTop = 0))
      await expect.poll(() => grid.locator('[data-index="0"]').count()).toBe(1)
    } finally {
      release()
    }
    await expect.poll(() => grid.getAttribute('data-loaded')).toBe('192')
    await expect.poll(() => grid.locator('.ic-grid-pending').count()).toBe(0)
    await playground.page.unroute(isLucidePage(96), hold)
  })
})

describe("a set's own search box", () => {
  it('searches that set only, pages on by scrolling, and Escape clears it', async () => {
    await playground.plugin.getByRole('button', { name: 'Back to icon sets' }).click()
    await playground.plugin.getByRole('list', { name: 'Icon sets' }).getByRole('button', { name: new RegExp(`^${MDI}, `) }).click()
    const box = playground.plugin.getByRole('textbox', { name: `Search ${MDI}` })
    const firstPage = playground.page.waitForResponse((response) => {
      const url = new URL(response.url())
      return url.pathname === '/search' && url.searchParams.get('iconset') === 'mdi' && url.searchParams.get('q') === 'arrow' && url.searchParams.get('offset') === '0'
    })
    await box.fill('arrow')
    const first = (await (await firstPage).json()) as SearchResult
    expect(first.families).toBeGreaterThan(96)
    const grid = playground.plugin.getByRole('list', { name: `Results in ${MDI}` })
    await expect.poll(() => playground.plugin.getByRole('status').filter({ hasText: /for “arrow” in / }).textContent()).toBe(
      `${first.families.toLocaleString('en-US')} drawings for “arrow” in ${MDI}`
    )
    await expect.poll(async () => [...(await setsShown(grid))]).toEqual([MDI])
    await saveScreenshot(playground.pluginFrame, 'plugin-set-search')

    const secondPage = playground.page.waitForResponse((response) => {
      const url = new URL(response.url())
      return url.pathname === '/search' && url.searchParams.get('iconset') === 'mdi' && url.searchParams.get('offset') === '96'
    })
    await grid.evaluate((element) => (element.scrollTop = element.scrollHeight))
    await secondPage
    await expect.poll(async () => Number(await grid.getAttribute('data-loaded'))).toBeGreaterThanOrEqual(192)
    await expect.poll(async () => [...(await setsShown(grid))]).toEqual([MDI])

    await box.press('Escape')
    await expect.poll(() => box.inputValue()).toBe('')
    await expect.poll(() => playground.plugin.getByRole('list', { name: `Icons in ${MDI}` }).count()).toBe(1)
    await playground.plugin.getByRole('tab', { name: 'Search' }).click()
    expect(await searchBox().inputValue()).toBe('arrow')
  })
})
