import { emit } from '@create-figma-plugin/utilities'
import { useEffect, useRef } from 'preact/hooks'

import type { Preferences, SavePreferencesHandler } from '../../api/plugin-protocol'

export const SAVE_DEBOUNCE_MS = 500

/**
 * Sends preferences to main (figma.clientStorage) once they stop changing. The ones the UI
 * started with came from there, so they are not sent back.
 */
export function useSavePreferences(preferences: Preferences): void {
  const lastSent = useRef<string | null>(null)
  useEffect(() => {
    const serialised = JSON.stringify(preferences)
    if (lastSent.current === null) {
      lastSent.current = serialised
      return
    }
    if (serialised === lastSent.current) return
    const timer = setTimeout(() => {
      lastSent.current = serialised
      emit<SavePreferencesHandler>('SAVE_PREFERENCES', preferences)
    }, SAVE_DEBOUNCE_MS)
    return () => clearTimeout(timer)
  }, [preferences])
}
