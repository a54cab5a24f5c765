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

/** An icon's SVG with its strokes as insert gives them in a look (strokedAsInserted), where its set and style draw strokes. */
export function useRestroke(): (svg: string, icon: { iconset: string; style: string }, look: { size: number; strokeWidth: number | null }) => string {
  const { strokeOf } = useCatalogue()
  return useCallback(
    (svg, icon, look) => strokedAsInserted(svg, look.strokeWidth, look.size, strokeOf(icon.iconset, icon.style) !== undefined),
    [strokeOf]
  )
}

/**
 * A listed icon's thumbnail as the toolbar would insert it: in the preview ink and, for a
 * stroke-drawn one whose SVG came with the results, at the toolbar's stroke width for its size.
 */
export function usePreviewThumbnail(): (icon: IconSummary) => string {
  const ink = usePreviewInk()
  const restroke = useRestroke()
  const { size, strokeWidth } = usePreferences().preferences
  return useCallback(
    (icon: IconSummary) => thumbnailOf(icon.svg === undefined ? icon : { ...icon, svg: restroke(icon.svg, icon, { size, strokeWidth }) }, ink),
    [ink, restroke, size, strokeWidth]
  )
}
