// @vitest-environment happy-dom
/**
 * The toolbar's fields as Figma's properties panel has them: "Mixed" where the selected icons
 * differ, and a size the box refuses stops every way of inserting.
 */
import { fireEvent, render, screen, waitFor, within } from '@testing-library/preact'
import { h } from 'preact'
import { describe, expect, test } from 'vitest'

import { DEFAULT_PREFERENCES, type Preferences, type SelectedIcon } from '../../src/api/plugin-protocol'
import { Plugin } from '../../src/plugin/ui/plugin'
import { useRealCatalogue } from './real-catalogue'
import { declareDragHandlers, dragEndAt, typeAndCommit, typeInto } from './ui-harness'

const WAIT = { timeout: 15_000 }
const real = useRealCatalogue()

const HOUSE: SelectedIcon = { nodeId: '2:1', iconset: 'lucide', icon: 'house', style: 'outline', size: 24, color: '#000000' }

function start(preferences: Partial<Preferences> = {}, selection: SelectedIcon[] = []) {
  render(<Plugin client={real.direct} preferences={{ ...DEFAULT_PREFERENCES, ...preferences }} selection={selection} />)
}

const toolbar = () => screen.getByRole('group', { name: /next insert/i })
const field = (name: 'Size' | 'Colour' | 'Stroke') => within(toolbar()).getByRole('textbox', { name }) as HTMLInputElement

async function firstTile(): Promise<HTMLElement> {
  const grid = await screen.findByRole('list', { name: 'Search results' }, WAIT)
  return waitFor(() => grid.querySelector('[data-index="0"]') as HTMLElement, WAIT)
}

describe('Mixed', () => {
  test('each field says Mixed where the selected icons differ, and leaving it untouched changes nothing', async () => {
    start({}, [
      { ...HOUSE, strokeWidth: 1.5 },
      { ...HOUSE, nodeId: '2:2', size: 32, color: '#ff0000', strokeWidth: 3 }
    ])
    for (const name of ['Size', 'Colour', 'Stroke'] as const) {
      await waitFor(() => expect(field(name).placeholder).toBe('Mixed'), WAIT)
      expect(field(name).value).toBe('')
      typeAndCommit(field(name), '')
    }
    expect(within(toolbar()).queryByRole('alert')).toBeNull()
    expect(real.messages.events('REPLACE_ICONS')).toEqual([])
  })

  test('a field the selected icons share shows their value', async () => {
    start({}, [
      { ...HOUSE, strokeWidth: 1.5 },
      { ...HOUSE, nodeId: '2:2', strokeWidth: 1.5 }
    ])
    await waitFor(() => expect(field('Stroke').value).toBe('1.5'), WAIT)
    expect(field('Size').value).toBe('24')
  })
})

describe('a size the box refuses', () => {
  async function withRefusedSize() {
    start({ query: 'arrow' })
    const tile = await firstTile()
    typeInto(field('Size'), '2000')
    await within(toolbar()).findByRole('alert')
    return tile
  }

  test('stops Insert N icons, which says why', async () => {
    const tile = await withRefusedSize()
    fireEvent.click(tile, { metaKey: true })
    fireEvent.click(within(screen.getByRole('region', { name: 'Picked icons' })).getByRole('button', { name: 'Insert 1 icon' }))
    await screen.findByText('Set a size from 1 to 1024 px first.', undefined, WAIT)
    expect(real.messages.events('INSERT_ICONS')).toEqual([])
    expect(screen.getByRole('region', { name: 'Picked icons' })).toBeTruthy()
  })

  test('stops a drag to the canvas, which says why', async () => {
    declareDragHandlers()
    const tile = await withRefusedSize()
    fireEvent.dragStart(tile)
    dragEndAt(tile, -40, 120)
    await screen.findByText('Set a size from 1 to 1024 px first.', undefined, WAIT)
    expect(real.messages.drops()).toEqual([])
    expect(real.messages.events('DROP_CONTENT')).toEqual([])
  })
})
