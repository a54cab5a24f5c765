/**
 * Swap size, swap style and Replace, in place: the node keeps its id, parent, index in the parent,
 * x/y, name (unless the name was the plugin's, which follows the new icon) and colour (the UI renders the new SVG in the
 * node's colour). Another drawing (a native size, a style, another icon) replaces the node's
 * layers; the same drawing at another size is rescaled, like Figma's scale tool, which also keeps
 * any edits the designer made inside it. New drawings are all made before any node is touched,
 * so a failure changes nothing.
 */
import type { PlacedIcon, ReplaceRequest } from '../../api/plugin-protocol'
import { bindIconColor, drawnBinding, sameBinding } from './file-colors'
import { iconNodeName, readIconData, writeIconData } from './icon-plugin-data'
import { createIconNode } from './insert-icon'
import { scaleToSize } from './scale-to-size'
import { applyStrokeWidth } from './stroke-width'

interface Prepared {
  target: FrameNode
  /** The new drawing, or null when only the size changes. */
  fresh: FrameNode | null
  icon: PlacedIcon
  rename: string | null
}

function sameDrawing(before: PlacedIcon | null, after: PlacedIcon): boolean {
  return (
    before !== null &&
    before.iconset === after.iconset &&
    before.icon === after.icon &&
    before.style === after.style &&
    before.color === after.color &&
    sameBinding(before.binding, after.binding)
  )
}

async function findIconFrame(nodeId: string): Promise<FrameNode> {
  const node = await figma.getNodeByIdAsync(nodeId)
  if (node === null || node.removed) throw new Error('The selected icon is no longer on the canvas.')
  if (node.type !== 'FRAME' || readIconData(node) === null) {
    throw new Error(`“${node.name}” is no longer an icon from this plugin, so it cannot be swapped.`)
  }
  return node
}

async function prepare(request: ReplaceRequest): Promise<Prepared[]> {
  const targets = await Promise.all(request.items.map((item) => findIconFrame(item.nodeId)))
  const prepared: Prepared[] = []
  try {
    request.items.forEach((item, index) => {
      const target = targets[index] as FrameNode
      const data = readIconData(target)
      const before = data === null ? null : { ...data, binding: drawnBinding(target) }
      // A name the plugin gave follows the icon, whether a swap changed its slug (a style that is
      // another icon, e.g. heart → heart-filled) or a replace changed the icon; a designer's name stays.
      const generated = before !== null && target.name === iconNodeName(before)
      const rename = generated ? iconNodeName(item.icon) : null
      const fresh = sameDrawing(before, item.icon) ? null : createIconNode(item)
      prepared.push({ target, fresh, icon: item.icon, rename })
    })
  } catch (error) {
    for (const { fresh } of prepared) fresh?.remove()
    throw error
  }
  return prepared
}

/** Moves the fresh drawing's layers into the existing node and drops the old ones. */
function moveLayers(target: FrameNode, fresh: FrameNode): void {
  const old = [...target.children]
  target.resizeWithoutConstraints(fresh.width, fresh.height)
  for (const child of [...fresh.children]) {
    // Same offset inside the new parent as inside the temporary one, whatever reparenting does.
    const { x, y } = child
    target.appendChild(child)
    child.x = x
    child.y = y
  }
  for (const child of old) child.remove()
  fresh.remove()
}

function swapIn({ target, fresh, icon, rename }: Prepared): void {
  const { x, y } = target
  if (fresh === null) scaleToSize(target, icon.size)
  else moveLayers(target, fresh)
  applyStrokeWidth(target, icon)
  target.x = x
  target.y = y
  writeIconData(target, icon)
  if (rename !== null) target.name = rename
}

export async function replaceIcons(request: ReplaceRequest): Promise<FrameNode[]> {
  const prepared = await prepare(request)
  prepared.forEach(swapIn)
  // A size swap keeps the layers and their binding; a new drawing is bound again, or not at all
  // when the designer went from a file colour to a hex.
  for (const { target, fresh, icon } of prepared) if (fresh !== null) await bindIconColor([target], icon)
  return prepared.map(({ target }) => target)
}
