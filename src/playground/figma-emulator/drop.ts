/**
 * Drops on the canvas: which node a point lands on, and the `DropEvent` the plugin's
 * `figma.on('drop')` handlers receive for it.
 */
import { EmulatedContainer, EmulatedSceneNode, type EmulatedNode, type EmulatedPage } from './nodes'

/** A drop as the host sees it: a canvas point (and optionally the node it landed on). */
export interface DropInput {
  absoluteX: number
  absoluteY: number
  node?: EmulatedNode
  dropMetadata?: unknown
  items?: DropItem[]
}

/** True when the node or an ancestor is locked: the designer cannot touch it (SceneNodeMixin.locked). */
function effectivelyLocked(node: EmulatedNode): boolean {
  for (let current: EmulatedNode | null = node; current !== null; current = current.owner) if (current.locked) return true
  return false
}

/**
 * Whether a canvas point is inside `node`'s box, edges included, and whether what its box leaves out
 * is not drawn: a frame clips its children to it (FrameNode.clipsContent,
 * https://developers.figma.com/docs/plugins/api/properties/FrameNode-clipscontent/).
 */
function hitTest(node: EmulatedSceneNode, x: number, y: number): { inside: boolean; clips: boolean } {
  const box = node.absoluteBoundingBox
  return {
    inside: x >= box.x && x <= box.x + box.width && y >= box.y && y <= box.y + box.height,
    clips: 'clipsContent' in node && node.clipsContent === true
  }
}

/**
 * The topmost, deepest visible node under a canvas point, or null. What a frame clips is not drawn
 * (hitTest), so a drop there lands on nothing of it.
 */
function nodeUnder(container: EmulatedContainer, x: number, y: number): EmulatedSceneNode | null {
  for (const child of [...container.children].reverse()) {
    if (!child.visible) continue
    const { inside, clips } = hitTest(child, x, y)
    const deeper = child instanceof EmulatedContainer && (inside || !clips) ? nodeUnder(child, x, y) : null
    if (deeper !== null) return deeper
    // A group is only its children; anything else is hit inside its box.
    if (inside && child.type !== 'GROUP') return child
  }
  return null
}

/**
 * The `node` of a DropEvent, as Figma reports it: the node under the pointer, but "the page node if
 * the drop didn't land on anything in the canvas, or if target node is locked or cannot be a parent
 * of another node" (https://developers.figma.com/docs/plugins/api/properties/figma-on/#drop) — so a
 * drop on a shape, on a locked frame or inside an instance reports the page.
 */
export function dropEventNodeAt(page: EmulatedPage, absoluteX: number, absoluteY: number): EmulatedContainer {
  const hit = nodeUnder(page, absoluteX, absoluteY)
  if (hit === null || !(hit instanceof EmulatedContainer) || effectivelyLocked(hit) || hit.isInInstance()) return page
  return hit
}

/**
 * The deepest visible, unlocked node that can hold children at a canvas point, else the page: what
 * the playground outlines during a drag. A frame that does not clip is entered beyond its bounds,
 * where its children are drawn, as nodeUnder does.
 */
export function dropTargetAt(page: EmulatedPage, absoluteX: number, absoluteY: number): EmulatedContainer {
  const hit = (container: EmulatedContainer): EmulatedContainer | null => {
    for (const child of [...container.children].reverse()) {
      if (!(child instanceof EmulatedContainer) || !child.visible || child.locked) continue
      const { inside, clips } = hitTest(child, absoluteX, absoluteY)
      if (!inside && clips) continue
      const deeper = hit(child)
      if (deeper !== null) return deeper
      if (!inside) continue
      // An instance takes content only through its slots.
      return child.type === 'INSTANCE' ? null : child
    }
    return null
  }
  return hit(page) ?? page
}

/** The event for a drop on `target`, with x/y relative to the target as Figma gives them. */
export function dropEvent(target: EmulatedNode, drop: DropInput): DropEvent {
  const origin = target instanceof EmulatedSceneNode && target.type !== 'PAGE' ? target.absolutePosition : { x: 0, y: 0 }
  return {
    node: target as unknown as SceneNode,
    x: drop.absoluteX - origin.x,
    y: drop.absoluteY - origin.y,
    absoluteX: drop.absoluteX,
    absoluteY: drop.absoluteY,
    items: drop.items ?? [],
    files: [],
    dropMetadata: drop.dropMetadata === undefined ? undefined : structuredClone(drop.dropMetadata)
  }
}
