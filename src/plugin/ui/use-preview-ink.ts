import { useCallback, useMemo } from 'preact/hooks'

import type { IconSummary } from '../../api/catalogue-schemas'
import type { StrokeIcon } from '../shared/icon-payloads'
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

/** An icon's SVG with its strokes as insert gives them in a look (strokedAsInserted), where its drawing has strokes. */
export function useRestroke(): (svg: string, icon: StrokeIcon, look: { size: number; strokeWidth: number | null }) => string {
  const { strokeOf } = useCatalogue()
  return useCallback(
    (svg, icon, look) => strokedAsInserted(svg, look.strokeWidth, look.size, strokeOf(icon)),
    [strokeOf]
  )
}

/**
 * A listed icon's thumbnail as the toolbar would insert it: in the preview ink and, for a
 * stroke-drawn one whose SVG came with the results, at the toolbar's stroke width for its size.
 * The grid asks for every visible tile on each render, and it renders on each scroll event, so a
 * thumbnail is made once per listed icon and look; a new ink, size or stroke width starts afresh.
 */
export function usePreviewThumbnail(): (icon: IconSummary) => string {
  const ink = usePreviewInk()
  const restroke = useRestroke()
  const { size, strokeWidth } = usePreferences().preferences
  // Keyed by the listed icon itself, which holds the SVG made into the thumbnail; kept search pages keep their icons.
  const made = useMemo(() => new WeakMap<IconSummary, string>(), [ink, restroke, size, strokeWidth])
  return useCallback(
    (icon: IconSummary) => {
      const kept = made.get(icon)
      if (kept !== undefined) return kept
      const thumbnail = thumbnailOf(icon.svg === undefined ? icon : { ...icon, svg: restroke(icon.svg, icon, { size, strokeWidth }) }, ink)
      made.set(icon, thumbnail)
      return thumbnail
    },
    [made, ink, restroke, size, strokeWidth]
  )
}
