// @vitest-environment happy-dom
/**
 * Some sets draw an icon several ways in one style and size: Solar's linear, broken and outline
 * are all 24 px outline, Material Symbols' rounded home comes filled and outlined, and a Twemoji
 * hand comes in five skin tones. The icon's details list them as Variants, so each is reached and
 * inserted from there, not only by search.
 */
import { fireEvent, render, screen, waitFor, within } from '@testing-library/preact'
import { h } from 'preact'
import { describe, expect, test } from 'vitest'

import { DEFAULT_PREFERENCES, type InsertRequest, type RecentIcon, type SelectedIcon } from '../../src/api/plugin-protocol'
import { Plugin } from '../../src/plugin/ui/plugin'
import { useRealCatalogue } from './real-catalogue'
import { openSelectionPanel } from './ui-harness'

const WAIT = { timeout: 15_000 }
const real = useRealCatalogue('full')

/** The details of `icon`, opened from the recent icons. */
async function openDetails(icon: RecentIcon): Promise<HTMLElement> {
  render(<Plugin client={real.direct} preferences={{ ...DEFAULT_PREFERENCES, recent: [icon] }} />)
  fireEvent.click(await screen.findByRole('button', { name: new RegExp(`^${icon.name}, `) }, WAIT))
  const detail = await screen.findByRole('region', { name: 'Icon details' }, WAIT)
  await within(detail).findByRole('button', { name: 'Insert' }, WAIT)
  return detail
}

const chips = (group: HTMLElement) => within(group).getAllByRole('button').map((chip) => [chip.textContent, chip.getAttribute('aria-pressed')])

describe('the details list the drawings alike in the icon’s style', () => {
  test('Solar’s home: Broken, Linear and Outline, the open one pressed; another is opened and inserted from there', async () => {
    const detail = await openDetails({ iconset: 'solar', icon: 'home-linear', name: 'Home', style: 'outline' })
    const variants = within(detail).getByRole('group', { name: 'Variants' })
    expect(chips(variants)).toEqual([
      ['Broken', 'false'],
      ['Linear', 'true'],
      ['Outline', 'false']
    ])

    fireEvent.click(within(variants).getByRole('button', { name: 'Broken' }))
    await waitFor(() => expect(chips(within(screen.getByRole('region', { name: 'Icon details' })).getByRole('group', { name: 'Variants' }))).toEqual([
      ['Broken', 'true'],
      ['Linear', 'false'],
      ['Outline', 'false']
    ]), WAIT)
    fireEvent.click(await within(screen.getByRole('region', { name: 'Icon details' })).findByRole('button', { name: 'Insert' }, WAIT))
    await waitFor(() => expect(real.messages.events('INSERT_ICON')).toHaveLength(1), WAIT)
    expect((real.messages.events('INSERT_ICON')[0] as InsertRequest).icon).toMatchObject({ iconset: 'solar', icon: 'home-broken', style: 'outline' })
  })

  test('Material Symbols’ rounded home: filled and outlined', async () => {
    const detail = await openDetails({ iconset: 'material-symbols', icon: 'home-rounded', name: 'Home', style: 'rounded' })
    expect(chips(within(detail).getByRole('group', { name: 'Variants' }))).toEqual([
      ['Rounded', 'true'],
      ['Outline rounded', 'false']
    ])
  })

  test('Twemoji’s thumbs up: its skin tones, each inserted as chosen', async () => {
    const detail = await openDetails({ iconset: 'twemoji', icon: 'thumbs-up', name: 'Thumbs up', style: 'color' })
    const variants = within(detail).getByRole('group', { name: 'Variants' })
    expect(chips(variants)).toEqual([
      ['Plain', 'true'],
      ['Dark skin tone', 'false'],
      ['Light skin tone', 'false'],
      ['Medium skin tone', 'false'],
      ['Medium dark skin tone', 'false'],
      ['Medium light skin tone', 'false']
    ])
    fireEvent.click(within(variants).getByRole('button', { name: 'Medium skin tone' }))
    const opened = () => within(screen.getByRole('region', { name: 'Icon details' }))
    await waitFor(() => expect(opened().getByRole('button', { name: 'Medium skin tone' }).getAttribute('aria-pressed')).toBe('true'), WAIT)
    fireEvent.click(await opened().findByRole('button', { name: 'Insert' }, WAIT))
    await waitFor(() => expect(real.messages.events('INSERT_ICON')).toHaveLength(1), WAIT)
    expect((real.messages.events('INSERT_ICON')[0] as InsertRequest).icon).toMatchObject({ iconset: 'twemoji', icon: 'thumbs-up-medium-skin-tone' })
  })

  test('an icon drawn once in its style shows no Variants', async () => {
    const detail = await openDetails({ iconset: 'lucide', icon: 'house', name: 'House', style: 'outline' })
    expect(within(detail).queryByRole('group', { name: 'Variants' })).toBeNull()
  })

  test('the selection’s list names which drawing alike each selected icon is, and only where there are several', async () => {
    const selected = (nodeId: string, iconset: string, icon: string): SelectedIcon => ({ nodeId, iconset, icon, style: 'outline', size: 24, color: '#000000' })
    render(<Plugin client={real.direct} preferences={DEFAULT_PREFERENCES} selection={[selected('1:1', 'solar', 'home-linear'), selected('1:2', 'solar', 'home-broken'), selected('1:3', 'lucide', 'house')]} />)
    const items = () => within(openSelectionPanel()).getAllByRole('listitem').map((item) => item.textContent)
    await waitFor(
      () => expect(items()).toEqual(['Home · Solar · Outline · Linear · 24 px', 'Home · Solar · Outline · Broken · 24 px', 'House · Lucide · Outline · 24 px']),
      WAIT
    )
  })

  test('the selection’s list names icons alike once, with how many, in the order they come', async () => {
    const selected = (nodeId: string, icon: string, size = 24): SelectedIcon => ({ nodeId, iconset: 'lucide', icon, style: 'outline', size, color: '#000000' })
    const selection = [selected('1:1', 'house'), selected('1:2', 'bell'), selected('1:3', 'house'), selected('1:4', 'house', 32), selected('1:5', 'house')]
    render(<Plugin client={real.direct} preferences={DEFAULT_PREFERENCES} selection={selection} />)
    const items = () => within(openSelectionPanel()).getAllByRole('listitem').map((item) => item.textContent)
    await waitFor(() => expect(items()).toEqual(['House · Lucide · Outline · 24 px × 3', 'Bell · Lucide · Outline · 24 px', 'House · Lucide · Outline · 32 px']), WAIT)
  })
})
