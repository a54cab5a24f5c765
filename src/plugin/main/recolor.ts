/**
 * Paints in another colour: the one place the plugin itself recolours a drawing, for an instance
 * wearing its own colour over its component's (instance-look.ts), for a multicolour icon the
 * designer chose a colour for, and for a single-colour icon given a new colour (replace-content.ts). Only visible solid paints change; a gradient or
 * an image has no one colour to replace. A paint bound to a variable is unbound, since it no longer
 * shows the variable's colour.
 */
import { drawingPaintedLayers, hexOf, paintListsOf } from './painted-layers'

function rgbOf(hex: string): RGB {
  const channel = (offset: number) => parseInt(hex.slice(offset, offset + 2), 16) / 255
  return { r: channel(1), g: channel(3), b: channel(5) }
}

/** The paints with every visible solid one that `matches` in `color`; the same list when none does. */
export function recolored(paints: readonly Paint[], matches: (paint: SolidPaint) => boolean, color: string): readonly Paint[] {
  if (!paints.some((paint) => paint.type === 'SOLID' && paint.visible !== false && matches(paint))) return paints
  return paints.map((paint) => {
    if (paint.type !== 'SOLID' || paint.visible === false || !matches(paint)) return paint
    const { boundVariables: _bound, ...rest } = paint
    return { ...rest, color: rgbOf(color) }
  })
}

/** A matcher for paints in one colour (`#rrggbb`). */
export const inColor =
  (color: string) =>
  (paint: SolidPaint): boolean =>
    hexOf(paint.color) === color

/** A matcher for the paints not yet in one colour: painting them all gives the drawing that colour. */
export const notInColor =
  (color: string) =>
  (paint: SolidPaint): boolean =>
    hexOf(paint.color) !== color

/** Paints every visible solid paint of the drawing's layers that `matches` in `color`. */
function paintMatching(node: SceneNode, matches: (paint: SolidPaint) => boolean, color: string): void {
  for (const layer of drawingPaintedLayers(node)) {
    for (const [field, paints] of paintListsOf(layer)) {
      const painted = recolored(paints, matches, color)
      if (painted !== paints) layer[field] = painted
    }
  }
}

/**
 * Paints every visible solid paint of the drawing in `color`: a multicolour icon the designer chose
 * a colour for. Layers already in it are left alone, so a single-colour drawing is not touched.
 */
export function paintAll(node: SceneNode, color: string): void {
  paintMatching(node, notInColor(color), color)
}

/** Whether a paint is a visible solid one in `color` (`#rrggbb`). */
export const solidIn = (paint: Paint, color: string): paint is SolidPaint => paint.type === 'SOLID' && paint.visible !== false && hexOf(paint.color) === color

/** Whether the drawing shows `color` in a visible solid paint: whether repaint() from it has anything to paint. */
export function showsColor(node: SceneNode, color: string): boolean {
  return drawingPaintedLayers(node).some((layer) => paintListsOf(layer).some(([, list]) => list.some((paint) => solidIn(paint, color))))
}

/**
 * Paints what is in `from` in `to` instead: a single-colour drawing in a new colour, recoloured in
 * place rather than redrawn, so a layer the designer added inside it (a badge) stays as it is.
 */
export function repaint(node: SceneNode, from: string, to: string): void {
  paintMatching(node, inColor(from), to)
}
