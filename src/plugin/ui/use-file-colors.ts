import { emit } from '@create-figma-plugin/utilities'
import { useCallback, useEffect, useState } from 'preact/hooks'

import type { FileColor, RefreshFileColorsHandler } from '../../api/plugin-protocol'
import { usePreferences } from './preferences-context'

/**
 * The file's colour styles and variables, from the start data and then from main whenever they may
 * have changed. A chosen file colour keeps the toolbar's colour at its value now (a style edited,
 * another mode), and one the file no longer has (or another file's) is forgotten, leaving its hex.
 */
export function useFileColors(initial: FileColor[]) {
  const [colors, setColors] = useState(initial)
  const { preferences, followFileColors } = usePreferences()
  const { colorBinding, color } = preferences
  useEffect(() => followFileColors(colors), [colors, colorBinding, color, followFileColors])
  const refresh = useCallback(() => emit<RefreshFileColorsHandler>('REFRESH_FILE_COLORS'), [])
  return { colors, setColors, refresh }
}
