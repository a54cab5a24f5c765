/**
 * Swap size, swap style and Replace. An instance of an icon component swaps to the component of
 * its new look (made if needed) with `swapComponent`, keeping its place and the designer's
 * overrides; a main component is itself redrawn, so every instance of it follows. Loose frames
 * change in place: the node keeps its id, parent, index in the parent,
 * x/y, name (a name the plugin gave follows the new drawing's slug) and colour (the UI renders
 * the new SVG in the node's colour, and main paints a multicolour drawing in a colour chosen for it). Another drawing (a native size, a style, another icon) replaces the layers
 * of the node's drawing (those the plugin marked, see drawingLayers), and a layer the designer
 * added inside the icon stays, scaled with it; the same drawing at another size is rescaled, like
 * Figma's scale tool, and in another colour is repainted, both of which keep any edits the designer
 * made inside it (a layer added, one hidden). New drawings are all made before any node is touched, so a failure changes nothing.
 */
import type { PlacedIcon, RecordedIcon, ReplaceRequest } from '../../api/plugin-protocol'
import { sameBinding } from '../shared/color-binding'
import { bindIconColor, drawnBinding } from './file-colors'
import { componentInstances, followingComponentName, retagComponent, swapInstance } from './icon-components'
import { followingName, iconNodeName, readIconData, writeIconData } from './icon-plugin-data'
import { createIconNode } from './insert-icon'
import { drawingColor, drawingLayers } from './painted-layers'
import { pageOf } from './place-node'
import { paintAll, repaint, showsColor } from './recolor'
import { scaleToSize } from './scale-to-size'
import { unavailableReason } from './selected-icons'
import { applyStrokeWidth, withRecordedOutline } from './stroke-width'
import { documentChanging } from './undo-step'

/** A node the plugin redraws in place: a loose icon frame or an icon's main component. */
type Redrawn = FrameNode | ComponentNode

interface Prepared {
  target: Redrawn
  /** The new drawing, or null when the node's own layers stay (rescaled, repainted). */
  fresh: FrameNode | null
  icon: PlacedIcon
  /** The new drawing's family (IconPayload.family), which a main component is named by. */
  family: string | undefined
  /** Whether a multicolour drawing is painted in the look's colour (paintsMulticolor). */
  paint: boolean
  /** The colour a single-colour drawing wears now, to paint in the look's (see redrawing). */
  repaintFrom: string | null
  rename: string | null
}

/**
 * True when rescaling the node gives the new look. Not when a stroke width is cleared: the node's
 * strokes were set to that width, and only the drawing knows what its own were. A node that wears
 * no colour of its own recording keeps its drawing's colours unless it is painted, so neither the
 * look's colour nor its file colour binding asks for a new drawing.
 */
function sameDrawing(before: RecordedIcon, after: PlacedIcon, paint: boolean): boolean {
  return sameShapes(before, after) && ((before.color === null && !paint) || (before.color === after.color && sameBinding(before.binding, after.binding)))
}

/** The same icon in the same style, whose strokes rescaling can give (see sameDrawing): its shapes are the node's, whatever their colour. */
function sameShapes(before: RecordedIcon, after: PlacedIcon): boolean {
  return before.iconset === after.iconset && before.icon === after.icon && before.style === after.style && (before.strokeWidth === undefined || after.strokeWidth !== undefined)
}

/**
 * How a loose icon or main component gets its new look: the new drawing, or none when the node's
 * own layers are rescaled; and for the same shapes in a new colour, when the drawing takes the
 * colour asked for whole (a single-colour drawing), the colour its paints are repainted from.
 * The node's colour is the one its drawing wears, else (in an icon drawn before the
 * marks, with a layer the designer added in another colour) the one recorded. A multicolour
 * drawing, or a node whose drawing shows neither, is redrawn. A new drawing not used is removed at once.
 */
function redrawing(target: Redrawn, before: RecordedIcon, item: ReplaceRequest['items'][number], paint: boolean): Pick<Prepared, 'fresh' | 'paint' | 'repaintFrom'> {
  // Only the drawing says whether it is multicolour: the node may wear one colour painted over all of
  // it. One that records no colour wears its own already, and keeps its layers.
  const own = item.ownColors === true && before.color !== null ? createIconNode(item) : null
  if (own !== null && drawingColor(own) === null) return { fresh: own, paint: false, repaintFrom: null }
  const rescaled = sameDrawing(before, item.icon, paint)
  // Rescaled as it is when nothing is to be painted, or the drawing wears the colour already.
  if (rescaled && (!paint || drawingColor(target) === item.icon.color)) {
    own?.remove()
    return { fresh: null, paint: false, repaintFrom: null }
  }
  const fresh = own ?? createIconNode(item)
  if (sameShapes(before, item.icon) && drawingColor(fresh) === item.icon.color) {
    const worn = drawingColor(target) ?? before.color
    if (worn !== null && showsColor(target, worn)) {
      fresh.remove()
      return { fresh: null, paint: false, repaintFrom: worn }
    }
  }
  if (!rescaled) return { fresh, paint, repaintFrom: null }
  fresh.remove()
  return { fresh: null, paint, repaintFrom: null }
}

/**
 * Whether a multicolour drawing is painted in the new look's colour: when the designer chose it
 * (multicolour icons stay multicolour unless a colour is chosen), when it differs from
 * a colour recorded on the node (a record from before "no colour" was recorded may name a colour
 * the drawing does not wear), and on a size swap of an icon that wears one colour, the one asked
 * for (a Twemoji painted green stays green). A node recorded with no colour keeps its own unless one
 * is chosen; none is painted when the designer asks for their own colours back.
 */
function paintsMulticolor(item: ReplaceRequest['items'][number], before: RecordedIcon, target: SceneNode, mode: ReplaceRequest['mode']): boolean {
  if (item.ownColors === true) return false
  const sizeSwap = mode !== 'replace' && before.style === item.icon.style
  const recordedOther = before.color !== null && item.icon.color !== before.color
  return item.colorChosen === true || recordedOther || (sizeSwap && drawingColor(target) === item.icon.color)
}

async function findIconNode(nodeId: string): Promise<Redrawn | InstanceNode> {
  const node = await figma.getNodeByIdAsync(nodeId)
  if (node === null || node.removed) throw new Error('The selected icon is no longer on the canvas.')
  if ((node.type !== 'FRAME' && node.type !== 'COMPONENT' && node.type !== 'INSTANCE') || readIconData(node) === null) {
    throw new Error(`“${node.name}” is no longer an icon from this plugin, so it cannot be swapped.`)
  }
  // A request made before the designer switched page, locked a layer or made it part of an instance.
  if (pageOf(node) !== figma.currentPage) throw new Error(`“${node.name}” is on another page now. Select it again on this page.`)
  const unavailable = unavailableReason(node)
  if (unavailable !== null) throw new Error(`“${node.name}” is ${unavailable === 'locked' ? 'locked' : 'inside an instance'} now, so it cannot be swapped.`)
  return node
}

/** Each change, ready to apply; components the instances swap to are found or made first. */
async function prepare(request: ReplaceRequest, targets: ReadonlyArray<Redrawn | InstanceNode>): Promise<Array<() => void | Promise<void>>> {
  const prepared: Array<() => void | Promise<void>> = []
  const made: FrameNode[] = []
  try {
    for (const [index, asked] of request.items.entries()) {
      const target = targets[index] as Redrawn | InstanceNode
      const data = readIconData(target)
      if (data === null) throw new Error(`“${target.name}” is no longer an icon from this plugin, so it cannot be swapped.`)
      const item = { ...asked, icon: withRecordedOutline(asked.icon, data) }
      const before = { ...data, binding: drawnBinding(target) }
      const paint = paintsMulticolor(item, before, target, request.mode)
      // A name the plugin gave follows the drawing, as in a Replace: a Fluent icon swapped from 20 to
      // 32 px would otherwise be named fluent/calendar-20-filled on a 32 px drawing. A designer's
      // name always stays, a main component's too.
      const rename =
        target.type === 'COMPONENT' ? followingComponentName(target, data, item.icon, item.family) : followingName<RecordedIcon>(target.name, data, item.icon, iconNodeName)
      if (target.type === 'INSTANCE') {
        const swap = await swapInstance(target, item, paint)
        prepared.push(async () => {
          swap()
          if (rename !== null) target.name = rename
          await bindIconColor([target], item.icon)
        })
        continue
      }
      const redraw = { target, icon: item.icon, family: item.family, rename, ...redrawing(target, before, item, paint) }
      if (redraw.fresh !== null) made.push(redraw.fresh)
      prepared.push(async () => {
        if (target.type === 'COMPONENT') await redrawComponent(target, redraw)
        else swapIn(redraw)
        // A rescale keeps the layers and their binding; a new drawing or colour is bound again, or
        // not at all when the designer went from a file colour to a hex, and so are outlined lines,
        // whose widening strokes may be new (stroke-width.ts).
        if (redraw.fresh !== null || redraw.repaintFrom !== null || (item.icon.outline !== undefined && item.icon.strokeWidth !== undefined)) await bindIconColor([target], item.icon)
      })
    }
  } catch (error) {
    for (const fresh of made) if (!fresh.removed) fresh.remove()
    throw error
  }
  return prepared
}

/**
 * Moves the fresh drawing's layers into the existing node in place of the old drawing's. Layers the
 * designer added beside the drawing stay where they are in the layer order, and first scale with
 * the node to the new drawing's size, as the drawing's own layers would have.
 */
function moveLayers(target: Redrawn, fresh: FrameNode): void {
  const old = drawingLayers(target)
  if (old.length < target.children.length) scaleToSize(target, Math.max(fresh.width, fresh.height))
  target.resizeWithoutConstraints(fresh.width, fresh.height)
  // Where the old drawing began; at the start of a node with no layers at all.
  let at = Math.max(0, target.children.indexOf(old[0] as SceneNode))
  for (const child of [...fresh.children]) {
    // Same offset inside the new parent as inside the temporary one, whatever reparenting does.
    const { x, y } = child
    target.insertChild(at++, child)
    child.x = x
    child.y = y
  }
  for (const child of old) child.remove()
  fresh.remove()
}

function swapIn({ target, fresh, icon, paint, repaintFrom, rename }: Prepared): void {
  const { x, y } = target
  if (fresh === null) scaleToSize(target, icon.size)
  else moveLayers(target, fresh)
  if (repaintFrom !== null) repaint(target, repaintFrom, icon.color)
  // The catalogue renders only a single-colour drawing in the colour asked for. Painted before the
  // record is written, which records the colour the node wears.
  if (paint) paintAll(target, icon.color)
  applyStrokeWidth(target, icon)
  target.x = x
  target.y = y
  // A repainted drawing wears the look's colour, even in an icon drawn before the marks, whose
  // drawing is then all its layers, a badge the designer added among them.
  writeIconData(target, icon, repaintFrom !== null || drawingColor(target) === icon.color)
  if (rename !== null) target.name = rename
}

/** A main component redrawn in place; its instances follow it, and are told what they now show. */
async function redrawComponent(target: ComponentNode, redraw: Prepared): Promise<void> {
  const before = { width: target.width, height: target.height }
  const instances = await componentInstances(target)
  swapIn(redraw)
  await retagComponent(target, redraw.icon, redraw.family, before, instances)
}

export async function replaceIcons(request: ReplaceRequest): Promise<Array<Redrawn | InstanceNode>> {
  const targets = await Promise.all(request.items.map((item) => findIconNode(item.nodeId)))
  const changes = await prepare(request, targets)
  documentChanging()
  for (const apply of changes) await apply()
  return targets
}
