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
import { Plugin } from '../../src/plugin/ui/plugin'
import { withStrokeWidth } from '../../src/plugin/ui/svg-stroke'
import { svgDataUrl } from '../../src/plugin/ui/use-theme-ink'
import { useRealCatalogue } from './real-catalogue'
import { chooseOption, openSelectionPanel } from './ui-harness'

const WAIT = { timeout: 15_000 }
const real = useRealCatalogue()

const LIGHT_INK = '#1e1e1e'
const LUCIDE_HOUSE = { iconset: 'lucide', icon: 'house', name: 'House' }
const TWEMOJI_STAR = { iconset: 'twemoji', icon: 'star', name: 'Star' }

function start(preferences: Partial<Preferences>, selection: SelectedIcon[] = []) {
  render(
    <Plugin
      client={real.direct}
      preferences={{ ...DEFAULT_PREFERENCES, color: LIGHT_INK, ...preferences }}
      selection={selection}
      iconsInSelection={selection}
    />
  )
}

/** The image a preview of the icon shows: the catalogue's SVG with its strokes at `width` px for `size`. */
async function restroked(iconset: string, icon: string, width: number, size: number): Promise<string> {
  return svgDataUrl(withStrokeWidth(await real.direct.svg(iconset, icon, { size, color: LIGHT_INK }), width, size))
}

const imageIn = (element: HTMLElement, index = 0) => element.querySelectorAll('img')[index] as HTMLImageElement

describe('stroke-width previews', () => {
  test('a recent stroke-drawn icon, and its details, show the toolbar’s stroke width at its size', async () => {
    start({ size: 48, strokeWidth: 1, recent: [LUCIDE_HOUSE] })
    const tile = await screen.findByRole('button', { name: /^House, / }, WAIT)
    const expected = await restroked('lucide', 'house', 1, 48)
    expect(expected).toContain(encodeURIComponent('stroke-width="0.5"'))
    await waitFor(() => expect(imageIn(tile).getAttribute('src')).toBe(expected), WAIT)

    fireEvent.click(tile)
    const detail = await screen.findByRole('region', { name: 'Icon details' }, WAIT)
    await waitFor(() => expect(imageIn(detail).getAttribute('src')).toBe(expected), WAIT)
  })

  test('strokes as drawn show the catalogue’s image', async () => {
    start({ size: 48, strokeWidth: null, recent: [LUCIDE_HOUSE] })
    const drawn = await screen.findByRole('button', { name: /^House, / }, WAIT)
    expect(imageIn(drawn).getAttribute('src')).toMatch(/^http:.*\/iconsets\/lucide\/house\?format=svg&color=%231e1e1e$/)
  })

  test('a multicolour drawing keeps the catalogue’s image whatever the stroke width', async () => {
    start({ size: 48, strokeWidth: 1, recent: [LUCIDE_HOUSE, TWEMOJI_STAR] })
    const stroked = await screen.findByRole('button', { name: /^House, / }, WAIT)
    const expected = await restroked('lucide', 'house', 1, 48)
    await waitFor(() => expect(imageIn(stroked).getAttribute('src')).toBe(expected), WAIT)
    const tile = screen.getByRole('button', { name: /^Star, / })
    await waitFor(() => expect(imageIn(tile).getAttribute('src')).toMatch(/^http:.*\/iconsets\/twemoji\/star\?/), WAIT)
  })

  test('a selected icon shows its own stroke width, in the selection and in Swap set, where a filled equivalent shows the catalogue’s image', async () => {
    const selected: SelectedIcon = { nodeId: '3:1', iconset: 'lucide', icon: 'house', style: 'outline', size: 32, color: '#000000', strokeWidth: 3 }
    start({}, [selected])
    const own = await restroked('lucide', 'house', 3, 32)
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
