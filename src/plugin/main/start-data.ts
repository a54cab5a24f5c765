/**
 * What the UI starts with. create-figma-plugin's showUI inlines this data as JSON in a <script>
 * element, and JSON.stringify leaves `<` as is, so a stored query such as `</script>` would end
 * that script early and the rest would run as markup. No query, slug or icon name needs `<`
 * (the catalogue's search ignores it), so it is dropped from every string before showUI.
 */
import type { UiStartData } from '../../api/plugin-protocol'
import { fileColors } from './file-colors'
import { loadPreferences } from './preferences'
import { iconsInSelection, selectedIcons } from './selected-icons'

function inlineSafe<T>(value: T): T {
  if (typeof value === 'string') return value.replace(/</g, '') as T
  if (Array.isArray(value)) return value.map(inlineSafe) as T
  if (typeof value === 'object' && value !== null) {
    return Object.fromEntries(Object.entries(value).map(([key, field]) => [key, inlineSafe(field)])) as T
  }
  return value
}

export async function uiStartData(): Promise<UiStartData> {
  return inlineSafe({ preferences: await loadPreferences(), selection: selectedIcons(), iconsInSelection: iconsInSelection(), fileColors: await fileColors() })
}
