// @vitest-environment happy-dom
/**
 * Copy SVG and copy attribution from the icon's details, and the notice for licences that ask
 * for credit (CC BY), shown before the designer inserts.
 */
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/preact'
import { h } from 'preact'
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest'

import { DEFAULT_PREFERENCES, type Preferences, type RecentIcon } from '../../src/api/plugin-protocol'
import { attributionText, requiresAttribution } from '../../src/plugin/ui/attribution'
import type { CatalogueClient } from '../../src/plugin/ui/catalogue-client'
import { COPY_NOTE_MS } from '../../src/plugin/ui/icon-detail'
import { Plugin } from '../../src/plugin/ui/plugin'
import { useRealCatalogue, withSetsHeldBack } from './real-catalogue'

const WAIT = { timeout: 15_000 }
const real = useRealCatalogue()

/** What the page copied: happy-dom has no clipboard, so `copy` is recorded as a browser would do it. */
let copied: string[]
let copyAllowed: boolean
beforeEach(() => {
  copied = []
  copyAllowed = true
  document.execCommand = vi.fn((command: string) => {
    if (command !== 'copy' || !copyAllowed) return false
    copied.push((document.activeElement as HTMLTextAreaElement).value)
    return true
  })
})
afterEach(() => vi.restoreAllMocks())

async function openRecent(icon: RecentIcon, preferences: Partial<Preferences> = {}, client: CatalogueClient = real.direct) {
  render(<Plugin client={client} preferences={{ ...DEFAULT_PREFERENCES, size: 32, color: '#0f6cbd', recent: [icon], ...preferences }} />)
  fireEvent.click(await screen.findByRole('button', { name: new RegExp(`^${icon.name}, `) }, WAIT))
  const detail = await screen.findByRole('region', { name: 'Icon details' }, WAIT)
  await within(detail).findByRole('button', { name: 'Insert' }, WAIT)
  return detail
}

describe('copy and attribution', () => {
  test('a CC BY icon says it needs credit before insert; Copy attribution and Copy SVG copy the real text', async () => {
    const twemoji = (await real.direct.search({ iconset: ['twemoji'], limit: 1 })).icons[0]!
    const detailData = await real.direct.icon('twemoji', twemoji.slug)
    expect(requiresAttribution(detailData.license.spdx)).toBe(true)
    const detail = await openRecent({ iconset: 'twemoji', icon: twemoji.slug, name: twemoji.name })

    expect(within(detail).getByRole('note').textContent).toContain(`${detailData.license.name} asks you to credit ${detailData.author.name}`)
    fireEvent.click(within(detail).getByRole('button', { name: 'Copy attribution' }))
    await within(detail).findByText('Copied the attribution.')
    expect(copied).toEqual([attributionText(detailData)])
    expect(copied[0]).toContain(`“${detailData.name}” from ${detailData.iconset_name} by ${detailData.author.name}`)

    fireEvent.click(within(detail).getByRole('button', { name: 'Copy SVG' }))
    await within(detail).findByText('Copied the SVG at 32 px.', undefined, WAIT)
    expect(copied[1]).toBe(await real.direct.svg('twemoji', twemoji.slug, { size: 32, color: '#0f6cbd' }))
  })

  test('Copy SVG of a stroke-drawn icon carries the toolbar’s stroke width, as insert would give it, even before the list of sets has come', async () => {
    // The list of sets says which styles are stroke-drawn; here it comes only after the click.
    const { client, listSets } = withSetsHeldBack(real.direct)
    const detail = await openRecent({ iconset: 'lucide', icon: 'house', name: 'House' }, { size: 48, strokeWidth: 1.5 }, client)
    fireEvent.click(within(detail).getByRole('button', { name: 'Copy SVG' }))
    listSets()
    await within(detail).findByText('Copied the SVG at 48 px.', undefined, WAIT)
    // Lucide draws on 24 units: 1.5 px at 48 px is 0.75 of them.
    const widths = [...(copied[0] ?? '').matchAll(/stroke-width="([^"]+)"/g)].map((match) => match[1])
    expect(widths.length).toBeGreaterThan(0)
    expect(new Set(widths)).toEqual(new Set(['0.75']))
  })

  test('a copy’s note goes after a moment, as a toast does, and at once when the size it names changes', async () => {
    const detail = await openRecent({ iconset: 'lucide', icon: 'house', name: 'House' })
    fireEvent.click(within(detail).getByRole('button', { name: 'Copy SVG' }))
    await within(detail).findByText('Copied the SVG at 32 px.', undefined, WAIT)
    const size = within(screen.getByRole('group', { name: /next insert/i })).getByRole('textbox', { name: 'Size' })
    fireEvent.input(size, { target: { value: '20' } })
    await waitFor(() => expect(within(detail).getByRole('status').textContent).toBe(''))

    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] })
    try {
      act(() => void fireEvent.click(within(detail).getByRole('button', { name: 'Copy attribution' })))
      expect(within(detail).getByRole('status').textContent).toBe('Copied the attribution.')
      act(() => void vi.advanceTimersByTime(COPY_NOTE_MS - 1))
      expect(within(detail).getByRole('status').textContent).toBe('Copied the attribution.')
      act(() => void vi.advanceTimersByTime(1))
      expect(within(detail).getByRole('status').textContent).toBe('')
    } finally {
      vi.useRealTimers()
    }
  })

  test('an ISC icon needs no credit notice; a refused copy says so', async () => {
    const detail = await openRecent({ iconset: 'lucide', icon: 'house', name: 'House' })
    expect(within(detail).queryByRole('note')).toBeNull()
    copyAllowed = false
    fireEvent.click(within(detail).getByRole('button', { name: 'Copy attribution' }))
    await waitFor(() => expect(within(detail).getByRole('status').textContent).toBe('The browser did not allow copying. Select the text and copy it by hand.'))
  })
})

describe('requiresAttribution', () => {
  test('Creative Commons Attribution licences do; MIT, ISC, Apache and CC0 do not', () => {
    expect(['CC-BY-4.0', 'CC-BY-SA-4.0', 'CC-BY-NC-4.0', 'CC-BY-3.0'].map(requiresAttribution)).toEqual([true, true, true, true])
    expect(['MIT', 'ISC', 'Apache-2.0', 'CC0-1.0'].map(requiresAttribution)).toEqual([false, false, false, false])
  })
})
