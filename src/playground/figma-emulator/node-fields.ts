/**
 * A node's own fields, as the emulator compares them: undo checkpoints and restores them (undo.ts),
 * and rescale tells by them what it changed (scene-node.ts). A changed field is reported as the property a
 * plugin sees change (https://developers.figma.com/docs/plugins/api/DocumentChange/).
 */
export type Fields = Record<string, unknown>

/** The node's own fields but `except`, lists and maps copied, since some change in place (a container's children, plugin data). */
export function copyFields(node: object, except: ReadonlySet<string> = new Set()): Fields {
  const fields: Fields = {}
  for (const [key, value] of Object.entries(node)) {
    if (except.has(key)) continue
    fields[key] = Array.isArray(value) ? [...(value as unknown[])] : value instanceof Map ? new Map(value) : value
  }
  return fields
}

function sameValue(a: unknown, b: unknown): boolean {
  if (Array.isArray(a) && Array.isArray(b)) return a.length === b.length && a.every((each, index) => each === b[index])
  if (a instanceof Map && b instanceof Map) return a.size === b.size && [...a].every(([key, value]) => b.get(key) === value)
  return a === b
}

/** The names of the fields whose values differ between now and `fields`, taken earlier. */
export function changedFields(node: object, fields: Fields): string[] {
  const now = node as Fields
  return Object.keys(fields).filter((key) => !sameValue(now[key], fields[key]))
}

/**
 * The plain properties whose setters report their change (reportedFields in scene-node.ts), each held in
 * the field of its name with `_` before it; filled as the node classes are defined.
 */
export const REPORTED_PROPERTIES = new Set<NodeChangeProperty>()

/** The property a reported field holds (`_strokeCap`: strokeCap), if it holds one. */
export function reportedPropertyOf(field: string): NodeChangeProperty | undefined {
  const property = field.slice(1) as NodeChangeProperty
  return field.startsWith('_') && REPORTED_PROPERTIES.has(property) ? property : undefined
}

/** Node fields (as the node classes name them) that hold a property a plugin can see change, and which property; reported fields besides. */
const FIELD_PROPERTIES: Record<string, NodeChangeProperty> = {
  _name: 'name',
  _visible: 'visible',
  _locked: 'locked',
  _x: 'x',
  _y: 'y',
  _width: 'width',
  _height: 'height',
  _opacity: 'opacity',
  _layoutPositioning: 'layoutPositioning',
  _vectorPaths: 'vectorNetwork',
  _fills: 'fills',
  _strokes: 'strokes',
  _strokeWeight: 'strokeWeight',
  _fillStyleId: 'fillStyleId',
  _strokeStyleId: 'strokeStyleId',
  owner: 'parent',
  pluginData: 'pluginData',
  sharedPluginData: 'pluginData',
  _layoutMode: 'layoutMode',
  _layoutWrap: 'layoutWrap',
  _counterAxisAlignContent: 'counterAxisAlignContent',
  _counterAxisSpacing: 'counterAxisSpacing',
  _gridAutoTracks: 'gridAutoTracks',
  _gridItemsPositioning: 'gridItemsPositioning'
}

/** The properties behind changed fields, as a PROPERTY_CHANGE lists them; bookkeeping fields have none. */
export function propertiesOfFields(fields: readonly string[]): NodeChangeProperty[] {
  return [...new Set(fields.flatMap((field) => FIELD_PROPERTIES[field] ?? reportedPropertyOf(field) ?? []))]
}
