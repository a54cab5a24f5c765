/**
 * "Insert icon" from Figma's Quick Actions, without the plugin window: the designer types a query,
 * picks one of the catalogue's suggestions (named with the set's and style's names, as the window
 * shows them; before anything is typed, the recent icons), and the icon lands as an insert from the
 * toolbar would, at the remembered size, colour (or file colour) and stroke width.
 *
 * While the designer types, the plugin is in query mode: it may search the network but must not
 * touch the document (https://developers.figma.com/docs/plugins/plugin-parameters/). Each
 * keystroke is an `input` event whose `result` takes the suggestions, an error, or a loading
 * message (https://developers.figma.com/docs/plugins/api/figma-parameters/); Enter fires `run`
 * with the chosen suggestion's data. The insert is one undo step and all or nothing: whatever
 * fails, the designer gets a notification and the plugin closes with no node left behind.
 */
import type { IconSummary } from '../../api/catalogue-schemas'
import { iconKey } from '../../api/icon-key'
import { messageOf } from '../../api/message-of'
import type { ColorBinding, Preferences, RecentIcon } from '../../api/plugin-protocol'
import { insertedLook, renderPayload, strokesIn } from '../shared/icon-payloads'
import { insertedMessage } from '../shared/insert-message'
import { withRecent } from '../shared/recent-list'
import { createMainCatalogue, mainCatalogueUrl, type MainCatalogue } from './catalogue-fetch'
import { catalogueNames, type CatalogueNames } from './catalogue-names'
import { bindIconColor, fileColors } from './file-colors'
import { iconMaker } from './icon-components'
import { insertForSelection } from './insert-icon'
import { notify } from './notify'
import { loadPreferences, savePreferences } from './preferences'
import { asUndoStep } from './undo-step'

/** The parameter's key in package.json's "figma-plugin" menu. */
export const ICON_PARAMETER = 'icon'
const SUGGESTIONS = 12

/** What a suggestion carries back as the parameter's value. */
interface ChosenIcon {
  iconset: string
  slug: string
}

function isChosenIcon(value: unknown): value is ChosenIcon {
  if (typeof value !== 'object' || value === null) return false
  const { iconset, slug } = value as Record<string, unknown>
  return typeof iconset === 'string' && typeof slug === 'string' && iconset !== '' && slug !== ''
}

function suggestion(icon: IconSummary, names: CatalogueNames) {
  return {
    name: `${icon.name} · ${names.iconset(icon.iconset)} · ${names.style(icon.style)}`,
    data: { iconset: icon.iconset, slug: icon.slug } satisfies ChosenIcon,
    ...(icon.svg === undefined ? {} : { icon: icon.svg })
  }
}

/** Named as a typed suggestion is, with its style where the list kept it (entries stored before it did not). */
function recentSuggestion(icon: RecentIcon, names: CatalogueNames) {
  const style = icon.style === undefined ? '' : ` · ${names.style(icon.style)}`
  return { name: `${icon.name} · ${names.iconset(icon.iconset)}${style}`, data: { iconset: icon.iconset, slug: icon.icon } satisfies ChosenIcon }
}

/** Before anything is typed, the icons the designer placed last, newest first (kept in clientStorage). */
async function suggestRecent(names: () => Promise<CatalogueNames>, result: SuggestionResults): Promise<void> {
  const { recent } = await loadPreferences()
  if (recent.length === 0) {
    result.setSuggestions([])
    return
  }
  const named = await names()
  result.setSuggestions(recent.map((icon) => recentSuggestion(icon, named)))
}

async function suggest(catalogue: MainCatalogue, names: () => Promise<CatalogueNames>, { query, result }: ParameterInputEvent): Promise<void> {
  const text = query.trim()
  if (text === '') return suggestRecent(names, result)
  result.setLoadingMessage('Searching the Icon Catalogue…')
  try {
    const [found, named] = await Promise.all([catalogue.search(text, SUGGESTIONS), names()])
    result.setSuggestions(found.icons.map((icon) => suggestion(icon, named)))
  } catch (error) {
    result.setError(messageOf(error))
  }
}

/** The colour to draw in: the remembered file colour's value now, or the hex when the file has no such colour. */
async function lookOf(preferences: Preferences): Promise<{ color: string; binding?: ColorBinding }> {
  const chosen = preferences.colorBinding
  if (chosen === null) return { color: preferences.color }
  const found = (await fileColors()).find((color) => color.kind === chosen.kind && color.id === chosen.id)
  return found === undefined ? { color: preferences.color } : { color: found.color, binding: chosen }
}

async function insertChosen(catalogue: MainCatalogue, chosen: ChosenIcon): Promise<string> {
  const preferences = await loadPreferences()
  const [detail, look, strokes] = await Promise.all([
    catalogue.icon(chosen.iconset, chosen.slug),
    lookOf(preferences),
    preferences.strokeWidth === null ? Promise.resolve(null) : catalogue.iconsets()
  ])
  const stroked = strokesIn(strokes)
  const payload = await renderPayload(catalogue, detail, insertedLook({ size: preferences.size, strokeWidth: preferences.strokeWidth, ...look }, detail, stroked))
  // Everything is fetched before the document changes, so a failure so far leaves nothing to undo.
  const placed = await asUndoStep(async () => {
    const nodes = await insertForSelection(payload, figma.currentPage.selection, null, iconMaker(preferences.asComponent))
    await bindIconColor(nodes, payload.icon)
    return nodes.length
  })
  // The icon is in: storage that cannot be written only costs the recent list its newest entry.
  await savePreferences({ ...preferences, recent: withRecent(preferences.recent, { iconset: detail.iconset, icon: payload.icon.icon, name: detail.name, style: payload.icon.style }) }).catch(
    () => undefined
  )
  return insertedMessage(detail.name, preferences.size, placed)
}

export default function (): void {
  const catalogue = createMainCatalogue(mainCatalogueUrl())
  const names = catalogueNames(catalogue)
  figma.parameters.on('input', (event) => void suggest(catalogue, names, event))
  figma.on('run', ({ parameters }: RunEvent) => {
    const chosen: unknown = parameters?.[ICON_PARAMETER]
    if (!isChosenIcon(chosen)) {
      figma.closePlugin('Choose an icon from the suggestions to insert it.')
      return
    }
    insertChosen(catalogue, chosen).then(
      (message) => figma.closePlugin(message),
      (error: unknown) => {
        notify(`Could not insert ${iconKey(chosen.iconset, chosen.slug)}: ${messageOf(error)}`, { error: true })
        figma.closePlugin()
      }
    )
  })
}
