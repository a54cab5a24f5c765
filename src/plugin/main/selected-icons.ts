/**
 * The plugin icons among the selected nodes, as the UI shows them. Size and colour are read from
 * the canvas, not only from the plugin data: the designer may have scaled or recoloured an icon
 * since it was inserted, and a swap or replace must keep what they see.
 */
import type { SelectedIcon } from '../../api/plugin-protocol'
import { MAX_SIZE, MIN_SIZE } from '../../api/limits'
import { readIconData } from './icon-plugin-data'

function hex(channel: number): string {
  return Math.round(channel * 255)
    .toString(16)
    .padStart(2, '0')
}

/** The one solid colour every painted layer uses, or null for multicolour or unpainted icons. */
function drawnColor(node: SceneNode): string | null {
  if (!('findAll' in node)) return null
  const colors = new Set<string>()
  for (const layer of node.findAll((child) => child.type === 'VECTOR')) {
    if (layer.type !== 'VECTOR') continue
    const paints = [layer.fills, layer.strokes].flatMap((list) => (Array.isArray(list) ? (list as Paint[]) : []))
    for (const paint of paints) {
      if (paint.visible === false) continue
      if (paint.type !== 'SOLID') return null
      colors.add(`#${hex(paint.color.r)}${hex(paint.color.g)}${hex(paint.color.b)}`)
    }
  }
  return colors.size === 1 ? ([...colors][0] ?? null) : null
}

function drawnSize(node: SceneNode): number {
  return Math.min(MAX_SIZE, Math.max(MIN_SIZE, Math.round(Math.max(node.width, node.height))))
}

export function selectedIcons(): SelectedIcon[] {
  return figma.currentPage.selection.flatMap((node) => {
    const icon = readIconData(node)
    if (icon === null) return []
    return [{ ...icon, size: drawnSize(node), color: drawnColor(node) ?? icon.color, nodeId: node.id }]
  })
}
