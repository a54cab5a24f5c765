// @vitest-environment happy-dom
/**
 * Wherever a designer picks a style (the selection's Style menu, the icon details' style chips,
 * the search's style filter), styles are in one fixed order, by weight as Phosphor's and Material's
 * own plugins list them: Thin, Light, Outline, Bold, Solid, Duotone, then the rest. Against the
 * real catalogue.
 */
import { render, screen, waitFor, within } from '@testing-library/preact'
import { h } from 'preact'
import { describe, expect, test } from 'vitest'

import { DEFAULT_PREFERENCES, type SelectedIcon } from '../../src/api/plugin-protocol'
import { Plugin } from '../../src/plugin/ui/plugin'
import { useRealCatalogue } from './real-catalogue'
import { openSelectionPanel, sendToUi } from './ui-harness'

const WAIT = { timeout: 15_000 }
const real = useRealCatalogue()

const BY_WEIGHT = ['Thin', 'Light', 'Outline', 'Bold', 'Solid', 'Duotone']
const house = (icon: string, style: string): SelectedIcon => ({ nodeId: '3:1', iconset: 'ph', icon, style, size: 24, color: '#000000' })
const labels = (select: HTMLElement) => [...(select as HTMLSelectElement).options].map((option) => option.textContent)

describe('styles by weight', () => {
  test('the selection’s Style menu lists them by weight, and keeps that order after a swap to another of them', async () => {
    render(<Plugin client={real.direct} preferences={DEFAULT_PREFERENCES} selection={[house('house', 'outline')]} />)
    const menu = () => within(openSelectionPanel()).getByRole('combobox', { name: 'Style' })
    await waitFor(() => expect(labels(menu())).toEqual(BY_WEIGHT), WAIT)
    // Main reports the swapped icon as the new selection.
    sendToUi('SELECTION_CHANGED', [house('house-bold', 'bold')])
    await waitFor(() => expect((menu() as HTMLSelectElement).value).toBe('bold'), WAIT)
    await waitFor(() => expect(labels(menu())).toEqual(BY_WEIGHT), WAIT)
  })

  test('the search’s style filter and the details’ style chips list them by weight', async () => {
    render(<Plugin client={real.direct} preferences={{ ...DEFAULT_PREFERENCES, query: 'ph:house-fill' }} />)
    const filter = screen.getByRole('combobox', { name: 'Filter by style' })
    await waitFor(() => expect(labels(filter)).toEqual(['All styles', ...BY_WEIGHT, 'Color', 'Logo']), WAIT)

    const grid = await screen.findByRole('list', { name: 'Search results' }, WAIT)
    const tile = await waitFor(() => grid.querySelector<HTMLButtonElement>('[data-index="0"]') as HTMLButtonElement, WAIT)
    tile.click()
    const detail = await screen.findByRole('region', { name: 'Icon details' }, WAIT)
    const chips = await within(detail).findByRole('group', { name: 'Styles' }, WAIT)
    expect(within(chips).getAllByRole('button').map((chip) => chip.textContent)).toEqual(BY_WEIGHT)
    // The icon's own style is pressed; choosing another opens it, and the chips stay where they were.
    expect(within(chips).getByRole('button', { name: 'Solid' }).getAttribute('aria-pressed')).toBe('true')
    within(chips).getByRole('button', { name: 'Bold' }).click()
    await waitFor(() => expect(within(within(detail).getByRole('group', { name: 'Styles' })).getByRole('button', { name: 'Bold' }).getAttribute('aria-pressed')).toBe('true'), WAIT)
    expect(within(within(detail).getByRole('group', { name: 'Styles' })).getAllByRole('button').map((chip) => chip.textContent)).toEqual(BY_WEIGHT)
  })
})
