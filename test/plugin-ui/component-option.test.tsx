// @vitest-environment happy-dom
/**
 * The "Insert as component" option in the toolbar: it starts as main restored it, is saved when
 * changed, and every insert made while it is on asks main for an instance of the icon's component.
 */
import { fireEvent, render, screen, waitFor, within } from '@testing-library/preact'
import { h } from 'preact'
import { describe, expect, test } from 'vitest'

import { DEFAULT_PREFERENCES, type InsertRequest, type Preferences } from '../../src/api/plugin-protocol'
import { Plugin } from '../../src/plugin/ui/plugin'
import { useRealCatalogue } from './real-catalogue'

const WAIT = { timeout: 15_000 }
const real = useRealCatalogue()
const FLUENT_HOME: Preferences['recent'][number] = { iconset: 'fluent', icon: 'home-24-regular', name: 'Home 24 regular' }

function start(preferences: Partial<Preferences> = {}) {
  render(<Plugin preferences={{ ...DEFAULT_PREFERENCES, recent: [FLUENT_HOME], ...preferences }} selection={[]} />)
}

const option = () => within(screen.getByRole('group', { name: /next insert/i })).getByRole('checkbox', { name: 'Insert as component' }) as HTMLInputElement

async function insertFromRecent(): Promise<void> {
  fireEvent.click(await screen.findByRole('button', { name: 'Home 24 regular, Fluent UI System Icons' }, WAIT))
  const detail = await screen.findByRole('region', { name: 'Icon details' }, WAIT)
  fireEvent.click(await within(detail).findByRole('button', { name: 'Insert' }, WAIT))
}

describe('insert as component', () => {
  test('is off on a first run, and inserts ask for loose frames', async () => {
    start()
    expect(option().checked).toBe(false)
    await insertFromRecent()
    await waitFor(() => expect(real.messages.events('INSERT_ICON')).toHaveLength(1), WAIT)
    expect(real.messages.events('INSERT_ICON')[0]).not.toHaveProperty('asComponent')
  })

  test('turned on, it is saved for the next run and the insert asks for an instance', async () => {
    start()
    fireEvent.click(option())
    expect(option().checked).toBe(true)
    await waitFor(() => expect((real.messages.events('SAVE_PREFERENCES').at(-1) as Preferences | undefined)?.asComponent).toBe(true), WAIT)
    await insertFromRecent()
    await waitFor(() => expect(real.messages.events('INSERT_ICON')).toHaveLength(1), WAIT)
    expect(real.messages.events('INSERT_ICON')[0] as InsertRequest).toMatchObject({ asComponent: true, icon: { iconset: 'fluent', icon: 'home-24-regular' } })
  })

  test('starts on when main restored it on', () => {
    start({ asComponent: true })
    expect(option().checked).toBe(true)
  })
})
