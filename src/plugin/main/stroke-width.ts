/**
 * A designer's stroke width, in px at the icon's size. Figma's rescale (and so every size swap)
 * scales stroke weights with the icon, so the width is set again after every resize; it is
 * kept in the icon's plugin data for that. Only painted layers that have strokes get one.
 * https://developers.figma.com/docs/plugins/api/properties/nodes-strokeweight/
 *
 * A drawing whose set outlined its lines into filled shapes (Phosphor, Material Symbols) has no
 * stroke to set: its lines are widened instead, each filled layer stroked in its own fill, centred
 * on its edges ("the center of the stroke falls exactly on the geometry",
 * https://developers.figma.com/docs/plugins/api/properties/nodes-strokealign/), by what the width
 * adds to the lines' own. For Phosphor's round ends and joins that is the very drawing a wider
 * stroke would make; a narrower width than the lines' own leaves them as drawn.
 */
import type { OutlinedLines, PlacedIcon } from '../../api/plugin-protocol'
import { drawingPaintedLayers, type PaintedLayer } from './painted-layers'

/** The drawing's layers whose strokes are seen: the painted ones (as colour reading counts them) that have strokes. */
function strokedLayers(node: SceneNode): PaintedLayer[] {
  return drawingPaintedLayers(node).filter((layer) => Array.isArray(layer.strokes) && layer.strokes.length > 0)
}

/** Less than this (px) is no widening at all: a width typed as the lines' own, give or take rounding. */
const NO_WIDENING = 0.001

const JOINS: Record<OutlinedLines['join'], StrokeJoin> = { round: 'ROUND', miter: 'MITER' }

/** A filled layer's visible fills, which its widening stroke paints in; none for a layer of other fills (figma.mixed). */
function visibleFills(layer: PaintedLayer): Paint[] {
  return Array.isArray(layer.fills) ? (layer.fills as readonly Paint[]).filter((paint) => paint.visible !== false) : []
}

const samePaints = (a: unknown, b: unknown): boolean => JSON.stringify(a) === JSON.stringify(b)

/**
 * Widens the outlined lines of `layers` by `extra` px (stroked in their fills, centred), or takes a
 * widening away when `extra` is nothing. Strokes already in the fills' paints (bound as they are)
 * are left as they are.
 */
export function widenOutlines(layers: readonly PaintedLayer[], extra: number, join: OutlinedLines['join']): void {
  for (const layer of layers) {
    const fills = visibleFills(layer)
    const stroked = Array.isArray(layer.strokes) && layer.strokes.length > 0
    if (!(extra >= NO_WIDENING) || fills.length === 0) {
      if (stroked) layer.strokes = []
      continue
    }
    if (!samePaints(layer.strokes, fills)) layer.strokes = fills
    layer.strokeWeight = extra
    layer.strokeJoin = JOINS[join]
    layer.strokeAlign = 'CENTER'
  }
}

export function applyStrokeWidth(node: FrameNode | ComponentNode, icon: PlacedIcon): void {
  if (icon.strokeWidth === undefined) return
  if (icon.outline !== undefined) return widenOutlines(drawingPaintedLayers(node), icon.strokeWidth - icon.outline.width, icon.outline.join)
  for (const layer of strokedLayers(node)) layer.strokeWeight = icon.strokeWidth
}

/**
 * The one stroke width an icon's stroked layers show, or undefined when it has none or several;
 * of outlined lines (`outline`), their own width plus their widening.
 */
export function shownStrokeWidth(node: SceneNode, outline?: OutlinedLines): number | undefined {
  const weights = new Set(strokedLayers(node).map((layer) => layer.strokeWeight))
  const [weight] = weights
  if (weights.size !== 1 || typeof weight !== 'number') return undefined
  return outline === undefined ? weight : outline.width + weight
}
