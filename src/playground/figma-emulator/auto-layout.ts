/**
 * Auto-layout stacks as pure geometry: where a frame's flowing children go, the frame's size when an
 * axis hugs its content, and where Figma would insert a node dragged to a point. The frame node
 * (frame.ts) applies the result; GRID frames are grid-layout.ts's.
 *
 * Figma's rules (https://developers.figma.com/docs/plugins/api/properties/nodes-layoutmode/ and the
 * AutoLayoutMixin reference): children flow in `children` order after the padding, `itemSpacing`
 * apart; hidden children and `layoutPositioning: 'ABSOLUTE'` ones take no space
 * (https://developers.figma.com/docs/plugins/api/properties/nodes-layoutpositioning/); with
 * `layoutWrap: 'WRAP'` a child that does not fit starts a new line `counterAxisSpacing` further
 * across: a new row below in a horizontal frame, a new column to the right in a vertical one
 * (layoutWrap "can only be set on layers with layoutMode === "HORIZONTAL" or layoutMode ===
 * "VERTICAL"", AutoLayoutMixin.layoutWrap in the typings 1.142). With `counterAxisAlignContent:
 * 'SPACE_BETWEEN'` the room left across a fixed frame goes evenly between the lines
 * (AutoLayoutMixin.counterAxisAlignContent).
 */
export interface AutoLayoutSettings {
  layoutMode: 'HORIZONTAL' | 'VERTICAL'
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
  counterAxisAlignContent: 'AUTO' | 'SPACE_BETWEEN'
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
  const wraps = frame.layoutWrap === 'WRAP' && frame.primaryAxisSizingMode === 'FIXED'
  const mainStart = horizontal ? frame.paddingLeft : frame.paddingTop
  const mainLimit = horizontal ? frame.width - frame.paddingRight : frame.height - frame.paddingBottom
  const mainOf = (child: Box) => (horizontal ? child.width : child.height)
  const result: Line[] = []
  let line: Line = { members: [], crossStart: horizontal ? frame.paddingTop : frame.paddingLeft, crossSize: 0 }
  let cursor = mainStart
  children.forEach((child, index) => {
    if (wraps && line.members.length > 0 && cursor + mainOf(child) > mainLimit) {
      result.push(line)
      line = { members: [], crossStart: line.crossStart + line.crossSize + frame.counterAxisSpacing, crossSize: 0 }
      cursor = mainStart
    }
    line.members.push(index)
    line.crossSize = Math.max(line.crossSize, horizontal ? child.height : child.width)
    cursor += mainOf(child) + frame.itemSpacing
  })
  result.push(line)
  return spreadLines(frame, result)
}

/** SPACE_BETWEEN: in a fixed frame, the lines' spacing grows to take the room left across it (never below 0). */
function spreadLines(frame: AutoLayoutSettings, laidLines: Line[]): Line[] {
  if (frame.counterAxisAlignContent !== 'SPACE_BETWEEN' || frame.counterAxisSizingMode !== 'FIXED' || laidLines.length < 2) return laidLines
  const horizontal = frame.layoutMode === 'HORIZONTAL'
  const start = horizontal ? frame.paddingTop : frame.paddingLeft
  const end = horizontal ? frame.height - frame.paddingBottom : frame.width - frame.paddingRight
  const used = laidLines.reduce((sum, line) => sum + line.crossSize, 0)
  const gap = Math.max(0, (end - start - used) / (laidLines.length - 1))
  let crossStart = start
  return laidLines.map((line) => {
    const spread = { ...line, crossStart }
    crossStart += line.crossSize + gap
    return spread
  })
}

/** Lays out the flowing children (visible, not ABSOLUTE), in order. */
export function layoutChildren(frame: AutoLayoutSettings, children: ReadonlyArray<Box>): LaidOut {
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

/**
 * The index among all children (`flowing[i]` false for those out of the flow: hidden and absolute
 * ones, or in a grid those that hold no cell) of the flowing child at `flowIndex`; past the last
 * flowing child means just after it, ahead of any others.
 */
export function childrenIndexOf(flowing: readonly boolean[], flowIndex: number): number {
  const flowIndexes = flowing.flatMap((isFlowing, index) => (isFlowing ? [index] : []))
  if (flowIndex < flowIndexes.length) return flowIndexes[flowIndex] as number
  return flowIndexes.length === 0 ? flowing.length : (flowIndexes[flowIndexes.length - 1] as number) + 1
}

/**
 * The index among ALL children (hidden and absolute ones included) at which Figma inserts a node
 * dropped at `point` (frame coordinates): before the first flowing child of the line under the
 * point whose centre is past the point, after the line's last child otherwise.
 */
export function insertionIndexAt(
  frame: AutoLayoutSettings,
  children: ReadonlyArray<Box & Vector & { flowing: boolean }>,
  point: Vector
): number {
  const horizontal = frame.layoutMode === 'HORIZONTAL'
  const flowing = children.filter((child) => child.flowing)
  const laidLines = lines(frame, flowing)
  const crossOf = (p: Vector) => (horizontal ? p.y : p.x)
  const mainOf = (box: Box & Vector) => (horizontal ? box.x + box.width / 2 : box.y + box.height / 2)
  const line = laidLines.find((candidate) => crossOf(point) <= candidate.crossStart + candidate.crossSize) ?? (laidLines[laidLines.length - 1] as Line)
  const after = line.members.find((member) => mainOf(flowing[member] as Box & Vector) > (horizontal ? point.x : point.y))
  const flowIndex = after ?? (line.members.length === 0 ? 0 : (line.members[line.members.length - 1] as number) + 1)
  return childrenIndexOf(
    children.map((child) => child.flowing),
    flowIndex
  )
}
