/**
 * Local paint styles and what binds a node's paints to a style or a variable: the `PaintBinder`
 * the node tree asks for what its fills and strokes show.
 *
 * Rules, with their reference pages:
 * - `figma.createPaintStyle()` makes a local style with no paints; `getLocalPaintStylesAsync()`
 *   lists them; the sync `getLocalPaintStyles` and `getStyleById` throw under dynamic-page
 *   (https://developers.figma.com/docs/plugins/api/properties/figma-createpaintstyle/,
 *   https://developers.figma.com/docs/plugins/api/properties/figma-getlocalpaintstylesasync/,
 *   https://developers.figma.com/docs/plugins/migrating-to-dynamic-loading/).
 * - A node bound to a style shows the style's paints, and follows them when they change; setting
 *   `fills` directly detaches it (https://developers.figma.com/docs/plugins/api/node-properties/#fillstyleid).
 * - Under dynamic-page `fillStyleId`/`strokeStyleId` are read-only: "Use setFillStyleIdAsync"
 *   (https://developers.figma.com/docs/plugins/api/node-properties/#setfillstyleidasync), and an
 *   id that is no paint style is refused.
 * - Changes to styles reach the plugin as `stylechange` (STYLE_CREATE, STYLE_PROPERTY_CHANGE,
 *   STYLE_DELETE) (https://developers.figma.com/docs/plugins/api/properties/figma-on/#stylechange).
 */
import type { VariableStore } from './variables'

export class EmulatedPaintStyle implements Pick<PaintStyle, 'id' | 'type' | 'name' | 'description' | 'remote' | 'paints' | 'remove'> {
  readonly type = 'PAINT'
  readonly remote = false
  description = ''
  private _name = ''
  private _paints: ReadonlyArray<Paint> = []

  constructor(
    readonly id: string,
    private readonly store: { changed(style: EmulatedPaintStyle, type: StyleChange['type'], properties?: StyleChangeProperty[]): void }
  ) {}

  get name(): string {
    return this._name
  }
  set name(value: string) {
    this._name = String(value)
    this.store.changed(this, 'STYLE_PROPERTY_CHANGE', ['name'])
  }
  get paints(): ReadonlyArray<Paint> {
    return this._paints
  }
  set paints(value: ReadonlyArray<Paint>) {
    this._paints = value.map((paint) => ({ ...paint }))
    this.store.changed(this, 'STYLE_PROPERTY_CHANGE', ['paint'])
  }
  removed = false
  remove(): void {
    this.removed = true
    this.store.changed(this, 'STYLE_DELETE')
  }
}

/** What a node's paints depend on beyond themselves: styles, variables and the page's modes. */
export interface PaintBinder {
  /** What a node's fills or strokes show: its style's paints when bound, bound colours resolved for its page. */
  read(node: unknown, own: ReadonlyArray<Paint>, styleId: string): ReadonlyArray<Paint>
  /** The paints of the style a node is being bound to ('' unbinds: none); throws for an unknown id. */
  paintsOfStyle(method: string, styleId: string): ReadonlyArray<Paint> | null
  /** Throws under dynamic-page, where a style id property is read-only. */
  refuseSyncStyleSetter(property: 'fillStyleId' | 'strokeStyleId', instead: string): void
  /** Checks a node's explicit mode for a collection (the object, not its id, under dynamic-page). */
  checkMode(collection: VariableCollection | string, modeId: string): string
  /** The id of a collection whose explicit mode is cleared (the object, not its id, under dynamic-page). */
  collectionToClear(collection: VariableCollection | string): string
}

export interface PaintStyleStore {
  api: Pick<PluginAPI, 'createPaintStyle' | 'getLocalPaintStylesAsync' | 'getLocalPaintStyles' | 'getStyleByIdAsync' | 'getStyleById'>
  binder: PaintBinder
}

export function createPaintStyles(options: {
  dynamicPage: boolean
  variables: VariableStore
  /** Something a bound node shows changed: redraw. */
  changed(): void
  styleChanged(change: StyleChange): void
}): PaintStyleStore {
  const styles = new Map<string, EmulatedPaintStyle>()
  let counter = 1
  const live = () => [...styles.values()].filter((style) => !style.removed)
  const syncRefused = (method: string, instead: string) => {
    if (options.dynamicPage) throw new Error(`in ${method}: Cannot call with documentAccess: dynamic-page. Use figma.${instead} instead`)
  }
  const store = {
    changed(style: EmulatedPaintStyle, type: StyleChange['type'], properties?: StyleChangeProperty[]) {
      if (type === 'STYLE_DELETE') styles.delete(style.id)
      options.changed()
      const change =
        type === 'STYLE_DELETE'
          ? { type, id: style.id, style: null, origin: 'LOCAL' as const }
          : type === 'STYLE_CREATE'
            ? { type, id: style.id, style: style as unknown as PaintStyle, origin: 'LOCAL' as const }
            : { type, id: style.id, style: style as unknown as PaintStyle, properties: properties ?? [], origin: 'LOCAL' as const }
      options.styleChanged(change)
    }
  }

  const binder: PaintBinder = {
    read(node, own, styleId) {
      const paints = styleId === '' ? own : (styles.get(styleId)?.paints ?? own)
      const modes = options.variables.modesOf(node)
      return paints.map((paint) => options.variables.resolvePaint(paint, modes))
    },
    paintsOfStyle(method, styleId) {
      if (typeof styleId !== 'string') throw new Error(`in ${method}: Expected "styleId" to have type string but got ${typeof styleId} instead`)
      if (styleId === '') return null
      const style = styles.get(styleId)
      if (style === undefined) throw new Error(`in ${method}: Invalid style id ${JSON.stringify(styleId)}: there is no paint style with this id`)
      return style.paints
    },
    refuseSyncStyleSetter(property, instead) {
      if (options.dynamicPage) throw new Error(`in set_${property}: Cannot call with documentAccess: dynamic-page. Use node.${instead} instead`)
    },
    checkMode(collection, modeId) {
      if (typeof collection === 'string') {
        syncRefused('setExplicitVariableModeForCollection', 'setExplicitVariableModeForCollection(collection, modeId) with the collection object')
      }
      const found = options.variables.collection(typeof collection === 'string' ? collection : collection.id)
      if (found === undefined) throw new Error('in setExplicitVariableModeForCollection: The collection does not exist')
      if (!found.hasMode(modeId)) throw new Error(`in setExplicitVariableModeForCollection: Mode ${modeId} is not in ${found.name}`)
      return found.id
    },
    collectionToClear(collection) {
      if (typeof collection !== 'string') return collection.id
      syncRefused('clearExplicitVariableModeForCollection', 'clearExplicitVariableModeForCollection(collection) with the collection object')
      return collection
    }
  }

  return {
    binder,
    api: {
      createPaintStyle() {
        const style = new EmulatedPaintStyle(`S:${(counter++).toString(16).padStart(8, '0')},`, store)
        styles.set(style.id, style)
        store.changed(style, 'STYLE_CREATE')
        return style as unknown as PaintStyle
      },
      async getLocalPaintStylesAsync() {
        return live() as unknown as PaintStyle[]
      },
      getLocalPaintStyles() {
        syncRefused('getLocalPaintStyles', 'getLocalPaintStylesAsync()')
        return live() as unknown as PaintStyle[]
      },
      async getStyleByIdAsync(id: string) {
        return (styles.get(id) ?? null) as unknown as BaseStyle | null
      },
      getStyleById(id: string) {
        syncRefused('getStyleById', 'getStyleByIdAsync()')
        return (styles.get(id) ?? null) as unknown as BaseStyle | null
      }
    }
  }
}
