// @vitest-environment happy-dom
/**
 * Every preview of a stroke-drawn icon shows it as insert would give it, at the toolbar's stroke
 * width (or, for selected icons and what Swap set turns them into, at their own): the recent icons,
 * the details panel, the icon sets' cards, the selection and Swap set's rows. Filled drawings, and
 * strokes as drawn, keep the catalogue's image.
 */
import { fireEvent, render, screen, waitFor, within } from '@testing-library/preact'
import { h } from 'preact'
import { describe, expect, test, vi } from 'vitest'

import { DEFAULT_PREFERENCES, type Preferences, type SelectedIcon } from '../../src/api/plugin-protocol'
import { createCatalogueClient, type CatalogueClient } from '../../src/plugin/ui/catalogue-client'
import { PREVIEW_SVG_SIZE } from '../../src/plugin/ui/icon-preview'
import { Plugin } from '../../src/plugin/ui/plugin'
import { strokedAsInserted, withStrokeWidth } from '../../src/plugin/ui/svg-stroke'
import { svgDataUrl, thumbnailUrl } from '../../src/plugin/ui/use-theme-ink'
import { useRealCatalogue } from './real-catalogue'
import { choosePreset, chooseOption, imagesIn, openSelectionPanel, typeAndCommit, typeInto } from './ui-harness'

// The restroke rule as itself, watched, to count how often previews are restroked.
vi.mock('../../src/plugin/ui/svg-stroke', async (importOriginal) => {
  const rules = await importOriginal<typeof import('../../src/plugin/ui/svg-stroke')>()
  return { ...rules, strokedAsInserted: vi.fn(rules.strokedAsInserted) }
})

const WAIT = { timeout: 15_000 }
const real = useRealCatalogue()

const LIGHT_INK = '#1e1e1e'
const LUCIDE_HOUSE = { iconset: 'lucide', icon: 'house', name: 'House' }
const TWEMOJI_STAR = { iconset: 'twemoji', icon: 'star', name: 'Star' }

/** The catalogue, recording each icon's details and SVG text the UI asks it for. */
function countingClient(): { client: CatalogueClient; asked: string[] } {
  const asked: string[] = []
  const direct = real.direct
  const client: CatalogueClient = {
    ...direct,
    icon: (iconset, slug, signal) => (asked.push(`icon ${iconset}/${slug}`), direct.icon(iconset, slug, signal)),
    svg: (iconset, slug, render, signal) => (asked.push(`svg ${iconset}/${slug}`), direct.svg(iconset, slug, render, signal))
  }
  return { client, asked }
}

/** A client of the real catalogue, recording the URL of each SVG it fetches over HTTP. */
function fetchingClient(): { client: CatalogueClient; fetched: string[] } {
  const fetched: string[] = []
  const client = createCatalogueClient(real.catalogue.url, {
    fetch: (input, init) => {
      if (String(input).includes('format=svg')) fetched.push(String(input))
      return fetch(input, init)
    }
  })
  return { client, fetched }
}

function start(preferences: Partial<Preferences>, selection: SelectedIcon[] = [], client: CatalogueClient = real.direct) {
  render(
    <Plugin
      client={client}
      preferences={{ ...DEFAULT_PREFERENCES, color: LIGHT_INK, ...preferences }}
      selection={selection}
      iconsInSelection={selection}
    />
  )
}

/**
 * The image a preview of the icon shows, at any width: the catalogue's SVG at PREVIEW_SVG_SIZE with
 * its strokes at `width` px for `size` (restroking reads only the viewBox; the <img> scales it).
 */
async function restroked(iconset: string, icon: string, width: number, size: number): Promise<string> {
  return svgDataUrl(withStrokeWidth(await real.direct.svg(iconset, icon, { size: PREVIEW_SVG_SIZE, color: LIGHT_INK }), width, size))
}

/** A tile of the recent icons, not the grid of every icon under them. */
const recentTile = async (name: RegExp) => within(await screen.findByRole('list', { name: 'Recent' }, WAIT)).getByRole('button', { name })

const imageIn = (element: HTMLElement, index = 0) => element.querySelectorAll('img')[index] as HTMLImageElement

describe('stroke-width previews', () => {
  test('a recent stroke-drawn icon, and its details, show the toolbar’s stroke width at its size', async () => {
    start({ size: 48, strokeWidth: 1, recent: [LUCIDE_HOUSE] })
    const tile = await recentTile(/^House, /)
    const expected = await restroked('lucide', 'house', 1, 48)
    expect(expected).toContain(encodeURIComponent('stroke-width="0.5"'))
    await waitFor(() => expect(imageIn(tile).getAttribute('src')).toBe(expected), WAIT)

    fireEvent.click(tile)
    const detail = await screen.findByRole('region', { name: 'Icon details' }, WAIT)
    // The same text, restroked the same, scaled by the panel's larger <img>.
    await waitFor(() => expect(imageIn(detail).getAttribute('src')).toBe(expected), WAIT)
    expect(imageIn(detail).width).toBeGreaterThan(imageIn(tile).width)
  })

  test('another size restrokes the text already fetched, at once, with no blank image between', async () => {
    const { client, asked } = countingClient()
    start({ size: 48, strokeWidth: 1, recent: [LUCIDE_HOUSE] }, [], client)
    const tile = await recentTile(/^House, /)
    const expected = await restroked('lucide', 'house', 1, 48)
    await waitFor(() => expect(imageIn(tile).getAttribute('src')).toBe(expected), WAIT)
    const fetched = asked.length
    const toolbar = screen.getByRole('group', { name: /next insert/i })
    for (const [size, units] of [[24, '1'], [16, '1.5'], [32, '0.75']] as const) {
      choosePreset(toolbar, size)
      expect(imageIn(tile).getAttribute('src')).toContain(encodeURIComponent(`stroke-width="${units}"`))
    }
    expect(asked.length).toBe(fetched)
  })

  test('the results grid restrokes each thumbnail once per look, not on every scroll', async () => {
    start({ size: 48, strokeWidth: 1 })
    typeInto(screen.getByRole('textbox', { name: 'Search icons' }), 'house')
    const grid = await screen.findByRole('list', { name: 'Search results' }, WAIT)
    const tile = await within(grid).findByRole('button', { name: /^House, Lucide, / }, WAIT)
    await waitFor(() => expect(imageIn(tile).getAttribute('src')).toContain(encodeURIComponent('stroke-width="0.5"')), WAIT)
    const restrokes = vi.mocked(strokedAsInserted).mock.calls.length
    for (const top of [1, 2, 3]) {
      grid.scrollTop = top
      fireEvent.scroll(grid)
    }
    expect(vi.mocked(strokedAsInserted).mock.calls.length).toBe(restrokes)

    choosePreset(screen.getByRole('group', { name: /next insert/i }), 24)
    expect(imageIn(tile).getAttribute('src')).toContain(encodeURIComponent('stroke-width="1"'))
    expect(vi.mocked(strokedAsInserted).mock.calls.length).toBeGreaterThan(restrokes)
  })

  test('an icon set’s card shows its stroke-drawn samples at the toolbar’s stroke width, and a filled set’s card the catalogue’s images', async () => {
    start({ size: 48, strokeWidth: 1 })
    const { iconsets } = await real.direct.iconsets()
    const [lucide, phosphor] = ['lucide', 'ph'].map((slug) => iconsets.find((iconset) => iconset.slug === slug))
    if (lucide === undefined || phosphor === undefined) throw new Error('The fixture catalogue has Lucide and Phosphor')
    expect(lucide.strokes).not.toHaveLength(0)
    expect(phosphor.strokes).toHaveLength(0)
    const samplesAt = (width: number) => Promise.all(lucide.samples.slice(0, 6).map((sample) => restroked('lucide', sample, width, 48)))
    const asDrawn = (iconset: typeof lucide) => iconset.previews.slice(0, 6).map((preview) => thumbnailUrl(preview, LIGHT_INK))

    fireEvent.click(screen.getByRole('tab', { name: 'Icon sets' }))
    const list = await screen.findByRole('list', { name: 'Icon sets' }, WAIT)
    const lucideCard = within(list).getByRole('button', { name: /^Lucide, / })
    const phosphorCard = within(list).getByRole('button', { name: /^Phosphor, / })
    const atOne = await samplesAt(1)
    expect(atOne[0]).toContain(encodeURIComponent('stroke-width="0.5"'))
    await waitFor(() => expect(imagesIn(lucideCard)).toEqual(atOne), WAIT)
    expect(imagesIn(phosphorCard)).toEqual(asDrawn(phosphor))

    const stroke = within(screen.getByRole('group', { name: /next insert/i })).getByRole('textbox', { name: 'Stroke' })
    typeAndCommit(stroke, '3')
    const atThree = await samplesAt(3)
    await waitFor(() => expect(imagesIn(lucideCard)).toEqual(atThree), WAIT)
    expect(imagesIn(phosphorCard)).toEqual(asDrawn(phosphor))

    // As drawn: the catalogue's images, as the cards showed before any stroke width was set.
    typeAndCommit(stroke, '')
    await waitFor(() => expect(imagesIn(lucideCard)).toEqual(asDrawn(lucide)), WAIT)
    expect(imagesIn(phosphorCard)).toEqual(asDrawn(phosphor))
  })

  test('strokes as drawn show the catalogue’s image', async () => {
    start({ size: 48, strokeWidth: null, recent: [LUCIDE_HOUSE] })
    const drawn = await recentTile(/^House, /)
    expect(imageIn(drawn).getAttribute('src')).toMatch(/^http:.*\/iconsets\/lucide\/house\?format=svg&color=%231e1e1e$/)
  })

  test('without the list of sets, which says which styles have strokes, previews show the catalogue’s image', async () => {
    const failing: CatalogueClient = { ...real.direct, iconsets: () => Promise.reject(new Error('The catalogue is down')) }
    start({ size: 48, strokeWidth: 1, recent: [LUCIDE_HOUSE] }, [], failing)
    const tile = await recentTile(/^House, /)
    await waitFor(() => expect(imageIn(tile).getAttribute('src')).toMatch(/^http:.*\/iconsets\/lucide\/house\?format=svg&color=%231e1e1e$/), WAIT)
  })

  test('a multicolour drawing keeps the catalogue’s image whatever the stroke width', async () => {
    const { client, asked } = countingClient()
    start({ size: 48, strokeWidth: 1, recent: [LUCIDE_HOUSE, TWEMOJI_STAR] }, [], client)
    // The house restroked says the icon sets, and so which styles have strokes, are known.
    const stroked = await recentTile(/^House, /)
    const expected = await restroked('lucide', 'house', 1, 48)
    await waitFor(() => expect(imageIn(stroked).getAttribute('src')).toBe(expected), WAIT)
    const tile = await recentTile(/^Star, /)
    // A recent stored before recents kept their style: its style is looked up, and its text never fetched.
    await waitFor(() => expect(asked).toContain('icon twemoji/star'), WAIT)
    await waitFor(() => expect(imageIn(tile).getAttribute('src')).toMatch(/^http:.*\/iconsets\/twemoji\/star\?/), WAIT)
    expect(asked).not.toContain('svg twemoji/star')
  })

  test('a selected icon shows its own stroke width, in the selection and in Swap set, where a filled equivalent shows the catalogue’s image', async () => {
    const selected: SelectedIcon = { nodeId: '3:1', iconset: 'lucide', icon: 'house', style: 'outline', size: 32, color: '#000000', strokeWidth: 3 }
    const { client, fetched } = fetchingClient()
    start({}, [selected], client)
    const own = await restroked('lucide', 'house', 3, 32)
    const panel = openSelectionPanel()
    await waitFor(() => expect(imageIn(panel).getAttribute('src')).toBe(own), WAIT)

    const swapSet = within(panel).getByRole('combobox', { name: 'Swap set' })
    await within(swapSet).findByRole('option', { name: 'Phosphor' }, WAIT)
    chooseOption(swapSet, 'ph')
    const row = await within(panel).findByRole('listitem', { name: /^House to / }, WAIT)
    await waitFor(() => expect(imageIn(row, 0).getAttribute('src')).toBe(own), WAIT)
    await waitFor(() => expect(imageIn(row, 1).getAttribute('src')).toMatch(/^http:.*\/iconsets\/ph\/house\?/), WAIT)
    // Both rows show the house from one fetch of its text.
    expect(fetched.filter((url) => url.includes('/iconsets/lucide/house?'))).toHaveLength(1)
  })
})
