/**
 * What each icon on the canvas was drawn as before, by node, for as long as the plugin is open: a
 * style or set swap through a filled drawing (Heroicons' Solid, a Phosphor icon) has no stroke
 * width to carry, and Solar's Solid has no Linear, Broken or Outline, so coming back would give the
 * stroke width of the next insert and the first of Solar's outline drawings. Kept here, the icon
 * comes back as it was: at its width, as its drawing.
 */
import type { SelectedIcon } from '../../api/plugin-protocol'
import type { StrokeOf } from './icon-payloads'

export interface KeptDrawing {
  /** The set the drawings below are of. */
  iconset: string
  /** The last drawing of each style it was in, by style. */
  slugs: Record<string, string>
  /** Its stroke width when it was last stroke-drawn (null: as drawn); absent if it never was. */
  strokeWidth?: number | null
}

export type KeptDrawings = Map<string, KeptDrawing>

/** Notes the icons as they are now, before a change redraws them. */
export function keepDrawings(kept: KeptDrawings, icons: readonly SelectedIcon[], strokeOf: StrokeOf): void {
  for (const icon of icons) {
    const before = kept.get(icon.nodeId)
    const entry: KeptDrawing =
      before?.iconset === icon.iconset ? { ...before, slugs: { ...before.slugs } } : { iconset: icon.iconset, slugs: {}, ...(before?.strokeWidth === undefined ? {} : { strokeWidth: before.strokeWidth }) }
    entry.slugs[icon.style] = icon.icon
    if (icon.strokeWidth !== undefined || strokeOf({ iconset: icon.iconset, style: icon.style, slug: icon.icon }) !== undefined) entry.strokeWidth = icon.strokeWidth ?? null
    kept.set(icon.nodeId, entry)
  }
}

/** The drawing the icon last was in `style` of `iconset`, if it was. */
export function keptSlug(kept: ReadonlyMap<string, KeptDrawing>, nodeId: string, iconset: string, style: string): string | undefined {
  const entry = kept.get(nodeId)
  return entry?.iconset === iconset ? entry.slugs[style] : undefined
}

/** The stroke width the icon had when it was last stroke-drawn, else `next`. */
export function keptStrokeOr(kept: ReadonlyMap<string, KeptDrawing>, nodeId: string, next: number | null): number | null {
  const width = kept.get(nodeId)?.strokeWidth
  return width === undefined ? next : width
}
