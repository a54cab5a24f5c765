// @vitest-environment happy-dom
/**
 * The Icon sets tab over the whole catalogue, whose sets of several styles include stroke-drawn ones
 * (Tabler, Heroicons, Iconoir, …): each of their cards' samples has its style looked up before it
 * can be restroked. Meanwhile the cards hold a blank place for each sample, and the client keeps the
 * styles and texts, so opening the tab again asks the catalogue nothing.
 */
import { fireEvent, render, screen, waitFor, within } from '@testing-library/preact'
import { h } from 'preact'
import { describe, expect, test } from 'vitest'

import type { IconSetSummary } from '../../src/api/catalogue-schemas'
import { DEFAULT_PREFERENCES } from '../../src/api/plugin-protocol'
import type { CatalogueClient } from '../../src/plugin/ui/catalogue-client'
import { Plugin } from '../../src/plugin/ui/plugin'
import { strokeAmong } from '../../src/plugin/shared/icon-payloads'
import { strokedAsInserted } from '../../src/plugin/ui/svg-stroke'
import { useRealCatalogue } from './real-catalogue'
import { imagesIn, previewImage, recordingClient } from './ui-harness'

const WAIT = { timeout: 15_000 }
const real = useRealCatalogue('full')

const LIGHT_INK = '#1e1e1e'
const SAMPLES_SHOWN = 6
const STROKE_WIDTH = 1
const SIZE = 48

/** An icon's details, as against its SVG (format=svg) or anything else the catalogue serves under a set. */
const isIconDetails = (url: string) => /\/iconsets\/[^/?]+\/[^/?]+$/.test(url)
const isSvgText = (url: string) => url.includes('format=svg')

/**
 * A client of the real catalogue recording each URL it fetches, holding back the samples' styles
 * and texts until released, so the cards show what they show meanwhile.
 */
const holdingSamples = () => recordingClient(real.catalogue.url, (url) => isIconDetails(url) || isSvgText(url))

function start(client: CatalogueClient) {
  render(<Plugin client={client} preferences={{ ...DEFAULT_PREFERENCES, color: LIGHT_INK, size: SIZE, strokeWidth: STROKE_WIDTH }} />)
}

async function openIconSets(): Promise<HTMLElement> {
  fireEvent.click(screen.getByRole('tab', { name: 'Icon sets' }))
  return screen.findByRole('list', { name: 'Icon sets' }, WAIT)
}

const cardOf = (list: HTMLElement, iconset: IconSetSummary) => within(list).getByRole('button', { name: new RegExp(`^${iconset.name}, `) })
const samplesOf = (iconset: IconSetSummary) => iconset.samples.slice(0, SAMPLES_SHOWN)

/** A set's samples as its card shows them once fetched: stroke-drawn ones restroked, outlined ones widened where that is wider, filled ones as drawn. */
async function restrokedSamples(iconset: IconSetSummary): Promise<string[]> {
  return Promise.all(
    samplesOf(iconset).map(async (sample) => {
      const { style } = await real.direct.icon(iconset.slug, sample)
      const stroke = strokeAmong(iconset.strokes, { style, slug: sample })
      return previewImage(real.direct, iconset.slug, sample, LIGHT_INK, (svg) => strokedAsInserted(svg, STROKE_WIDTH, SIZE, stroke))
    })
  )
}

/** The sets whose samples' styles must be looked up: several styles, some drawn in strokes. */
async function stylesLookedUp(): Promise<IconSetSummary[]> {
  const { iconsets } = await real.direct.iconsets()
  return iconsets.filter((iconset) => iconset.styles.length > 1 && iconset.strokes.length > 0)
}

describe('icon set cards', () => {
  test('while their samples’ styles and texts are on their way, the cards hold a blank place for each sample, then show them restroked', async () => {
    const sets = await stylesLookedUp()
    expect(sets.map((iconset) => iconset.slug)).toContain('tabler')
    const lookups = sets.reduce((count, iconset) => count + Math.min(SAMPLES_SHOWN, iconset.samples.length), 0)
    const { client, fetched, release } = holdingSamples()
    start(client)
    const list = await openIconSets()
    const { iconsets } = await real.direct.iconsets()
    const holdPlaces = () => {
      for (const iconset of iconsets) {
        const images = [...cardOf(list, iconset).querySelectorAll('img')]
        expect(images).toHaveLength(samplesOf(iconset).length)
        for (const image of images) expect([image.dataset.state, image.getAttribute('src')?.startsWith('data:image/svg+xml')]).toEqual(['loading', true])
      }
    }
    holdPlaces()
    // Every look-up is asked for, and held: the cards still hold their places.
    await expect.poll(() => fetched.filter(isIconDetails)).toHaveLength(lookups)
    holdPlaces()

    release()
    const [tabler] = sets.filter((iconset) => iconset.slug === 'tabler')
    if (tabler === undefined) throw new Error('The catalogue has Tabler')
    const expected = await restrokedSamples(tabler)
    expect(expected.some((image) => image.startsWith('data:'))).toBe(true)
    await waitFor(() => expect(imagesIn(cardOf(list, tabler))).toEqual(expected), WAIT)
  })

  test('draw their samples in the toolbar’s colour, as every other preview does', async () => {
    const RED = '#d92d20'
    render(<Plugin client={real.direct} preferences={{ ...DEFAULT_PREFERENCES, color: RED, size: SIZE, strokeWidth: null }} />)
    const list = await openIconSets()
    const { iconsets } = await real.direct.iconsets()
    const filled = iconsets.filter((iconset) => iconset.strokes.length === 0 && iconset.styles.length === 1)
    expect(filled.length).toBeGreaterThan(0)
    for (const iconset of filled) {
      const drawn = await Promise.all(samplesOf(iconset).map((sample) => previewImage(real.direct, iconset.slug, sample, RED)))
      await waitFor(() => expect(imagesIn(cardOf(list, iconset))).toEqual(drawn), WAIT)
    }
  })

  test('opening the Icon sets tab again restrokes the cards from what the client kept, from the first paint, asking the catalogue for no icon’s details or text', async () => {
    const sets = await stylesLookedUp()
    const { client, fetched, release } = holdingSamples()
    release()
    start(client)
    let list = await openIconSets()
    const expected = await Promise.all(sets.map(restrokedSamples))
    await waitFor(() => expect(sets.map((iconset) => imagesIn(cardOf(list, iconset)))).toEqual(expected), WAIT)
    const asked = fetched.filter((url) => isIconDetails(url) || isSvgText(url))
    expect(asked.filter(isIconDetails)).not.toHaveLength(0)

    fireEvent.click(screen.getByRole('tab', { name: 'Search' }))
    expect(screen.queryByRole('list', { name: 'Icon sets' })).toBeNull()
    list = await openIconSets()
    // From the first paint: no blank shows first, to be swapped for the restroked one; and
    // the previews' effects, which would ask for what is not kept, have run by now (fireEvent and findBy run in act()).
    expect(sets.map((iconset) => imagesIn(cardOf(list, iconset)))).toEqual(expected)
    expect(fetched.filter((url) => isIconDetails(url) || isSvgText(url))).toEqual(asked)
  })
})
