/**
 * A search result dragged onto the canvas. The UI posts `pluginDrop` the moment the icon is
 * dropped, so Figma turns the pointer into a canvas point while the view is still as the designer
 * saw it; the SVG follows as DROP_CONTENT. The container under the point is chosen at drop time
 * (by hit-testing: Figma's event often names the page), and the icon goes there, centred on the
 * point, when the SVG arrives. Either message may come first.
 */
import type { InsertRequest } from '../../api/plugin-protocol'
import { iconMaker, type IconNode } from './icon-components'
import { insertIcon } from './insert-icon'
import { dropParentAt, fromChildSpace, placeAtPoint, toChildSpace, type IconParent } from './place-node'

interface Spot {
  parent: IconParent
  /** The drop point in the parent's children's coordinates: it moves with the parent. */
  local: Vector
  point: Vector
}

const spots = new Map<string, Spot>()
const contents = new Map<string, InsertRequest>()

/** Where a drop landed; returns the content when it had already arrived. */
export function landDrop(requestId: string, event: DropEvent): InsertRequest | null {
  const point = { x: event.absoluteX, y: event.absoluteY }
  const parent = dropParentAt(point)
  spots.set(requestId, { parent, local: toChildSpace(parent, point), point })
  return contents.get(requestId) ?? null
}

/** The SVG for a drop; returns true when the drop has landed and the icon can go in. */
export function dropContentArrived(content: InsertRequest): boolean {
  contents.set(content.requestId, content)
  return spots.has(content.requestId)
}

export function forgetDrop(requestId: string): void {
  spots.delete(requestId)
  contents.delete(requestId)
}

/** Inserts a drop whose spot and content are both known, as a frame or an instance as the content asks. */
export function insertDroppedIcon(content: InsertRequest): Promise<IconNode> {
  const spot = spots.get(content.requestId)
  forgetDrop(content.requestId)
  if (spot === undefined) return Promise.reject(new Error('The dropped icon arrived without its drop.'))
  // The container may have moved while the SVG was on its way, and the icon moves with it; if it
  // has gone, the icon goes where the pointer was.
  const make = iconMaker(content.asComponent)
  if (spot.parent.removed) return insertIcon(content, (node) => placeAtPoint(node, dropParentAt(spot.point), spot.point), make)
  return insertIcon(content, (node) => placeAtPoint(node, spot.parent, fromChildSpace(spot.parent, spot.local)), make)
}
