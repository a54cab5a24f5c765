/**
 * Which icon a node is, kept on the node itself so the plugin recognises its icons later, plus the
 * relaunch data behind the "Swap icon" button. The identity lives in shared plugin data under a
 * fixed namespace: private plugin data belongs to the plugin id, which changes when the plugin is
 * published, and would then be unreadable (https://developers.figma.com/docs/plugins/api/node-properties/#setplugindata).
 * Icons placed by earlier versions carry private data; it is still read, and replaced on the next write.
 * Only a colour the node wears is recorded: a multicolour drawing that kept its own colours records
 * none (an empty `color`), so the toolbar and later swaps never take a colour it never had.
 */
import { isLineJoin } from '../../api/line-joins'
import { iconKey } from '../../api/icon-key'
import type { OutlinedLines, PlacedIcon, RecordedIcon } from '../../api/plugin-protocol'
import { drawingColor } from './painted-layers'
import { DATA_NAMESPACE } from './shared-data'

const KEYS = ['iconset', 'icon', 'style', 'size', 'color', 'strokeWidth', 'outline'] as const

/** The relaunch command in package.json's `relaunchButtons`. */
export const SWAP_COMMAND = 'swap'

export function iconNodeName(icon: Pick<PlacedIcon, 'iconset' | 'icon'>): string {
  return iconKey(icon.iconset, icon.icon)
}

/**
 * The name a node takes when its drawing changes: the new drawing's, when its name is the one the
 * plugin gave the old drawing; null when it keeps its name (a designer's own always stays).
 */
export function followingName<I>(name: string, before: I, after: I, nameOf: (icon: I) => string): string | null {
  return name === nameOf(before) ? nameOf(after) : null
}

/**
 * Records the icon on the node, once the node is drawn and painted in its look: with the look's
 * colour when the drawing wears it (`inLook`; by default, when its own layers wear it alone).
 */
export function writeIconData(node: SceneNode, icon: PlacedIcon, inLook = drawingColor(node) === icon.color): void {
  record(node, icon, inLook ? icon.color : '')
}

/**
 * Records the icon with whatever single colour the node is drawn in, or none: for an instance that
 * may wear its own colour rather than the look's.
 */
export function writeIconDataAsDrawn(node: SceneNode, icon: Omit<PlacedIcon, 'color'>): void {
  record(node, icon, drawingColor(node) ?? '')
}

function record(node: SceneNode, icon: Omit<PlacedIcon, 'color'>, color: string): void {
  const values: Record<(typeof KEYS)[number], string> = {
    iconset: icon.iconset,
    icon: icon.icon,
    style: icon.style,
    size: String(icon.size),
    color,
    strokeWidth: icon.strokeWidth === undefined ? '' : String(icon.strokeWidth),
    // An outlined drawing's lines, so that a later swap widens them right even if the UI cannot say (stroke-width.ts).
    outline: icon.outline === undefined ? '' : `${icon.outline.width} ${icon.outline.join}`
  }
  for (const key of KEYS) {
    node.setSharedPluginData(DATA_NAMESPACE, key, values[key])
    if (node.getPluginData(key) !== '') node.setPluginData(key, '')
  }
  // The text is shown under the button in Figma's properties panel.
  node.setRelaunchData({ [SWAP_COMMAND]: `${iconNodeName(icon)} · ${icon.size} px` })
}

/** The icon recorded on a node, or null when the node is not (or no longer) a plugin icon. */
export function readIconData(node: BaseNode): RecordedIcon | null {
  const shared = node.getSharedPluginData(DATA_NAMESPACE, 'iconset') !== ''
  const read = (key: (typeof KEYS)[number]) => (shared ? node.getSharedPluginData(DATA_NAMESPACE, key) : node.getPluginData(key))
  const [iconset, icon, style, size] = (['iconset', 'icon', 'style', 'size'] as const).map(read)
  const color = read('color')
  const px = Number(size)
  if (!iconset || !icon || !style || !Number.isFinite(px) || px <= 0) return null
  const strokeWidth = Number(read('strokeWidth') || Number.NaN)
  const outline = outlineOf(read('outline'))
  return { iconset, icon, style, size: px, color: color === '' ? null : color, ...(strokeWidth > 0 ? { strokeWidth } : {}), ...(outline === null ? {} : { outline }) }
}

/** Outlined lines as record() writes them (`1.5 round`), or null for none or a record not readable. */
function outlineOf(text: string): OutlinedLines | null {
  const [width, join] = text.split(' ')
  const px = Number(width)
  return px > 0 && isLineJoin(join) ? { width: px, join } : null
}
