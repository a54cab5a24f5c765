import { svgRoot, viewBoxSize } from '../../api/svg-text'

/**
 * An SVG's strokes at a designer's width, as insert gives them: main makes the icon `size` px on
 * its longest side and sets each stroked layer to `width` px, so in the drawing's own units the
 * width is width × (longest side of the viewBox) / size. Used where the SVG itself is the result:
 * Copy SVG and the grid's previews (through strokedAsInserted).
 */
export function withStrokeWidth(svg: string, width: number, size: number): string {
  const root = svgRoot(svg)
  const box = root === null ? null : viewBoxSize(root)
  if (box === null) return svg
  const longest = Math.max(box.width, box.height)
  if (!(longest > 0) || !(size > 0)) return svg
  const units = String(Math.round(((width * longest) / size) * 10_000) / 10_000)
  // A drawing that never says its width strokes at 1 unit; saying it on the root reaches every layer.
  if (!/\bstroke-width\b/.test(svg)) return svg.replace(/^<svg\b/, `<svg stroke-width="${units}"`)
  return svg.replace(/\bstroke-width="[^"]*"/g, `stroke-width="${units}"`).replace(/\bstroke-width\s*:\s*[^;"]+/g, `stroke-width:${units}`)
}

/** The SVG as insert strokes it: at the toolbar's width when one is set and the icon is drawn with strokes, else as drawn. */
export function strokedAsInserted(svg: string, width: number | null, size: number, strokeDrawn: boolean): string {
  return width === null || !strokeDrawn ? svg : withStrokeWidth(svg, width, size)
}
