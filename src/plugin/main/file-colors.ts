/**
 * The file's own colours, and binding an icon to one. An icon bound to a paint style or a colour
 * variable follows it: editing the style, or switching the variable's mode (a theme), recolours
 * the icon with no help from the plugin.
 *
 * Only the paints drawn in the icon's colour (what the catalogue renders for currentColor) are
 * bound: a multicolour icon's own colours stay. A style replaces a layer's whole fills or strokes
 * (https://developers.figma.com/docs/plugins/api/node-properties/#setfillstyleidasync), so it binds
 * only a layer whose visible paints are all the icon's colour at full opacity; a variable binds
 * each such paint and keeps its opacity
 * (https://developers.figma.com/docs/plugins/api/properties/figma-variables-setboundvariableforpaint/).
 * Under dynamic-page the style ids are read-only and set with the async setters
 * (https://developers.figma.com/docs/plugins/migrating-to-dynamic-loading/).
 */
import { messageOf } from '../../api/message-of'
import type { ColorBinding, FileColor, PlacedIcon } from '../../api/plugin-protocol'
import { drawingPaintedLayers, hexOf, paintListsOf } from './painted-layers'
import { insertionParent } from './place-node'
import { solidIn } from './recolor'

const MAX_ALIAS_DEPTH = 16

export function isColorBinding(value: unknown): value is ColorBinding {
  if (typeof value !== 'object' || value === null) return false
  const { kind, id } = value as Record<string, unknown>
  return (kind === 'style' || kind === 'variable') && typeof id === 'string' && id !== ''
}

function isAlias(value: VariableValue | undefined): value is VariableAlias {
  return typeof value === 'object' && value !== null && 'type' in value && value.type === 'VARIABLE_ALIAS'
}

function isRgb(value: VariableValue | undefined): value is RGB | RGBA {
  return typeof value === 'object' && value !== null && 'r' in value
}

/**
 * A colour variable's value where the next icon goes: in the modes of `container`, the one the
 * selection puts it in (insertionParent: the frame selected, or the one holding the icon selected),
 * which a frame may choose apart from its page
 * (https://developers.figma.com/docs/plugins/api/properties/Variable-resolveforconsumer/); null
 * when it goes on the current page, whose mode it then takes.
 */
async function valueWhereIconsGo(variable: Variable, collections: ReadonlyMap<string, VariableCollection>, container: SceneNode | null): Promise<RGB | null> {
  if (container === null) return valueOnPage(variable, collections)
  try {
    const { value } = variable.resolveForConsumer(container)
    return isRgb(value) ? value : null
  } catch {
    // A value the node cannot resolve (an alias to a variable gone) is left out, as on the page.
    return null
  }
}

/**
 * A colour variable's value on the current page: the page's explicit mode for its collection, else
 * the collection's default, following aliases (https://developers.figma.com/docs/plugins/api/Variable/#valuesbymode).
 */
async function valueOnPage(variable: Variable, collections: ReadonlyMap<string, VariableCollection>): Promise<RGB | null> {
  const modes = figma.currentPage.explicitVariableModes
  let current: Variable | null = variable
  for (let depth = 0; current !== null && depth < MAX_ALIAS_DEPTH; depth++) {
    const collection = collections.get(current.variableCollectionId)
    if (collection === undefined) return null
    const value: VariableValue | undefined = current.valuesByMode[modes[collection.id] ?? collection.defaultModeId]
    if (isRgb(value)) return value
    if (!isAlias(value)) return null
    current = await figma.variables.getVariableByIdAsync(value.id)
  }
  return null
}

/** What the designer is told when the file's colours cannot be read. */
export function unreadableColors(error: unknown): string {
  return `Could not read this file's colours: ${messageOf(error)}`
}

/**
 * The scopes whose variables Figma's own colour picker offers for an icon's paints: the fills of its
 * vector layers and their strokes. A variable scoped to text or frame fills only is left out, as the
 * picker leaves it out (Variable.scopes in the typings).
 */
const ICON_PAINT_SCOPES: ReadonlySet<VariableScope> = new Set(['ALL_SCOPES', 'ALL_FILLS', 'SHAPE_FILL', 'STROKE_COLOR'])

/** The file's solid paint styles and colour variables whose scopes reach an icon's paints, as the toolbar lists them, each variable in its value where the next icon goes. */
export async function fileColors(): Promise<FileColor[]> {
  const styles = (await figma.getLocalPaintStylesAsync()).flatMap((style): FileColor[] => {
    const visible = style.paints.filter((paint) => paint.visible !== false)
    const [paint] = visible
    if (visible.length !== 1 || paint?.type !== 'SOLID') return []
    return [{ kind: 'style', id: style.id, name: style.name, collection: '', color: hexOf(paint.color) }]
  })
  const collections = new Map((await figma.variables.getLocalVariableCollectionsAsync()).map((collection) => [collection.id, collection]))
  const variables: FileColor[] = []
  const container = insertionParent(figma.currentPage.selection)
  for (const variable of await figma.variables.getLocalVariablesAsync('COLOR')) {
    if (!variable.scopes.some((scope) => ICON_PAINT_SCOPES.has(scope))) continue
    const value = await valueWhereIconsGo(variable, collections, container)
    const collection = collections.get(variable.variableCollectionId)
    if (value === null || collection === undefined) continue
    variables.push({ kind: 'variable', id: variable.id, name: variable.name, collection: collection.name, color: hexOf(value) })
  }
  const byName = (a: FileColor, b: FileColor) => a.collection.localeCompare(b.collection) || a.name.localeCompare(b.name)
  return [...styles.sort(byName), ...variables.sort(byName)]
}

type Target = { kind: 'style'; style: BaseStyle } | { kind: 'variable'; variable: Variable }

/** The style or variable a binding names, or a clear error when the file no longer has it. */
export async function bindingTarget(binding: ColorBinding): Promise<Target> {
  if (binding.kind === 'style') {
    const style = await figma.getStyleByIdAsync(binding.id)
    if (style === null || style.type !== 'PAINT') throw new Error('The colour style chosen in the toolbar is no longer in this file. Choose another colour.')
    return { kind: 'style', style }
  }
  const variable = await figma.variables.getVariableByIdAsync(binding.id)
  if (variable === null || variable.resolvedType !== 'COLOR') {
    throw new Error('The colour variable chosen in the toolbar is no longer in this file. Choose another colour.')
  }
  return { kind: 'variable', variable }
}

/** Binds the icon's paints in its colour to its binding's style or variable; an icon without one is left as drawn. */
export async function bindIconColor(nodes: readonly SceneNode[], icon: Pick<PlacedIcon, 'binding' | 'color'>): Promise<void> {
  if (icon.binding === undefined) return
  const target = await bindingTarget(icon.binding)
  // An instance's paints are its own overrides (instance-look.ts), bound like a loose icon's.
  for (const node of nodes) {
    for (const layer of drawingPaintedLayers(node)) {
      for (const [field, list] of paintListsOf(layer)) {
        if (list.length === 0) continue
        if (target.kind === 'variable') {
          if (!list.some((paint) => solidIn(paint, icon.color))) continue
          layer[field] = list.map((paint) => (solidIn(paint, icon.color) ? figma.variables.setBoundVariableForPaint(paint, 'color', target.variable) : paint))
          continue
        }
        const visible = list.filter((paint) => paint.visible !== false)
        if (visible.length === 0 || !visible.every((paint) => solidIn(paint, icon.color) && (paint.opacity ?? 1) === 1)) continue
        if (field === 'fills') await layer.setFillStyleIdAsync(target.style.id)
        else await layer.setStrokeStyleIdAsync(target.style.id)
      }
    }
  }
}

/**
 * The one file colour an icon's painted layers are bound to, read from the canvas (the designer
 * may have detached or rebound it since), or undefined when none or several.
 */
export function drawnBinding(node: SceneNode): ColorBinding | undefined {
  const found = new Map<string, ColorBinding>()
  for (const layer of drawingPaintedLayers(node)) {
    for (const styleId of [layer.fillStyleId, layer.strokeStyleId]) {
      if (typeof styleId === 'string' && styleId !== '') found.set(`style:${styleId}`, { kind: 'style', id: styleId })
    }
    for (const list of [layer.fills, layer.strokes]) {
      if (!Array.isArray(list)) continue
      for (const paint of list as readonly Paint[]) {
        const alias = paint.type === 'SOLID' ? paint.boundVariables?.color : undefined
        if (alias !== undefined) found.set(`variable:${alias.id}`, { kind: 'variable', id: alias.id })
      }
    }
  }
  return found.size === 1 ? [...found.values()][0] : undefined
}
