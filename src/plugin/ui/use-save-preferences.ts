import { emit } from '@create-figma-plugin/utilities'
import { useEffect, useRef } from 'preact/hooks'

import type { Preferences, SavePreferencesHandler } from '../../api/plugin-protocol'

export const SAVE_DEBOUNCE_MS = 500

const same = (a: Preferences, b: Preferences): boolean => JSON.stringify(a) === JSON.stringify(b)

/**
 * Sends preferences to main (figma.clientStorage). The ones the UI started with came from there, so
 * they are not sent back. What changes at every keystroke or every step of a drag (the query, the
 * window's size) is sent once it stops changing; anything else (an icon inserted into the recent
 * list, a size or colour chosen) at once, since the designer may close the plugin right after.
 */
export function useSavePreferences(preferences: Preferences): void {
  const lastSent = useRef<Preferences | null>(null)
  useEffect(() => {
    const previous = lastSent.current
    if (previous === null) {
      lastSent.current = preferences
      return
    }
    if (same(previous, preferences)) return
    const send = () => {
      lastSent.current = preferences
      emit<SavePreferencesHandler>('SAVE_PREFERENCES', preferences)
    }
    if (!same({ ...previous, query: preferences.query, window: preferences.window }, preferences)) {
      send()
      return
    }
    const timer = setTimeout(send, SAVE_DEBOUNCE_MS)
    return () => clearTimeout(timer)
  }, [preferences])
}
