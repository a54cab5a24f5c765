/**
 * The emulated node tree. Each class implements the fields of the real node type the plugin uses
 * (checked against @figma/plugin-typings through `implements Pick<…>`), with Figma's geometry rules:
 * x/y are relative to the parent's coordinate space, and a group has none of its own, so its
 * children's x/y are in the group's parent's space and its bounds follow its children.
 * Auto-layout frames place their children (auto-layout.ts computes where); rescale scales sizes, positions, paths
 * and the lengths of each node's look (stroke weights, padding, gaps), which a resize keeps.
 * Getters hand out frozen copies and setters check their values' types, as Figma's do (api-values.ts).
 */
import svgpath from 'svgpath'
import { checkedPaints, expectNumber, expectOneOf, expectType, frozenCopy, frozenList } from './api-values'
import { childrenIndexOf, insertionIndexAt, layoutChildren, type AutoLayoutSettings } from './auto-layout'
import {
  alignIn,
  autoFlow,
  columnsNeeded,
  firstFreeCells,
  layTracks,
  NEW_TRACK,
  occupiedRows,
  overlaps,
  rowsNeeded,
  spanBox,
  trackAt,
  TRACK_TYPES,
  withinGrid,
  type Cell,
  type GridArea,
  type Spans,
  type TrackSize,
  type Tracks
} from './grid-layout'
import { changedFields, copyFields, propertiesOfFields, REPORTED_PROPERTIES } from './node-fields'
import type { PaintBinder } from './paint-styles'
import { toFigmaPathData } from './svg-import'

/** The types of nodes that sit on a page. */
export type ShapeType = 'VECTOR' | 'RECTANGLE' | 'ELLIPSE' | 'LINE' | 'POLYGON' | 'STAR'
export type SceneNodeType = 'FRAME' | 'GROUP' | 'BOOLEAN_OPERATION' | 'COMPONENT' | 'INSTANCE' | 'SLOT' | 'SECTION' | 'TEXT' | ShapeType
export type EmulatedNodeType = 'DOCUMENT' | 'PAGE' | SceneNodeType

/** What nodes need from the document that owns them. */
export interface NodeRegistry {
  nextId(): string
  /** A node was made (reported as CREATE if it is the top of what was made). */
  register(node: EmulatedNode): void
  unregister(node: EmulatedNode): void
  /**
   * Something changed: with a node, something in it, which instances of a component it is part of
   * follow (components.ts); with properties too, a PROPERTY_CHANGE for documentchange/nodechange.
   */
  changed(node?: EmulatedNode, properties?: NodeChangeProperty[]): void
  /** A node was removed on purpose (reported as DELETE). */
  deleted(node: EmulatedNode): void
  /** Puts a node just made onto the current page, where Figma's create calls put theirs. */
  addToCurrentPage(node: EmulatedSceneNode): void
  /** The running plugin's manifest id, which owns its private plugin data. */
  pluginId(): string
  /** A node moved: a page's selection may no longer hold it (EmulatedPage.pruneSelection). */
  moved(): void
  /** A page's selection changed (the current page's is told as `selectionchange`). */
  selectionChanged(page: EmulatedPage): void
  /** The page the designer is on. */
  currentPage(): EmulatedPage
  /** Runs `work` with no instance following its component meanwhile (components.ts, ComponentRules.holding). */
  holdingInstances<T>(work: () => T): T
  /** Styles and variables a shape's paints are bound to (paint-styles.ts, variables.ts). */
  paints: PaintBinder
}

type PluginDataFields =
  | 'setPluginData'
  | 'getPluginData'
  | 'getPluginDataKeys'
  | 'setSharedPluginData'
  | 'getSharedPluginData'
  | 'getSharedPluginDataKeys'
  | 'setRelaunchData'
  | 'getRelaunchData'

const MAX_RELAUNCH_DESCRIPTION = 1000

/** A white fill: a new frame's, and a new section's (sections.ts). Frozen, as it is shared until a setter replaces it. */
export const WHITE_BACKGROUND: ReadonlyArray<Paint> = frozenCopy([{ type: 'SOLID', color: { r: 1, g: 1, b: 1 }, opacity: 1, visible: true, blendMode: 'NORMAL' }])

/** One flat map for every owner's entries, so copies of it are copies of the data. */
const entryKey = (owner: string, key: string): string => `${owner}\u0000${key}`

/**
 * "The total size of your entry (`pluginId`, `key`, `value`) cannot exceed 100 kB", and of a shared
 * one (`namespace`, `key`, `value`) likewise (PluginDataMixin.setPluginData and setSharedPluginData in
 * the typings). Since May 2025 Figma does not save a larger entry and shows an error (Figma's notice
 * quoted in https://github.com/tolgee/figma-plugin/issues/56). Its text is not published: the
 * message is the emulator's. Sizes are UTF-8 bytes, and a kB 1000 of them, the stricter reading.
 */
const PLUGIN_DATA_ENTRY_LIMIT_BYTES = 100_000
const utf8 = new TextEncoder()

/** `owner` is the plugin id of a private entry, the namespace of a shared one. */
function refuseLargeEntry(method: 'setPluginData' | 'setSharedPluginData', owner: string, key: string, value: string): void {
  const size = utf8.encode(owner + String(key) + value).byteLength
  if (size > PLUGIN_DATA_ENTRY_LIMIT_BYTES) {
    const parts = method === 'setPluginData' ? 'plugin id, key and value' : 'namespace, key and value'
    throw new Error(`in ${method}: The total size of an entry (${parts}) cannot exceed 100 kB; this one is ${size} bytes`)
  }
}

function requireString(method: string, name: string, value: unknown): void {
  // Figma's type-error pattern (https://developers.figma.com/docs/plugins/api/api-errors/).
  if (typeof value !== 'string') throw new Error(`in ${method}: Expected "${name}" to have type string but got ${typeof value} instead`)
}
type GeometryFields = 'x' | 'y' | 'width' | 'height' | 'resize' | 'rescale' | 'absoluteTransform' | 'absoluteBoundingBox'

export abstract class EmulatedNode implements Pick<FrameNode, 'id' | 'name' | 'removed' | 'visible' | 'locked' | PluginDataFields> {
  private readonly _id: string
  abstract readonly type: EmulatedNodeType
  /**
   * The container holding the node, for the emulator's own bookkeeping, which reads it on a removed
   * node too; a plugin reads `parent`, which Figma refuses on a removed node and never lets it write.
   */
  owner: EmulatedContainer | null = null
  protected registry: NodeRegistry
  private _visible = true
  private _locked = false
  private _name: string
  private _removed = false
  /** Private entries by plugin id, and shared ones by namespace (PluginDataMixin). */
  private readonly pluginData = new Map<string, string>()
  private readonly sharedPluginData = new Map<string, string>()
  private relaunchData: Record<string, string> = {}
  /**
   * For an instance, its main component; for an instance's sublayer, the component's layer it
   * mirrors. Plugin data not set on the node itself is read from it (components.ts).
   */
  counterpart: EmulatedNode | null = null

  constructor(registry: NodeRegistry, name: string, id = registry.nextId()) {
    this.registry = registry
    this._id = id
    this._name = name
    registry.register(this)
  }

  get name(): string {
    this.alive('get_name')
    return this._name
  }
  set name(value: string) {
    this.alive('set_name')
    expectType('set_name', 'name', value, 'string')
    this._name = value
    this.registry.changed(this, ['name'])
  }

  get visible(): boolean {
    this.alive('get_visible')
    return this._visible
  }
  set visible(value: boolean) {
    this.alive('set_visible')
    expectType('set_visible', 'visible', value, 'boolean')
    this._visible = value
    this.layoutChanged(['visible'])
  }

  /** Locks the node against the designer only; plugins still write to it (SceneNodeMixin.locked). */
  get locked(): boolean {
    this.alive('get_locked')
    return this._locked
  }
  set locked(value: boolean) {
    this.alive('set_locked')
    expectType('set_locked', 'locked', value, 'boolean')
    this._locked = value
    this.registry.changed(this, ['locked'])
  }

  /** A change that can move things in an auto-layout parent. */
  protected layoutChanged(properties: NodeChangeProperty[]): void {
    this.registry.changed(this, properties)
  }

  /** A held sublayer of an instance may have gone with its component's layer since it was last read. */
  get removed(): boolean {
    this.refresh()
    return this._removed
  }

  /**
   * Whether the node is marked removed, read without bringing it up to date. The emulator's own
   * bookkeeping (undo, the change log, the selection, a component's instances) reads this: it runs
   * while the document is half restored or being reported, where an instance following its
   * component would read layers not yet brought back.
   */
  get markedRemoved(): boolean {
    return this._removed
  }

  /**
   * Brings the node up to date before it is read or written. An instance follows its main component
   * (components.ts); a sublayer of one, which mirrors a layer of the component (its counterpart), asks
   * its instance, so one the plugin held on to reads the component as it is now, not as it was.
   */
  protected refresh(): void {
    if (this.counterpart !== null) this.owner?.refresh()
  }

  /**
   * Throws like Figma when a removed node is used: `in get_parent: The node with id "1:91" does not
   * exist` (observed: github.com/react-figma/react-figma/issues/87). The getters and setters of a
   * node's properties and its methods start here, so here the node is brought up to date first: the
   * update may be what removed it. The plain fields `id` and `type` do not, and stay readable on a
   * removed node; nor do getRelaunchData and absolutePosition (whose reads of x and y do).
   */
  // Getters alone: Figma never lets a plugin write a node's id, type or parent (readonly in the typings).
  get id(): string {
    return this._id
  }

  get parent(): EmulatedContainer | EmulatedDocument | null {
    this.alive('get_parent')
    return this.owner
  }

  protected alive(member: string): void {
    this.refresh()
    if (this._removed) throw new Error(`in ${member}: The node with id ${JSON.stringify(this.id)} does not exist`)
  }

  /**
   * Whether Figma lets the node be deleted: not a layer of an instance, which its main component
   * decides, though a slot of one is the designer's (observed: github.com/DWilliames/google-sheets-sync-figma/issues/104).
   */
  get deletable(): boolean {
    return !(this.owner?.isInInstance() === true && (this.type as string) !== 'SLOT')
  }

  remove(): void {
    this.alive('remove')
    // Figma's message for a layer it will not let a plugin delete (https://developers.figma.com/docs/plugins/api/api-errors).
    if (!this.deletable) throw new Error('in remove: Removing this node is not allowed')
    // Reported while the node still knows its page.
    this.registry.deleted(this)
    this.owner?.detach(this)
    this.markRemoved()
  }

  protected markRemoved(): void {
    this._removed = true
    this.registry.unregister(this)
  }

  /** Private to the plugin id: another id (a published copy) reads nothing (PluginDataMixin.setPluginData). */
  setPluginData(key: string, value: string): void {
    this.alive('setPluginData')
    requireString('setPluginData', 'value', value)
    refuseLargeEntry('setPluginData', this.registry.pluginId(), key, value)
    const entry = entryKey(this.registry.pluginId(), key)
    if (value === '') this.pluginData.delete(entry)
    else this.pluginData.set(entry, value)
    this.registry.changed(this, ['pluginData'])
  }
  getPluginData(key: string): string {
    this.alive('getPluginData')
    return this.entry('pluginData', entryKey(this.registry.pluginId(), key)) ?? ''
  }
  getPluginDataKeys(): string[] {
    this.alive('getPluginDataKeys')
    const prefix = entryKey(this.registry.pluginId(), '')
    return this.entryKeys('pluginData')
      .filter((entry) => entry.startsWith(prefix))
      .map((entry) => entry.slice(prefix.length))
  }

  /**
   * Readable by every plugin; "namespace must be at least 3 alphanumeric characters"
   * (https://developers.figma.com/docs/plugins/api/node-properties/#setsharedplugindata; the
   * emulator's wording of the error).
   */
  setSharedPluginData(namespace: string, key: string, value: string): void {
    this.alive('setSharedPluginData')
    if (typeof namespace !== 'string' || !/^[A-Za-z0-9_]{3,}$/.test(namespace)) {
      throw new Error('in setSharedPluginData: The namespace must be at least 3 alphanumeric characters')
    }
    requireString('setSharedPluginData', 'value', value)
    refuseLargeEntry('setSharedPluginData', namespace, key, value)
    const entry = entryKey(namespace, key)
    if (value === '') this.sharedPluginData.delete(entry)
    else this.sharedPluginData.set(entry, value)
    this.registry.changed(this, ['pluginData'])
  }
  getSharedPluginData(namespace: string, key: string): string {
    this.alive('getSharedPluginData')
    return this.entry('sharedPluginData', entryKey(namespace, key)) ?? ''
  }
  getSharedPluginDataKeys(namespace: string): string[] {
    this.alive('getSharedPluginDataKeys')
    const prefix = entryKey(namespace, '')
    return this.entryKeys('sharedPluginData')
      .filter((entry) => entry.startsWith(prefix))
      .map((entry) => entry.slice(prefix.length))
  }
  /**
   * The node's own entry, else its counterpart's: "getPluginData and getSharedPluginData ...
   * inherit from components when accessed from an instance" (Version 1, Update 19,
   * https://developers.figma.com/docs/plugins/updates/page/12/).
   */
  private entry(store: 'pluginData' | 'sharedPluginData', key: string): string | undefined {
    return this[store].get(key) ?? this.counterpart?.entry(store, key)
  }
  private entryKeys(store: 'pluginData' | 'sharedPluginData'): string[] {
    return [...new Set([...this[store].keys(), ...(this.counterpart?.entryKeys(store) ?? [])])]
  }
  /** Every shared namespace with entries, for snapshots. */
  sharedNamespaces(): string[] {
    return [...new Set(this.entryKeys('sharedPluginData').map((entry) => entry.split('\u0000')[0] as string))]
  }
  /**
   * Replaces all previous relaunch data (`{}` clears it); a description over 1000 characters throws
   * (BaseNodeMixin.setRelaunchData in the typings; the wording is the emulator's).
   */
  setRelaunchData(data: { [command: string]: string }): void {
    this.alive('setRelaunchData')
    expectType('setRelaunchData', 'relaunchData', data, 'object')
    for (const [command, description] of Object.entries(data)) {
      expectType('setRelaunchData', `relaunchData.${command}`, description, 'string')
      if (description.length > MAX_RELAUNCH_DESCRIPTION) {
        throw new Error(`in setRelaunchData: The description of ${JSON.stringify(command)} is longer than ${MAX_RELAUNCH_DESCRIPTION} characters`)
      }
    }
    this.relaunchData = { ...data }
    this.registry.changed(this)
  }
  getRelaunchData(): { [command: string]: string } {
    return { ...this.relaunchData }
  }
}

type GridChildFields =
  | 'gridRowAnchorIndex'
  | 'gridColumnAnchorIndex'
  | 'gridRowSpan'
  | 'gridColumnSpan'
  | 'gridChildHorizontalAlign'
  | 'gridChildVerticalAlign'
  | 'setGridChildPosition'

const GRID_ALIGNS = ['MIN', 'CENTER', 'MAX', 'AUTO'] as const
type GridAlign = (typeof GRID_ALIGNS)[number]

/** A node with a position and size on the canvas. */
export abstract class EmulatedSceneNode
  extends EmulatedNode
  implements Pick<FrameNode, GeometryFields | 'resizeWithoutConstraints' | 'opacity' | GridChildFields | 'explicitVariableModes' | 'setExplicitVariableModeForCollection'>
{
  /**
   * The variable mode chosen here per collection (ExplicitVariableModesMixin, on every scene node
   * and page): what this node and what it holds resolve bound paints in, unless a node nearer to
   * them chooses another (emulator.ts, modesOf).
   */
  private _variableModes: Record<string, string> = {}
  get explicitVariableModes(): Record<string, string> {
    this.alive('get_explicitVariableModes')
    return frozenCopy(this._variableModes)
  }
  /** The same, unchecked and shared: what resolving a paint reads. */
  get modesChosenHere(): Readonly<Record<string, string>> {
    return this._variableModes
  }
  setExplicitVariableModeForCollection(collection: VariableCollection | string, modeId: string): void {
    this.alive('setExplicitVariableModeForCollection')
    const id = this.registry.paints.checkMode(collection, modeId)
    this._variableModes = { ...this._variableModes, [id]: modeId }
    this.registry.changed()
  }
  clearExplicitVariableModeForCollection(collection: VariableCollection | string): void {
    this.alive('clearExplicitVariableModeForCollection')
    const id = this.registry.paints.collectionToClear(collection)
    if (!(id in this._variableModes)) return
    const { [id]: _cleared, ...rest } = this._variableModes
    this._variableModes = rest
    this.registry.changed()
  }
  protected _x = 0
  protected _y = 0
  protected _width = 100
  protected _height = 100
  private _layoutPositioning: 'AUTO' | 'ABSOLUTE' = 'AUTO'
  private _opacity = 1
  /** The cell this node is anchored at in its parent's GRID; null outside one (GridChildrenMixin). */
  gridCell: Cell | null = null
  /** Spans stay with the node when it moves, and are the node's own, not its cell's. */
  private _gridRowSpan = 1
  private _gridColumnSpan = 1
  private _gridChildHorizontalAlign: GridAlign = 'AUTO'
  private _gridChildVerticalAlign: GridAlign = 'AUTO'

  /** The grid this node is placed in, if its parent is one. */
  private get grid(): EmulatedFrame | null {
    return this.owner instanceof EmulatedFrame && this.owner.layoutMode === 'GRID' ? this.owner : null
  }
  gridSpans(): Spans {
    return { rowSpan: this._gridRowSpan, columnSpan: this._gridColumnSpan }
  }

  /**
   * Read-only: a child moves with setGridChildPosition. A node in no cell (outside a grid, or an
   * ABSOLUTE child) reads 0, as observed for an absolute grid child
   * (southleft/ds-contracts-poc:docs/research/grid-recon-probes.md, P13); the typings say nothing.
   */
  get gridRowAnchorIndex(): number {
    this.alive('get_gridRowAnchorIndex')
    return this.gridCell?.row ?? 0
  }
  get gridColumnAnchorIndex(): number {
    this.alive('get_gridColumnAnchorIndex')
    return this.gridCell?.column ?? 0
  }

  /**
   * "Must be a positive integer"; in a grid, a span reaching past the last track or over another
   * child throws (GridChildrenMixin.gridRowSpan, nodes-gridrowspan). The texts are the ones
   * observed for columns (grid-recon-probes.md, P3), said of rows likewise.
   */
  get gridRowSpan(): number {
    this.alive('get_gridRowSpan')
    return this._gridRowSpan
  }
  set gridRowSpan(value: number) {
    this.alive('set_gridRowSpan')
    this._gridRowSpan = this.checkedSpan('row', value)
    this.placed([])
  }
  get gridColumnSpan(): number {
    this.alive('get_gridColumnSpan')
    return this._gridColumnSpan
  }
  set gridColumnSpan(value: number) {
    this.alive('set_gridColumnSpan')
    this._gridColumnSpan = this.checkedSpan('column', value)
    this.placed([])
  }
  private checkedSpan(axis: 'row' | 'column', value: number): number {
    const member = axis === 'row' ? 'set_gridRowSpan' : 'set_gridColumnSpan'
    const span = expectNumber(member, axis === 'row' ? 'gridRowSpan' : 'gridColumnSpan', value, 1)
    if (!Number.isInteger(span)) throw new Error(`in ${member}: Expected "${axis === 'row' ? 'gridRowSpan' : 'gridColumnSpan'}" to be an integer`)
    const grid = this.grid
    if (grid === null) return span
    // Whatever its cell, no child of a grid may span more columns than it has: no row could hold it.
    if (axis === 'column') grid.refuseWideSpan(member, span)
    // An ABSOLUTE child holds no cell, and in a ROW_AUTO_FLOW grid the cells follow: rows grow to fit.
    if (this.gridCell === null || grid.gridItemsPositioning === 'ROW_AUTO_FLOW') return span
    const area = { ...this.gridCell, ...this.gridSpans(), [axis === 'row' ? 'rowSpan' : 'columnSpan']: span }
    const Axis = axis === 'row' ? 'Row' : 'Column'
    if (!withinGrid(area, grid.gridRowCount, grid.gridColumnCount)) throw new Error(`in ${member}: ${Axis} span exceeds grid ${axis} count`)
    if (grid.gridAreas(this).some((other) => overlaps(area, other))) {
      throw new Error(`in ${member}: Cannot set child to specified ${axis} span due to existing children in adjacent ${axis}s`)
    }
    return span
  }

  /** MIN, CENTER, MAX or AUTO within the node's cells (GridChildrenMixin.gridChildHorizontalAlign). */
  get gridChildHorizontalAlign(): GridAlign {
    this.alive('get_gridChildHorizontalAlign')
    return this._gridChildHorizontalAlign
  }
  set gridChildHorizontalAlign(value: GridAlign) {
    this.alive('set_gridChildHorizontalAlign')
    this._gridChildHorizontalAlign = expectOneOf('set_gridChildHorizontalAlign', 'gridChildHorizontalAlign', value, GRID_ALIGNS)
    this.placed([])
  }
  get gridChildVerticalAlign(): GridAlign {
    this.alive('get_gridChildVerticalAlign')
    return this._gridChildVerticalAlign
  }
  set gridChildVerticalAlign(value: GridAlign) {
    this.alive('set_gridChildVerticalAlign')
    this._gridChildVerticalAlign = expectOneOf('set_gridChildVerticalAlign', 'gridChildVerticalAlign', value, GRID_ALIGNS)
    this.placed([])
  }
  gridAligns(): { horizontal: GridAlign; vertical: GridAlign } {
    return { horizontal: this._gridChildHorizontalAlign, vertical: this._gridChildVerticalAlign }
  }

  /**
   * Moves the node to another cell of its grid; out of bounds or onto another child throws
   * (https://developers.figma.com/docs/plugins/api/properties/nodes-setgridchildposition/). Figma
   * publishes no texts for those two; ours say which. Observed, and used as is
   * (grid-recon-probes.md, P3 and P5): `Node is not a grid child`, and the refusal in a
   * ROW_AUTO_FLOW grid, which the typings document without its text.
   */
  setGridChildPosition(rowIndex: number, columnIndex: number): void {
    this.alive('setGridChildPosition')
    const grid = this.grid
    if (grid === null || this.layoutPositioning === 'ABSOLUTE') throw new Error('in setGridChildPosition: Node is not a grid child')
    grid.refuseManualPlacement('setGridChildPosition')
    this.gridCell = grid.checkedCell('setGridChildPosition', { row: rowIndex, column: columnIndex }, this)
    this.placed([])
  }

  /** 0 to 1: the api-errors page's own example is `in set_opacity: Expected "opacity" to have type number but got string instead`. */
  get opacity(): number {
    this.alive('get_opacity')
    return this._opacity
  }
  set opacity(value: number) {
    this.alive('set_opacity')
    this._opacity = expectNumber('set_opacity', 'opacity', value, 0, 1)
    this.registry.changed(this, ['opacity'])
  }

  /**
   * "You can't change the order of children in an instance, or their position … `This property
   * cannot be overriden on an instance`" (https://developers.figma.com/docs/plugins/api/api-errors/).
   * That their size cannot be changed either is our reading: the emulator refuses a sublayer's x,
   * y, resize and rescale. A slot is left free, as remove() leaves it: how Figma treats a slot's own
   * geometry is not published. What sits in a slot is the designer's (isInInstance), and the
   * instance itself is a layer of its parent.
   */
  protected refuseGeometryOverride(member: string): void {
    if (this.owner?.isInInstance() === true && (this.type as string) !== 'SLOT') {
      throw new Error(`in ${member}: This property cannot be overriden on an instance`)
    }
  }

  get x(): number {
    this.alive('get_x')
    return this._x
  }
  set x(value: number) {
    this.alive('set_x')
    this.refuseGeometryOverride('set_x')
    this._x = expectNumber('set_x', 'x', value)
    this.placed(['x'])
  }
  get y(): number {
    this.alive('get_y')
    return this._y
  }
  set y(value: number) {
    this.alive('set_y')
    this.refuseGeometryOverride('set_y')
    this._y = expectNumber('set_y', 'y', value)
    this.placed(['y'])
  }

  /** 'ABSOLUTE' takes a child of an auto-layout frame out of the flow (nodes-layoutpositioning). */
  get layoutPositioning(): 'AUTO' | 'ABSOLUTE' {
    this.alive('get_layoutPositioning')
    return this._layoutPositioning
  }
  set layoutPositioning(value: 'AUTO' | 'ABSOLUTE') {
    this.alive('set_layoutPositioning')
    const positioning = expectOneOf('set_layoutPositioning', 'layoutPositioning', value, ['AUTO', 'ABSOLUTE'])
    // Back in a grid's flow, the child needs a row wide enough for its span.
    if (positioning === 'AUTO') this.grid?.refuseWideSpan('set_layoutPositioning', this._gridColumnSpan)
    this._layoutPositioning = positioning
    this.placed(['layoutPositioning'])
  }

  protected override layoutChanged(properties: NodeChangeProperty[]): void {
    this.placed(properties)
  }

  /**
   * Makes plain fields of a class report changes as Figma does for every NodeChangeProperty
   * (https://developers.figma.com/docs/plugins/api/DocumentChange/): each property becomes an
   * accessor that checks the value set, keeps it in `_<property>` and reports it (fieldChanged).
   * The value stays an own field, which undo (undo.ts) checkpoints and an instance's sublayers copy
   * quietly (components.ts), like the fields behind the setters written out above.
   * A class declares each property (`declare strokeCap: StrokeCap`) and initialises its `_` field.
   */
  protected static reportedFields(checks: Partial<Record<NodeChangeProperty, (this: EmulatedSceneNode, member: string, value: unknown) => unknown>>): void {
    for (const [property, check] of Object.entries(checks)) {
      REPORTED_PROPERTIES.add(property as NodeChangeProperty)
      const field = `_${property}`
      Object.defineProperty(this.prototype, property, {
        get(this: EmulatedSceneNode) {
          this.alive(`get_${property}`)
          return (this as unknown as Record<string, unknown>)[field]
        },
        set(this: EmulatedSceneNode, value: unknown) {
          const member = `set_${property}`
          this.alive(member)
          ;(this as unknown as Record<string, unknown>)[field] = check.call(this, member, value)
          this.fieldChanged(property as NodeChangeProperty)
        }
      })
    }
  }
  /** Reports a reported field's change; a frame also lays its children out again (EmulatedFrame). */
  protected fieldChanged(property: NodeChangeProperty): void {
    this.registry.changed(this, [property])
  }
  get width(): number {
    this.alive('get_width')
    return this._width
  }
  get height(): number {
    this.alive('get_height')
    return this._height
  }

  /** Auto-layout owns its children's positions, as in Figma. */
  protected placed(properties: NodeChangeProperty[]): void {
    if (this.owner instanceof EmulatedFrame && this.owner.layoutMode !== 'NONE') this.owner.layout()
    this.registry.changed(this, properties)
  }

  resize(width: number, height: number): void {
    this.resizeAs('resize', width, height)
  }
  /** The emulator models no constraints, so this is resize under the method's own name. */
  resizeWithoutConstraints(width: number, height: number): void {
    this.resizeAs('resizeWithoutConstraints', width, height)
  }
  /** A resize, refused in the name of the method the plugin called. */
  private resizeAs(method: string, width: number, height: number): void {
    this.alive(method)
    this.refuseGeometryOverride(method)
    this.checkSize(method, width, height)
    this.resizeGeometry(width, height)
    this.placed(['width', 'height'])
  }
  /** "Must be >= 0.01", both sides (LayoutMixin.resize in the typings). */
  protected checkSize(method: string, width: number, height: number): void {
    expectNumber(method, 'width', width, 0.01)
    expectNumber(method, 'height', height, 0.01)
  }
  protected resizeGeometry(width: number, height: number): void {
    this._width = width
    this._height = height
  }

  /**
   * "The equivalent of using the Scale Tool from the toolbar"
   * (https://developers.figma.com/docs/plugins/api/properties/nodes-rescale/): unlike a resize, it
   * scales stroke weights with the node (observed: https://github.com/phosphor-icons/figma/issues/10,
   * "press K before scaling"). The reference lists nothing else; the emulator scales every length of
   * a node's look it models (scaleLengths), so that what is drawn is the same picture, larger.
   * Each node it changes reports every property it changed on it, as a PROPERTY_CHANGE lists them
   * (https://developers.figma.com/docs/plugins/api/DocumentChange/).
   */
  rescale(scale: number): void {
    this.alive('rescale')
    this.refuseGeometryOverride('rescale')
    expectNumber('rescale', 'scale', scale, 0.01)
    // Read through `children`, an instance's layers are up to date with its component before they are taken (components.ts).
    const scaled = [this, ...(this instanceof EmulatedContainer ? this.findAll() : [])]
    const before = new Map(scaled.map((node) => [node, copyFields(node)]))
    // Lengths first: a frame lays its children out again as it scales, with its new padding. No
    // instance follows meanwhile: one whose component is scaled already would scale its layers again.
    this.registry.holdingInstances(() => {
      this.scaleLengths(scale)
      this.scaleGeometry(scale)
    })
    // Its auto-layout parent lays it out again.
    this.placed([])
    for (const [node, fields] of before) {
      // A node rescale left as it was is not reported: a report marks its component edited, and its instances copy it again.
      const properties = propertiesOfFields(changedFields(node, fields))
      if (properties.length > 0) this.registry.changed(node, properties)
    }
  }
  /** Scales size and content about the node's own top-left corner, which stays put. */
  abstract scaleGeometry(scale: number): void
  /** Scales the lengths of this node's look and its content's, which rescale scales and a resize keeps. */
  scaleLengths(_scale: number): void {}

  /** The absolute position of this node's top-left corner. */
  get absolutePosition(): { x: number; y: number } {
    const origin = this.owner === null ? { x: 0, y: 0 } : this.owner.childOrigin()
    return { x: origin.x + this.x, y: origin.y + this.y }
  }
  get absoluteTransform(): Transform {
    this.alive('get_absoluteTransform')
    const { x, y } = this.absolutePosition
    return [
      [1, 0, x],
      [0, 1, y]
    ]
  }
  get absoluteBoundingBox(): Rect {
    this.alive('get_absoluteBoundingBox')
    return { ...this.absolutePosition, width: this.width, height: this.height }
  }
}

/** A scene node class, as a class mixin takes it: TypeScript requires the `any[]` of a mixin's constructor. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type SceneNodeClass = abstract new (...args: any[]) => EmulatedSceneNode

type PaintFields = 'fills' | 'strokes' | 'strokeWeight' | 'strokeJoin' | 'strokeAlign' | 'fillStyleId' | 'strokeStyleId' | 'setFillStyleIdAsync' | 'setStrokeStyleIdAsync'

/** The fields behind a Painted node's paints and strokes, as paintLike copies them and an instance follows them (components.ts). */
export const PAINT_FIELDS: readonly string[] = ['_fills', '_fillStyleId', '_strokes', '_strokeStyleId', '_strokeWeight', '_strokeJoin', '_strokeAlign']

const STROKE_JOINS: readonly StrokeJoin[] = ['MITER', 'BEVEL', 'ROUND']
const STROKE_ALIGNS: ReadonlyArray<VectorNode['strokeAlign']> = ['CENTER', 'INSIDE', 'OUTSIDE']

/**
 * Fills, strokes, the paint styles they are bound to, and the stroke's weight, join and alignment:
 * GeometryMixin in the typings (MinimalFillsMixin and MinimalStrokesMixin), which shapes, boolean
 * operations and frames all have. A stroke is centred on the geometry unless aligned otherwise
 * (https://developers.figma.com/docs/plugins/api/properties/nodes-strokealign/); a frame's is
 * inside (EmulatedFrame). What they show is the bound style's paints, with bound variables resolved for the
 * node's page (paint-styles.ts). The fields are flat, on the node itself, because undo (undo.ts)
 * checkpoints a node's own fields, node-fields.ts names the property each holds, and an instance's
 * layers copy them and keep overrides of them by name (components.ts).
 */
export function Painted<Base extends SceneNodeClass>(Base: Base) {
  abstract class PaintedNode extends Base implements Pick<VectorNode, PaintFields> {
    protected _fills: ReadonlyArray<Paint> = []
    protected _strokes: ReadonlyArray<Paint> = []
    protected _strokeWeight = 1
    protected _strokeJoin: StrokeJoin = 'MITER'
    protected _strokeAlign: VectorNode['strokeAlign'] = 'CENTER'
    protected _fillStyleId = ''
    protected _strokeStyleId = ''

    get fills(): ReadonlyArray<Paint> {
      this.alive('get_fills')
      return frozenCopy(this.registry.paints.read(this, this._fills, this._fillStyleId))
    }
    set fills(value: ReadonlyArray<Paint>) {
      this.alive('set_fills')
      this._fills = checkedPaints('fills', value)
      // Paints set directly replace the style's (node-properties/#fillstyleid).
      this._fillStyleId = ''
      this.registry.changed(this, ['fills'])
    }
    get strokes(): ReadonlyArray<Paint> {
      this.alive('get_strokes')
      return frozenCopy(this.registry.paints.read(this, this._strokes, this._strokeStyleId))
    }
    set strokes(value: ReadonlyArray<Paint>) {
      this.alive('set_strokes')
      this._strokes = checkedPaints('strokes', value)
      this._strokeStyleId = ''
      this.registry.changed(this, ['strokes'])
    }

    get strokeWeight(): number {
      this.alive('get_strokeWeight')
      return this._strokeWeight
    }
    set strokeWeight(value: number) {
      this.alive('set_strokeWeight')
      this._strokeWeight = expectNumber('set_strokeWeight', 'strokeWeight', value, 0)
      this.registry.changed(this, ['strokeWeight'])
    }

    get strokeJoin(): StrokeJoin {
      this.alive('get_strokeJoin')
      return this._strokeJoin
    }
    set strokeJoin(value: StrokeJoin) {
      this.alive('set_strokeJoin')
      this._strokeJoin = expectOneOf('set_strokeJoin', 'strokeJoin', value, STROKE_JOINS)
      this.registry.changed(this, ['strokeJoin'])
    }
    get strokeAlign(): VectorNode['strokeAlign'] {
      this.alive('get_strokeAlign')
      return this._strokeAlign
    }
    set strokeAlign(value: VectorNode['strokeAlign']) {
      this.alive('set_strokeAlign')
      this._strokeAlign = expectOneOf('set_strokeAlign', 'strokeAlign', value, STROKE_ALIGNS)
      this.registry.changed(this, ['strokeAlign'])
    }

    get fillStyleId(): string {
      this.alive('get_fillStyleId')
      return this._fillStyleId
    }
    set fillStyleId(styleId: string) {
      this.registry.paints.refuseSyncStyleSetter('fillStyleId', 'setFillStyleIdAsync')
      this.bindStyle('fills', styleId, 'set_fillStyleId')
    }
    get strokeStyleId(): string {
      this.alive('get_strokeStyleId')
      return this._strokeStyleId
    }
    set strokeStyleId(styleId: string) {
      this.registry.paints.refuseSyncStyleSetter('strokeStyleId', 'setStrokeStyleIdAsync')
      this.bindStyle('strokes', styleId, 'set_strokeStyleId')
    }
    async setFillStyleIdAsync(styleId: string): Promise<void> {
      this.bindStyle('fills', styleId, 'setFillStyleIdAsync')
    }
    async setStrokeStyleIdAsync(styleId: string): Promise<void> {
      this.bindStyle('strokes', styleId, 'setStrokeStyleIdAsync')
    }
    override scaleLengths(scale: number): void {
      super.scaleLengths(scale)
      this._strokeWeight *= scale
    }

    /** Takes another node's paints as they are set, bound styles and variables included, not as they are drawn. */
    paintLike(source: PaintedNode): void {
      this._fills = source._fills
      this._fillStyleId = source._fillStyleId
      this._strokes = source._strokes
      this._strokeStyleId = source._strokeStyleId
      this._strokeWeight = source._strokeWeight
      this._strokeJoin = source._strokeJoin
      this._strokeAlign = source._strokeAlign
    }

    /** Binds to a style, keeping its paints as the node's own should it be detached; '' detaches. */
    private bindStyle(field: 'fills' | 'strokes', styleId: string, method: string): void {
      this.alive(method)
      const paints = this.registry.paints.paintsOfStyle(method, styleId)
      if (field === 'fills') {
        if (paints !== null) this._fills = paints
        this._fillStyleId = styleId
      } else {
        if (paints !== null) this._strokes = paints
        this._strokeStyleId = styleId
      }
      this.registry.changed(this, [field === 'fills' ? 'fillStyleId' : 'strokeStyleId'])
    }
  }
  return PaintedNode
}

/** Any node with fills and strokes of its own. */
export type PaintedNode = InstanceType<ReturnType<typeof Painted>>

/**
 * A leaf shape: VECTOR, RECTANGLE, ELLIPSE, LINE, POLYGON or STAR. Each keeps its outline as path
 * data, what Figma exposes on every shape as `fillGeometry` (GeometryMixin), so any of them can be
 * drawn and scaled the same way; only a VECTOR exposes it as `vectorPaths` too (EmulatedVector).
 * None has `appendChild`: in Figma only ChildrenMixin nodes do
 * (https://developers.figma.com/docs/plugins/api/ChildrenMixin/).
 *
 * A shape takes no property it does not have: Figma's nodes are not extensible, so writing one a
 * node type lacks throws "Cannot add property …, object is not extensible" (observed for a group's
 * `constraints`: github.com/react-figma/figma-api-stub/issues/20), and reading one is undefined.
 * Subclasses therefore declare no fields of their own.
 */
export class EmulatedShape extends Painted(EmulatedSceneNode) implements Pick<VectorNode, 'fillGeometry' | 'strokeCap' | 'isMask'> {
  private readonly _type: ShapeType
  get type(): ShapeType {
    return this._type
  }
  protected _vectorPaths: VectorPaths = []
  declare strokeCap: StrokeCap
  protected _strokeCap: StrokeCap = 'NONE'
  /** A mask clips the siblings above it in its parent (https://developers.figma.com/docs/plugins/api/properties/nodes-ismask/). */
  declare isMask: boolean
  protected _isMask = false
  static {
    // The values StrokeCap allows in the typings (GeometryMixin.strokeCap).
    this.reportedFields({
      strokeCap: (member, value) => expectOneOf(member, 'strokeCap', value, STROKE_CAPS),
      isMask: checkedBoolean('isMask')
    })
  }

  constructor(registry: NodeRegistry, type: ShapeType, name = shapeName(type)) {
    super(registry, name)
    this._type = type
    Object.preventExtensions(this)
  }

  /** Sets paths and the box they are drawn in without scaling them (resize would). */
  setGeometry(vectorPaths: VectorPaths, width: number, height: number): void {
    this._vectorPaths = vectorPaths
    this._width = width
    this._height = height
    this.registry.changed(this)
  }

  get fillGeometry(): VectorPaths {
    this.alive('get_fillGeometry')
    return frozenCopy(this._vectorPaths)
  }

  /**
   * A LINE "must always be given a height of exactly 0" (LayoutMixin.resize and
   * resizeWithoutConstraints in the typings; https://developers.figma.com/docs/plugins/api/properties/nodes-resize/).
   * Figma's message for it is not published: the wording is the emulator's, in Figma's pattern.
   */
  protected override checkSize(method: string, width: number, height: number): void {
    if (this.type !== 'LINE') return super.checkSize(method, width, height)
    expectNumber(method, 'width', width, 0.01)
    expectNumber(method, 'height', height)
    if (height !== 0) throw new Error(`in ${method}: Expected "height" to have value 0 for a LINE`)
  }

  scaleGeometry(scale: number): void {
    this.scalePaths(scale, scale)
  }
  protected override resizeGeometry(width: number, height: number): void {
    // A straight line has no extent across it; there is nothing to stretch on that axis.
    this.scalePaths(this._width === 0 ? 1 : width / this._width, this._height === 0 ? 1 : height / this._height)
  }
  private scalePaths(sx: number, sy: number): void {
    this._vectorPaths = this._vectorPaths.map((path) => ({
      windingRule: path.windingRule,
      data: toFigmaPathData(svgpath(path.data).scale(sx, sy))
    }))
    this._width *= sx
    this._height *= sy
  }
}

/** A VECTOR, the one shape whose paths a plugin reads and writes as `vectorPaths` (VectorLikeMixin in the typings). */
export class EmulatedVector extends EmulatedShape implements Pick<VectorNode, 'vectorPaths'> {
  constructor(registry: NodeRegistry, name?: string) {
    super(registry, 'VECTOR', name)
  }

  /** A frozen copy, as every getter's (api-values.ts). */
  get vectorPaths(): VectorPaths {
    this.alive('get_vectorPaths')
    return frozenCopy(this._vectorPaths)
  }
  set vectorPaths(value: VectorPaths) {
    this.alive('set_vectorPaths')
    expectType('set_vectorPaths', 'vectorPaths', value, 'array')
    this._vectorPaths = frozenCopy(value)
    this.registry.changed(this, ['vectorNetwork'])
  }
}

/** A shape of `type`: a VECTOR has vector paths of its own to read and write, the others do not. */
export function createShape(registry: NodeRegistry, type: ShapeType, name?: string): EmulatedShape {
  return type === 'VECTOR' ? new EmulatedVector(registry, name) : new EmulatedShape(registry, type, name)
}

const STROKE_CAPS: readonly StrokeCap[] = ['NONE', 'ROUND', 'SQUARE', 'ARROW_LINES', 'ARROW_EQUILATERAL', 'DIAMOND_FILLED', 'TRIANGLE_FILLED', 'CIRCLE_FILLED']

/** The check of a boolean field, for reportedFields. */
function checkedBoolean(name: string): (member: string, value: unknown) => boolean {
  return (member, value) => {
    expectType(member, name, value, 'boolean')
    return value as boolean
  }
}

/** The instances among `node` and its layers, those of instances in it included. */
function instancesIn(node: EmulatedNode): EmulatedNode[] {
  const layers = node instanceof EmulatedContainer ? [node, ...node.findAll()] : [node]
  return layers.filter((layer) => layer.type === 'INSTANCE')
}

/**
 * The main component of an instance. An instance's counterpart is its main component; a copy of a
 * nested instance among an instance's layers has the component's layer it mirrors (components.ts),
 * whose own counterpart leads on to the component.
 */
function mainComponentOf(instance: EmulatedNode): EmulatedNode | null {
  let current = instance.counterpart
  while (current !== null && current.type !== 'COMPONENT') current = current.counterpart
  return current
}

/** Whether the node is a component or has one among its layers: neither may go inside a component. */
export function holdsComponent(node: EmulatedSceneNode): boolean {
  return node.type === 'COMPONENT' || (node instanceof EmulatedContainer && node.findAll((layer) => layer.type === 'COMPONENT').length > 0)
}

function shapeName(type: ShapeType): string {
  return type.charAt(0) + type.slice(1).toLowerCase()
}

/** A node that holds children. */
export abstract class EmulatedContainer extends EmulatedSceneNode {
  /** The children, for the emulator's own bookkeeping; the plugin reads `children`. */
  readonly contents: EmulatedSceneNode[] = []

  /** A frozen copy, new on every read (api-values.ts). */
  get children(): readonly EmulatedSceneNode[] {
    this.alive('get_children')
    return frozenList(this.contents)
  }

  /** Where children's x/y are measured from, in absolute coordinates. */
  childOrigin(): { x: number; y: number } {
    return this.absolutePosition
  }

  appendChild(child: EmulatedSceneNode): void {
    this.move('appendChild', this.contents.length, child)
  }

  insertChild(index: number, child: EmulatedSceneNode): void {
    this.move('insertChild', index, child)
  }

  /**
   * Figma's refusals of a move of `child` to `index` here, with its messages, in the order the
   * reference lists its "Possible error cases"
   * (https://developers.figma.com/docs/plugins/api/properties/nodes-appendchild,
   * https://developers.figma.com/docs/plugins/api/properties/nodes-insertchild). `method` is the one
   * the plugin called: group and the boolean operations move nodes too, and list the same cases
   * (https://developers.figma.com/docs/plugins/api/properties/figma-group).
   */
  refuseMove(method: string, index: number, child: EmulatedNode): void {
    this.alive(method)
    const refuse = (reason: string): never => {
      throw new Error(`in ${method}: ${reason}`)
    }
    if (child.removed) refuse(`The node with id ${JSON.stringify(child.id)} does not exist`)
    // Figma documents only the message for an index past the end. For one below 0 the emulator gives
    // Figma's range pattern (api-errors), for a fraction words of its own; Figma publishes neither.
    expectNumber(method, 'index', index, 0)
    if (!Number.isInteger(index)) refuse('Expected "index" to be an integer')
    if (index > this.contents.length) refuse('Cannot insert node at index greater than the number of existing siblings')
    if (child.type === 'DOCUMENT') refuse('Cannot move node. Node is the scene root, which cannot be reparented')
    if (child === (this as EmulatedNode) || (child instanceof EmulatedContainer && child.isAncestorOf(this))) {
      refuse('Cannot move node. Doing so would create a parenting cycle')
    }
    // Only the document holds pages, and the emulator gives it no appendChild: a page moves nowhere.
    if (child.type === 'PAGE') refuse('Cannot move node. Nodes other than the root node cannot have children of type PAGE')
    // Content reaches an instance only through its slots (a host may give an instance its slots).
    if (this.isInInstance() && !(this.type === 'INSTANCE' && child.type === 'SLOT')) {
      refuse('Cannot move node. New parent is an instance or is inside of an instance')
    }
    if (child.owner !== null && child.owner !== this && child.owner.isInInstance()) refuse('Cannot move node. Node is inside of an instance')
    const component = this.enclosingComponent()
    if (component !== null && instancesIn(child).some((instance) => mainComponentOf(instance) === component)) {
      refuse('Cannot move node. Reparenting would create a component cycle')
    }
    if (component !== null && holdsComponent(child as EmulatedSceneNode)) {
      refuse('Cannot move node. Reparenting would create a component inside a component')
    }
  }

  /** Moves `child` to `index` here once refuseMove lets it, for `method` (see refuseMove). */
  move(method: string, index: number, child: EmulatedSceneNode, requested?: Cell): void {
    this.refuseMove(method, index, child)
    const cell = this.cellFor(method, child, requested)
    if (child.owner === this) {
      const current = this.contents.indexOf(child)
      this.contents.splice(current, 1)
      if (current < index) index -= 1
    } else {
      child.owner?.detach(child)
    }
    this.contents.splice(Math.min(index, this.contents.length), 0, child)
    child.owner = this
    child.gridCell = cell
    this.childrenChanged()
    this.registry.changed(child, ['parent'])
    this.registry.moved()
  }

  /** The grid cell a child arriving (or moving) here takes: none, but in a GRID frame. Throws to refuse the move. */
  protected cellFor(_method: string, _child: EmulatedSceneNode, _requested?: Cell): Cell | null {
    return null
  }

  /** The component this node is or sits in; null outside components. */
  enclosingComponent(): EmulatedContainer | null {
    if (this.type === 'COMPONENT') return this
    return this.owner?.enclosingComponent() ?? null
  }

  /** True for an instance and its content, except what sits in one of its slots. */
  isInInstance(): boolean {
    if (this.type === 'SLOT') return false
    if (this.type === 'INSTANCE') return true
    return this.owner?.isInInstance() ?? false
  }

  isAncestorOf(node: EmulatedSceneNode): boolean {
    for (let parent = node.owner; parent !== null; parent = parent.owner) if (parent === this) return true
    return false
  }

  /**
   * Puts `replacement` in `child`'s place, in its cell in a grid, and removes `child`, with nothing
   * laid out again: a node converted in place (createComponentFromNode).
   */
  replaceChild(child: EmulatedSceneNode, replacement: EmulatedSceneNode): void {
    this.contents.splice(this.contents.indexOf(child), 0, replacement)
    replacement.owner = this
    replacement.gridCell = child.gridCell
    child.remove()
  }

  /** Takes every child of `source`, in its order and cells, as they were: a node converted in place. */
  adoptChildren(source: EmulatedContainer): void {
    for (const child of source.contents.splice(0)) {
      this.contents.push(child)
      child.owner = this
      this.registry.changed(child, ['parent'])
    }
  }

  /** Takes a child out of this node, as when it moves to another parent. */
  detach(child: EmulatedNode): void {
    const index = this.contents.indexOf(child as EmulatedSceneNode)
    if (index === -1) return
    this.contents.splice(index, 1)
    child.owner = null
    ;(child as EmulatedSceneNode).gridCell = null
    this.childrenChanged()
  }

  protected childrenChanged(): void {
    this.registry.changed(this)
  }

  /**
   * Scales the node's size, and its children's places and content, about its top-left corner: a
   * node with a coordinate space of its own (a frame, a section), where a group has none.
   */
  protected scaleBoxAndContents(scale: number): void {
    this._width *= scale
    this._height *= scale
    for (const child of this.children) {
      setPosition(child, child.x * scale, child.y * scale)
      child.scaleGeometry(scale)
    }
  }

  override scaleLengths(scale: number): void {
    super.scaleLengths(scale)
    for (const child of this.contents) child.scaleLengths(scale)
  }

  protected override markRemoved(): void {
    super.markRemoved()
    for (const child of this.contents) childMarkRemoved(child)
  }

  findAll(callback?: (node: EmulatedSceneNode) => boolean): EmulatedSceneNode[] {
    const result: EmulatedSceneNode[] = []
    for (const child of this.children) {
      if (callback === undefined || callback(child)) result.push(child)
      if (child instanceof EmulatedContainer) result.push(...child.findAll(callback))
    }
    return result
  }

  /**
   * The descendants meeting every criterion given, in findAll's order: one of the types, any of the
   * keys in this plugin's private data (any key when none is named), any of the keys in a shared
   * namespace (https://developers.figma.com/docs/plugins/api/FindAllCriteria/).
   */
  findAllWithCriteria(criteria: FindAllCriteria<NodeType[]>): EmulatedSceneNode[] {
    const { types, pluginData, sharedPluginData } = criteria
    if (types === undefined && pluginData === undefined && sharedPluginData === undefined) {
      throw new Error('in findAllWithCriteria: At least one criteria must be specified')
    }
    const hasAny = (present: string[], wanted: readonly string[] | undefined) =>
      wanted === undefined || wanted.length === 0 ? present.length > 0 : wanted.some((key) => present.includes(key))
    return this.findAll(
      (node) =>
        (types === undefined || (types as readonly string[]).includes(node.type)) &&
        (pluginData === undefined || hasAny(node.getPluginDataKeys(), pluginData.keys)) &&
        (sharedPluginData === undefined || hasAny(node.getSharedPluginDataKeys(sharedPluginData.namespace), sharedPluginData.keys))
    )
  }
}

/** Lets a container mark its subtree removed without widening `markRemoved`. */
function childMarkRemoved(node: EmulatedSceneNode): void {
  ;(node as unknown as { markRemoved(): void }).markRemoved()
}

type AutoLayoutFields =
  | 'itemSpacing'
  | 'paddingLeft'
  | 'paddingRight'
  | 'paddingTop'
  | 'paddingBottom'
  | 'primaryAxisSizingMode'
  | 'counterAxisSizingMode'
  | 'counterAxisAlignItems'
  | 'counterAxisAlignContent'
  | 'counterAxisSpacing'

type GridLayoutFields =
  | 'gridRowCount'
  | 'gridColumnCount'
  | 'gridRowGap'
  | 'gridColumnGap'
  | 'gridRowSizes'
  | 'gridColumnSizes'
  | 'gridAutoTracks'
  | 'gridItemsPositioning'

const LAYOUT_MODES = ['NONE', 'HORIZONTAL', 'VERTICAL', 'GRID'] as const
type LayoutMode = (typeof LAYOUT_MODES)[number]

/** FRAME, and the frame-like COMPONENT, INSTANCE and SLOT. */
export class EmulatedFrame
  extends Painted(EmulatedContainer)
  implements Pick<FrameNode, AutoLayoutFields | GridLayoutFields | 'layoutMode' | 'layoutWrap' | 'clipsContent'>
{
  private readonly _type: 'FRAME' | 'COMPONENT' | 'INSTANCE' | 'SLOT'
  get type(): 'FRAME' | 'COMPONENT' | 'INSTANCE' | 'SLOT' {
    return this._type
  }
  declare clipsContent: boolean
  protected _clipsContent = true
  /** A frame's stroke lies inside it, as a new frame's does in Figma's editor. */
  protected override _strokeAlign: VectorNode['strokeAlign'] = 'INSIDE'
  private _layoutMode: LayoutMode = 'NONE'
  private _layoutWrap: 'NO_WRAP' | 'WRAP' = 'NO_WRAP'
  declare itemSpacing: number
  protected _itemSpacing = 0
  protected _counterAxisSpacing: number | null = 0
  declare paddingLeft: number
  protected _paddingLeft = 0
  declare paddingRight: number
  protected _paddingRight = 0
  declare paddingTop: number
  protected _paddingTop = 0
  declare paddingBottom: number
  protected _paddingBottom = 0
  /**
   * Not stated as defaults; the reference's worked examples (AutoLayoutMixin.layoutMode and
   * counterAxisSizingMode, https://developers.figma.com/docs/plugins/api/properties/nodes-counteraxissizingmode/)
   * turn on auto-layout in a plain frame holding two 100 px frames and draw it hugging them along
   * the primary axis (200 px wide) while keeping its size on the counter axis (a taller child sticks out).
   */
  declare primaryAxisSizingMode: 'FIXED' | 'AUTO'
  protected _primaryAxisSizingMode: 'FIXED' | 'AUTO' = 'AUTO'
  declare counterAxisSizingMode: 'FIXED' | 'AUTO'
  protected _counterAxisSizingMode: 'FIXED' | 'AUTO' = 'FIXED'
  declare counterAxisAlignItems: 'MIN' | 'MAX' | 'CENTER' | 'BASELINE'
  protected _counterAxisAlignItems: 'MIN' | 'MAX' | 'CENTER' | 'BASELINE' = 'MIN'
  private _counterAxisAlignContent: 'AUTO' | 'SPACE_BETWEEN' = 'AUTO'
  static {
    // Lengths are numbers; the typings (AutoLayoutMixin) give them no range.
    const length = (name: string) => (member: string, value: unknown) => expectNumber(member, name, value)
    const sizing = (name: string) => (member: string, value: unknown) => expectOneOf(member, name, value, ['FIXED', 'AUTO'])
    this.reportedFields({
      clipsContent: checkedBoolean('clipsContent'),
      itemSpacing: length('itemSpacing'),
      paddingLeft: length('paddingLeft'),
      paddingRight: length('paddingRight'),
      paddingTop: length('paddingTop'),
      paddingBottom: length('paddingBottom'),
      primaryAxisSizingMode: sizing('primaryAxisSizingMode'),
      counterAxisSizingMode: sizing('counterAxisSizingMode'),
      counterAxisAlignItems(member, value) {
        const align = expectOneOf(member, 'counterAxisAlignItems', value, ['MIN', 'MAX', 'CENTER', 'BASELINE'])
        // ""BASELINE" can only be set on horizontal auto-layout frames" (AutoLayoutMixin.counterAxisAlignItems
        // in the typings, https://developers.figma.com/docs/plugins/api/properties/nodes-counteraxisalignitems/).
        // Figma publishes no message for it; this one is the emulator's, in the typings' words.
        if (align === 'BASELINE' && (this as EmulatedFrame)._layoutMode !== 'HORIZONTAL') throw new Error(`in ${member}: "BASELINE" can only be set on horizontal auto-layout frames`)
        return align
      }
    })
  }
  /** A fresh grid has 2 × 2 FLEX tracks: observed (grid-recon-probes.md, P1); the typings name no default. */
  private _gridRows: readonly TrackSize[] = [NEW_TRACK, NEW_TRACK]
  private _gridColumns: readonly TrackSize[] = [NEW_TRACK, NEW_TRACK]
  private _gridRowGap = 0
  private _gridColumnGap = 0
  private _gridAutoTracks: 'NONE' | 'ROWS' = 'NONE'
  private _gridItemsPositioning: 'MANUAL' | 'ROW_AUTO_FLOW' = 'MANUAL'
  constructor(registry: NodeRegistry, type: EmulatedFrame['type'] = 'FRAME', name = 'Frame') {
    super(registry, name)
    this._type = type
    // "By default, the new node has a white background" (PluginAPI.createFrame).
    this._fills = WHITE_BACKGROUND
  }

  get layoutMode(): LayoutMode {
    this.alive('get_layoutMode')
    return this._layoutMode
  }
  set layoutMode(value: LayoutMode) {
    this.alive('set_layoutMode')
    expectOneOf('set_layoutMode', 'layoutMode', value, LAYOUT_MODES)
    // "GRID is not supported for Slot frames, and setting GRID will throw a cannotApplyGridToSlot
    // error" (AutoLayoutMixin.layoutMode in the typings; the error's text is not published).
    if (value === 'GRID' && this.type === 'SLOT') throw new Error('in set_layoutMode: cannotApplyGridToSlot: a slot cannot have a GRID layout')
    // A child too wide for the grid refuses the change before anything is set; the others then take
    // cells in layer order, as appended children do (layoutGrid).
    if (value === 'GRID' && this._layoutMode !== 'GRID') {
      for (const child of this.contents) if (child.layoutPositioning === 'AUTO') this.refuseWideSpan('set_layoutMode', child.gridColumnSpan)
    }
    this._layoutMode = value
    // Wrap applies to both directions; what Figma does to it on leaving them is not documented: it goes.
    if (value !== 'HORIZONTAL' && value !== 'VERTICAL') this._layoutWrap = 'NO_WRAP'
    if (value !== 'GRID') for (const child of this.contents) child.gridCell = null
    this.fieldChanged('layoutMode')
  }

  /**
   * The gap between wrapped lines: "must be positive", and `null` makes it follow itemSpacing, so it
   * "will never return null" (AutoLayoutMixin.counterAxisSpacing in the typings).
   */
  get counterAxisSpacing(): number {
    this.alive('get_counterAxisSpacing')
    return this._counterAxisSpacing ?? this._itemSpacing
  }
  set counterAxisSpacing(value: number | null) {
    this.alive('set_counterAxisSpacing')
    this._counterAxisSpacing = value === null ? null : expectNumber('set_counterAxisSpacing', 'counterAxisSpacing', value, 0)
    this.fieldChanged('counterAxisSpacing')
  }

  /** What a frame's field changes can move: its children, and itself in an auto-layout parent. */
  protected override fieldChanged(property: NodeChangeProperty): void {
    this.layout()
    this.placed([property])
  }

  get layoutWrap(): 'NO_WRAP' | 'WRAP' {
    this.alive('get_layoutWrap')
    return this._layoutWrap
  }
  /**
   * "This property can only be set on layers with `layoutMode === "HORIZONTAL"` or `layoutMode ===
   * "VERTICAL"`. Setting it on layers with a different `layoutMode` will throw an Error"
   * (AutoLayoutMixin.layoutWrap in the typings 1.142; the reference page
   * https://developers.figma.com/docs/plugins/api/properties/nodes-layoutwrap/ predates vertical
   * wrap). The error's text is not published; this one is the emulator's.
   */
  set layoutWrap(value: 'NO_WRAP' | 'WRAP') {
    this.alive('set_layoutWrap')
    if (this._layoutMode !== 'HORIZONTAL' && this._layoutMode !== 'VERTICAL') {
      throw new Error('in set_layoutWrap: layoutWrap can only be set on horizontal or vertical auto-layout frames')
    }
    this._layoutWrap = expectOneOf('set_layoutWrap', 'layoutWrap', value, ['NO_WRAP', 'WRAP'])
    this.fieldChanged('layoutWrap')
  }

  get counterAxisAlignContent(): 'AUTO' | 'SPACE_BETWEEN' {
    this.alive('get_counterAxisAlignContent')
    return this._counterAxisAlignContent
  }
  /**
   * "Changing this property on a non-wrapping auto-layout frame will throw an error"
   * (AutoLayoutMixin.counterAxisAlignContent in the typings,
   * https://developers.figma.com/docs/plugins/api/properties/nodes-counteraxisaligncontent/). The
   * error's text is not published; this one is the emulator's.
   */
  set counterAxisAlignContent(value: 'AUTO' | 'SPACE_BETWEEN') {
    this.alive('set_counterAxisAlignContent')
    if (this._layoutWrap !== 'WRAP') throw new Error('in set_counterAxisAlignContent: counterAxisAlignContent can only be set on wrapping auto-layout frames')
    this._counterAxisAlignContent = expectOneOf('set_counterAxisAlignContent', 'counterAxisAlignContent', value, ['AUTO', 'SPACE_BETWEEN'])
    this.fieldChanged('counterAxisAlignContent')
  }

  protected override childrenChanged(): void {
    this.layout()
    super.childrenChanged()
  }

  /**
   * "Determines the number of rows": below 1 throws, as does removing a row a child is in, and any
   * setting while `gridAutoTracks` is ROWS; new rows are FLEX (nodes-gridrowcount,
   * GridLayoutMixin.gridAutoTracks). Figma publishes no texts for these; the range error follows its
   * pattern, the others are ours.
   */
  get gridRowCount(): number {
    this.alive('get_gridRowCount')
    return this._gridRows.length
  }
  set gridRowCount(value: number) {
    this.alive('set_gridRowCount')
    const count = checkedCount('gridRowCount', value)
    if (this._gridAutoTracks === 'ROWS') throw new Error('in set_gridRowCount: The row count is managed automatically while gridAutoTracks is "ROWS"')
    if (count < rowsNeeded(this.gridAreas())) throw new Error('in set_gridRowCount: Cannot remove rows that hold children')
    this._gridRows = resizedTracks(this._gridRows, count)
    this.gridChanged([])
  }
  /** As gridRowCount, for columns (nodes-gridcolumncount). */
  get gridColumnCount(): number {
    this.alive('get_gridColumnCount')
    return this._gridColumns.length
  }
  set gridColumnCount(value: number) {
    this.alive('set_gridColumnCount')
    const count = checkedCount('gridColumnCount', value)
    // In a ROW_AUTO_FLOW grid the children re-flow into the columns left; each must still fit in a row.
    const widest = Math.max(0, ...this.gridAreas().map((area) => area.columnSpan))
    if (this._gridItemsPositioning === 'ROW_AUTO_FLOW') this.refuseWideSpan('set_gridColumnCount', widest, count)
    else if (count < columnsNeeded(this.gridAreas())) throw new Error('in set_gridColumnCount: Cannot remove columns that hold children')
    this._gridColumns = resizedTracks(this._gridColumns, count)
    this.gridChanged([])
  }

  /** "less than 0, it will throw" (GridLayoutMixin.gridRowGap, gridColumnGap). */
  get gridRowGap(): number {
    this.alive('get_gridRowGap')
    return this._gridRowGap
  }
  set gridRowGap(value: number) {
    this.alive('set_gridRowGap')
    this._gridRowGap = expectNumber('set_gridRowGap', 'gridRowGap', value, 0)
    this.gridChanged([])
  }
  get gridColumnGap(): number {
    this.alive('get_gridColumnGap')
    return this._gridColumnGap
  }
  set gridColumnGap(value: number) {
    this.alive('set_gridColumnGap')
    this._gridColumnGap = expectNumber('set_gridColumnGap', 'gridColumnGap', value, 0)
    this.gridChanged([])
  }

  /**
   * The tracks, top to bottom, as GridTrackSize objects whose setters change the track, as the
   * reference's own example does (`gridRowSizes[0].type = 'FIXED'`, nodes-gridrowsizes).
   */
  get gridRowSizes(): GridTrackSize[] {
    this.alive('get_gridRowSizes')
    return this.trackViews('row')
  }
  set gridRowSizes(value: GridTrackSize[]) {
    this.alive('set_gridRowSizes')
    this.setTracks('row', value)
  }
  get gridColumnSizes(): GridTrackSize[] {
    this.alive('get_gridColumnSizes')
    return this.trackViews('column')
  }
  set gridColumnSizes(value: GridTrackSize[]) {
    this.alive('set_gridColumnSizes')
    this.setTracks('column', value)
  }

  /** NONE, or ROWS: rows come as children are appended and go when they empty (nodes-gridautotracks). */
  get gridAutoTracks(): 'NONE' | 'ROWS' {
    this.alive('get_gridAutoTracks')
    return this._gridAutoTracks
  }
  set gridAutoTracks(value: 'NONE' | 'ROWS') {
    this.alive('set_gridAutoTracks')
    this._gridAutoTracks = expectOneOf('set_gridAutoTracks', 'gridAutoTracks', value, ['NONE', 'ROWS'])
    this.gridChanged(['gridAutoTracks'])
  }
  /** MANUAL (children keep their cells), or ROW_AUTO_FLOW (cells follow layer order) (nodes-griditemspositioning). */
  get gridItemsPositioning(): 'MANUAL' | 'ROW_AUTO_FLOW' {
    this.alive('get_gridItemsPositioning')
    return this._gridItemsPositioning
  }
  set gridItemsPositioning(value: 'MANUAL' | 'ROW_AUTO_FLOW') {
    this.alive('set_gridItemsPositioning')
    this._gridItemsPositioning = expectOneOf('set_gridItemsPositioning', 'gridItemsPositioning', value, ['MANUAL', 'ROW_AUTO_FLOW'])
    this.gridChanged(['gridItemsPositioning'])
  }

  /**
   * Puts a node (new, or a child already here) at a cell of this GRID; out of bounds or onto another
   * child throws (https://developers.figma.com/docs/plugins/api/properties/nodes-appendchildat/).
   * Figma publishes neither text, nor what a frame that is no grid does; the emulator refuses it.
   */
  appendChildAt(node: EmulatedSceneNode, rowIndex: number, columnIndex: number): void {
    this.alive('appendChildAt')
    if (this._layoutMode !== 'GRID') throw new Error('in appendChildAt: The frame\'s layoutMode is not GRID')
    this.move('appendChildAt', this.contents.length, node, { row: rowIndex, column: columnIndex })
  }

  /**
   * One moving within keeps its cell; appendChildAt's is checked. One arriving gets none yet: the
   * layout gives it the first free cell (layoutGrid), once a span too wide for any row has refused it.
   */
  protected override cellFor(method: string, child: EmulatedSceneNode, requested?: Cell): Cell | null {
    if (this._layoutMode !== 'GRID' || child.layoutPositioning === 'ABSOLUTE') return null
    if (requested !== undefined) {
      this.refuseManualPlacement(method)
      return this.checkedCell(method, requested, child)
    }
    if (child.owner === this) return child.gridCell
    this.refuseWideSpan(method, child.gridColumnSpan)
    return null
  }

  /**
   * A child may span no more columns than the grid has (`count`, the grid's unless it is about to
   * change): the text is the one observed for gridColumnSpan (grid-recon-probes.md, P3).
   */
  refuseWideSpan(method: string, columnSpan: number, count = this.gridColumnCount): void {
    if (columnSpan > count) throw new Error(`in ${method}: Column span exceeds grid column count`)
  }

  /** The cells the grid's children cover, but `except`'s. */
  gridAreas(except?: EmulatedSceneNode): GridArea[] {
    return this.contents.flatMap((child) => (child === except || child.gridCell === null ? [] : [{ ...child.gridCell, ...child.gridSpans() }]))
  }

  /** A cell for `child` that is inside the grid and clear of the other children, else Figma's refusal. */
  checkedCell(method: string, cell: Cell, child: EmulatedSceneNode): Cell {
    const row = expectNumber(method, 'rowIndex', cell.row, 0)
    const column = expectNumber(method, 'columnIndex', cell.column, 0)
    const area = { row, column, ...child.gridSpans() }
    if (!Number.isInteger(row) || !Number.isInteger(column) || !withinGrid(area, this.gridRowCount, this.gridColumnCount)) {
      throw new Error(`in ${method}: Row ${row}, column ${column} is out of bounds for a grid of ${this.gridRowCount} rows and ${this.gridColumnCount} columns`)
    }
    if (this.gridAreas(child).some((other) => overlaps(area, other))) throw new Error(`in ${method}: Row ${row}, column ${column} is occupied by another node`)
    return { row, column }
  }

  /**
   * In a ROW_AUTO_FLOW grid cells follow layer order, and placing a child throws; the text is the one
   * observed for setGridChildPosition (grid-recon-probes.md, P5), said of appendChildAt likewise.
   */
  refuseManualPlacement(method: string): void {
    if (this._gridItemsPositioning === 'ROW_AUTO_FLOW') {
      throw new Error(`in ${method}: cannot set grid child position directly inside of a grid with automatically positioned items, use parent.insertChild() instead`)
    }
  }

  /**
   * With ROWS, rows are "removed when a row becomes empty" (nodes-gridautotracks), whatever empties
   * it: a child removed or moved away, moved to another cell (setGridChildPosition), or taken out of
   * the flow (ABSOLUTE). The rows below move up, keeping their sizes; an empty grid keeps its first.
   */
  private dropEmptyRows(): void {
    const kept = occupiedRows(this.gridAreas(), this.gridRowCount)
    if (kept.length === this.gridRowCount) return
    this._gridRows = kept.map((row) => this._gridRows[row] ?? NEW_TRACK)
    for (const child of this.contents) if (child.gridCell !== null) child.gridCell = { ...child.gridCell, row: kept.indexOf(child.gridCell.row) }
  }

  private tracks(axis: 'row' | 'column'): readonly TrackSize[] {
    return axis === 'row' ? this._gridRows : this._gridColumns
  }

  private trackViews(axis: 'row' | 'column'): GridTrackSize[] {
    const member = axis === 'row' ? 'set_gridRowSizes' : 'set_gridColumnSizes'
    const track = (index: number): TrackSize => this.tracks(axis)[index] ?? NEW_TRACK
    const write = (index: number, change: Partial<GridTrackSize>) => {
      const tracks = [...this.tracks(axis)]
      // A track removed since the list was read: Figma documents no such case. Writing it would add
      // the track back (and any between), so the emulator refuses, as it refuses a list of the wrong length.
      if (index >= tracks.length) throw new Error(`in ${member}: Grid track ${index} no longer exists in a grid of ${tracks.length} ${axis}s`)
      tracks[index] = this.checkedTrack(member, axis, index, { ...track(index), ...change })
      this.replaceTracks(axis, tracks)
    }
    return this.tracks(axis).map((_track, index) => ({
      get type() {
        return track(index).type
      },
      set type(type: TrackSize['type']) {
        write(index, { type, value: undefined })
      },
      get value() {
        return track(index).value
      },
      set value(value: number | undefined) {
        write(index, { value })
      }
    }))
  }

  /**
   * A whole track list: as long as the count, and each of FLEX, FIXED or HUG. Observed
   * (grid-recon-probes.md, P2 and P2b), and used as is: the texts of both refusals, and that a
   * FIXED track without a size keeps the size it has, a FLEX one without a share takes 1.
   */
  private setTracks(axis: 'row' | 'column', value: GridTrackSize[]): void {
    const member = axis === 'row' ? 'set_gridRowSizes' : 'set_gridColumnSizes'
    expectType(member, axis === 'row' ? 'gridRowSizes' : 'gridColumnSizes', value, 'array')
    if (value.length !== this.tracks(axis).length) throw new Error(`in ${member}: Grid track sizes must be the same length as the grid ${axis} count`)
    this.replaceTracks(
      axis,
      value.map((track, index) => this.checkedTrack(member, axis, index, track))
    )
  }

  private checkedTrack(member: string, axis: 'row' | 'column', index: number, track: GridTrackSize): TrackSize {
    if (!TRACK_TYPES.includes(track.type)) {
      throw new Error(`in ${member}: Invalid enum value. Expected ${TRACK_TYPES.map((type) => `'${type}'`).join(' | ')}, received '${String(track.type)}'`)
    }
    if (track.value !== undefined) expectNumber(member, `${axis === 'row' ? 'gridRowSizes' : 'gridColumnSizes'}[${index}].value`, track.value, 0)
    const given = track.value !== undefined && track.value > 0 ? track.value : null
    if (track.type === 'FIXED') return { type: 'FIXED', value: given ?? (this.gridTracks()[axis === 'row' ? 'rows' : 'columns'].sizes[index] ?? 0) }
    return { type: track.type, value: track.type === 'FLEX' ? (given ?? 1) : 1 }
  }

  private replaceTracks(axis: 'row' | 'column', tracks: readonly TrackSize[]): void {
    if (axis === 'row') this._gridRows = tracks
    else this._gridColumns = tracks
    this.gridChanged([])
  }

  private gridChanged(properties: NodeChangeProperty[]): void {
    this.layout()
    this.registry.changed(this, properties)
  }

  /** Both axes of the grid in pixels; a HUG track is as large as the largest child in it alone. */
  private gridTracks(): { rows: Tracks; columns: Tracks } {
    const children = this.contents.filter((child) => child.gridCell !== null)
    const content = (axis: 'row' | 'column', count: number) =>
      Array.from({ length: count }, (_track, index) =>
        Math.max(
          0,
          ...children
            .filter((child) => (axis === 'row' ? child.gridRowSpan === 1 && child.gridCell?.row === index : child.gridColumnSpan === 1 && child.gridCell?.column === index))
            .map((child) => (axis === 'row' ? child.height : child.width))
        )
      )
    return {
      rows: layTracks(this._gridRows, content('row', this.gridRowCount), this._paddingTop, this._height - this._paddingTop - this._paddingBottom, this._gridRowGap),
      columns: layTracks(this._gridColumns, content('column', this.gridColumnCount), this._paddingLeft, this._width - this._paddingLeft - this._paddingRight, this._gridColumnGap)
    }
  }

  /** The cell under a point in this frame's coordinates, or null outside the grid's tracks. */
  gridCellAt(point: Vector): Cell | null {
    if (this._layoutMode !== 'GRID') return null
    const { rows, columns } = this.gridTracks()
    const row = trackAt(rows, point.y)
    const column = trackAt(columns, point.x)
    return row === -1 || column === -1 ? null : { row, column }
  }

  /**
   * Each child at its cells, aligned in them; a ROW_AUTO_FLOW grid first gives its children cells in
   * layer order. Rows grow to hold every child, as FLEX rows: documented for `gridAutoTracks` ROWS, and
   * observed for NONE, the default (grid-recon-probes.md, P9: a fifth child in a 2 × 2 grid makes
   * `gridRowCount` 3), which nodes-gridautotracks backs: the count "will never go below the number of
   * rows necessary to hold all children". With ROWS they also go when empty (dropEmptyRows), so an
   * empty grid has one (nodes-gridautotracks, whose example starts such a grid at "1 row"). A grid
   * keeps its size: the sizing modes were observed to be inert on GRID frames (southleft/ds-contracts-poc, GP1b).
   * Every child in the flow fits a row: whatever would make a span wider than the grid refuses first
   * (the span and count setters, layoutMode, layoutPositioning, a child's arrival; refuseWideSpan).
   */
  private layoutGrid(): void {
    const inGrid = this.contents.filter((child) => child.layoutPositioning === 'AUTO')
    // An ABSOLUTE child holds no cell.
    for (const child of this.contents) if (!inGrid.includes(child)) child.gridCell = null
    if (this._gridItemsPositioning === 'ROW_AUTO_FLOW') {
      const areas = autoFlow(
        inGrid.map((child) => child.gridSpans()),
        this.gridColumnCount
      )
      inGrid.forEach((child, index) => {
        const area = areas[index] as GridArea
        child.gridCell = { row: area.row, column: area.column }
      })
    } else {
      // A child new to the grid (appended, or the frame just became a grid) or back in its flow takes
      // the first free cell, in layer order: "nodes will be added to the first available position in
      // the grid" (nodes-setgridchildposition).
      const newcomers = inGrid.filter((child) => child.gridCell === null)
      const cells = firstFreeCells(
        this.gridAreas(),
        newcomers.map((child) => child.gridSpans()),
        this.gridColumnCount
      )
      newcomers.forEach((child, index) => (child.gridCell = cells[index] ?? null))
    }
    this._gridRows = resizedTracks(this._gridRows, Math.max(this.gridRowCount, rowsNeeded(this.gridAreas())))
    if (this._gridAutoTracks === 'ROWS') this.dropEmptyRows()
    const { rows, columns } = this.gridTracks()
    for (const child of inGrid) {
      if (child.gridCell === null) continue
      const { rowSpan, columnSpan } = child.gridSpans()
      const { horizontal, vertical } = child.gridAligns()
      const x = alignIn(spanBox(columns, child.gridCell.column, columnSpan), child.width, horizontal)
      const y = alignIn(spanBox(rows, child.gridCell.row, rowSpan), child.height, vertical)
      setPosition(child, x, y)
    }
  }

  private settings(layoutMode: 'HORIZONTAL' | 'VERTICAL'): AutoLayoutSettings {
    return {
      layoutMode,
      layoutWrap: this._layoutWrap,
      width: this._width,
      height: this._height,
      itemSpacing: this._itemSpacing,
      counterAxisSpacing: this._counterAxisSpacing ?? this._itemSpacing,
      counterAxisAlignContent: this._counterAxisAlignContent,
      paddingLeft: this._paddingLeft,
      paddingRight: this._paddingRight,
      paddingTop: this._paddingTop,
      paddingBottom: this._paddingBottom,
      primaryAxisSizingMode: this._primaryAxisSizingMode,
      counterAxisSizingMode: this._counterAxisSizingMode,
      counterAxisAlignItems: this._counterAxisAlignItems
    }
  }

  /** Auto-layout owns the positions of its visible, non-absolute children, and its size on hugging axes. */
  layout(): void {
    const layoutMode = this._layoutMode
    if (layoutMode === 'NONE') return
    if (layoutMode === 'GRID') {
      this.layoutGrid()
      return
    }
    const flow = this.children.filter(isFlowing)
    const laidOut = layoutChildren(this.settings(layoutMode), flow)
    flow.forEach((child, index) => {
      const position = laidOut.positions[index]
      if (position !== undefined) setPosition(child, position.x, position.y)
    })
    // A hugging frame takes its content's size: a change of size like any other (DocumentChange), as undoing it reports.
    const resized: NodeChangeProperty[] = [...(laidOut.width === this._width ? [] : ['width' as const]), ...(laidOut.height === this._height ? [] : ['height' as const])]
    this._width = laidOut.width
    this._height = laidOut.height
    if (resized.length > 0) this.registry.changed(this, resized)
  }

  /**
   * Where Figma would insert a node dropped at a point (this frame's coordinates), or null without
   * auto-layout. In a grid whose cells follow layer order, before the first child at or past the cell
   * under the point, so the node takes that cell; in one whose children keep their cells, on top
   * (appendChild then gives it the first free cell, not the one under the point).
   *
   * A hidden grid child counts, as it holds its cell in this emulator's layout (layoutGrid). Whether
   * it does in Figma is not documented: the grid pages (nodes-griditemspositioning,
   * nodes-gridautotracks, GridChildrenMixin) name no exception for hidden children, where the flow's
   * do ("lists that adapt as items are added, removed, or hidden", Explore auto layout properties,
   * help.figma.com/hc/en-us/articles/360040451373); a MANUAL grid's children "stay at the grid cell
   * they are placed in". The emulator keeps the one rule for both positionings.
   */
  insertionIndexAt(point: Vector): number | null {
    if (this._layoutMode === 'NONE') return null
    if (this._layoutMode === 'GRID') {
      if (this._gridItemsPositioning === 'MANUAL') return this.contents.length
      const cell = this.gridCellAt(point) ?? { row: this.gridRowCount, column: 0 }
      const inCells = this.contents.filter((child) => child.gridCell !== null)
      const after = inCells.findIndex((child) => child.gridCell !== null && (child.gridCell.row > cell.row || (child.gridCell.row === cell.row && child.gridCell.column >= cell.column)))
      return childrenIndexOf(
        this.contents.map((child) => child.gridCell !== null),
        after === -1 ? inCells.length : after
      )
    }
    const children = this.children.map((child) => ({ x: child.x, y: child.y, width: child.width, height: child.height, flowing: isFlowing(child) }))
    return insertionIndexAt(this.settings(this._layoutMode), children, point)
  }

  /**
   * A resize fixes both axes of a row or column: the reference's examples resize a hugging frame and
   * then draw it at the size given (AutoLayoutMixin.primaryAxisAlignItems in the typings,
   * https://developers.figma.com/docs/plugins/api/properties/nodes-primaryaxisalignitems/), which
   * hugging would undo; that the modes become FIXED is our reading, not stated. A mode it changes is
   * reported with the size, as every property a change sets is (DocumentChange).
   */
  protected override resizeGeometry(width: number, height: number): void {
    if (this._layoutMode === 'HORIZONTAL' || this._layoutMode === 'VERTICAL') {
      const fixed: NodeChangeProperty[] = []
      if (this._primaryAxisSizingMode !== 'FIXED') fixed.push('primaryAxisSizingMode')
      if (this._counterAxisSizingMode !== 'FIXED') fixed.push('counterAxisSizingMode')
      this._primaryAxisSizingMode = 'FIXED'
      this._counterAxisSizingMode = 'FIXED'
      if (fixed.length > 0) this.registry.changed(this, fixed)
    }
    super.resizeGeometry(width, height)
    this.layout()
  }

  /** Padding, gaps and FIXED tracks: what places the children, so they sit as they did, scaled. */
  override scaleLengths(scale: number): void {
    super.scaleLengths(scale)
    this._itemSpacing *= scale
    if (this._counterAxisSpacing !== null) this._counterAxisSpacing *= scale
    this._paddingLeft *= scale
    this._paddingRight *= scale
    this._paddingTop *= scale
    this._paddingBottom *= scale
    this._gridRowGap *= scale
    this._gridColumnGap *= scale
    const scaled = (track: TrackSize): TrackSize => (track.type === 'FIXED' ? { type: 'FIXED', value: track.value * scale } : track)
    this._gridRows = this._gridRows.map(scaled)
    this._gridColumns = this._gridColumns.map(scaled)
  }

  scaleGeometry(scale: number): void {
    this.scaleBoxAndContents(scale)
    this.layout()
  }
}

/** A whole number of tracks, at least 1 ("less than 1, it will throw", nodes-gridrowcount). */
function checkedCount(name: 'gridRowCount' | 'gridColumnCount', value: unknown): number {
  const count = expectNumber(`set_${name}`, name, value, 1)
  if (!Number.isInteger(count)) throw new Error(`in set_${name}: Expected "${name}" to be an integer`)
  return count
}

/** The same tracks, cut to `count` or lengthened with FLEX ones. */
function resizedTracks(tracks: readonly TrackSize[], count: number): readonly TrackSize[] {
  if (count === tracks.length) return tracks
  return count < tracks.length ? tracks.slice(0, count) : [...tracks, ...Array.from({ length: count - tracks.length }, () => NEW_TRACK)]
}

function isFlowing(child: EmulatedSceneNode): boolean {
  return child.visible && child.layoutPositioning === 'AUTO'
}

/** Moves a child without asking its auto-layout parent to lay out again. */
function setPosition(node: EmulatedSceneNode, x: number, y: number): void {
  if (node instanceof EmulatedGroup) {
    node.moveBy(x - node.x, y - node.y)
    return
  }
  const fields = node as unknown as { _x: number; _y: number }
  fields._x = x
  fields._y = y
}

/** A group, or a boolean operation, which lays out its children as a group does (boolean-operations.ts). */
export class EmulatedGroup extends EmulatedContainer {
  private readonly _type: 'GROUP' | 'BOOLEAN_OPERATION'
  get type(): 'GROUP' | 'BOOLEAN_OPERATION' {
    return this._type
  }

  constructor(registry: NodeRegistry, name = 'Group', type: EmulatedGroup['type'] = 'GROUP') {
    super(registry, name)
    this._type = type
  }

  /** A group has no coordinate space of its own. */
  override childOrigin(): { x: number; y: number } {
    return this.owner === null ? { x: 0, y: 0 } : this.owner.childOrigin()
  }

  private bounds(): { x: number; y: number; width: number; height: number } {
    if (this.children.length === 0) return { x: this._x, y: this._y, width: 0, height: 0 }
    const left = Math.min(...this.children.map((child) => child.x))
    const top = Math.min(...this.children.map((child) => child.y))
    const right = Math.max(...this.children.map((child) => child.x + child.width))
    const bottom = Math.max(...this.children.map((child) => child.y + child.height))
    return { x: left, y: top, width: right - left, height: bottom - top }
  }

  override get x(): number {
    this.alive('get_x')
    return this.bounds().x
  }
  override set x(value: number) {
    this.alive('set_x')
    this.refuseGeometryOverride('set_x')
    expectNumber('set_x', 'x', value)
    this.moveBy(value - this.x, 0)
    this.placed(['x'])
  }
  override get y(): number {
    this.alive('get_y')
    return this.bounds().y
  }
  override set y(value: number) {
    this.alive('set_y')
    this.refuseGeometryOverride('set_y')
    expectNumber('set_y', 'y', value)
    this.moveBy(0, value - this.y)
    this.placed(['y'])
  }
  override get width(): number {
    this.alive('get_width')
    return this.bounds().width
  }
  override get height(): number {
    this.alive('get_height')
    return this.bounds().height
  }

  moveBy(dx: number, dy: number): void {
    for (const child of this.children) setPosition(child, child.x + dx, child.y + dy)
  }

  protected override resizeGeometry(width: number, height: number): void {
    const { x, y, width: oldWidth, height: oldHeight } = this.bounds()
    if (Math.abs(width / oldWidth - height / oldHeight) > 1e-9) throw new Error('The emulator resizes groups proportionally only')
    this.scaleAbout(width / oldWidth, x, y)
  }

  scaleGeometry(scale: number): void {
    const { x, y } = this.bounds()
    this.scaleAbout(scale, x, y)
  }

  private scaleAbout(scale: number, x: number, y: number): void {
    for (const child of this.children) {
      setPosition(child, x + (child.x - x) * scale, y + (child.y - y) * scale)
      child.scaleGeometry(scale)
    }
  }

  /** Figma deletes a group whose last child leaves it. */
  override detach(child: EmulatedNode): void {
    super.detach(child)
    if (this.children.length === 0 && !this.removed) this.remove()
  }
}

type NodeChangeListener = (event: NodeChangeEvent) => void

export class EmulatedPage
  extends EmulatedContainer
  implements Pick<PageNode, 'name' | 'loadAsync' | 'explicitVariableModes' | 'setExplicitVariableModeForCollection'>
{
  get type(): 'PAGE' {
    return 'PAGE'
  }
  /** The document once the page is in it: a page's parent (PageNode.parent in the typings). */
  document: EmulatedDocument | null = null
  private _selection: EmulatedSceneNode[] = []
  /** Under dynamic-page only the current page starts loaded (migrating-to-dynamic-loading). */
  loaded: boolean
  private nodeChangeListeners: Array<{ callback: NodeChangeListener; once: boolean }> = []

  constructor(registry: NodeRegistry, name = 'Page 1', id?: string, loaded = true) {
    super(registry, name, id)
    this.loaded = loaded
  }

  /**
   * The documented refusal for an unloaded page's children
   * (https://developers.figma.com/docs/plugins/api/api-errors/); the emulator's own code reads
   * `contents` instead, so it never trips over it.
   */
  override get children(): readonly EmulatedSceneNode[] {
    this.alive('get_children')
    this.requireLoaded('')
    return super.children
  }

  /**
   * "If the manifest contains "documentAccess": "dynamic-page", and the node is a PageNode, you must
   * first call loadAsync to access this function"
   * (https://developers.figma.com/docs/plugins/api/properties/nodes-appendchild/,
   * https://developers.figma.com/docs/plugins/api/properties/nodes-insertchild/). Figma publishes
   * no message of its own for these; the emulator gives the children's, after the method's name
   * (the one the plugin called: group moves nodes too).
   */
  override refuseMove(method: string, index: number, child: EmulatedNode): void {
    this.requireLoaded(`in ${method}: `)
    super.refuseMove(method, index, child)
  }

  /**
   * Searching an unloaded page is refused as reading its children is ("you must first call
   * loadAsync", https://developers.figma.com/docs/plugins/migrating-to-dynamic-loading/), in the
   * name of the method called, as Figma names the member in its errors (api-errors).
   */
  override findAll(callback?: (node: EmulatedSceneNode) => boolean): EmulatedSceneNode[] {
    this.requireLoaded('in findAll: ')
    return super.findAll(callback)
  }
  override findAllWithCriteria(criteria: FindAllCriteria<NodeType[]>): EmulatedSceneNode[] {
    this.requireLoaded('in findAllWithCriteria: ')
    return super.findAllWithCriteria(criteria)
  }

  private requireLoaded(prefix: string): void {
    if (!this.loaded) {
      throw new Error(`${prefix}Cannot access children on a page that has not been explicitly loaded. Remember to call await page.loadAsync() or await figma.loadAllPagesAsync() first`)
    }
  }

  async loadAsync(): Promise<void> {
    this.loaded = true
  }

  override get parent(): EmulatedDocument | null {
    this.alive('get_parent')
    return this.document
  }

  /**
   * Takes the page out of the document (figma.root.children), its layers with it. Figma publishes
   * nothing on removing the page the designer is on, which would leave `figma.currentPage` removed
   * (and a document with no page, for its only one): the emulator refuses it, in its own words.
   */
  override remove(): void {
    this.alive('remove')
    if (this.registry.currentPage() === this) throw new Error('in remove: Cannot remove the current page; switch to another page first')
    this.registry.deleted(this)
    this.document?.detachPage(this)
    this.markRemoved()
  }

  /** `page.on('nodechange')` (https://developers.figma.com/docs/plugins/api/PageNode/#on). */
  on(_type: 'nodechange', callback: NodeChangeListener): void {
    this.nodeChangeListeners.push({ callback, once: false })
  }
  once(_type: 'nodechange', callback: NodeChangeListener): void {
    this.nodeChangeListeners.push({ callback, once: true })
  }
  off(_type: 'nodechange', callback: NodeChangeListener): void {
    this.nodeChangeListeners = this.nodeChangeListeners.filter((entry) => entry.callback !== callback)
  }
  /** Delivers one batch of this page's changes. */
  dispatchNodeChanges(nodeChanges: NodeChange[]): void {
    for (const entry of this.nodeChangeListeners.slice()) {
      if (entry.once) this.off('nodechange', entry.callback)
      entry.callback({ nodeChanges })
    }
  }
  /** A closed plugin hears nothing more. */
  clearListeners(): void {
    this.nodeChangeListeners = []
  }

  /** Only live nodes on this page can be selected; setting it fires `selectionchange` as in Figma. */
  get selection(): readonly EmulatedSceneNode[] {
    this.alive('get_selection')
    return frozenList(this._selection)
  }
  set selection(nodes: ReadonlyArray<EmulatedSceneNode>) {
    this.alive('set_selection')
    const unique = [...new Set(nodes)]
    for (const node of unique) this.checkSelectable(node)
    // Never a node and its descendant (https://developers.figma.com/docs/plugins/api/PageNode/#selection).
    const next = withoutDescendants(unique)
    // The selection is a set: the same nodes in another order are no change, and fire nothing.
    const same = next.length === this._selection.length && next.every((node) => this._selection.includes(node))
    this._selection = next
    if (!same) this.registry.selectionChanged(this)
  }

  /**
   * What Figma refuses in a selection, with its messages ("Possible error cases",
   * https://developers.figma.com/docs/plugins/api/properties/PageNode-selection/): the document,
   * a page, and a node on another page, such as one placed after the designer switched page. A
   * removed node is on no page, and throws as any use of one does.
   */
  private checkSelectable(node: EmulatedNode): void {
    if (node.type === 'DOCUMENT') throw new Error('in set_selection: Cannot select the document node')
    if (node.type === 'PAGE') throw new Error('in set_selection: Cannot select the page node')
    if (node.removed) throw new Error(`in set_selection: The node with id ${JSON.stringify(node.id)} does not exist`)
    if (!(node instanceof EmulatedSceneNode && this.isAncestorOf(node))) throw new Error('in set_selection: The selection of a page can only include nodes in that page')
  }

  /**
   * Drops what the selection can no longer hold: a removed node, one moved to another page, and one
   * moved into another selected node, which is then "indirectly selected, and is no longer in
   * figma.currentPage.selection" (PluginAPI.on's `selectionchange` in @figma/plugin-typings). True
   * when it changed.
   */
  pruneSelection(): boolean {
    const held = withoutDescendants(this._selection).filter((node) => !node.markedRemoved && this.isAncestorOf(node))
    if (held.length === this._selection.length) return false
    this._selection = held
    this.registry.selectionChanged(this)
    return true
  }

  override childOrigin(): { x: number; y: number } {
    return { x: 0, y: 0 }
  }

  scaleGeometry(): void {
    throw new Error('A page cannot be scaled')
  }
}

/** The nodes less any inside another of them: a selection holds a node, not also what it holds. */
function withoutDescendants(nodes: readonly EmulatedSceneNode[]): EmulatedSceneNode[] {
  return nodes.filter((node) => !nodes.some((other) => other instanceof EmulatedContainer && other !== node && other.isAncestorOf(node)))
}

export class EmulatedDocument extends EmulatedNode {
  get type(): 'DOCUMENT' {
    return 'DOCUMENT'
  }
  private readonly pages: EmulatedPage[] = []

  constructor(registry: NodeRegistry, name = 'Untitled') {
    super(registry, name, '0:0')
  }

  /** Every page, loaded or not, as a frozen copy (DocumentNode.children). */
  get children(): readonly EmulatedPage[] {
    this.alive('get_children')
    return frozenList(this.pages)
  }

  /** A page added to the file (the designer's doing, not the plugin's). */
  addPage(page: EmulatedPage): void {
    this.pages.push(page)
    page.document = this
  }

  detachPage(page: EmulatedPage): void {
    this.pages.splice(this.pages.indexOf(page), 1)
    this.registry.changed()
  }
}
