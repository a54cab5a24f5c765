/**
 * Which icon a node is, kept on the node itself (`setPluginData`, one key per field) so the plugin
 * can recognise its icons later, plus the relaunch data behind the "Swap icon" button.
 */
import { iconKey } from '../../api/icon-key'
import type { PlacedIcon } from '../../api/plugin-protocol'

const KEYS = ['iconset', 'icon', 'style', 'size', 'color'] as const

/** The relaunch command in package.json's `relaunchButtons`. */
export const SWAP_COMMAND = 'swap'

export function iconNodeName(icon: Pick<PlacedIcon, 'iconset' | 'icon'>): string {
  return iconKey(icon.iconset, icon.icon)
}

export function writeIconData(node: SceneNode, icon: PlacedIcon): void {
  node.setPluginData('iconset', icon.iconset)
  node.setPluginData('icon', icon.icon)
  node.setPluginData('style', icon.style)
  node.setPluginData('size', String(icon.size))
  node.setPluginData('color', icon.color)
  node.setPluginData('strokeWidth', icon.strokeWidth === undefined ? '' : String(icon.strokeWidth))
  // The text is shown under the button in Figma's properties panel.
  node.setRelaunchData({ [SWAP_COMMAND]: `${iconNodeName(icon)} · ${icon.size} px` })
}

/** The icon recorded on a node, or null when the node is not (or no longer) a plugin icon. */
export function readIconData(node: BaseNode): PlacedIcon | null {
  const [iconset, icon, style, size, color] = KEYS.map((key) => node.getPluginData(key))
  const px = Number(size)
  if (!iconset || !icon || !style || !color || !Number.isFinite(px) || px <= 0) return null
  const strokeWidth = Number(node.getPluginData('strokeWidth') || Number.NaN)
  return { iconset, icon, style, size: px, color, ...(strokeWidth > 0 ? { strokeWidth } : {}) }
}
