// @vitest-environment happy-dom
/**
 * What the plugin shows of how the catalogue read a query, against a real catalogue: the sets and
 * style it applied as removable chips, the correction it searched for, the ways out of an empty
 * result, and one tile per drawing with a badge counting its variants.
 */
import { fireEvent, render, screen, waitFor, within } from '@testing-library/preact'
import { h } from 'preact'
import { describe, expect, test } from 'vitest'

import { DEFAULT_PREFERENCES } from '../../src/api/plugin-protocol'
import { Plugin } from '../../src/plugin/ui/plugin'
import { correctedQuery, queryWithout } from '../../src/plugin/ui/search-reading'
import { useRealCatalogue } from './real-catalogue'
import { chooseOption, typeInto } from './ui-harness'

const WAIT = { timeout: 15_000 }
const real = useRealCatalogue()

const searchBox = () => screen.getByRole('textbox', { name: 'Search icons' }) as HTMLInputElement
const grid = () => screen.findByRole('list', { name: 'Search results' }, WAIT)

describe('how the query was read', () => {
  test('sets and style words in the query show as chips; removing one searches without it', async () => {
    render(<Plugin client={real.direct} />)
    typeInto(searchBox(), 'fluent home filled')
    await grid()
    const reading = await screen.findByLabelText('Search read as', {}, WAIT)
    const fluent = (await real.direct.iconsets()).iconsets.find((set) => set.slug === 'fluent')?.name ?? ''
    expect(reading.textContent).toContain(fluent)
    expect(reading.textContent).toContain('Solid')
    fireEvent.click(within(reading).getByRole('button', { name: `Search every set, not only ${fluent}` }))
    await waitFor(() => expect(searchBox().value).toBe('home solid'), WAIT)
  })

  test('a style word no set in scope draws is shown as not applied, beside the set it searched', async () => {
    render(<Plugin client={real.direct} />)
    typeInto(searchBox(), 'lucide heart filled')
    await grid()
    const reading = await screen.findByLabelText('Search read as', {}, WAIT)
    await waitFor(() => expect(reading.textContent).toContain('Not applied: “filled”'), WAIT)
    expect(reading.textContent).toContain('Lucide')
    expect(reading.textContent).not.toContain('Solid')
  })

  test('a set the query names that the style filter leaves out says why, and one click searches it in every style', async () => {
    render(<Plugin client={real.direct} />)
    typeInto(searchBox(), 'home')
    await grid()
    const filter = screen.getByRole('combobox', { name: 'Filter by style' }) as HTMLSelectElement
    await waitFor(() => expect([...filter.options].map((option) => option.value)).toContain('solid'), WAIT)
    chooseOption(filter, 'solid')
    typeInto(searchBox(), 'lucide home')
    const reading = await screen.findByLabelText('Search read as', {}, WAIT)
    await waitFor(() => expect(reading.textContent).toContain('Lucide has no Solid'), WAIT)
    expect(reading.textContent).not.toContain('Not applied')
    fireEvent.click(within(reading).getByRole('button', { name: 'Search Lucide in every style' }))
    await waitFor(() => expect(filter.value).toBe(''), WAIT)
    expect(searchBox().value).toBe('lucide home')
    // Now in every style, the query's Lucide applies, as its chip shows.
    const applied = await screen.findByLabelText('Search read as', {}, WAIT)
    await waitFor(() => expect(within(applied).queryByRole('button', { name: 'Search every set, not only Lucide' })).not.toBeNull(), WAIT)
    expect(applied.textContent).not.toContain('has no')
  })

  // The correction keeps the set the query named ('lucide serach'): its results were that set's.
  test.each([
    ['serach', 'search'],
    ['lucide serach', 'lucide search']
  ])('a typo tolerated offers the correction as a question, and one click searches for it: %s', async (typed, corrected) => {
    render(<Plugin client={real.direct} />)
    typeInto(searchBox(), typed)
    await grid()
    const reading = await screen.findByLabelText('Search read as', {}, WAIT)
    const offer = await within(reading).findByRole('button', { name: `Did you mean “${corrected}”?` }, WAIT)
    // The results are the typed word's near spellings: the line does not claim they are the correction's.
    expect(reading.textContent).not.toContain('Showing results for')
    fireEvent.click(offer)
    await waitFor(() => expect(searchBox().value).toBe(corrected), WAIT)
  })

  test('no results offers the fixes: every set, every style', async () => {
    // Fluent draws no GitHub mark; Font Awesome's brands do. (A set named in the query beside such a
    // word is read as not applied instead, and beside nonsense lists the set: neither is empty.)
    expect((await real.direct.search({ q: 'github', iconset: ['fluent'] })).total).toBe(0)
    render(<Plugin client={real.direct} preferences={{ ...DEFAULT_PREFERENCES, iconsets: ['fluent'] }} />)
    typeInto(searchBox(), 'github')
    const fixes = await screen.findByLabelText('Ways to find more', {}, WAIT)
    fireEvent.click(within(fixes).getByRole('button', { name: /^Search all sets, not only Fluent/ }))
    await grid()
    expect(searchBox().value).toBe('github')

    typeInto(searchBox(), 'moon')
    await grid()
    const filter = screen.getByRole('combobox', { name: 'Filter by style' }) as HTMLSelectElement
    await waitFor(() => expect([...filter.options].map((option) => option.value)).toContain('logo'), WAIT)
    chooseOption(filter, 'logo')
    const styleFixes = await screen.findByLabelText('Ways to find more', {}, WAIT)
    fireEvent.click(within(styleFixes).getByRole('button', { name: 'Search all styles' }))
    await waitFor(() => expect(filter.value).toBe(''), WAIT)
    await grid()
  })
})

describe('a chip removed rebuilds the query', () => {
  // How the catalogue reads 'heroicons mini star' (test/catalogue/search-reading.test.ts asks it).
  const mini = { terms: ['star'], variant: 'mini', iconsets: ['heroicons'], style: 'solid' as const, unapplied: [] }

  test("with a set's variant after the set, left out with its set or its style", () => {
    const typed = { interpreted: mini, chosenSets: [] }
    expect(queryWithout(typed, {})).toBe('heroicons mini star solid')
    expect(queryWithout(typed, { style: true })).toBe('heroicons star')
    expect(queryWithout(typed, { iconsets: ['heroicons'] })).toBe('star solid')
  })

  test('without the sets the set filter chose or the view is about: those stay where they were chosen', () => {
    // 'mini star' with the filter on Heroicons, or in Heroicons' own view.
    const filtered = { interpreted: mini, chosenSets: ['heroicons'] }
    expect(queryWithout(filtered, {})).toBe('mini star solid')
    expect(queryWithout(filtered, { style: true })).toBe('star')
    // 'lucide home' with the filter on Fluent and Lucide: the query narrowed it to Lucide, which it names again.
    const narrowed = { interpreted: { terms: ['home'], variant: null, iconsets: ['lucide'], style: 'solid' as const, unapplied: [] }, chosenSets: ['fluent', 'lucide'] }
    expect(queryWithout(narrowed, { style: true })).toBe('lucide home')
  })

  test('searching for a correction keeps the variant, wherever its set and style came from', () => {
    const filters = (chosenSets: string[], chosenStyle: string | null) => ({ interpreted: mini, chosenSets, chosenStyle, onQueryChange: () => undefined, onSetsChange: () => undefined })
    // 'heroicons mini satr', as typed.
    expect(correctedQuery(filters([], null), 'star')).toBe('heroicons mini star solid')
    // 'mini satr' in Heroicons' view or with the set filter on Heroicons, and the style filter on solid.
    expect(correctedQuery(filters(['heroicons'], null), 'star')).toBe('mini star solid')
    expect(correctedQuery(filters(['heroicons'], 'solid'), 'star')).toBe('mini star')
  })
})

describe('one tile per drawing', () => {
  test('each family shows once, with a badge counting its styles and sizes', async () => {
    render(<Plugin client={real.direct} />)
    typeInto(searchBox(), 'phosphor house')
    const results = await grid()
    const expected = await real.direct.search({ q: 'phosphor house', limit: 96 })
    const house = expected.icons.find((icon) => icon.family === 'house')
    expect(house?.variant_count).toBeGreaterThan(1)
    await waitFor(() => {
      const tile = results.querySelector('[data-index="0"]')
      expect(tile?.querySelector('.ic-variant-badge')?.getAttribute('title')).toBe(`${expected.icons[0]?.variant_count} variants`)
    }, WAIT)
    // The count is the tile's description for screen readers, beside its name.
    const tile = results.querySelector('[data-index="0"]') as HTMLElement
    const description = document.getElementById(tile.getAttribute('aria-describedby') ?? '')
    expect(description?.textContent).toBe(`${expected.icons[0]?.variant_count} variants`)
    const families = expected.icons.slice(0, expected.families).map((icon) => `${icon.iconset}:${icon.family}`)
    expect(new Set(families).size).toBe(families.length)
    // The grid shows those, not the styles and sizes the catalogue lists after them.
    await waitFor(() => expect(results.dataset.loaded).toBe(String(expected.families)), WAIT)
  })
})
