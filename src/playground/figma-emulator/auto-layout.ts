/**
 * Auto-layout as pure geometry: where a frame's flowing children go, the frame's size when an axis
 * hugs its content, and where Figma would insert a node dragged to a point. The frame node
 * (nodes.ts) applies the result.
 *
 * Figma's rules (https://developers.figma.com/docs/plugins/api/properties/nodes-layoutmode/ and the
 * AutoLayoutMixin reference): children flow in `children` order after the padding, `itemSpacing`
 * apart; hidden children and `layoutPositioning: 'ABSOLUTE'` ones take no space
 * (https://developers.figma.com/docs/plugins/api/properties/nodes-layoutpositioning/); with
 * `layoutWrap: 'WRAP'` (horizontal only) a child that does not fit starts a new line
 * `counterAxisSpacing` below; GRID puts each child in the next free cell, row by row
 * (https://developers.figma.com/docs/plugins/api/GridLayoutMixin/).
 */
export interface AutoLayoutSettings {
  layoutMode: 'HORIZONTAL' | 'VERTICAL' | 'GRID'
  width: number
  height: number
  itemSpacing: number
  paddingLeft: number
  paddingRight: number
  paddingTop: number
  paddingBottom: number
  primaryAxisSizingMode: 'FIXED' | 'AUTO'
  counterAxisSizingMode: 'FIXED' | 'AUTO'
  counterAxisAlignItems: 'MIN' | 'MAX' | 'CENTER' | 'BASELINE'
  layoutWrap: 'NO_WRAP' | 'WRAP'
  counterAxisSpacing: number
  gridRowCount: number
  gridColumnCount: number
  gridRowGap: number
  gridColumnGap: number
}

interface Box {
  width: number
  height: number
}

export interface LaidOut {
  /** One position per flowing child, in the frame's coordinates. */
  positions: Vector[]
  width: number
  height: number
}

interface Line {
  /** Indexes into the flowing children. */
  members: number[]
  crossStart: number
  crossSize: number
}

function lines(frame: AutoLayoutSettings, children: ReadonlyArray<Box>): Line[] {
  const horizontal = frame.layoutMode === 'HORIZONTAL'
  const wraps = horizontal && frame.layoutWrap === 'WRAP' && frame.primaryAxisSizingMode === 'FIXED'
  const mainLimit = frame.width - frame.paddingRight
  const result: Line[] = []
  let line: Line = { members: [], crossStart: horizontal ? frame.paddingTop : frame.paddingLeft, crossSize: 0 }
  let cursor = frame.paddingLeft
  children.forEach((child, index) => {
    if (wraps && line.members.length > 0 && cursor + child.width > mainLimit) {
      result.push(line)
      line = { members: [], crossStart: line.crossStart + line.crossSize + frame.counterAxisSpacing, crossSize: 0 }
      cursor = frame.paddingLeft
    }
    line.members.push(index)
    line.crossSize = Math.max(line.crossSize, horizontal ? child.height : child.width)
    cursor += child.width + frame.itemSpacing
  })
  result.push(line)
  return result
}

function stack(frame: AutoLayoutSettings, children: ReadonlyArray<Box>): LaidOut {
  const horizontal = frame.layoutMode === 'HORIZONTAL'
  const laidLines = lines(frame, children)
  const single = laidLines.length === 1
  const crossSpace = horizontal ? frame.height - frame.paddingTop - frame.paddingBottom : frame.width - frame.paddingLeft - frame.paddingRight
  const positions: Vector[] = []
  let mainMax = 0
  for (const line of laidLines) {
    let cursor = horizontal ? frame.paddingLeft : frame.paddingTop
    // A single line aligns within the frame; wrapped lines align within their own height.
    const space = single ? crossSpace : line.crossSize
    for (const index of line.members) {
      const child = children[index] as Box
      const main = horizontal ? child.width : child.height
      const cross = horizontal ? child.height : child.width
      const offset = frame.counterAxisAlignItems === 'CENTER' ? (space - cross) / 2 : frame.counterAxisAlignItems === 'MAX' ? space - cross : 0
      positions[index] = horizontal ? { x: cursor, y: line.crossStart + offset } : { x: line.crossStart + offset, y: cursor }
      cursor += main + frame.itemSpacing
    }
    mainMax = Math.max(mainMax, cursor - (line.members.length > 0 ? frame.itemSpacing : 0))
  }
  const last = laidLines[laidLines.length - 1] as Line
  const mainEnd = mainMax + (horizontal ? frame.paddingRight : frame.paddingBottom)
  const crossEnd = last.crossStart + last.crossSize + (horizontal ? frame.paddingBottom : frame.paddingRight)
  let { width, height } = frame
  if (frame.primaryAxisSizingMode === 'AUTO') {
    if (horizontal) width = mainEnd
    else height = mainEnd
  }
  if (frame.counterAxisSizingMode === 'AUTO') {
    if (horizontal) height = crossEnd
    else width = crossEnd
  }
  return { positions, width, height }
}

/** The top-left corner of each cell, row by row. */
function gridCells(frame: AutoLayoutSettings): Array<Vector & Box> {
  const columns = Math.max(1, frame.gridColumnCount)
  const rows = Math.max(1, frame.gridRowCount)
  const cellWidth = (frame.width - frame.paddingLeft - frame.paddingRight - frame.gridColumnGap * (columns - 1)) / columns
  const cellHeight = (frame.height - frame.paddingTop - frame.paddingBottom - frame.gridRowGap * (rows - 1)) / rows
  const cells: Array<Vector & Box> = []
  for (let row = 0; row < rows; row += 1) {
    for (let column = 0; column < columns; column += 1) {
      cells.push({
        x: frame.paddingLeft + column * (cellWidth + frame.gridColumnGap),
        y: frame.paddingTop + row * (cellHeight + frame.gridRowGap),
        width: cellWidth,
        height: cellHeight
      })
    }
  }
  return cells
}

/** Lays out the flowing children (visible, not ABSOLUTE), in order. */
export function layoutChildren(frame: AutoLayoutSettings, children: ReadonlyArray<Box>): LaidOut {
  if (frame.layoutMode !== 'GRID') return stack(frame, children)
  const cells = gridCells(frame)
  // Children beyond the last cell would add rows in Figma; here they share the last cell.
  const positions = children.map((_child, index) => {
    const cell = cells[Math.min(index, cells.length - 1)] as Vector
    return { x: cell.x, y: cell.y }
  })
  return { positions, width: frame.width, height: frame.height }
}

/**
 * The index among ALL children (hidden and absolute ones included) at which Figma inserts a node
 * dropped at `point` (frame coordinates): before the first flowing child of the line under the
 * point whose centre is past the point, after the line's last child otherwise; in a grid, in the
 * cell under the point.
 */
export function insertionIndexAt(
  frame: AutoLayoutSettings,
  children: ReadonlyArray<Box & Vector & { flowing: boolean }>,
  point: Vector
): number {
  const flowIndexes = children.flatMap((child, index) => (child.flowing ? [index] : []))
  // Past the last flowing child means just after it, ahead of any hidden or absolute children.
  const toChildrenIndex = (flowIndex: number): number =>
    flowIndex < flowIndexes.length
      ? (flowIndexes[flowIndex] as number)
      : flowIndexes.length === 0
        ? children.length
        : (flowIndexes[flowIndexes.length - 1] as number) + 1
  if (frame.layoutMode === 'GRID') {
    const cells = gridCells(frame)
    const cell = cells.findIndex((box) => point.x < box.x + box.width + frame.gridColumnGap && point.y < box.y + box.height + frame.gridRowGap)
    return toChildrenIndex(Math.min(cell === -1 ? cells.length : cell, flowIndexes.length))
  }
  const horizontal = frame.layoutMode === 'HORIZONTAL'
  const flowing = flowIndexes.map((index) => children[index] as Box & Vector)
  const laidLines = lines(frame, flowing)
  const crossOf = (p: Vector) => (horizontal ? p.y : p.x)
  const mainOf = (box: Box & Vector) => (horizontal ? box.x + box.width / 2 : box.y + box.height / 2)
  const line = laidLines.find((candidate) => crossOf(point) <= candidate.crossStart + candidate.crossSize) ?? (laidLines[laidLines.length - 1] as Line)
  const after = line.members.find((member) => mainOf(flowing[member] as Box & Vector) > (horizontal ? point.x : point.y))
  const flowIndex = after ?? (line.members.length === 0 ? 0 : (line.members[line.members.length - 1] as number) + 1)
  return toChildrenIndex(flowIndex)
}
