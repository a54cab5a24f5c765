// @vitest-environment happy-dom
/**
 * The grid at the size of the largest listings: 20,000 real icons (the first of every set's,
 * from the full catalogue) keep only the rows in view in the DOM, wherever the grid is scrolled,
 * and the keyboard reaches the last of them.
 */
import { fireEvent, render, screen, waitFor } from '@testing-library/preact'
import { h } from 'preact'
import { beforeAll, describe, expect, test } from 'vitest'

import type { IconSummary } from '../../src/api/catalogue-schemas'
import { MAX_LIMIT } from '../../src/api/limits'
import { DEFAULT_PREFERENCES } from '../../src/api/plugin-protocol'
import { CatalogueContext, useCatalogueState } from '../../src/plugin/ui/catalogue-context'
import { PreferencesContext, usePreferencesState } from '../../src/plugin/ui/preferences-context'
import type { CatalogueClient } from '../../src/plugin/ui/catalogue-client'
import { CELL_SIZE, IconGrid } from '../../src/plugin/ui/icon-grid'
import { useRealCatalogue } from './real-catalogue'
import { gridLabels } from './ui-harness'

const WAIT = { timeout: 15_000 }
const COUNT = 20_000
const real = useRealCatalogue('full')
let icons: IconSummary[] = []

beforeAll(async () => {
  const offsets = Array.from({ length: Math.ceil(COUNT / MAX_LIMIT) }, (_, page) => page * MAX_LIMIT)
  const pages = await Promise.all(offsets.map((offset) => real.direct.search({ q: '', families_only: true, limit: MAX_LIMIT, offset })))
  icons = pages.flatMap((page) => page.icons).slice(0, COUNT)
})

/** The grid in the contexts every view has: the catalogue's and the preferences'. */
function Grid(props: { client: CatalogueClient; icons: readonly IconSummary[] }) {
  const catalogue = useCatalogueState(props.client)
  const preferences = usePreferencesState(DEFAULT_PREFERENCES)
  return (
    <CatalogueContext.Provider value={catalogue}>
      <PreferencesContext.Provider value={preferences}>
        <IconGrid icons={props.icons} total={props.icons.length} label="All icons" onOpen={() => undefined} onInsert={() => undefined} />
      </PreferencesContext.Provider>
    </CatalogueContext.Provider>
  )
}

describe('a grid of 20,000 icons', () => {
  test('holds only the rows in view, at the top and at the foot, and End reaches the last icon', async () => {
    expect(icons).toHaveLength(COUNT)
    render(<Grid client={real.direct} icons={icons} />)
    const grid = await screen.findByRole('list', { name: 'All icons' }, WAIT)
    expect(grid.querySelector('[role="listitem"]')?.getAttribute('aria-setsize')).toBe(String(COUNT))
    expect(grid.querySelectorAll('[role="listitem"]').length).toBeLessThan(150)
    expect(gridLabels(grid)[0]?.[0]).toBe(1)

    grid.scrollTop = Number.parseFloat((grid.firstElementChild as HTMLElement).style.height) - CELL_SIZE
    fireEvent.scroll(grid)
    await waitFor(() => expect(gridLabels(grid).at(-1)?.[0]).toBe(COUNT), WAIT)
    expect(grid.querySelectorAll('[role="listitem"]').length).toBeLessThan(150)
    expect(gridLabels(grid).at(-1)?.[1]).toMatch(new RegExp(`^${(icons.at(-1) as IconSummary).name}, `))

    grid.scrollTop = 0
    fireEvent.scroll(grid)
    await waitFor(() => expect(gridLabels(grid)[0]?.[0]).toBe(1), WAIT)
    const first = grid.querySelector('[data-index="0"]') as HTMLElement
    first.focus()
    fireEvent.keyDown(first, { key: 'End' })
    await waitFor(() => expect((document.activeElement as HTMLElement).dataset.index).toBe(String(COUNT - 1)), WAIT)
    expect(grid.querySelectorAll('[role="listitem"]').length).toBeLessThan(150)
  })
})
