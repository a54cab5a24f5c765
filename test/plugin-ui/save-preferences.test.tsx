// @vitest-environment happy-dom
/**
 * Preferences reach main's clientStorage: what changes at every keystroke or drag step once it
 * settles, anything else at once, as the designer may close the plugin right after an insert.
 */
import { act, render } from '@testing-library/preact'
import { h } from 'preact'
import { afterEach, describe, expect, test, vi } from 'vitest'

import { DEFAULT_PREFERENCES, type Preferences } from '../../src/api/plugin-protocol'
import { SAVE_DEBOUNCE_MS, useSavePreferences } from '../../src/plugin/ui/use-save-preferences'
import { captureMessagesToMain } from './ui-harness'

function Saver(props: { preferences: Preferences }) {
  useSavePreferences(props.preferences)
  return null
}

afterEach(() => void vi.useRealTimers())

describe('saving preferences', () => {
  test('waits for typing and window drags to settle, and keeps an inserted icon or a chosen size at once', () => {
    vi.useFakeTimers()
    const messages = captureMessagesToMain()
    const { rerender } = render(<Saver preferences={DEFAULT_PREFERENCES} />)
    let preferences = DEFAULT_PREFERENCES
    const change = (next: Partial<Preferences>) => {
      preferences = { ...preferences, ...next }
      rerender(<Saver preferences={preferences} />)
    }
    // What the UI started with came from storage: not sent back.
    expect(messages.events('SAVE_PREFERENCES')).toEqual([])

    for (const query of ['h', 'ho', 'hom', 'home']) change({ query })
    change({ window: { width: 400, height: 640 } })
    expect(messages.events('SAVE_PREFERENCES')).toEqual([])
    act(() => void vi.advanceTimersByTime(SAVE_DEBOUNCE_MS))
    expect(messages.events('SAVE_PREFERENCES')).toEqual([{ ...DEFAULT_PREFERENCES, query: 'home', window: { width: 400, height: 640 } }])

    change({ recent: [{ iconset: 'lucide', icon: 'house', name: 'House' }] })
    expect(messages.events('SAVE_PREFERENCES').at(-1)).toMatchObject({ recent: [{ iconset: 'lucide', icon: 'house' }] })
    change({ size: 48, query: 'homes' })
    expect(messages.events('SAVE_PREFERENCES')).toHaveLength(3)
    expect(messages.events('SAVE_PREFERENCES').at(-1)).toMatchObject({ size: 48, query: 'homes' })
    messages.restore()
  })
})
