/**
 * A set's stroke in px at an icon's size, and how far a designer's width widens lines a set
 * outlined into fills: one rule for the previews (ui/svg-stroke.ts) and the canvas (main/stroke-width.ts).
 */
import type { IconSetStroke } from '../../api/catalogue-schemas'

/** The stroke's width in px on an icon `size` px on its longest side: Lucide's 2 on 24 is 1.67 at 20. */
export function strokeWidthAt(stroke: Pick<IconSetStroke, 'width' | 'drawn_at'>, size: number): number {
  return (stroke.width * size) / stroke.drawn_at
}

/** Less than this (px) is no widening at all: a width typed as the lines' own, give or take rounding. */
const NO_WIDENING = 0.001

/** What `width` adds to outlined lines `lines` px wide (both px at the icon's size); 0 when it is not wider. */
export function wideningOf(width: number, lines: number): number {
  const extra = width - lines
  return extra >= NO_WIDENING ? extra : 0
}
