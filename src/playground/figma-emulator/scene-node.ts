/**
 * EmulatedSceneNode: a node with a position and size on the canvas, and the geometry rules every
 * scene node shares: x/y relative to the parent's coordinate space, resize and rescale, opacity,
 * explicit variable modes, its place in an auto-layout or GRID parent, and the accessors of fields
 * that report their changes (reportedFields, with checkedBoolean for a true/false one).
 */
import { expectNumber, expectOneOf, expectType, frozenCopy } from './api-values'
import { overlaps, withinGrid, type Cell, type Spans } from './grid-layout'
import { changedFields, copyFields, propertiesOfFields, REPORTED_PROPERTIES } from './node-fields'
import { EmulatedContainer, EmulatedFrame, EmulatedNode } from './nodes'

type GeometryFields = 'x' | 'y' | 'width' | 'height' | 'resize' | 'rescale' | 'absoluteTransform' | 'absoluteBoundingBox'

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

/** The check of a boolean field, for reportedFields. */
export function checkedBoolean(name: string): (member: string, value: unknown) => boolean {
  return (member, value) => {
    expectType(member, name, value, 'boolean')
    return value as boolean
  }
}
