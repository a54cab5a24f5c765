// @vitest-environment happy-dom
/**
 * The toolbar's fields as Figma's properties panel has them: a size the box refuses stops every
 * way of inserting.
 */
import { fireEvent, render, screen, waitFor, within } from '@testing-library/preact'
import { h } from 'preact'
import { describe, expect, test } from 'vitest'

import { DEFAULT_PREFERENCES, type Preferences } from '../../src/api/plugin-protocol'
import { Plugin } from '../../src/plugin/ui/plugin'
import { useRealCatalogue } from './real-catalogue'
import { declareDragHandlers, dragEndAt, typeInto } from './ui-harness'

const WAIT = { timeout: 15_000 }
const real = useRealCatalogue()

function start(preferences: Partial<Preferences> = {}) {
  render(<Plugin client={real.direct} preferences={{ ...DEFAULT_PREFERENCES, ...preferences }} />)
}

const toolbar = () => screen.getByRole('group', { name: /next insert/i })
const field = (name: 'Size' | 'Colour' | 'Stroke') => within(toolbar()).getByRole('textbox', { name }) as HTMLInputElement

async function firstTile(): Promise<HTMLElement> {
  const grid = await screen.findByRole('list', { name: 'Search results' }, WAIT)
  return waitFor(() => grid.querySelector('[data-index="0"]') as HTMLElement, WAIT)
}

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
