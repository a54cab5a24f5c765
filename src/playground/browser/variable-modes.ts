/**
 * The designer's variable mode switch: one menu per local collection with more than one mode,
 * setting the current page's explicit mode as Figma's page panel does
 * (https://developers.figma.com/docs/plugins/api/node-properties/#setexplicitvariablemodeforcollection).
 * Icons bound to a variable recolour at once.
 */
import type { FigmaEmulator } from '../figma-emulator/emulator'

export async function attachVariableModes(container: HTMLElement, emulator: FigmaEmulator): Promise<void> {
  const collections = await emulator.variables.getLocalVariableCollectionsAsync()
  for (const collection of collections.filter((each) => each.modes.length > 1)) {
    const label = document.createElement('label')
    label.textContent = `${collection.name} mode `
    const select = document.createElement('select')
    for (const mode of collection.modes) select.append(new Option(mode.name, mode.modeId))
    select.value = emulator.page.explicitVariableModes[collection.id] ?? collection.defaultModeId
    select.addEventListener('change', () => emulator.page.setExplicitVariableModeForCollection(collection, select.value))
    label.append(select)
    container.append(label)
  }
}
