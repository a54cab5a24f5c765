/**
 * A search result dragged onto the canvas. The UI posts `pluginDrop` the moment the icon is
 * dropped, so Figma turns the pointer into a canvas point while the view is still as the designer
 * saw it; the SVG follows as DROP_CONTENT. The container under the point is chosen at drop time
 * (by hit-testing: Figma's event often names the page), and the icon goes there, centred on the
 * point, when the SVG arrives. Either message may come first. Several picked icons dragged together
 * land as a row from the point, one drop: their SVGs come together.
 */
import type { InsertManyRequest, InsertRequest } from '../../api/plugin-protocol'
import { iconMaker, type IconNode } from './icon-components'
import { insertIcons } from './insert-icon'
import { dropParentAt, fromChildSpace, placeRowAtPoint, toChildSpace, type IconParent } from './place-node'

interface Spot {
  parent: IconParent
  /** The drop point in the parent's children's coordinates: it moves with the parent. */
  local: Vector
  point: Vector
}

const spots = new Map<string, Spot>()
const contents = new Map<string, InsertManyRequest>()

/** One dragged icon's content, as a drop of one. */
export function dropOfOne({ requestId, asComponent, ...payload }: InsertRequest): InsertManyRequest {
  return { requestId, items: [payload], ...(asComponent === undefined ? {} : { asComponent }) }
}

/** Where a drop landed; returns the content when it had already arrived. */
export function landDrop(requestId: string, event: DropEvent): InsertManyRequest | null {
  const point = { x: event.absoluteX, y: event.absoluteY }
  const parent = dropParentAt(point)
  spots.set(requestId, { parent, local: toChildSpace(parent, point), point })
  return contents.get(requestId) ?? null
}

/** The SVGs for a drop; returns true when the drop has landed and the icons can go in. */
export function dropContentArrived(content: InsertManyRequest): boolean {
  contents.set(content.requestId, content)
  return spots.has(content.requestId)
}

export function forgetDrop(requestId: string): void {
  spots.delete(requestId)
  contents.delete(requestId)
}

/** Inserts a drop whose spot and content are both known, as frames or instances as the content asks. */
export function insertDroppedIcons(content: InsertManyRequest): Promise<IconNode[]> {
  const spot = spots.get(content.requestId)
  forgetDrop(content.requestId)
  if (spot === undefined) return Promise.reject(new Error('The dropped icon arrived without its drop.'))
  // The container may have moved while the SVG was on its way, and the icons move with it; if it
  // has gone, they go where the pointer was.
  const [parent, point] = spot.parent.removed ? [dropParentAt(spot.point), spot.point] : [spot.parent, fromChildSpace(spot.parent, spot.local)]
  return insertIcons(content.items, (nodes) => placeRowAtPoint(nodes, parent, point), iconMaker(content.asComponent))
}
