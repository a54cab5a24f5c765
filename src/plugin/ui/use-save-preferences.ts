import { emit } from '@create-figma-plugin/utilities'
import { useEffect, useRef } from 'preact/hooks'

import type { Preferences, SavePreferencesHandler } from '../../api/plugin-protocol'

export const SAVE_DEBOUNCE_MS = 500

/**
 * Sends preferences to main (figma.clientStorage) once they stop changing. Nothing is sent
 * before INIT has restored the stored ones, so defaults never overwrite them.
 */
export function useSavePreferences(preferences: Preferences, restored: boolean): void {
  const lastSent = useRef<string | null>(null)
  useEffect(() => {
    if (!restored) return
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
  }, [preferences, restored])
}
