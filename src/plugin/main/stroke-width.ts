/**
 * A designer's stroke width, in px at the icon's size. Figma's rescale (and so every size swap)
 * scales stroke weights with the icon, so the width is set again after every resize; it is
 * kept in the icon's plugin data for that. Only layers that have strokes get one.
 * https://developers.figma.com/docs/plugins/api/properties/nodes-strokeweight/
 */
import type { PlacedIcon } from '../../api/plugin-protocol'

function strokedLayers(node: ChildrenMixin): SceneNode[] {
  return node.findAll((child) => 'strokes' in child && Array.isArray(child.strokes) && child.strokes.length > 0 && 'strokeWeight' in child)
}

export function applyStrokeWidth(node: FrameNode | ComponentNode, icon: PlacedIcon): void {
  if (icon.strokeWidth === undefined) return
  for (const layer of strokedLayers(node)) {
    if ('strokeWeight' in layer) layer.strokeWeight = icon.strokeWidth
  }
}

/** The one stroke weight an icon's stroked layers show, or undefined when it has none or several. */
export function shownStrokeWidth(node: ChildrenMixin): number | undefined {
  const weights = new Set(strokedLayers(node).map((layer) => ('strokeWeight' in layer ? layer.strokeWeight : undefined)))
  const [weight] = weights
  return weights.size === 1 && typeof weight === 'number' ? weight : undefined
}
