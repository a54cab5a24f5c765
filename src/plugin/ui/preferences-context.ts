/**
 * The designer's preferences (query, style, size, colour, recent icons): started from what main
 * restored from figma.clientStorage, changed by any view, and saved back once they settle.
 */
import { createContext } from 'preact'
import { useCallback, useContext, useMemo, useState } from 'preact/hooks'

import type { Preferences, RecentIcon } from '../../api/plugin-protocol'
import { withRecent } from '../shared/recent-list'
import { useSavePreferences } from './use-save-preferences'

export interface PreferencesState {
  preferences: Preferences
  update: (change: Partial<Preferences>) => void
  /** An icon reached the canvas: it goes first among the recent ones. */
  remember: (icon: RecentIcon) => void
}

export const PreferencesContext = createContext<PreferencesState | null>(null)

export function usePreferences(): PreferencesState {
  const state = useContext(PreferencesContext)
  if (state === null) throw new Error('usePreferences needs a PreferencesContext provider')
  return state
}

/** Builds the context's value from the restored preferences. */
export function usePreferencesState(restored: Preferences): PreferencesState {
  const [preferences, setPreferences] = useState(restored)
  useSavePreferences(preferences)
  const update = useCallback((change: Partial<Preferences>) => setPreferences((current) => ({ ...current, ...change })), [])
  const remember = useCallback(
    (icon: RecentIcon) => setPreferences((current) => ({ ...current, recent: withRecent(current.recent, icon) })),
    []
  )
  return useMemo(() => ({ preferences, update, remember }), [preferences, update, remember])
}
