/**
 * The plugin icons among the selected nodes, as the UI shows them. Size, colour and a chosen stroke
 * width are read from the canvas, not only from the plugin data: the designer may have scaled,
 * recoloured or restroked an icon in Figma since it was inserted, and a swap or replace must keep
 * what they see.
 */
import type { RecordedIcon, SelectedIcon } from '../../api/plugin-protocol'
import { isStrokeWidth, MAX_SIZE, MIN_SIZE, roundSize } from '../../api/limits'
import { drawnBinding } from './file-colors'
import { readIconData } from './icon-plugin-data'
import { DATA_NAMESPACE } from './shared-data'
import { drawingColor } from './painted-layers'
import { isInInstance } from './place-node'
import { shownStrokeWidth } from './stroke-width'

function drawnSize(node: SceneNode): number {
  return Math.min(MAX_SIZE, Math.max(MIN_SIZE, roundSize(Math.max(node.width, node.height))))
}

/**
 * Why a selected plugin icon cannot be swapped, or null when it can. Figma refuses new layers
 * inside an instance outside its slots ("Cannot move node. New parent is an instance or is inside of an instance",
 * https://developers.figma.com/docs/plugins/api/properties/nodes-appendchild/); a locked layer, or
 * one in a locked parent, is locked against the designer (SceneNodeMixin.locked), so the plugin
 * leaves it alone too.
 */
export function unavailableReason(node: SceneNode): 'instance' | 'locked' | null {
  // An icon in an instance's slot is the designer's, as the plugin inserts it there (place-node.ts).
  if (node.parent !== null && isInInstance(node.parent)) return 'instance'
  for (let current: BaseNode | null = node; current !== null && current.type !== 'PAGE'; current = current.parent) {
    if ('locked' in current && current.locked) return 'locked'
  }
  return null
}

/**
 * The width a stroke-drawn icon given one shows: every stroked layer's weight when the designer set
 * another in Figma's stroke panel (or scaled the icon with Figma's scale tool, which scales strokes),
 * to hundredths and within the plugin's limits, else the recorded one. An icon drawn as drawn keeps
 * no width to compare with, and outlined lines' widening is the plugin's own.
 */
function seenStrokeWidth(node: SceneNode, icon: RecordedIcon): number | undefined {
  if (icon.strokeWidth === undefined || icon.outline !== undefined) return icon.strokeWidth
  const shown = shownStrokeWidth(node)
  const width = shown === undefined ? undefined : roundSize(shown)
  return width !== undefined && isStrokeWidth(width) ? width : icon.strokeWidth
}

/** The node as a selected icon, or null when it is no plugin icon or cannot be swapped. */
function asSelectedIcon(node: SceneNode): SelectedIcon | null {
  const icon = readIconData(node)
  if (icon === null || unavailableReason(node) !== null) return null
  const binding = drawnBinding(node)
  const strokeWidth = seenStrokeWidth(node, icon)
  return {
    ...icon,
    size: drawnSize(node),
    color: drawingColor(node) ?? icon.color,
    ...(strokeWidth === undefined ? {} : { strokeWidth }),
    ...(binding === undefined ? {} : { binding }),
    nodeId: node.id
  }
}

/** The selected plugin icons that can be swapped. */
export function selectedIcons(): SelectedIcon[] {
  return figma.currentPage.selection.flatMap((node) => asSelectedIcon(node) ?? [])
}

/**
 * The plugin icons selected or inside a selected frame, group, section or component, each once:
 * what Swap set moves to another set. Icons are found by the identity they carry in shared plugin
 * data, with Figma's indexed search, "hundreds of times faster in large documents" than a findAll
 * callback (https://developers.figma.com/docs/plugins/api/properties/nodes-findallwithcriteria/);
 * this runs on every selection change. Icons placed by earlier versions, with private data, follow
 * the others.
 */
export function iconsInSelection(): SelectedIcon[] {
  const found = new Map<string, SelectedIcon>()
  const add = (node: SceneNode): void => {
    const icon = found.has(node.id) ? null : asSelectedIcon(node)
    if (icon !== null) found.set(node.id, icon)
  }
  for (const node of figma.currentPage.selection) {
    if (readIconData(node) !== null) add(node)
    else if ('findAllWithCriteria' in node) {
      node.findAllWithCriteria({ sharedPluginData: { namespace: DATA_NAMESPACE, keys: ['iconset'] } }).forEach(add)
      node.findAllWithCriteria({ pluginData: { keys: ['iconset'] } }).forEach(add)
    }
  }
  return [...found.values()]
}

/** What to tell the designer about selected icons left out, or null when none is. */
export function unavailableNote(): string | null {
  const reasons = figma.currentPage.selection.flatMap((node) => (readIconData(node) === null ? [] : [unavailableReason(node)])).filter((reason) => reason !== null)
  if (reasons.length === 0) return null
  const count = reasons.length === 1 ? 'A selected icon' : `${reasons.length} selected icons`
  const where = reasons.every((reason) => reason === 'instance')
    ? 'inside a component instance: change them in the main component'
    : reasons.every((reason) => reason === 'locked')
      ? 'locked: unlock them to swap'
      : 'inside a component instance or locked'
  return `${count} can’t be swapped: ${reasons.length === 1 ? where.replace('them', 'it') : where}.`
}
