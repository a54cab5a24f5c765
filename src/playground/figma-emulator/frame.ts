/**
 * EmulatedFrame: FRAME, and the frame-like COMPONENT, INSTANCE and SLOT. A frame clips its content
 * and lays out its children when it has auto-layout: as a row or column (auto-layout.ts computes
 * where) or as a GRID (grid-layout.ts computes the cells and tracks); the frame keeps the settings
 * and applies the result.
 */
import { expectNumber, expectOneOf, expectType, frozenCopy } from './api-values'
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
  resizedTracks,
  rowsNeeded,
  spanBox,
  trackAt,
  TRACK_TYPES,
  withinGrid,
  type Cell,
  type GridArea,
  type TrackSize,
  type Tracks
} from './grid-layout'
import { checkedBoolean, EmulatedContainer, Painted, setPosition, type EmulatedSceneNode, type NodeRegistry } from './nodes'

/** A white fill: a new frame's, and a new section's (sections.ts). Frozen, as it is shared until a setter replaces it. */
export const WHITE_BACKGROUND: ReadonlyArray<Paint> = frozenCopy([{ type: 'SOLID', color: { r: 1, g: 1, b: 1 }, opacity: 1, visible: true, blendMode: 'NORMAL' }])

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

function isFlowing(child: EmulatedSceneNode): boolean {
  return child.visible && child.layoutPositioning === 'AUTO'
}
