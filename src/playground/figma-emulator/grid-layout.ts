/**
 * GRID auto-layout as pure data: which cells a child covers, where the first free cell is, how a
 * ROW_AUTO_FLOW grid fills itself, and the pixel boxes of the tracks. The frame (frame.ts) keeps the
 * state and applies the result.
 *
 * Figma's rules (GridLayoutMixin and GridChildrenMixin in the typings, and their pages under
 * https://developers.figma.com/docs/plugins/api/properties/): a child covers `gridRowSpan` × `gridColumnSpan` cells from its anchor, no two children share
 * a cell, `appendChild` takes "the first available position in the grid" (nodes-setgridchildposition),
 * row by row; ROW_AUTO_FLOW places children "by layer order into the next available cell in
 * row-major order ... similar to CSS grid-auto-flow: row" (nodes-griditemspositioning). A FIXED track
 * is `value` pixels, a FLEX track a `value` share (CSS `fr`) of what FIXED and HUG tracks leave, a
 * HUG track as large as its content (GridTrackSize).
 */

export interface GridArea {
  row: number
  column: number
  rowSpan: number
  columnSpan: number
}

export type Cell = Pick<GridArea, 'row' | 'column'>
export type Spans = Pick<GridArea, 'rowSpan' | 'columnSpan'>

export interface TrackSize {
  type: 'FLEX' | 'FIXED' | 'HUG'
  value: number
}

export const TRACK_TYPES: ReadonlyArray<TrackSize['type']> = ['FLEX', 'FIXED', 'HUG']

/** What a new row or column is: "added as GridTrackSize objects with type "FLEX"" (nodes-gridrowcount). */
export const NEW_TRACK: TrackSize = { type: 'FLEX', value: 1 }

export function overlaps(a: GridArea, b: GridArea): boolean {
  return a.row < b.row + b.rowSpan && b.row < a.row + a.rowSpan && a.column < b.column + b.columnSpan && b.column < a.column + a.columnSpan
}

export function withinGrid(area: GridArea, rows: number, columns: number): boolean {
  return area.row >= 0 && area.column >= 0 && area.row + area.rowSpan <= rows && area.column + area.columnSpan <= columns
}

/** The rows the areas reach down to: fewer would leave a child outside. */
export function rowsNeeded(areas: readonly GridArea[]): number {
  return Math.max(0, ...areas.map((area) => area.row + area.rowSpan))
}

/**
 * The rows, of `count`, that some area covers, top to bottom; the first alone when none is, as a grid
 * keeps a row. A child's row, once the others are gone, is its row's index in the list.
 */
export function occupiedRows(areas: readonly GridArea[], count: number): number[] {
  const occupied = Array.from({ length: count }, (_track, row) => row).filter((row) => areas.some((area) => area.row <= row && row < area.row + area.rowSpan))
  return occupied.length === 0 ? [0] : occupied
}

export function columnsNeeded(areas: readonly GridArea[]): number {
  return Math.max(0, ...areas.map((area) => area.column + area.columnSpan))
}

/**
 * Cells for children that hold none, in layer order, each the first cell, row by row, that is clear
 * of the areas taken and of the cells given before it. Rows below the grid count as free, so a
 * cell's row may be past the last one (the caller adds rows).
 */
export function firstFreeCells(taken: readonly GridArea[], newcomers: readonly Spans[], columns: number): Cell[] {
  const placed = [...taken]
  return newcomers.map((spans) => {
    const cell = firstFreeCell(placed, columns, spans)
    placed.push({ ...cell, ...spans })
    return cell
  })
}

/**
 * The first cell, row by row from `from`, where an area of these spans is inside the grid's
 * columns and clear of the others; rows below the grid count as free.
 */
function firstFreeCell(taken: readonly GridArea[], columns: number, spans: Spans, from: Cell = { row: 0, column: 0 }): Cell {
  // Callers refuse such a span first (Figma's `Column span exceeds grid column count`); no row would ever take it.
  if (spans.columnSpan > columns) throw new RangeError(`A ${spans.columnSpan}-column span cannot sit in ${columns} columns`)
  for (let row = from.row; ; row += 1) {
    for (let column = row === from.row ? from.column : 0; column + spans.columnSpan <= columns; column += 1) {
      const area = { row, column, ...spans }
      if (!taken.some((other) => overlaps(area, other))) return { row, column }
    }
  }
}

/**
 * ROW_AUTO_FLOW: each child, in layer order, in the next cell after the previous child's that
 * fits it, as CSS's sparse `grid-auto-flow: row` packs.
 */
export function autoFlow(children: readonly Spans[], columns: number): GridArea[] {
  const placed: GridArea[] = []
  let cursor: Cell = { row: 0, column: 0 }
  for (const spans of children) {
    const cell = firstFreeCell(placed, columns, spans, cursor)
    placed.push({ ...cell, ...spans })
    cursor = { row: cell.row, column: cell.column + spans.columnSpan }
  }
  return placed
}

/** One axis of the grid: where each track starts and how long it is, in the frame's coordinates. */
export interface Tracks {
  starts: number[]
  sizes: number[]
  gap: number
}

/**
 * Lays out one axis: FIXED tracks take their value, HUG tracks their largest single-track child
 * (`content[i]`), FLEX tracks share what is left by their values, never below nothing.
 */
export function layTracks(tracks: readonly TrackSize[], content: readonly number[], start: number, length: number, gap: number): Tracks {
  const rigid = tracks.map((track, index) => (track.type === 'FIXED' ? track.value : track.type === 'HUG' ? (content[index] ?? 0) : 0))
  const flexTotal = tracks.reduce((sum, track) => sum + (track.type === 'FLEX' ? track.value : 0), 0)
  const left = Math.max(0, length - gap * (tracks.length - 1) - rigid.reduce((sum, size) => sum + size, 0))
  const sizes = tracks.map((track, index) => (track.type === 'FLEX' ? (left * track.value) / flexTotal : (rigid[index] as number)))
  const starts: number[] = []
  let cursor = start
  for (const size of sizes) {
    starts.push(cursor)
    cursor += size + gap
  }
  return { starts, sizes, gap }
}

/** The box of `span` tracks from `first`: their sizes and the gaps between them. */
export function spanBox(tracks: Tracks, first: number, span: number): { start: number; size: number } {
  const sizes = tracks.sizes.slice(first, first + span)
  return { start: tracks.starts[first] ?? 0, size: sizes.reduce((sum, size) => sum + size, 0) + tracks.gap * (sizes.length - 1) }
}

/** The track whose box (with the gap after it) holds a coordinate, or -1 before the first and past the last. */
export function trackAt(tracks: Tracks, coordinate: number): number {
  const last = tracks.starts.length - 1
  if (last < 0 || coordinate < (tracks.starts[0] as number)) return -1
  const index = tracks.starts.findIndex((start, at) => coordinate < start + (tracks.sizes[at] as number) + (at === last ? 0 : tracks.gap))
  return index
}

/** Where a child of `size` sits in a box of `box.size`: MIN (and AUTO, the default) at the start. */
export function alignIn(box: { start: number; size: number }, size: number, align: 'MIN' | 'CENTER' | 'MAX' | 'AUTO'): number {
  if (align === 'CENTER') return box.start + (box.size - size) / 2
  if (align === 'MAX') return box.start + box.size - size
  return box.start
}

/** The same tracks, cut to `count` or lengthened with FLEX ones. */
export function resizedTracks(tracks: readonly TrackSize[], count: number): readonly TrackSize[] {
  if (count === tracks.length) return tracks
  return count < tracks.length ? tracks.slice(0, count) : [...tracks, ...Array.from({ length: count - tracks.length }, () => NEW_TRACK)]
}
