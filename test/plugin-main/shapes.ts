/** The drawn layers of an icon, whatever groups the SVG import nests them in. */
import type { NodeSnapshot } from '../../src/playground/figma-emulator'

/** Every shape (a node without children) below a snapshot node, depth first in drawing order. */
export function shapesIn(node: NodeSnapshot | undefined): NodeSnapshot[] {
  return (node?.children ?? []).flatMap((child) => (child.children === undefined ? [child] : shapesIn(child)))
}

/** Every shape below a node of the plugin API, depth first in drawing order. */
export function shapeNodesIn(node: SceneNode): SceneNode[] {
  return 'findAll' in node ? node.findAll((child) => !('children' in child)) : []
}
