// @vitest-environment happy-dom
/**
 * An icon's details get ready to insert it: the drawing Insert sends (the SVG at the next insert's
 * size and colour) is asked for while the details are open, so a click on Insert finds it kept and
 * asks the catalogue nothing more, and a size being typed asks only for the size it settles on.
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

const svgAt = (size: number, color: string) => iconUrl(real.catalogue.url, 'lucide', 'house', { format: 'svg', size, color })

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
