import { useCatalogue } from './catalogue-context'
import { previewColor } from './color'
import { usePreferences } from './preferences-context'

/** The colour icon previews are drawn in: the toolbar's colour, readable in the current theme. */
export function usePreviewInk(): string {
  const { ink, background } = useCatalogue()
  return previewColor(usePreferences().preferences.color, ink, background)
}
