/**
 * While the catalogue is away, a swap of an icon's size or colour is answered from an SVG of the
 * same drawing the client kept, rendered as the catalogue would render it: the catalogue's SVG at
 * a size is its drawing with the longest side set to it (the viewBox unchanged), and in a colour
 * its currentColor replaced (src/catalogue/render-svg.ts). One in another colour cannot be made
 * into this one: its colour may be the drawing's own.
 */
import { fitBox, sizedSvg, svgRoot, viewBoxSize } from '../../api/svg-text'
import type { SvgRender } from './catalogue-client'

/** `text`, the catalogue's SVG as `from`, as the catalogue would send it as `to`; null when it cannot be made so. */
export function rerendered(text: string, from: SvgRender, to: SvgRender): string | null {
  const sameColor = (from.color ?? '').toLowerCase() === (to.color ?? '').toLowerCase()
  if (!sameColor && from.color !== undefined) return null
  const root = svgRoot(text)
  const box = root === null ? null : viewBoxSize(root)
  if (root === null || box === null) return null
  return sizedSvg(root, fitBox(box.width, box.height, to.size), sameColor || to.color === undefined ? root.body : root.body.replaceAll('currentColor', to.color))
}
