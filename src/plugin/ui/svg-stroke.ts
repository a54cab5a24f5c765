import type { IconSetStroke } from '../../api/catalogue-schemas'
import { svgRoot, viewBoxSize } from '../../api/svg-text'
import { strokeWidthAt, wideningOf } from '../shared/stroke-widths'

/** How many of the drawing's own units one px is when main makes it `size` px on its longest side; null without a viewBox. */
function unitsPerPx(svg: string, size: number): number | null {
  const root = svgRoot(svg)
  const box = root === null ? null : viewBoxSize(root)
  if (box === null) return null
  const longest = Math.max(box.width, box.height)
  return longest > 0 && size > 0 ? longest / size : null
}

const inUnits = (px: number, perPx: number) => String(Math.round(px * perPx * 10_000) / 10_000)

/**
 * An SVG's strokes at a designer's width, as insert gives them: main makes the icon `size` px on
 * its longest side and sets each stroked layer to `width` px, so in the drawing's own units the
 * width is width × (longest side of the viewBox) / size. Used where the SVG itself is the result:
 * Copy SVG and the grid's previews (through strokedAsInserted).
 */
export function withStrokeWidth(svg: string, width: number, size: number): string {
  const perPx = unitsPerPx(svg, size)
  if (perPx === null) return svg
  const units = inUnits(width, perPx)
  // A drawing that never says its width strokes at 1 unit; saying it on the root reaches every layer.
  if (!/\bstroke-width\b/.test(svg)) return svg.replace(/^<svg\b/, `<svg stroke-width="${units}"`)
  return svg.replace(/\bstroke-width="[^"]*"/g, `stroke-width="${units}"`).replace(/\bstroke-width\s*:\s*[^;"]+/g, `stroke-width:${units}`)
}

/**
 * An SVG whose lines its set outlined into filled shapes, with those lines `width` px wide at `size`
 * as main widens them (stroke-width.ts): each filled shape stroked in its own fill, centred on its
 * edges, by what `width` adds to the lines' own width; as drawn when that is nothing.
 */
export function withOutlinesWidened(svg: string, width: number, size: number, stroke: IconSetStroke & Required<Pick<IconSetStroke, 'outlined'>>): string {
  const perPx = unitsPerPx(svg, size)
  const extra = wideningOf(width, strokeWidthAt(stroke, size))
  if (perPx === null || extra === 0) return svg
  const widened = svg.replace(/\bfill="(?!none")([^"]*)"/g, (attribute: string, paint: string) => `${attribute} stroke="${paint}"`)
  return widened.replace(/^<svg\b/, `<svg stroke-width="${inUnits(extra, perPx)}" stroke-linejoin="${stroke.outlined.join}"`)
}

/**
 * The SVG as insert strokes it: at the toolbar's width when one is set and the icon is drawn with
 * strokes (`stroke`, its set's for its style), widened where those are outlined, else as drawn.
 */
export function strokedAsInserted(svg: string, width: number | null, size: number, stroke: IconSetStroke | undefined): string {
  if (width === null || stroke === undefined) return svg
  const { outlined } = stroke
  return outlined === undefined ? withStrokeWidth(svg, width, size) : withOutlinesWidened(svg, width, size, { ...stroke, outlined })
}
