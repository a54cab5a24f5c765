// @vitest-environment happy-dom
/**
 * Every preview of a stroke-drawn icon shows it as insert would give it, at the toolbar's stroke
 * width (or, for selected icons and what Swap set turns them into, at their own): the recent icons,
 * the details panel, the selection and Swap set's rows. Filled drawings, and strokes as drawn, keep
 * the catalogue's image.
 */
import { fireEvent, render, screen, waitFor, within } from '@testing-library/preact'
import { h } from 'preact'
import { describe, expect, test } from 'vitest'

import { DEFAULT_PREFERENCES, type Preferences, type SelectedIcon } from '../../src/api/plugin-protocol'
import type { CatalogueClient } from '../../src/plugin/ui/catalogue-client'
import { Plugin } from '../../src/plugin/ui/plugin'
import { withStrokeWidth } from '../../src/plugin/ui/svg-stroke'
import { svgDataUrl } from '../../src/plugin/ui/use-theme-ink'
import { useRealCatalogue } from './real-catalogue'
import { choosePreset, chooseOption, openSelectionPanel } from './ui-harness'

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
 * The image a preview of the icon shows: the catalogue's SVG with its strokes at `width` px for
 * `size`, at the preview's own `shown` px (restroking reads only the viewBox).
 */
async function restroked(iconset: string, icon: string, width: number, size: number, shown: number): Promise<string> {
  return svgDataUrl(withStrokeWidth(await real.direct.svg(iconset, icon, { size: shown, color: LIGHT_INK }), width, size))
}

const imageIn = (element: HTMLElement, index = 0) => element.querySelectorAll('img')[index] as HTMLImageElement

describe('stroke-width previews', () => {
  test('a recent stroke-drawn icon, and its details, show the toolbar’s stroke width at its size', async () => {
    start({ size: 48, strokeWidth: 1, recent: [LUCIDE_HOUSE] })
    const tile = await screen.findByRole('button', { name: /^House, / }, WAIT)
    const expected = await restroked('lucide', 'house', 1, 48, 24)
    expect(expected).toContain(encodeURIComponent('stroke-width="0.5"'))
    await waitFor(() => expect(imageIn(tile).getAttribute('src')).toBe(expected), WAIT)

    fireEvent.click(tile)
    const detail = await screen.findByRole('region', { name: 'Icon details' }, WAIT)
    const large = await restroked('lucide', 'house', 1, 48, 48)
    await waitFor(() => expect(imageIn(detail).getAttribute('src')).toBe(large), WAIT)
  })

  test('another size restrokes the text already fetched, at once, with no blank image between', async () => {
    const { client, asked } = countingClient()
    start({ size: 48, strokeWidth: 1, recent: [LUCIDE_HOUSE] }, [], client)
    const tile = await screen.findByRole('button', { name: /^House, / }, WAIT)
    const expected = await restroked('lucide', 'house', 1, 48, 24)
    await waitFor(() => expect(imageIn(tile).getAttribute('src')).toBe(expected), WAIT)
    const fetched = asked.length
    const toolbar = screen.getByRole('group', { name: /next insert/i })
    for (const [size, units] of [[24, '1'], [16, '1.5'], [32, '0.75']] as const) {
      choosePreset(toolbar, size)
      expect(imageIn(tile).getAttribute('src')).toContain(encodeURIComponent(`stroke-width="${units}"`))
    }
    expect(asked.length).toBe(fetched)
  })

  test('strokes as drawn show the catalogue’s image', async () => {
    start({ size: 48, strokeWidth: null, recent: [LUCIDE_HOUSE] })
    const drawn = await screen.findByRole('button', { name: /^House, / }, WAIT)
    expect(imageIn(drawn).getAttribute('src')).toMatch(/^http:.*\/iconsets\/lucide\/house\?format=svg&color=%231e1e1e$/)
  })

  test('without the list of sets, which says which styles have strokes, previews show the catalogue’s image', async () => {
    const failing: CatalogueClient = { ...real.direct, iconsets: () => Promise.reject(new Error('The catalogue is down')) }
    start({ size: 48, strokeWidth: 1, recent: [LUCIDE_HOUSE] }, [], failing)
    const tile = await screen.findByRole('button', { name: /^House, / }, WAIT)
    await waitFor(() => expect(imageIn(tile).getAttribute('src')).toMatch(/^http:.*\/iconsets\/lucide\/house\?format=svg&color=%231e1e1e$/), WAIT)
  })

  test('a multicolour drawing keeps the catalogue’s image whatever the stroke width', async () => {
    const { client, asked } = countingClient()
    start({ size: 48, strokeWidth: 1, recent: [LUCIDE_HOUSE, TWEMOJI_STAR] }, [], client)
    // The house restroked says the icon sets, and so which styles have strokes, are known.
    const stroked = await screen.findByRole('button', { name: /^House, / }, WAIT)
    const expected = await restroked('lucide', 'house', 1, 48, 24)
    await waitFor(() => expect(imageIn(stroked).getAttribute('src')).toBe(expected), WAIT)
    const tile = screen.getByRole('button', { name: /^Star, / })
    // A recent stored before recents kept their style: its style is looked up, and its text never fetched.
    await waitFor(() => expect(asked).toContain('icon twemoji/star'), WAIT)
    await waitFor(() => expect(imageIn(tile).getAttribute('src')).toMatch(/^http:.*\/iconsets\/twemoji\/star\?/), WAIT)
    expect(asked).not.toContain('svg twemoji/star')
  })

  test('a selected icon shows its own stroke width, in the selection and in Swap set, where a filled equivalent shows the catalogue’s image', async () => {
    const selected: SelectedIcon = { nodeId: '3:1', iconset: 'lucide', icon: 'house', style: 'outline', size: 32, color: '#000000', strokeWidth: 3 }
    start({}, [selected])
    const own = await restroked('lucide', 'house', 3, 32, 16)
    const panel = openSelectionPanel()
    await waitFor(() => expect(imageIn(panel).getAttribute('src')).toBe(own), WAIT)

    const swapSet = within(panel).getByRole('combobox', { name: 'Swap set' })
    await within(swapSet).findByRole('option', { name: 'Phosphor' }, WAIT)
    chooseOption(swapSet, 'ph')
    const row = await within(panel).findByRole('listitem', { name: /^house to / }, WAIT)
    await waitFor(() => expect(imageIn(row, 0).getAttribute('src')).toBe(own), WAIT)
    await waitFor(() => expect(imageIn(row, 1).getAttribute('src')).toMatch(/^http:.*\/iconsets\/ph\/house\?/), WAIT)
  })
})
