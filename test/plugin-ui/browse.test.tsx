// @vitest-environment happy-dom
/**
 * Browsing in the plugin UI against a real catalogue: icon sets with their details and their
 * drawings in a virtualised grid, paged in bulk, and styles that open a filtered search.
 */
import { fireEvent, render, screen, waitFor, within } from '@testing-library/preact'
import { h } from 'preact'
import { describe, expect, test } from 'vitest'

import type { IconSetSummary, IconSummary } from '../../src/api/catalogue-schemas'
import { DEFAULT_PREFERENCES } from '../../src/api/plugin-protocol'
import { searchUrl } from '../../src/api/catalogue-urls'
import { createCatalogueClient } from '../../src/plugin/ui/catalogue-client'
import { formatCount } from '../../src/plugin/ui/format'
import { CELL_SIZE } from '../../src/plugin/ui/icon-grid'
import { Plugin } from '../../src/plugin/ui/plugin'
import { useRealCatalogue } from './real-catalogue'
import { chooseOption, gridLabels, previewImage, typeInto } from './ui-harness'

const WAIT = { timeout: 20_000 }
const real = useRealCatalogue()

describe('browse', () => {
  test('icon sets show name, author, licence, count and previews; the largest opens as its drawings in a virtualised grid, a page per request', async () => {
    const requested: string[] = []
    const client = createCatalogueClient(real.catalogue.url, {
      fetch: (input, init) => {
        requested.push(String(input))
        return fetch(input, init)
      }
    })
    render(<Plugin client={client} />)
    fireEvent.click(screen.getByRole('tab', { name: 'Icon sets' }))
    const list = await screen.findByRole('list', { name: 'Icon sets' }, WAIT)
    const { iconsets } = await real.direct.iconsets()
    const largest = iconsets.reduce((a: IconSetSummary, b) => (b.total_icons > a.total_icons ? b : a))
    for (const iconset of iconsets) {
      const card = within(list).getByRole('button', {
        name: `${iconset.name}, ${formatCount(iconset.total_icons)} icons, by ${iconset.author.name}, ${iconset.license.name}`
      })
      expect(card.querySelectorAll('img')).toHaveLength(Math.min(6, iconset.previews.length))
    }

    requested.length = 0
    fireEvent.click(within(list).getByRole('button', { name: new RegExp(`^${largest.name}, `) }))
    const grid = await screen.findByRole('list', { name: `Icons in ${largest.name}` }, WAIT)
    // The set in its own order, each drawing once with its variants: the catalogue's search scoped to it, with no words.
    const listed = await real.direct.search({ iconset: [largest.slug], limit: 96 })
    expect(listed.icons.reduce((sum, icon) => sum + icon.variant_count, 0)).toBeLessThanOrEqual(largest.total_icons)
    await waitFor(() => expect(grid.dataset.loaded).toBe(String(listed.icons.length)), WAIT)
    const { styles } = await real.direct.styles()
    const labelOf = (icon: IconSummary) => `${icon.name}, ${largest.name}, ${styles.find((style) => style.slug === icon.style)?.name}`
    for (const [position, label] of gridLabels(grid)) expect(label).toBe(labelOf(listed.icons[position - 1] as IconSummary))
    // One request brought the page and its thumbnails, drawn from the SVG that came with it.
    expect(requested).toEqual([searchUrl(real.catalogue.url, { q: '', iconset: [largest.slug], limit: 96, families_only: true, svg: true, offset: 0 })])
    expect([...grid.querySelectorAll('img')].every((image) => image.getAttribute('src')?.startsWith('data:image/svg+xml'))).toBe(true)
    // Only the rows in view (and a few around them) are in the DOM, however large the set.
    expect(grid.querySelectorAll('[role="listitem"]').length).toBeLessThan(150)

    // Scrolling on brings the rest, a page at a time, to the set's last drawing.
    while (grid.dataset.loaded !== String(listed.families)) {
      const loaded = grid.dataset.loaded
      grid.scrollTop = Number.parseFloat((grid.firstElementChild as HTMLElement).style.height) - CELL_SIZE
      fireEvent.scroll(grid)
      await waitFor(() => expect(grid.dataset.loaded).not.toBe(loaded), WAIT)
    }
    const last = (await real.direct.search({ iconset: [largest.slug], offset: listed.families - 1, limit: 1 })).icons[0] as IconSummary
    grid.scrollTop = Number.parseFloat((grid.firstElementChild as HTMLElement).style.height) - CELL_SIZE
    fireEvent.scroll(grid)
    await waitFor(() => expect(gridLabels(grid).at(-1)).toEqual([listed.families, labelOf(last)]))
    expect(grid.querySelectorAll('[role="listitem"]').length).toBeLessThan(150)
    expect(requested.every((url) => url.includes('/search?'))).toBe(true)

    fireEvent.click(screen.getByRole('button', { name: 'Back to icon sets' }))
    expect(await screen.findByRole('list', { name: 'Icon sets' }, WAIT)).toBeTruthy()
  })

  test('an open icon set and its search stay while the designer visits another tab; choosing “Icon sets” again goes back to the list', async () => {
    render(<Plugin client={real.direct} />)
    fireEvent.click(screen.getByRole('tab', { name: 'Icon sets' }))
    const list = await screen.findByRole('list', { name: 'Icon sets' }, WAIT)
    const [first] = (await real.direct.iconsets()).iconsets
    fireEvent.click(within(list).getByRole('button', { name: new RegExp(`^${first?.name}, `) }))
    await screen.findByRole('list', { name: `Icons in ${first?.name}` }, WAIT)
    typeInto(await screen.findByRole('textbox', { name: `Search ${first?.name}` }, WAIT), 'arrow')
    await screen.findByRole('list', { name: `Results in ${first?.name}` }, WAIT)

    fireEvent.click(screen.getByRole('tab', { name: 'Search' }))
    await screen.findByRole('textbox', { name: 'Search icons' })
    fireEvent.click(screen.getByRole('tab', { name: 'Icon sets' }))
    // The set and its own search are as the designer left them.
    expect(((await screen.findByRole('textbox', { name: `Search ${first?.name}` }, WAIT)) as HTMLInputElement).value).toBe('arrow')
    expect(await screen.findByRole('list', { name: `Results in ${first?.name}` }, WAIT)).toBeTruthy()

    fireEvent.click(screen.getByRole('tab', { name: 'Icon sets' }))
    expect(await screen.findByRole('list', { name: 'Icon sets' }, WAIT)).toBeTruthy()
  })

  test('a set drawn in several styles lists the one chosen, its search too, and keeps it while the designer visits another tab; a set of one style offers none', async () => {
    render(<Plugin client={real.direct} />)
    fireEvent.click(screen.getByRole('tab', { name: 'Icon sets' }))
    const list = await screen.findByRole('list', { name: 'Icon sets' }, WAIT)
    const { iconsets } = await real.direct.iconsets()
    const phosphor = iconsets.find((iconset) => iconset.slug === 'ph') as IconSetSummary
    expect(phosphor.styles).toContain('bold')
    fireEvent.click(within(list).getByRole('button', { name: new RegExp(`^${phosphor.name}, `) }))
    await screen.findByRole('list', { name: `Icons in ${phosphor.name}` }, WAIT)
    const filter = await screen.findByRole('combobox', { name: 'Filter by style' }, WAIT)
    // All styles, then the set's own, by weight.
    expect(within(filter).getAllByRole('option').map((option) => option.getAttribute('value'))).toEqual(['', 'thin', 'light', 'outline', 'bold', 'solid', 'duotone'].filter((slug) => slug === '' || phosphor.styles.includes(slug)))

    chooseOption(filter, 'bold')
    await screen.findByText(/drawings in Bold$/, undefined, WAIT)
    const grid = await screen.findByRole('list', { name: `Icons in ${phosphor.name}` }, WAIT)
    await waitFor(() => expect(gridLabels(grid).length).toBeGreaterThan(0), WAIT)
    for (const [, label] of gridLabels(grid)) expect(label).toMatch(new RegExp(`, ${phosphor.name}, Bold$`))
    typeInto(screen.getByRole('textbox', { name: `Search ${phosphor.name}` }), 'arrow')
    const results = await screen.findByRole('list', { name: `Results in ${phosphor.name}` }, WAIT)
    await waitFor(() => expect(gridLabels(results).length).toBeGreaterThan(0), WAIT)
    for (const [, label] of gridLabels(results)) expect(label).toMatch(/, Bold$/)

    fireEvent.click(screen.getByRole('tab', { name: 'Search' }))
    await screen.findByRole('textbox', { name: 'Search icons' })
    fireEvent.click(screen.getByRole('tab', { name: 'Icon sets' }))
    expect(((await screen.findByRole('combobox', { name: 'Filter by style' }, WAIT)) as HTMLSelectElement).value).toBe('bold')

    fireEvent.click(screen.getByRole('button', { name: 'Back to icon sets' }))
    const lucide = iconsets.find((iconset) => iconset.slug === 'lucide') as IconSetSummary
    fireEvent.click(within(await screen.findByRole('list', { name: 'Icon sets' }, WAIT)).getByRole('button', { name: new RegExp(`^${lucide.name}, `) }))
    await screen.findByRole('list', { name: `Icons in ${lucide.name}` }, WAIT)
    expect(screen.queryByRole('combobox', { name: 'Filter by style' })).toBeNull()
  })

  test('styles show previews and their counts, “1 set” in the singular; opening one shows the search filtered by that style', async () => {
    // Words left from an earlier search, which find nothing in the style: the card browses the style instead.
    render(<Plugin client={real.direct} preferences={{ ...DEFAULT_PREFERENCES, query: 'xyzzyq' }} />)
    fireEvent.click(screen.getByRole('tab', { name: 'Styles' }))
    const list = await screen.findByRole('list', { name: 'Styles' }, WAIT)
    const { styles } = await real.direct.styles()
    for (const style of styles) {
      const sets = style.total_iconsets === 1 ? '1 set' : `${formatCount(style.total_iconsets)} sets`
      const card = within(list).getByRole('button', { name: `${style.name}, ${formatCount(style.total_icons)} icons in ${sets}` })
      // The catalogue's samples of the style, each drawn in the toolbar's black.
      expect(style.samples.length).toBeGreaterThan(0)
      const samples = await Promise.all(style.samples.map((sample) => previewImage(real.direct, sample.iconset, sample.slug, '#000000')))
      await waitFor(() => expect([...card.querySelectorAll('img')].map((image) => image.getAttribute('src'))).toEqual(samples), WAIT)
    }
    expect(list.textContent).not.toMatch(/\b1 sets\b/)
    const solid = styles.find((style) => style.slug === 'solid')
    if (solid === undefined) throw new Error('the catalogue has no solid style')
    fireEvent.click(within(list).getByRole('button', { name: new RegExp(`^${solid.name}, `) }))

    expect(screen.getByRole('tab', { name: 'Search' }).getAttribute('aria-selected')).toBe('true')
    expect((screen.getByRole('combobox', { name: 'Filter by style' }) as HTMLSelectElement).value).toBe('solid')
    expect((screen.getByRole('textbox', { name: 'Search icons' }) as HTMLInputElement).value).toBe('')
    const expected = await real.direct.search({ style: 'solid' })
    await screen.findByText(`${formatCount(expected.families)} drawings in ${solid.name}`, undefined, WAIT)
    // No words typed: the style's icons to browse, under the same title as every icon.
    const grid = await screen.findByRole('list', { name: 'All icons' }, WAIT)
    await waitFor(() => expect(grid.dataset.loaded).toBe(String(expected.icons.length)), WAIT)
  })
})
