/** What a click on the canvas selects, worked out from the emulated document's snapshot. */
import { carriesPluginData, type NodeSnapshot } from '../figma-emulator/snapshot'

interface Point {
  x: number
  y: number
}

function contains(node: NodeSnapshot, point: Point): boolean {
  return (
    point.x >= node.absoluteX &&
    point.x <= node.absoluteX + node.width &&
    point.y >= node.absoluteY &&
    point.y <= node.absoluteY + node.height
  )
}

/**
 * The visible nodes under a canvas point, outermost first: a page child, then its child, and so
 * on. Later siblings are on top; what a clipping frame hides cannot be hit. A locked node and
 * everything in it cannot be selected on Figma's canvas: clicks go through to what lies beneath
 * (https://help.figma.com/hc/en-us/articles/360041596573-Lock-and-unlock-layers).
 */
export function nodesAt(nodes: NodeSnapshot[], point: Point): NodeSnapshot[] {
  for (let index = nodes.length - 1; index >= 0; index -= 1) {
    const node = nodes[index] as NodeSnapshot
    if (!node.visible || node.locked) continue
    const inside = contains(node, point)
    if (!inside && node.clipsContent !== false) continue
    const deeper = nodesAt(node.children ?? [], point)
    if (deeper.length > 0) return [node, ...deeper]
    // A group is only its children; a frame is also its own background.
    if (inside && node.type !== 'GROUP') return [node]
  }
  return []
}

/**
 * An icon the plugin placed (it carries plugin data) is selected whole, never the vectors inside
 * it, so the plugin sees it; anything else selects the top-level node, as a first click in Figma does.
 */
export function selectionTargetAt(nodes: NodeSnapshot[], point: Point): NodeSnapshot | null {
  const path = nodesAt(nodes, point)
  return path.find(carriesPluginData) ?? path[0] ?? null
}
