/**
 * Turns a fetched SVG into a finished icon node: created by Figma, named `{iconset}/{icon}`,
 * exactly `size` px on its longest side, tagged with its plugin data, then placed, selected and
 * shown. Anything that fails after the node exists removes it, so nothing is left half-inserted.
 * How the node is made (a loose frame, or an instance of the icon's component) is the caller's `make`.
 */
import { messageOf } from '../../api/message-of'
import { sizedSvg, svgRoot, viewBoxSize } from '../../api/svg-text'
import type { IconPayload } from '../../api/plugin-protocol'
import type { IconNode, MakeIcon } from './icon-components'
import { iconNodeName, writeIconData } from './icon-plugin-data'
import { markDrawing } from './painted-layers'
import { containersForEach, pageOf, placeIcon } from './place-node'
import { scaleToSize } from './scale-to-size'
import { applyStrokeWidth } from './stroke-width'
import { documentChanging } from './undo-step'

/**
 * The SVG with its box `size` px on its longest side in its viewBox's own proportions. The
 * catalogue's box is whole px (Font Awesome's 576 × 512 house at 32 px is 32 × 28), and how Figma's
 * import fits a viewBox into a box of other proportions is not documented (stretched, or centred
 * with margins: https://developers.figma.com/docs/plugins/api/properties/figma-createnodefromsvg/
 * says nothing of it); either way the drawing itself would not be the size asked on its longest
 * side, nor in its own proportions. Given its own, it fills the frame.
 */
function inItsOwnProportions(svg: string, size: number): string {
  const root = svgRoot(svg)
  const box = root === null ? null : viewBoxSize(root)
  if (root === null || box === null || !(box.width > 0 && box.height > 0)) return svg
  const scale = size / Math.max(box.width, box.height)
  return sizedSvg(root, { width: box.width * scale, height: box.height * scale })
}

/** `figma.createNodeFromSvg`, with Figma's terse error turned into one a designer can act on. */
export function createNodeFromIconSvg(payload: IconPayload): FrameNode {
  try {
    return figma.createNodeFromSvg(inItsOwnProportions(payload.svg, payload.icon.size))
  } catch (error) {
    throw new Error(`Figma could not read the SVG of ${iconNodeName(payload.icon)} (${messageOf(error)}).`)
  }
}

/** Runs `work` on a node just created, removing the node if `work` throws. */
export function orRemove<T>(node: SceneNode, work: () => T): T {
  try {
    return work()
  } catch (error) {
    if (!node.removed) node.remove()
    throw error
  }
}

export function createIconNode(payload: IconPayload): FrameNode {
  const node = createNodeFromIconSvg(payload)
  return orRemove(node, () => {
    markDrawing(node)
    node.name = iconNodeName(payload.icon)
    scaleToSize(node, payload.icon.size)
    applyStrokeWidth(node, payload.icon)
    writeIconData(node, payload.icon)
    return node
  })
}

export async function insertIcon(payload: IconPayload, place: (node: IconNode) => void, make: MakeIcon = createIconNode): Promise<IconNode> {
  const node = await make(payload)
  orRemove(node, () => place(node))
  // In for good: from here on, only an undo takes it back.
  documentChanging()
  showInserted([node])
  return node
}

/**
 * Several icons in one go, placed together by `place`. All or nothing: if any drawing fails, the
 * ones already made are removed.
 */
export async function insertIcons(payloads: readonly IconPayload[], place: (nodes: IconNode[]) => void, make: MakeIcon = createIconNode): Promise<IconNode[]> {
  const nodes: IconNode[] = []
  try {
    for (const payload of payloads) nodes.push(await make(payload))
    place(nodes)
  } catch (error) {
    for (const node of nodes) if (!node.removed) node.remove()
    throw error
  }
  documentChanging()
  showInserted(nodes)
  return nodes
}

/**
 * An icon inserted for a selection: one into each of several selected frames (containersForEach),
 * all or none; else one, placed as placeIcon places it (`previous`: the icon inserted last).
 */
export async function insertForSelection(payload: IconPayload, selection: readonly SceneNode[], previous: SceneNode | null, make: MakeIcon): Promise<IconNode[]> {
  const each = containersForEach(selection)
  if (each === null) return [await insertIcon(payload, (node) => placeIcon(node, selection, previous), make)]
  const place = (nodes: IconNode[]) => nodes.forEach((node, index) => placeIcon(node, each.slice(index, index + 1), null))
  return insertIcons(each.map(() => payload), place, make)
}

/**
 * Selects new icons on the page they went to, and scrolls to them if that is the page in view. A
 * drop lands where the designer dropped it, on the page they may have left before its SVG came,
 * and Figma refuses a page's selection of another page's nodes ("The selection of a page can only
 * include nodes in that page", https://developers.figma.com/docs/plugins/api/properties/PageNode-selection/).
 */
function showInserted(nodes: readonly SceneNode[]): void {
  const [first] = nodes
  const page = first === undefined ? null : pageOf(first)
  if (first === undefined || page === null) return
  page.selection = nodes
  if (page === figma.currentPage) bringIntoView(first)
}

/**
 * Scrolls only when the icon is out of sight, and never zooms: scrollAndZoomIntoView is Shift-1 and
 * would zoom onto a 24 px icon (https://developers.figma.com/docs/plugins/api/figma-viewport/).
 */
function bringIntoView(node: SceneNode): void {
  const box = node.absoluteBoundingBox
  const view = figma.viewport.bounds
  if (box === null) return
  const visible = box.x >= view.x && box.y >= view.y && box.x + box.width <= view.x + view.width && box.y + box.height <= view.y + view.height
  if (!visible) figma.viewport.center = { x: box.x + box.width / 2, y: box.y + box.height / 2 }
}
