import { useCallback } from 'preact/hooks'

import type { IconSummary } from '../../api/catalogue-schemas'
import { useCatalogue } from './catalogue-context'
import { previewColor } from './color'
import { usePreferences } from './preferences-context'
import { strokedAsInserted } from './svg-stroke'
import { thumbnailOf } from './use-theme-ink'

/** The colour icon previews are drawn in: the toolbar's colour, readable in the current theme. */
export function usePreviewInk(): string {
  const { ink, background } = useCatalogue()
  return previewColor(usePreferences().preferences.color, ink, background)
}

/**
 * A listed icon's thumbnail as the toolbar would insert it: in the preview ink and, for a
 * stroke-drawn one whose SVG came with the results, at the toolbar's stroke width for its size.
 */
export function usePreviewThumbnail(): (icon: IconSummary) => string {
  const ink = usePreviewInk()
  const { strokeOf } = useCatalogue()
  const { size, strokeWidth } = usePreferences().preferences
  return useCallback(
    (icon: IconSummary) => {
      if (icon.svg === undefined) return thumbnailOf(icon, ink)
      return thumbnailOf({ ...icon, svg: strokedAsInserted(icon.svg, strokeWidth, size, strokeOf(icon.iconset, icon.style) !== undefined) }, ink)
    },
    [ink, strokeOf, size, strokeWidth]
  )
}
