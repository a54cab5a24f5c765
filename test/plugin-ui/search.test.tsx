// @vitest-environment happy-dom
/**
 * Search in the plugin UI against a real catalogue: as you type, by style, paging on scroll, stale
 * answers ignored, empty and over-long queries, Escape, and an outage with Retry.
 */
import nodeConsole from 'node:console'
import { fireEvent, render, screen, waitFor, within } from '@testing-library/preact'
import { h } from 'preact'
import { beforeAll, describe, expect, test, vi } from 'vitest'

import type { IconSummary, SearchResult, StyleSlug } from '../../src/api/catalogue-schemas'
import { searchUrl } from '../../src/api/catalogue-urls'
import { MAX_QUERY_LENGTH } from '../../src/api/limits'
import { createCatalogueClient, type CatalogueClient } from '../../src/plugin/ui/catalogue-client'
import { CELL_SIZE } from '../../src/plugin/ui/icon-grid'
import { Plugin } from '../../src/plugin/ui/plugin'
import { useSearch } from '../../src/plugin/ui/use-search'
import { startCatalogueProcess } from './catalogue-process'
import { useRealCatalogue } from './real-catalogue'
import { chooseOption, gridLabels, recordingClient, typeInto } from './ui-harness'

const WAIT = { timeout: 15_000 }
const real = useRealCatalogue()

let setNames: Map<string, string>
let styleNames: Map<string, string>

const labelOf = (icon: IconSummary) =>
  `${icon.name}, ${setNames.get(icon.iconset) ?? icon.iconset}, ${styleNames.get(icon.style) ?? icon.style}`
const summaryText = () => screen.getByText(/\d drawings? for/).textContent

beforeAll(async () => {
  setNames = new Map((await real.direct.iconsets()).iconsets.map((set) => [set.slug, set.name]))
  styleNames = new Map((await real.direct.styles()).styles.map((style) => [style.slug, style.name]))
})

/** A client whose every request is recorded, going to the real catalogue. */
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

/** A client of the real catalogue whose searches for `q` wait until `release`: a slow answer to them, on cue. */
function holdingSearchesFor(q: string): { client: CatalogueClient; release: () => void } {
  let release!: () => void
  const held = new Promise<void>((resolve) => (release = resolve))
  const client = createCatalogueClient(real.catalogue.url, {
    fetch: async (input, init) => {
      if (String(input).includes(`q=${q}`)) await held
      return fetch(input, init)
    }
  })
  return { client, release }
}

describe('search', () => {
  test('searches as you type, debounced, and shows the total and the results', async () => {
    const { client, fetched: requested } = recordingClient(real.catalogue.url)
    render(<Plugin client={client} />)
    const box = screen.getByRole('textbox', { name: 'Search icons' })
    for (const typed of ['h', 'ho', 'hom', 'home']) typeInto(box, typed)

    const expected = await real.direct.search({ q: 'home', limit: 96 })
    const grid = await resultsGrid()
    await waitFor(() => expect(summaryText()).toBe(`${expected.families.toLocaleString('en-US')} drawings for “home”`), WAIT)
    await waitFor(() => {
      const shown = gridLabels(grid)
      expect(shown.length).toBeGreaterThan(0)
      for (const [position, label] of shown) expect(label).toBe(labelOf(expected.icons[position - 1] as IconSummary))
    }, WAIT)
    // The listing the plugin opens on, then only the settled query, not every keystroke.
    expect(requested.filter((url) => url.includes('/search'))).toEqual([
      searchUrl(real.catalogue.url, { limit: 96, families_only: true, svg: true, offset: 0 }),
      searchUrl(real.catalogue.url, { q: 'home', limit: 96, families_only: true, svg: true, offset: 0 })
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
    await waitFor(() => expect(summaryText()).toBe(`${expected.families.toLocaleString('en-US')} drawings for “home” in Solid`), WAIT)
    const grid = await resultsGrid()
    await waitFor(() => {
      for (const [position, label] of gridLabels(grid)) expect(label).toBe(labelOf(expected.icons[position - 1] as IconSummary))
    }, WAIT)
    // Each result's accessible name ends with its style.
    expect(gridLabels(grid).every(([, label]) => label.endsWith(', Solid'))).toBe(true)
  })

  test('a new filter never shows the last results as its own, not even for one render', async () => {
    // The view names the style chosen beside the results' count: the old count "in Solid" for a
    // moment, and a Solid search cut short by the next change, would be kept as Solid's page.
    const renders: Array<{ style: StyleSlug | undefined; status: string; request: string }> = []
    function Probe({ style }: { style?: StyleSlug }) {
      const search = useSearch(real.direct, { q: 'arrow', style })
      renders.push({ style, status: search.status, request: search.request })
      return null
    }
    const { rerender } = render(<Probe />)
    await waitFor(() => expect(renders.at(-1)?.status).toBe('ready'), WAIT)
    rerender(<Probe style="solid" />)
    await waitFor(() => expect(renders.at(-1)).toMatchObject({ style: 'solid', status: 'ready' }), WAIT)
    const ready = renders.filter((shown) => shown.status === 'ready')
    expect(new Set(ready.map((shown) => shown.style))).toEqual(new Set([undefined, 'solid']))
    for (const { style, request } of ready) expect(request).toBe(searchUrl('', { q: 'arrow', style }))
  })

  test('reaching the end of the grid loads the next page: every result once, none missing', async () => {
    const { families } = await real.direct.search({ q: 'arrow', limit: 1 })
    expect(families).toBeGreaterThan(96)
    const twoPages = Math.min(families, 192)
    render(<Plugin client={real.direct} />)
    typeInto(screen.getByRole('textbox', { name: 'Search icons' }), 'arrow')
    const grid = await resultsGrid()
    await waitFor(() => expect(grid.dataset.loaded).toBe('96'), WAIT)

    grid.scrollTop = Number.parseFloat((grid.firstElementChild as HTMLElement).style.height)
    fireEvent.scroll(grid)
    await waitFor(() => expect(grid.dataset.loaded).toBe(String(twoPages)), WAIT)

    const first = await real.direct.search({ q: 'arrow', offset: 0, limit: 96 })
    const second = await real.direct.search({ q: 'arrow', offset: 96, limit: 96 })
    // One tile per family: the siblings after the families are not shown.
    const expected = [...first.icons, ...second.icons].slice(0, families)
    expect(new Set(expected.map((icon) => `${icon.iconset}/${icon.slug}`)).size).toBe(twoPages)
    const shown = allGridLabels(grid)
    expect([...shown.keys()].sort((a, b) => a - b)).toEqual(expected.map((_, index) => index + 1))
    expect(expected.map((icon, index) => shown.get(index + 1) === labelOf(icon))).not.toContain(false)
  })

  test('a page that only repeats icons ends the paging: no placeholder tiles are left waiting', async () => {
    // A catalogue whose total counts more than its pages give: the second page repeats the first.
    const repeating = {
      ...real.direct,
      search: async (request: Parameters<typeof real.direct.search>[0], signal?: AbortSignal): Promise<SearchResult> => {
        const page = await real.direct.search({ ...request, offset: 0, limit: 6 }, signal)
        return { ...page, offset: request.offset ?? 0, total: page.icons.length + 5, families: page.icons.length + 5 }
      }
    }
    render(<Plugin client={repeating} />)
    typeInto(screen.getByRole('textbox', { name: 'Search icons' }), 'arrow')
    const grid = await resultsGrid()
    await waitFor(() => expect(grid.dataset.loaded).toBe('6'), WAIT)
    // The second page came and added nothing: the five placeholders go.
    await waitFor(() => expect(grid.querySelectorAll('.ic-grid-pending')).toHaveLength(0), WAIT)
    expect(grid.dataset.loaded).toBe('6')
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
    await waitFor(() => expect(summaryText()).toBe(`${newer.families.toLocaleString('en-US')} drawings for “star”`), WAIT)
    release()
    await deliveredLate

    expect(summaryText()).toBe(`${newer.families.toLocaleString('en-US')} drawings for “star”`)
    for (const [position, label] of gridLabels(grid)) expect(label).toBe(labelOf(newer.icons[position - 1] as IconSummary))
  })

  test('a new search keeps the last results in view, dimmed and busy, with no spinner, until its own replace them', async () => {
    const { client, release } = holdingSearchesFor('star')
    render(<Plugin client={client} />)
    const box = screen.getByRole('textbox', { name: 'Search icons' })
    typeInto(box, 'arrow')
    const arrows = await real.direct.search({ q: 'arrow', limit: 96 })
    await waitFor(() => expect(summaryText()).toBe(`${arrows.families.toLocaleString('en-US')} drawings for “arrow”`), WAIT)

    typeInto(box, 'star')
    await screen.findByText('Searching…', undefined, WAIT)
    const stale = screen.getByRole('list', { name: 'Search results' })
    expect(stale.getAttribute('aria-busy')).toBe('true')
    expect(stale.classList.contains('ic-grid-stale')).toBe(true)
    expect(gridLabels(stale)[0]).toEqual([1, labelOf(arrows.icons[0] as IconSummary)])
    expect(document.querySelector('.ic-state')).toBeNull()
    // Details opened from what the new words replace stay only while it shows.
    fireEvent.click(within(stale).getAllByRole('button')[0] as HTMLElement)
    await screen.findByRole('region', { name: 'Icon details' }, WAIT)

    release()
    const stars = await real.direct.search({ q: 'star', limit: 96 })
    await waitFor(() => expect(summaryText()).toBe(`${stars.families.toLocaleString('en-US')} drawings for “star”`), WAIT)
    const fresh = screen.getByRole('list', { name: 'Search results' })
    expect(fresh.getAttribute('aria-busy')).toBe('false')
    for (const [position, label] of gridLabels(fresh)) expect(label).toBe(labelOf(stars.icons[position - 1] as IconSummary))
    // The arrow is no star: its details closed with the results they were opened from, rather than stay over the stars.
    expect(stars.icons.some((icon) => icon.slug === arrows.icons[0]?.slug && icon.iconset === arrows.icons[0]?.iconset)).toBe(false)
    await waitFor(() => expect(screen.queryByRole('region', { name: 'Icon details' })).toBeNull(), WAIT)
  })

  test('a query with no matches shows the empty state', async () => {
    render(<Plugin client={real.direct} />)
    typeInto(screen.getByRole('textbox', { name: 'Search icons' }), 'qqqzzzxxyyww')
    const expected: SearchResult = await real.direct.search({ q: 'qqqzzzxxyyww' })
    expect(expected.families).toBe(0)
    expect(await screen.findByText(/No icons match “qqqzzzxxyyww”. Try another word/, undefined, WAIT)).toBeTruthy()
    expect(screen.queryByRole('list', { name: 'Search results' })).toBeNull()
  })

  test('a new search after one that found nothing shows that it is searching, not the old words\' empty state', async () => {
    const { client, release } = holdingSearchesFor('star')
    render(<Plugin client={client} />)
    const box = screen.getByRole('textbox', { name: 'Search icons' })
    typeInto(box, 'qqqzzzxxyyww')
    await screen.findByText(/No icons match “qqqzzzxxyyww”/, undefined, WAIT)

    typeInto(box, 'star')
    // The loading state itself, with its spinner: no results of the old words are left to show dimmed.
    await waitFor(() => expect(document.querySelector('.ic-state[role="status"]')?.textContent).toBe('Searching…'), WAIT)
    expect(screen.queryByText(/No icons match/)).toBeNull()
    release()
    await screen.findByRole('list', { name: 'Search results' }, WAIT)
  })

  test('a query in another alphabet that finds nothing says icons are named in English', async () => {
    render(<Plugin client={real.direct} />)
    typeInto(screen.getByRole('textbox', { name: 'Search icons' }), 'домой')
    expect((await real.direct.search({ q: 'домой' })).families).toBe(0)
    expect(await screen.findByText(/No icons match “домой”. Icons are named in English: try an English word/, undefined, WAIT)).toBeTruthy()
  })

  test('a long query that finds nothing is quoted by its beginning, so the message stays a few lines', async () => {
    render(<Plugin client={real.direct} />)
    const long = `${'qzx'.repeat(30)}wyv`
    typeInto(screen.getByRole('textbox', { name: 'Search icons' }), long)
    expect((await real.direct.search({ q: long })).families).toBe(0)
    const message = await screen.findByText(/^No icons match/, undefined, WAIT)
    expect(message.textContent).toContain(`No icons match “${long.slice(0, 39)}…”. Try another word`)
    expect(message.textContent).not.toContain(long.slice(0, 40))
  })

  test('a query longer than the catalogue takes is cut to its limit, never an error', async () => {
    render(<Plugin client={real.direct} />)
    const box = screen.getByRole('textbox', { name: 'Search icons' }) as HTMLInputElement
    const long = 'home '.repeat(50)
    typeInto(box, long)
    await waitFor(() => expect(box.value).toBe(long.slice(0, MAX_QUERY_LENGTH)))
    const expected = await real.direct.search({ q: long.slice(0, MAX_QUERY_LENGTH).trim() })
    await screen.findByText(new RegExp(`^${expected.families.toLocaleString('en-US')} drawings? for`), undefined, WAIT)
    expect(screen.queryByRole('alert')).toBeNull()
  })

  test('Escape clears the search, back to every icon to browse', async () => {
    render(<Plugin client={real.direct} />)
    const box = screen.getByRole('textbox', { name: 'Search icons' }) as HTMLInputElement
    typeInto(box, 'home')
    const grid = await resultsGrid()
    fireEvent.keyDown(within(grid).getAllByRole('button')[0] as HTMLElement, { key: 'Escape' })
    await waitFor(() => expect(box.value).toBe(''))
    expect(document.activeElement).toBe(box)
    expect(await screen.findByRole('list', { name: 'All icons' }, WAIT)).toBeTruthy()
    expect(screen.queryByRole('list', { name: 'Search results' })).toBeNull()
  })
})

describe('catalogue down', () => {
  test('shows an error that never spins forever, and Retry recovers once the catalogue is back', async () => {
    const own = await startCatalogueProcess()
    const { port, url } = own
    await own.close()
    // As in a browser, each refused request is also logged to the page's console (happy-dom's is
    // Node's own console, not the test's); keep it out of the test output.
    const pageConsole = vi.spyOn(nodeConsole, 'error').mockImplementation(() => undefined)
    render(<Plugin client={createCatalogueClient(url)} />)
    typeInto(screen.getByRole('textbox', { name: 'Search icons' }), 'home')

    const alert = await screen.findByRole('alert', undefined, WAIT)
    expect(alert.textContent).toContain(`Can't reach the icon catalogue at ${url}`)
    expect(screen.queryByText('Searching…')).toBeNull()
    expect(pageConsole).toHaveBeenCalled()

    // The plugin keeps retrying by itself meanwhile, and each refusal is logged again.
    const restarted = await startCatalogueProcess(port)
    try {
      fireEvent.click(within(alert).getByRole('button', { name: 'Retry' }))
      const grid = await resultsGrid()
      const expected = await real.direct.search({ q: 'home', limit: 96 })
      await waitFor(() => expect(grid.dataset.loaded).toBe(String(Math.min(expected.families, 96))), WAIT)
      expect(screen.queryByRole('alert')).toBeNull()
      // The style filter, which failed too, is back as well.
      await waitFor(() => expect((screen.getByRole('combobox', { name: 'Filter by style' }) as HTMLSelectElement).options.length).toBeGreaterThan(1), WAIT)
    } finally {
      await restarted.close()
      pageConsole.mockRestore()
    }
  })
})
