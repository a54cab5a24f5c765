/** The plugin icons among the selected nodes, as the UI shows them. */
import type { SelectedIcon } from '../../api/plugin-protocol'
import { readIconData } from './icon-plugin-data'

export function selectedIcons(): SelectedIcon[] {
  return figma.currentPage.selection.flatMap((node) => {
    const icon = readIconData(node)
    return icon === null ? [] : [{ ...icon, nodeId: node.id }]
  })
}
