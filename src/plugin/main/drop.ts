/**
 * A search result dragged onto the canvas (`pluginDrop` from the UI): the icon is inserted centred
 * on the drop point, inside the container under it (found by hit-testing: Figma's event often
 * names the page).
 */
import type { IconDropMetadata } from '../../api/plugin-protocol'
import { insertIcon } from './insert-icon'
import { dropParentAt, placeAtPoint } from './place-node'

export function insertDroppedIcon(event: DropEvent, metadata: IconDropMetadata): FrameNode {
  const point = { x: event.absoluteX, y: event.absoluteY }
  const parent = dropParentAt(point)
  return insertIcon(metadata, (node) => placeAtPoint(node, parent, point))
}
