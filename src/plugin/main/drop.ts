/**
 * A search result dragged onto the canvas (`pluginDrop` from the UI): the icon is inserted centred
 * on the drop point, inside the container it was dropped on.
 */
import type { IconDropMetadata } from '../../api/plugin-protocol'
import { insertIcon } from './insert-icon'
import { dropParent, placeAtPoint } from './place-node'

export function insertDroppedIcon(event: DropEvent, metadata: IconDropMetadata): FrameNode {
  const parent = dropParent(event.node)
  return insertIcon(metadata, (node) => placeAtPoint(node, parent, { x: event.absoluteX, y: event.absoluteY }))
}
