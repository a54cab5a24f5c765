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

/** The deepest visible, unlocked node that can hold children at a canvas point, else the page. */
export function dropTargetAt(page: EmulatedPage, absoluteX: number, absoluteY: number): EmulatedContainer {
  const hit = (container: EmulatedContainer): EmulatedContainer | null => {
    for (const child of [...container.children].reverse()) {
      if (!(child instanceof EmulatedContainer) || !child.visible || child.locked) continue
      const box = child.absoluteBoundingBox
      const inside = absoluteX >= box.x && absoluteX <= box.x + box.width && absoluteY >= box.y && absoluteY <= box.y + box.height
      if (!inside) continue
      const deeper = hit(child)
      if (deeper !== null) return deeper
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
