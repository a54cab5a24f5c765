/**
 * What the UI starts with. create-figma-plugin's showUI inlines this data as JSON in a <script>
 * element, and JSON.stringify leaves `<` as is, so a stored query such as `</script>` would end
 * that script early and the rest would run as markup. No query, slug or icon name needs `<`
 * (the catalogue's search ignores it), so it is dropped from every string before showUI.
 */
import type { FileColor, UiStartData } from '../../api/plugin-protocol'
import { fileColors, unreadableColors } from './file-colors'
import { notify } from './notify'
import { loadPreferences } from './preferences'
import { SWAP_COMMAND } from './icon-plugin-data'
import { iconsInSelection, selectedIcons, unavailableNote } from './selected-icons'

function inlineSafe<T>(value: T): T {
  if (typeof value === 'string') return value.replace(/</g, '') as T
  if (Array.isArray(value)) return value.map(inlineSafe) as T
  if (typeof value === 'object' && value !== null) {
    return Object.fromEntries(Object.entries(value).map(([key, field]) => [key, inlineSafe(field)])) as T
  }
  return value
}

/** The file's colours, or none, said why, when they cannot be read: the plugin opens either way. */
async function startColors(): Promise<FileColor[]> {
  try {
    return await fileColors()
  } catch (error) {
    notify(unreadableColors(error), { error: true })
    return []
  }
}

/**
 * A relaunch button runs the plugin with its command as `figma.command`
 * (https://developers.figma.com/docs/plugins/api/properties/nodes-setrelaunchdata/): "Swap icon"
 * opens it on the selected icons, with their panel open.
 */
export async function uiStartData(): Promise<UiStartData> {
  return inlineSafe({
    preferences: await loadPreferences(),
    selection: selectedIcons(),
    iconsInSelection: iconsInSelection(),
    fileColors: await startColors(),
    openSelection: figma.command === SWAP_COMMAND,
    selectionNote: unavailableNote()
  })
}
