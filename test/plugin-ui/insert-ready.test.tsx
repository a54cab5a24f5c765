// @vitest-environment happy-dom
/**
 * The plugin gets an icon ready to insert before it is asked to: the drawing an insert sends (the
 * SVG at the next insert's size and colour) is fetched while the icon's details are open, or while
 * the keyboard is on its tile, so Insert (or Enter) finds it kept and asks the catalogue nothing
 * more. Only what settles is fetched: not the sizes on the way as one is typed, nor the tiles the
 * keyboard passes over.
 */
import { fireEvent, render, screen, waitFor, within } from '@testing-library/preact'
import { h } from 'preact'
import { describe, expect, test } from 'vitest'

import { iconUrl } from '../../src/api/catalogue-urls'
import { DEFAULT_PREFERENCES, type InsertRequest, type RecentIcon } from '../../src/api/plugin-protocol'
import { Plugin } from '../../src/plugin/ui/plugin'
import { useRealCatalogue } from './real-catalogue'
import { recordingClient, typeInto } from './ui-harness'

const WAIT = { timeout: 15_000 }
const real = useRealCatalogue()

const HOUSE: RecentIcon = { iconset: 'lucide', icon: 'house', name: 'House', style: 'outline' }

/** The plugin with `HOUSE` among the recent icons, its details opened from there; what the UI fetched. */
async function openHouse(size: number, color: string) {
  const { client, fetched } = recordingClient(real.catalogue.url)
  render(<Plugin client={client} preferences={{ ...DEFAULT_PREFERENCES, size, color, recent: [HOUSE] }} />)
  fireEvent.click(await screen.findByRole('button', { name: /^House, / }, WAIT))
  const detail = await screen.findByRole('region', { name: 'Icon details' }, WAIT)
  return { detail, fetched, insert: await within(detail).findByRole('button', { name: 'Insert' }, WAIT) }
}

const svgAt = (size: number, color: string, iconset = 'lucide', slug = 'house') => iconUrl(real.catalogue.url, iconset, slug, { format: 'svg', size, color })

/** The plugin searching `query`, at 32 px in blue; what the UI fetched, and the results' tiles. */
async function searchFor(query: string) {
  const { client, fetched } = recordingClient(real.catalogue.url)
  render(<Plugin client={client} preferences={{ ...DEFAULT_PREFERENCES, size: 32, color: '#0f6cbd', query }} />)
  const grid = await screen.findByRole('list', { name: 'Search results' }, WAIT)
  const tile = (index: number) => waitFor(() => grid.querySelector(`[data-index="${index}"]`) as HTMLElement, WAIT)
  return { fetched, tile }
}

/** The insert drawings (SVG in the toolbar's colour) fetched so far. */
const insertDrawings = (fetched: readonly string[]) => fetched.filter((url) => url.includes('format=svg') && url.includes('color=%230f6cbd'))

describe('the details get the icon ready to insert', () => {
  test('the drawing Insert sends is fetched while the details are open, and Insert sends it without asking again', async () => {
    const { fetched, insert } = await openHouse(32, '#0f6cbd')
    await waitFor(() => expect(fetched).toContain(svgAt(32, '#0f6cbd')), WAIT)

    fireEvent.click(insert)
    await waitFor(() => expect(real.messages.events('INSERT_ICON')).toHaveLength(1), WAIT)
    const request = real.messages.events('INSERT_ICON')[0] as InsertRequest
    expect(request.svg).toBe(await real.direct.svg('lucide', 'house', { size: 32, color: '#0f6cbd' }))
    expect(request.icon).toMatchObject({ iconset: 'lucide', icon: 'house', size: 32, color: '#0f6cbd' })
    expect(fetched.filter((url) => url === svgAt(32, '#0f6cbd'))).toHaveLength(1)
  })

  test('a size typed while the details are open gets its drawing once it settles, not the sizes on the way', async () => {
    const { fetched } = await openHouse(24, '#000000')
    await waitFor(() => expect(fetched).toContain(svgAt(24, '#000000')), WAIT)
    const size = within(screen.getByRole('group', { name: /next insert/i })).getByRole('textbox', { name: 'Size' })
    typeInto(size, '4')
    // The next key comes as a designer types it, a moment later.
    await new Promise((resolve) => setTimeout(resolve, 60))
    typeInto(size, '48')
    await waitFor(() => expect(fetched).toContain(svgAt(48, '#000000')), WAIT)
    expect(fetched).not.toContain(svgAt(4, '#000000'))
  })
})

describe('a tile the keyboard is on gets ready to insert', () => {
  test('its drawing is fetched while it has the focus, and Enter inserts it without asking again', async () => {
    const { fetched, tile } = await searchFor('home')
    const first = await tile(0)
    first.focus()
    await waitFor(() => expect(insertDrawings(fetched)).toHaveLength(1), WAIT)

    fireEvent.keyDown(first, { key: 'Enter' })
    await waitFor(() => expect(real.messages.events('INSERT_ICON')).toHaveLength(1), WAIT)
    const { icon, svg } = real.messages.events('INSERT_ICON')[0] as InsertRequest
    expect(insertDrawings(fetched)).toEqual([svgAt(32, '#0f6cbd', icon.iconset, icon.icon)])
    expect(svg).toBe(await real.direct.svg(icon.iconset, icon.icon, { size: 32, color: '#0f6cbd' }))
  })

  test('arrowing across tiles fetches only the drawing of the tile it stops on', async () => {
    const { fetched, tile } = await searchFor('home')
    const first = await tile(0)
    first.focus()
    fireEvent.keyDown(first, { key: 'ArrowRight' })
    // The next key comes as a designer presses it, a moment later.
    await new Promise((resolve) => setTimeout(resolve, 60))
    fireEvent.keyDown(await tile(1), { key: 'ArrowRight' })
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('list', { name: 'Search results' }).querySelector('[data-index="2"]')), WAIT)
    await waitFor(() => expect(insertDrawings(fetched)).toHaveLength(1), WAIT)

    fireEvent.keyDown(document.activeElement as HTMLElement, { key: 'Enter' })
    await waitFor(() => expect(real.messages.events('INSERT_ICON')).toHaveLength(1), WAIT)
    const { icon } = real.messages.events('INSERT_ICON')[0] as InsertRequest
    expect(insertDrawings(fetched)).toEqual([svgAt(32, '#0f6cbd', icon.iconset, icon.icon)])
  })
})
