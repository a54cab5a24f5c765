/**
 * A designer's stroke width, in px at the icon's size. Figma's rescale (and so every size swap)
 * scales stroke weights with the icon, so the width is set again after every resize; it is
 * kept in the icon's plugin data for that. Only painted layers that have strokes get one.
 * https://developers.figma.com/docs/plugins/api/properties/nodes-strokeweight/
 */
import type { PlacedIcon } from '../../api/plugin-protocol'
import { drawingPaintedLayers, type PaintedLayer } from './painted-layers'

/** The drawing's layers whose strokes are seen: the painted ones (as colour reading counts them) that have strokes. */
function strokedLayers(node: SceneNode): PaintedLayer[] {
  return drawingPaintedLayers(node).filter((layer) => Array.isArray(layer.strokes) && layer.strokes.length > 0)
}

export function applyStrokeWidth(node: FrameNode | ComponentNode, icon: PlacedIcon): void {
  if (icon.strokeWidth === undefined) return
  for (const layer of strokedLayers(node)) layer.strokeWeight = icon.strokeWidth
}

/** The one stroke weight an icon's stroked layers show, or undefined when it has none or several. */
export function shownStrokeWidth(node: SceneNode): number | undefined {
  const weights = new Set(strokedLayers(node).map((layer) => layer.strokeWeight))
  const [weight] = weights
  return weights.size === 1 && typeof weight === 'number' ? weight : undefined
}
