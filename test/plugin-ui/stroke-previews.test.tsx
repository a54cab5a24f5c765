// @vitest-environment happy-dom
/**
 * Every preview of a stroke-drawn icon shows it as insert would give it, at the toolbar's stroke
 * width (or, for selected icons and what Swap set turns them into, at their own): the recent icons,
 * the details panel, the icon sets' cards, the selection and Swap set's rows. Filled drawings, and
 * strokes as drawn, show the drawing as it is. Every preview is drawn from one text per icon, in
 * currentColor, so a new theme redraws them all and asks the catalogue nothing.
 */
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/preact'
import { h } from 'preact'
import { describe, expect, test, vi } from 'vitest'

import { DEFAULT_PREFERENCES, type Preferences, type SelectedIcon } from '../../src/api/plugin-protocol'
import { createCatalogueClient, type CatalogueClient } from '../../src/plugin/ui/catalogue-client'
import { Plugin } from '../../src/plugin/ui/plugin'
import { strokeAmong } from '../../src/plugin/shared/icon-payloads'
import { strokedAsInserted, withOutlinesWidened, withStrokeWidth } from '../../src/plugin/ui/svg-stroke'
import { useRealCatalogue } from './real-catalogue'
import { choosePreset, chooseOption, imagesIn, openSelectionPanel, previewImage, recordingClient, typeAndCommit, typeInto } from './ui-harness'

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
 * The image a preview of the icon shows, at any width: its text with its strokes at `width` px for
 * `size` (restroking reads only the viewBox; the <img> scales it).
 */
function restroked(iconset: string, icon: string, width: number, size: number, ink = LIGHT_INK): Promise<string> {
  return previewImage(real.direct, iconset, icon, ink, (svg) => withStrokeWidth(svg, width, size))
}

/** The image a preview shows of an outlined drawing's lines widened to `width` px at `size`, as main widens them. */
async function widened(iconset: string, icon: string, width: number, size: number, ink = LIGHT_INK): Promise<string> {
  const [{ iconsets }, { style }] = await Promise.all([real.direct.iconsets(), real.direct.icon(iconset, icon)])
  const stroke = strokeAmong(iconsets.find((set) => set.slug === iconset)?.strokes ?? [], { style, slug: icon })
  const outlined = stroke?.outlined
  if (stroke === undefined || outlined === undefined) throw new Error(`${iconset}:${icon} is no outlined drawing`)
  return previewImage(real.direct, iconset, icon, ink, (svg) => withOutlinesWidened(svg, width, size, { ...stroke, outlined }))
}

/** The image a preview shows of a drawing as it is. */
const asDrawnImage = (iconset: string, icon: string, ink = LIGHT_INK) => previewImage(real.direct, iconset, icon, ink)

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

  test('an icon set’s card shows its stroke-drawn samples at the toolbar’s stroke width, an outlined set’s widened past its own, and a filled set’s the catalogue’s images', async () => {
    start({ size: 48, strokeWidth: 1 })
    const { iconsets } = await real.direct.iconsets()
    const [lucide, phosphor, fluent] = ['lucide', 'ph', 'fluent'].map((slug) => iconsets.find((iconset) => iconset.slug === slug))
    if (lucide === undefined || phosphor === undefined || fluent === undefined) throw new Error('The fixture catalogue has Lucide, Phosphor and Fluent')
    expect(lucide.strokes).not.toHaveLength(0)
    expect(phosphor.strokes.every((stroke) => stroke.outlined !== undefined)).toBe(true)
    expect(fluent.strokes).toHaveLength(0)
    const samplesAt = (width: number) => Promise.all(lucide.samples.slice(0, 6).map((sample) => restroked('lucide', sample, width, 48)))
    const asDrawn = (iconset: typeof lucide) => Promise.all(iconset.samples.slice(0, 6).map((sample) => asDrawnImage(iconset.slug, sample)))

    fireEvent.click(screen.getByRole('tab', { name: 'Icon sets' }))
    const list = await screen.findByRole('list', { name: 'Icon sets' }, WAIT)
    const lucideCard = within(list).getByRole('button', { name: /^Lucide, / })
    const phosphorCard = within(list).getByRole('button', { name: /^Phosphor, / })
    const fluentCard = within(list).getByRole('button', { name: /^Fluent/ })
    const atOne = await samplesAt(1)
    expect(atOne[0]).toContain(encodeURIComponent('stroke-width="0.5"'))
    await waitFor(() => expect(imagesIn(lucideCard)).toEqual(atOne), WAIT)
    // Phosphor Regular's lines are 3 px at 48: 1 px cannot thin them, and they show as drawn.
    const phosphorDrawn = await asDrawn(phosphor)
    const fluentDrawn = await asDrawn(fluent)
    await waitFor(() => expect(imagesIn(phosphorCard)).toEqual(phosphorDrawn), WAIT)
    await waitFor(() => expect(imagesIn(fluentCard)).toEqual(fluentDrawn), WAIT)

    const stroke = within(screen.getByRole('group', { name: /next insert/i })).getByRole('textbox', { name: 'Stroke' })
    typeAndCommit(stroke, '4')
    const atFour = await samplesAt(4)
    await waitFor(() => expect(imagesIn(lucideCard)).toEqual(atFour), WAIT)
    // 4 px is one more than Phosphor's own 3: a stroke of 1 px, 5.3333 units on its 256 grid, in each shape's fill.
    const phosphorWidened = await Promise.all(phosphor.samples.slice(0, 6).map((sample) => widened('ph', sample, 4, 48)))
    expect(phosphorWidened[0]).toContain(encodeURIComponent('stroke-width="5.3333" stroke-linejoin="round"'))
    await waitFor(() => expect(imagesIn(phosphorCard)).toEqual(phosphorWidened), WAIT)
    expect(imagesIn(fluentCard)).toEqual(fluentDrawn)

    // As drawn: the drawings as they are.
    typeAndCommit(stroke, '')
    const lucideDrawn = await asDrawn(lucide)
    await waitFor(() => expect(imagesIn(lucideCard)).toEqual(lucideDrawn), WAIT)
    await waitFor(() => expect(imagesIn(phosphorCard)).toEqual(phosphorDrawn), WAIT)
    expect(imagesIn(fluentCard)).toEqual(fluentDrawn)
  })

  test('strokes as drawn show the drawing as it is', async () => {
    start({ size: 48, strokeWidth: null, recent: [LUCIDE_HOUSE] })
    const drawn = await recentTile(/^House, /)
    const expected = await asDrawnImage('lucide', 'house')
    expect(expected).toContain(encodeURIComponent('stroke-width="2"'))
    await waitFor(() => expect(imageIn(drawn).getAttribute('src')).toBe(expected), WAIT)
  })

  test('without the list of sets, which says which styles have strokes, previews show the drawing as it is', async () => {
    const failing: CatalogueClient = { ...real.direct, iconsets: () => Promise.reject(new Error('The catalogue is down')) }
    start({ size: 48, strokeWidth: 1, recent: [LUCIDE_HOUSE] }, [], failing)
    const tile = await recentTile(/^House, /)
    const expected = await asDrawnImage('lucide', 'house')
    await waitFor(() => expect(imageIn(tile).getAttribute('src')).toBe(expected), WAIT)
  })

  test('until its text comes, a preview shows nothing at its size, and if the text cannot be had, the catalogue’s image', async () => {
    let fail = (_error: Error) => {}
    const fresh = createCatalogueClient(real.catalogue.url)
    const failing: CatalogueClient = { ...fresh, svg: () => new Promise((_resolve, reject) => (fail = reject)) }
    start({ size: 48, strokeWidth: 1, recent: [LUCIDE_HOUSE] }, [], failing)
    const tile = await recentTile(/^House, /)
    expect(imageIn(tile).dataset.state).toBe('loading')
    expect(imageIn(tile).getAttribute('src')).toMatch(/^data:image\/svg\+xml/)
    fail(new Error('The catalogue is down'))
    await waitFor(() => expect(imageIn(tile).getAttribute('src')).toMatch(/^http:.*\/iconsets\/lucide\/house\?format=svg&color=%231e1e1e$/), WAIT)
    expect(imageIn(tile).dataset.state).toBeUndefined()
  })

  test('a preview whose text and catalogue image both fail shows a still neutral square, not a broken image', async () => {
    const fresh = createCatalogueClient(real.catalogue.url)
    const failing: CatalogueClient = { ...fresh, svg: () => Promise.reject(new Error('The catalogue is down')) }
    start({ size: 48, strokeWidth: 1, recent: [LUCIDE_HOUSE] }, [], failing)
    const tile = await recentTile(/^House, /)
    await waitFor(() => expect(imageIn(tile).getAttribute('src')).toMatch(/^http:.*\/iconsets\/lucide\/house\?format=svg/), WAIT)
    // The browser could not load the catalogue's image either.
    fireEvent.error(imageIn(tile))
    await waitFor(() => expect(imageIn(tile).dataset.state).toBe('failed'), WAIT)
    expect(imageIn(tile).getAttribute('src')).toMatch(/^data:image\/svg\+xml/)
  })

  test('switching the theme redraws the recent icons, the details and the sets’ cards in its ink, asking the catalogue nothing', async () => {
    const DARK_INK = '#f0f0f0'
    const { client, fetched } = recordingClient(real.catalogue.url)
    // The toolbar's black cannot be read on the dark theme's background: previews take the theme's ink there.
    start({ size: 48, strokeWidth: 1, color: '#000000', recent: [LUCIDE_HOUSE, TWEMOJI_STAR] }, [], client)
    const star = await asDrawnImage('twemoji', 'star')
    await waitFor(async () => expect(imageIn(await recentTile(/^Star, /)).getAttribute('src')).toBe(star), WAIT)
    const tile = await recentTile(/^House, /)
    fireEvent.click(tile)
    const detail = await screen.findByRole('region', { name: 'Icon details' }, WAIT)
    fireEvent.click(screen.getByRole('tab', { name: 'Icon sets' }))
    const list = await screen.findByRole('list', { name: 'Icon sets' }, WAIT)
    const lucideCard = within(list).getByRole('button', { name: /^Lucide, / })
    const { iconsets } = await real.direct.iconsets()
    const lucide = iconsets.find((iconset) => iconset.slug === 'lucide')
    if (lucide === undefined) throw new Error('The fixture catalogue has Lucide')
    const cardIn = (ink: string) => Promise.all(lucide.samples.slice(0, 6).map((sample) => restroked('lucide', sample, 1, 48, ink)))
    const [lightCard, darkCard] = [await cardIn('#000000'), await cardIn(DARK_INK)]
    // The drawings are inked, not drawn in the catalogue's currentColor.
    expect(darkCard).not.toEqual(lightCard)
    for (const image of darkCard) expect([image.includes(encodeURIComponent('#f0f0f0')), image.includes('currentColor')]).toEqual([true, false])
    await waitFor(() => expect(imagesIn(lucideCard)).toEqual(lightCard), WAIT)
    const lightHouse = await restroked('lucide', 'house', 1, 48, '#000000')
    await waitFor(() => expect(imageIn(detail).getAttribute('src')).toBe(lightHouse), WAIT)
    const asked = fetched.length

    act(() => document.documentElement.classList.add('figma-dark'))
    try {
      await waitFor(() => expect(imagesIn(lucideCard)).toEqual(darkCard), WAIT)
      fireEvent.click(screen.getByRole('tab', { name: 'Search' }))
      const darkHouse = await restroked('lucide', 'house', 1, 48, DARK_INK)
      const darkTile = await recentTile(/^House, /)
      expect(imageIn(darkTile).getAttribute('src')).toBe(darkHouse)
      fireEvent.click(darkTile)
      expect(imageIn(await screen.findByRole('region', { name: 'Icon details' }, WAIT)).getAttribute('src')).toBe(darkHouse)
      // A multicolour drawing has no ink to change.
      expect(imageIn(await recentTile(/^Star, /)).getAttribute('src')).toBe(star)
      expect(fetched.slice(asked)).toEqual([])
    } finally {
      act(() => document.documentElement.classList.remove('figma-dark'))
    }
  })

  test('a multicolour drawing is shown as drawn whatever the stroke width', async () => {
    const { client, asked } = countingClient()
    start({ size: 48, strokeWidth: 1, recent: [LUCIDE_HOUSE, TWEMOJI_STAR] }, [], client)
    // The house restroked says the icon sets, and so which styles have strokes, are known.
    const stroked = await recentTile(/^House, /)
    const expected = await restroked('lucide', 'house', 1, 48)
    await waitFor(() => expect(imageIn(stroked).getAttribute('src')).toBe(expected), WAIT)
    const tile = await recentTile(/^Star, /)
    // A recent stored before recents kept their style: its style is looked up, and its drawing left as it is.
    await waitFor(() => expect(asked).toContain('icon twemoji/star'), WAIT)
    const drawn = await asDrawnImage('twemoji', 'star')
    expect(drawn).not.toContain('currentColor')
    await waitFor(() => expect(imageIn(tile).getAttribute('src')).toBe(drawn), WAIT)
  })

  test('a selected icon shows its own stroke width, in the selection and in Swap set, where a filled equivalent shows as drawn', async () => {
    const selected: SelectedIcon = { nodeId: '3:1', iconset: 'lucide', icon: 'house', style: 'outline', size: 32, color: '#000000', strokeWidth: 3 }
    const { client, fetched } = fetchingClient()
    start({}, [selected], client)
    const own = await restroked('lucide', 'house', 3, 32)
    const panel = openSelectionPanel()
    await waitFor(() => expect(imageIn(panel).getAttribute('src')).toBe(own), WAIT)

    const swapSet = within(panel).getByRole('combobox', { name: 'Swap set' })
    await within(swapSet).findByRole('option', { name: 'Fluent UI System Icons' }, WAIT)
    chooseOption(swapSet, 'fluent')
    const row = await within(panel).findByRole('listitem', { name: /^House to / }, WAIT)
    await waitFor(() => expect(imageIn(row, 0).getAttribute('src')).toBe(own), WAIT)
    const fluentHome = await asDrawnImage('fluent', 'home-24-regular')
    await waitFor(() => expect(imageIn(row, 1).getAttribute('src')).toBe(fluentHome), WAIT)
    // Both rows show the house from one fetch of its text.
    expect(fetched.filter((url) => url.includes('/iconsets/lucide/house?'))).toHaveLength(1)
  })

  test('a filled icon’s stroke-drawn equivalent in Swap set shows at the toolbar’s stroke width, as the swap gives it', async () => {
    const filled: SelectedIcon = { nodeId: '3:2', iconset: 'fluent', icon: 'home-24-regular', style: 'outline', size: 32, color: '#000000' }
    start({ strokeWidth: 1.5 }, [filled])
    const panel = openSelectionPanel()
    const swapSet = within(panel).getByRole('combobox', { name: 'Swap set' })
    await within(swapSet).findByRole('option', { name: 'Lucide' }, WAIT)
    chooseOption(swapSet, 'lucide')
    const row = await within(panel).findByRole('listitem', { name: /^Home to / }, WAIT)
    const thin = await restroked('lucide', 'house', 1.5, 32)
    await waitFor(() => expect(imageIn(row, 1).getAttribute('src')).toBe(thin), WAIT)
  })
})
