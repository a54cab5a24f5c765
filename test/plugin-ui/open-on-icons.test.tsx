// @vitest-environment happy-dom
/**
 * With nothing typed the Search tab opens on icons, not a hint: the recent icons, then every icon of
 * the chosen sets and style to browse, everyday symbols first, in the same grid as search results
 * (keyboard, paging, picks and insert), while the search box keeps focus for typing.
 */
import { fireEvent, render, screen, waitFor, within } from '@testing-library/preact'
import { h } from 'preact'
import { beforeAll, describe, expect, test } from 'vitest'

import type { IconSummary } from '../../src/api/catalogue-schemas'
import { MAX_LIMIT } from '../../src/api/limits'
import { DEFAULT_PREFERENCES, type InsertRequest, type Preferences } from '../../src/api/plugin-protocol'
import { Plugin } from '../../src/plugin/ui/plugin'
import { useRealCatalogue } from './real-catalogue'
import { gridLabels, typeInto } from './ui-harness'

const WAIT = { timeout: 15_000 }
const real = useRealCatalogue()
const LUCIDE_HOUSE: Preferences['recent'][number] = { iconset: 'lucide', icon: 'house', name: 'House', style: 'outline' }

let setNames: Map<string, string>
let styleNames: Map<string, string>

beforeAll(async () => {
  setNames = new Map((await real.direct.iconsets()).iconsets.map((set) => [set.slug, set.name]))
  styleNames = new Map((await real.direct.styles()).styles.map((style) => [style.slug, style.name]))
})

const labelOf = (icon: IconSummary) => `${icon.name}, ${setNames.get(icon.iconset) ?? icon.iconset}, ${styleNames.get(icon.style) ?? icon.style}`

function start(preferences: Partial<Preferences> = {}) {
  render(<Plugin preferences={{ ...DEFAULT_PREFERENCES, ...preferences }} />)
}

const searchBox = () => screen.getByRole('textbox', { name: 'Search icons' }) as HTMLInputElement
const tileAt = (grid: HTMLElement, index: number) => grid.querySelector<HTMLElement>(`[data-index="${index}"]`)

/** The grid once its first tiles are drawn, checked against the catalogue's own first page of `expected`. */
async function browseGrid(name: string, expected: readonly IconSummary[]): Promise<HTMLElement> {
  const grid = await screen.findByRole('list', { name }, WAIT)
  await waitFor(() => {
    const shown = gridLabels(grid)
    expect(shown.length).toBeGreaterThan(0)
    for (const [position, label] of shown) expect(label).toBe(labelOf(expected[position - 1] as IconSummary))
  }, WAIT)
  return grid
}

describe('opening with nothing typed', () => {
  test('shows the recent icons, then every icon to browse under its title, everyday ones first, with the search box focused', async () => {
    start({ recent: [LUCIDE_HOUSE] })
    await waitFor(() => expect(document.activeElement).toBe(searchBox()))
    const listing = await real.direct.search({})
    expect(listing.icons.slice(0, 2).map((icon) => `${icon.iconset}:${icon.slug}`)).toEqual(['lucide:house', 'ph:house'])
    const grid = await browseGrid('All icons', listing.icons)
    expect(screen.getByRole('heading', { name: 'All icons' })).toBeTruthy()
    expect(screen.getByText(`${listing.families.toLocaleString('en-US')} drawings`)).toBeTruthy()
    const recent = screen.getByRole('list', { name: 'Recent' })
    expect(recent.compareDocumentPosition(grid) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy()
    // Each recent icon says its set and style, as a result's tile does.
    expect(within(recent).getByRole('button').getAttribute('aria-label')).toBe('House, Lucide, Outline')
    expect(screen.queryByText(/Type to search free icons/)).toBeNull()
    expect(document.activeElement).toBe(searchBox())
  })

  test('↓ from the box goes into the grid, past the recent icons; Enter inserts the focused icon', async () => {
    start({ recent: [LUCIDE_HOUSE] })
    const listing = await real.direct.search({})
    const grid = await browseGrid('All icons', listing.icons)
    expect(fireEvent.keyDown(searchBox(), { key: 'ArrowDown' })).toBe(false)
    expect(document.activeElement).toBe(tileAt(grid, 0))
    fireEvent.keyDown(document.activeElement as HTMLElement, { key: 'ArrowRight' })
    await waitFor(() => expect((document.activeElement as HTMLElement).dataset.index).toBe('1'))
    fireEvent.keyDown(document.activeElement as HTMLElement, { key: 'Enter' })
    await waitFor(() => expect(real.messages.events('INSERT_ICON')).toHaveLength(1), WAIT)
    const [request] = real.messages.events('INSERT_ICON') as InsertRequest[]
    expect(request?.icon).toMatchObject({ iconset: listing.icons[1]?.iconset, icon: listing.icons[1]?.slug })
  })

  test('picks several of the listing with Cmd/Ctrl- and Shift-click, as in search results', async () => {
    start()
    const listing = await real.direct.search({})
    const grid = await browseGrid('All icons', listing.icons)
    fireEvent.click(tileAt(grid, 0) as HTMLElement, { metaKey: true })
    fireEvent.click(tileAt(grid, 2) as HTMLElement, { shiftKey: true })
    const bar = screen.getByRole('region', { name: 'Picked icons' })
    expect(bar.textContent).toContain('3 icons picked')
    expect(screen.queryByRole('region', { name: 'Icon details' })).toBeNull()
  })

  test('pages on by offset as it scrolls, each icon once', async () => {
    start()
    const listing = await real.direct.search({})
    expect(listing.families).toBeGreaterThan(MAX_LIMIT)
    const grid = await browseGrid('All icons', listing.icons)
    await waitFor(() => expect(grid.dataset.loaded).toBe(String(MAX_LIMIT)), WAIT)
    grid.scrollTop = Number.parseFloat((grid.firstElementChild as HTMLElement).style.height)
    fireEvent.scroll(grid)
    const second = await real.direct.search({ offset: MAX_LIMIT, limit: MAX_LIMIT })
    await waitFor(() => expect(grid.dataset.loaded).toBe(String(MAX_LIMIT + second.icons.length)), WAIT)
    // The page the grid asked for next holds none of the first page's icons.
    const firstPage = new Set(listing.icons.map((icon) => `${icon.iconset}:${icon.slug}`))
    expect(second.icons.filter((icon) => firstPage.has(`${icon.iconset}:${icon.slug}`))).toEqual([])
  })

  test('with sets and a style chosen, lists theirs, titled by the set; typing replaces it with the results, Escape brings it back', async () => {
    start({ iconsets: ['ph'], style: 'solid' })
    const listing = await real.direct.search({ iconset: ['ph'], style: 'solid' })
    expect(listing.icons.slice(0, 2).map((icon) => icon.slug)).toEqual(['house-fill', 'magnifying-glass-fill'])
    const title = `All ${setNames.get('ph')} icons`
    await browseGrid(title, listing.icons)
    expect(screen.getByRole('heading', { name: title })).toBeTruthy()

    typeInto(searchBox(), 'star')
    const results = await screen.findByRole('list', { name: 'Search results' }, WAIT)
    await waitFor(() => expect(gridLabels(results).length).toBeGreaterThan(0), WAIT)
    expect(screen.queryByRole('list', { name: title })).toBeNull()
    expect(screen.queryByRole('list', { name: 'Recent' })).toBeNull()

    fireEvent.keyDown(within(results).getAllByRole('button')[0] as HTMLElement, { key: 'Escape' })
    await waitFor(() => expect(searchBox().value).toBe(''))
    await browseGrid(title, listing.icons)
  })

  test('words pasted with invisible characters read as the words, and invisible characters alone as nothing typed: the listing comes back', async () => {
    start()
    const listing = await real.direct.search({})
    await browseGrid('All icons', listing.icons)
    typeInto(searchBox(), '\u200bst\u00adar')
    const results = await screen.findByRole('list', { name: 'Search results' }, WAIT)
    const stars = await real.direct.search({ q: 'star' })
    await waitFor(() => expect(gridLabels(results)[0]).toEqual([1, labelOf(stars.icons[0] as IconSummary)]), WAIT)
    typeInto(searchBox(), '\u200b\ufeff')
    await browseGrid('All icons', listing.icons)
    expect(screen.queryByRole('list', { name: 'Search results' })).toBeNull()
  })

  test('opening a recent icon still shows its details, above the listing', async () => {
    start({ recent: [LUCIDE_HOUSE] })
    await browseGrid('All icons', (await real.direct.search({})).icons)
    fireEvent.click(within(screen.getByRole('list', { name: 'Recent' })).getByRole('button', { name: 'House, Lucide, Outline' }))
    const detail = await screen.findByRole('region', { name: 'Icon details' }, WAIT)
    await within(detail).findByRole('button', { name: 'Insert' }, WAIT)
    expect(detail.textContent).toContain('Lucide')
  })
})
