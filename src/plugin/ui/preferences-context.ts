/**
 * The designer's preferences (query, style, size, colour, recent icons): started from what main
 * restored from figma.clientStorage, changed by any view, and saved back once they settle.
 */
import { createContext } from 'preact'
import { useCallback, useContext, useMemo, useState } from 'preact/hooks'

import type { FileColor, InsertLook, Preferences, RecentIcon } from '../../api/plugin-protocol'
import { sameBinding } from '../shared/color-binding'
import { withRecent } from '../shared/recent-list'
import { useSavePreferences } from './use-save-preferences'

/** The preferences that make an insert's look, which the selected icons' look can stand in for. */
export type LookPreferences = Pick<Preferences, 'size' | 'color' | 'colorBinding' | 'strokeWidth'>

export interface PreferencesState {
  /** What the plugin goes by: the designer's saved preferences, under any look taken from the selected icons. */
  preferences: Preferences
  /** What the designer chose, as saved, without any look taken from the selected icons. */
  chosen: Preferences
  /** The designer chose these: they are saved, and take the place of any look taken from the selection. */
  update: (change: Partial<Preferences>) => void
  /**
   * The selected icons' look becomes the next insert's while they are selected, unsaved: selecting
   * an icon is not choosing a look, and would otherwise write to clientStorage at every click. It
   * replaces any look taken before; none (`{}`), once nothing is selected, gives back the designer's own.
   */
  adopt: (look: Partial<LookPreferences>) => void
  /** The file's colours came: a chosen file colour's value follows them, or is forgotten with its colour. */
  followFileColors: (colors: readonly FileColor[]) => void
  /** An icon reached the canvas: it goes first among the recent ones. */
  remember: (icon: RecentIcon) => void
}

export const PreferencesContext = createContext<PreferencesState | null>(null)

export function usePreferences(): PreferencesState {
  const state = useContext(PreferencesContext)
  if (state === null) throw new Error('usePreferences needs a PreferencesContext provider')
  return state
}

/** What the next insert is drawn in: the toolbar's look, as insert, drag and swap all take it. */
export function useNextInsertLook(): InsertLook {
  const { size, color, strokeWidth, colorBinding } = usePreferences().preferences
  return useMemo(
    () => ({ size, color, strokeWidth, ...(colorBinding === null ? {} : { binding: colorBinding }) }),
    [size, color, strokeWidth, colorBinding]
  )
}

/** `look` without the fields `change` sets. */
function without(look: Partial<LookPreferences>, change: Partial<Preferences>): Partial<LookPreferences> {
  return Object.fromEntries(Object.entries(look).filter(([field]) => !(field in change)))
}

/**
 * The colour as the file's colours now have it: a file colour's value now (a style edited, another
 * mode), or its hex alone once the file no longer has it (or it was another file's).
 */
function followFileColors<T extends Partial<LookPreferences>>(look: T, colors: readonly FileColor[]): T {
  const binding = look.colorBinding
  if (binding === undefined || binding === null) return look
  const found = colors.find((candidate) => sameBinding(candidate, binding))
  if (found === undefined) return { ...look, colorBinding: null }
  return found.color === look.color ? look : { ...look, color: found.color }
}

/** Builds the context's value from the restored preferences. */
export function usePreferencesState(restored: Preferences): PreferencesState {
  const [saved, setSaved] = useState(restored)
  const [adopted, setAdopted] = useState<Partial<LookPreferences>>({})
  useSavePreferences(saved)
  const update = useCallback((change: Partial<Preferences>) => {
    setSaved((current) => ({ ...current, ...change }))
    setAdopted((current) => without(current, change))
  }, [])
  // The same look again (the toolbar mounted anew with nothing selected) keeps the preferences as they are, not a copy of them.
  const adopt = useCallback(
    (look: Partial<LookPreferences>) => setAdopted((current) => (JSON.stringify(current) === JSON.stringify(look) ? current : look)),
    []
  )
  const follow = useCallback((colors: readonly FileColor[]) => {
    setSaved((current) => followFileColors(current, colors))
    setAdopted((current) => followFileColors(current, colors))
  }, [])
  const remember = useCallback(
    (icon: RecentIcon) => setSaved((current) => ({ ...current, recent: withRecent(current.recent, icon) })),
    []
  )
  const preferences = useMemo(() => ({ ...saved, ...adopted }), [saved, adopted])
  return useMemo(
    () => ({ preferences, chosen: saved, update, adopt, followFileColors: follow, remember }),
    [preferences, saved, update, adopt, follow, remember]
  )
}
