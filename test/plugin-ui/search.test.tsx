// @vitest-environment happy-dom
/**
 * Search in the plugin UI against a real catalogue: as you type, by style, paging on scroll, stale
 * answers ignored, empty and over-long queries, Escape, and an outage the plugin recovers from.
 */
import { fireEvent, render, screen, waitFor, within } from '@testing-library/preact'
import { h } from 'preact'
import { beforeAll, describe, expect, test } from 'vitest'

import type { IconSummary, SearchResult } from '../../src/api/catalogue-schemas'
import { searchUrl } from '../../src/api/catalogue-urls'
import { MAX_QUERY_LENGTH } from '../../src/api/limits'
import { DEFAULT_PREFERENCES, type RecentIcon } from '../../src/api/plugin-protocol'
import { backoffDelay } from '../../src/plugin/ui/backoff'
import { createCatalogueClient } from '../../src/plugin/ui/catalogue-client'
import { CELL_SIZE } from '../../src/plugin/ui/icon-grid'
import { Plugin } from '../../src/plugin/ui/plugin'
import { useRealCatalogue } from './real-catalogue'
import { chooseOption, gridLabels, typeInto } from './ui-harness'

const WAIT = { timeout: 15_000 }
const LUCIDE_HOUSE: RecentIcon = { iconset: 'lucide', icon: 'house', name: 'House' }
const real = useRealCatalogue()

let setNames: Map<string, string>
let styleNames: Map<string, string>

const labelOf = (icon: IconSummary) =>
  `${icon.name}, ${setNames.get(icon.iconset) ?? icon.iconset}, ${styleNames.get(icon.style) ?? icon.style}`
const summaryText = () => screen.getByText(/\d icons? for/).textContent

beforeAll(async () => {
  setNames = new Map((await real.direct.iconsets()).iconsets.map((set) => [set.slug, set.name]))
  styleNames = new Map((await real.direct.styles()).styles.map((style) => [style.slug, style.name]))
})

/** A client whose every request is recorded, going to the real catalogue. */
function recordingClient(url: string) {
  const requested: string[] = []
  const client = createCatalogueClient(url, {
    fetch: (input, init) => {
      requested.push(String(input))
      return fetch(input, init)
    }
  })
  return { client, requested }
}

async function resultsGrid(): Promise<HTMLElement> {
  return screen.findByRole('list', { name: 'Search results' }, WAIT)
}

/** Every label in the virtualised grid, scrolling through it as a designer would. */
function allGridLabels(grid: HTMLElement): Map<number, string> {
  const seen = new Map<number, string>()
  const height = Number.parseFloat((grid.firstElementChild as HTMLElement).style.height)
  for (let top = 0; top <= height; top += CELL_SIZE * 4) {
    grid.scrollTop = top
    fireEvent.scroll(grid)
    for (const [position, label] of gridLabels(grid)) seen.set(position, label)
  }
  return seen
}

describe('search', () => {
  test('searches as you type, debounced, and shows the total and the results', async () => {
    const { client, requested } = recordingClient(real.catalogue.url)
    render(<Plugin client={client} />)
    const box = screen.getByRole('textbox', { name: 'Search icons' })
    for (const typed of ['h', 'ho', 'hom', 'home']) typeInto(box, typed)

    const expected = await real.direct.search({ q: 'home', limit: 96 })
    const grid = await resultsGrid()
    await waitFor(() => expect(summaryText()).toBe(`${expected.total.toLocaleString('en-US')} icons for “home”`), WAIT)
    await waitFor(() => {
      const shown = gridLabels(grid)
      expect(shown.length).toBeGreaterThan(0)
      for (const [position, label] of shown) expect(label).toBe(labelOf(expected.icons[position - 1] as IconSummary))
    }, WAIT)
    // Only the settled query went to the catalogue, not every keystroke.
    expect(requested.filter((url) => url.includes('/search'))).toEqual([
      searchUrl(real.catalogue.url, { q: 'home', offset: 0, limit: 96 })
    ])
  })

  test('the style filter lists All styles plus every style, and restricts the results', async () => {
    render(<Plugin client={real.direct} />)
    const filter = screen.getByRole('combobox', { name: 'Filter by style' }) as HTMLSelectElement
    const styles = await real.direct.styles()
    await waitFor(() =>
      expect([...filter.options].map((option) => option.text)).toEqual([
        'All styles',
        ...styles.styles.map((style) => style.name)
      ])
    , WAIT)
    typeInto(screen.getByRole('textbox', { name: 'Search icons' }), 'home')
    await resultsGrid()
    chooseOption(filter, 'solid')

    const expected = await real.direct.search({ q: 'home', style: 'solid', limit: 96 })
    expect(expected.icons.every((icon) => icon.style === 'solid')).toBe(true)
    await waitFor(() => expect(summaryText()).toBe(`${expected.total.toLocaleString('en-US')} icons for “home” in Solid`), WAIT)
    const grid = await resultsGrid()
    await waitFor(() => {
      for (const [position, label] of gridLabels(grid)) expect(label).toBe(labelOf(expected.icons[position - 1] as IconSummary))
    }, WAIT)
    // Each result's accessible name ends with its style.
    expect(gridLabels(grid).every(([, label]) => label.endsWith(', Solid'))).toBe(true)
  })

  test('reaching the end of the grid loads the next page: every result once, none missing', async () => {
    // Every outline icon: the one search in the small test catalogue with more than a page.
    const { total } = await real.direct.search({ style: 'outline', limit: 1 })
    expect(total).toBeGreaterThan(96)
    const twoPages = Math.min(total, 192)
    render(<Plugin client={real.direct} preferences={{ ...DEFAULT_PREFERENCES, style: 'outline' }} />)
    const grid = await resultsGrid()
    await waitFor(() => expect(grid.dataset.loaded).toBe('96'), WAIT)

    grid.scrollTop = Number.parseFloat((grid.firstElementChild as HTMLElement).style.height)
    fireEvent.scroll(grid)
    await waitFor(() => expect(grid.dataset.loaded).toBe(String(twoPages)), WAIT)

    const first = await real.direct.search({ style: 'outline', offset: 0, limit: 96 })
    const second = await real.direct.search({ style: 'outline', offset: 96, limit: 96 })
    const expected = [...first.icons, ...second.icons]
    expect(new Set(expected.map((icon) => `${icon.iconset}/${icon.slug}`)).size).toBe(twoPages)
    const shown = allGridLabels(grid)
    expect([...shown.keys()].sort((a, b) => a - b)).toEqual(expected.map((_, index) => index + 1))
    expect(expected.map((icon, index) => shown.get(index + 1) === labelOf(icon))).not.toContain(false)
  })

  test('a slow response to an older query never replaces the newer results', async () => {
    let release!: () => void
    const held = new Promise<void>((resolve) => (release = resolve))
    let delivered!: () => void
    const deliveredLate = new Promise<void>((resolve) => (delivered = resolve))
    const client = createCatalogueClient(real.catalogue.url, {
      fetch: async (input, init) => {
        if (!String(input).includes('q=arrow')) return fetch(input, init)
        // The real answer to the older query, held back until the newer one is on screen.
        const response = await fetch(input)
        await held
        setTimeout(delivered, 300)
        return response
      }
    })
    render(<Plugin client={client} />)
    const box = screen.getByRole('textbox', { name: 'Search icons' })
    typeInto(box, 'arrow')
    await screen.findByText('Searching…', undefined, WAIT)
    typeInto(box, 'star')

    const newer = await real.direct.search({ q: 'star', limit: 96 })
    const grid = await resultsGrid()
    await waitFor(() => expect(summaryText()).toBe(`${newer.total.toLocaleString('en-US')} icons for “star”`), WAIT)
    release()
    await deliveredLate

    expect(summaryText()).toBe(`${newer.total.toLocaleString('en-US')} icons for “star”`)
    for (const [position, label] of gridLabels(grid)) expect(label).toBe(labelOf(newer.icons[position - 1] as IconSummary))
  })

  test('a query with no matches shows the empty state', async () => {
    render(<Plugin client={real.direct} />)
    typeInto(screen.getByRole('textbox', { name: 'Search icons' }), 'qqqzzzxxyyww')
    const expected: SearchResult = await real.direct.search({ q: 'qqqzzzxxyyww' })
    expect(expected.total).toBe(0)
    expect(await screen.findByText(/No icons match “qqqzzzxxyyww”/, undefined, WAIT)).toBeTruthy()
    expect(screen.queryByRole('list', { name: 'Search results' })).toBeNull()
  })

  test('a query longer than the catalogue takes is cut to its limit, never an error', async () => {
    render(<Plugin client={real.direct} />)
    const box = screen.getByRole('textbox', { name: 'Search icons' }) as HTMLInputElement
    const long = 'home '.repeat(50)
    typeInto(box, long)
    await waitFor(() => expect(box.value).toBe(long.slice(0, MAX_QUERY_LENGTH)))
    const expected = await real.direct.search({ q: long.slice(0, MAX_QUERY_LENGTH).trim() })
    await screen.findByText(new RegExp(`^${expected.total.toLocaleString('en-US')} icons? for`), undefined, WAIT)
    expect(screen.queryByRole('alert')).toBeNull()
  })

  test('Escape clears the search', async () => {
    render(<Plugin client={real.direct} />)
    const box = screen.getByRole('textbox', { name: 'Search icons' }) as HTMLInputElement
    typeInto(box, 'home')
    const grid = await resultsGrid()
    fireEvent.keyDown(within(grid).getAllByRole('button')[0] as HTMLElement, { key: 'Escape' })
    await waitFor(() => expect(box.value).toBe(''))
    expect(await screen.findByText('Type to search free icons, or pick a style.', undefined, WAIT)).toBeTruthy()
  })
})

describe('catalogue down', () => {
  test('errors never spin forever; the plugin tries again by itself and every error goes away once the catalogue answers', async () => {
    // The network between the plugin and the catalogue goes down, as a browser reports it (a
    // TypeError from fetch), and comes back; the e2e outage test stops the real server instead.
    let networkDown = false
    const client = createCatalogueClient(real.catalogue.url, {
      fetch: (input, init) => (networkDown ? Promise.reject(new TypeError('Failed to fetch')) : fetch(input, init))
    })
    render(<Plugin client={client} preferences={{ ...DEFAULT_PREFERENCES, recent: [LUCIDE_HOUSE] }} />)
    fireEvent.click(await screen.findByRole('button', { name: /^House, / }, WAIT))
    const detail = await screen.findByRole('region', { name: 'Icon details' }, WAIT)
    const insert = await within(detail).findByRole('button', { name: 'Insert' }, WAIT)
    networkDown = true

    // An insert needs the SVG: it fails at the foot of the plugin.
    fireEvent.click(insert)
    const unreachable = `Can't reach the icon catalogue at ${real.catalogue.url}. Check that it is running, then retry.`
    const footer = await screen.findByText(unreachable, { selector: '.ic-status span' }, WAIT)
    // A search fails with Retry, and no spinner is left behind.
    typeInto(screen.getByRole('textbox', { name: 'Search icons' }), 'home')
    const retry = await screen.findByRole('button', { name: 'Retry' }, WAIT)
    expect(retry.closest('[role="alert"]')?.textContent).toContain(unreachable)
    expect(screen.queryByText('Searching…')).toBeNull()

    networkDown = false
    const grid = await screen.findByRole('list', { name: 'Search results' }, WAIT)
    const expected = await real.direct.search({ q: 'home', limit: 96 })
    await waitFor(() => expect(grid.dataset.loaded).toBe(String(expected.icons.length)), WAIT)
    await waitFor(() => expect(screen.queryAllByRole('alert')).toEqual([]), WAIT)
    expect(footer.isConnected).toBe(false)
  })
})

describe('backoff', () => {
  test('waits 1 s, then 2, 4, 8… and never more than 30 s between automatic retries', () => {
    expect([1, 2, 3, 4, 5, 6, 7, 20].map(backoffDelay)).toEqual([1000, 2000, 4000, 8000, 16000, 30000, 30000, 30000])
  })
})
