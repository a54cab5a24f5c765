/**
 * Auto-layout as pure geometry: where a frame's flowing children go, and the frame's size when an
 * axis hugs its content. The frame node (nodes.ts) applies the result.
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
}

export interface LaidOut {
  /** One position per flowing child, in the frame's coordinates. */
  positions: Vector[]
  width: number
  height: number
}

/** Stacks children along the primary axis; hugs them on axes sized AUTO. */
export function stackChildren(frame: AutoLayoutSettings, children: ReadonlyArray<{ width: number; height: number }>): LaidOut {
  const horizontal = frame.layoutMode === 'HORIZONTAL'
  const crossStart = horizontal ? frame.paddingTop : frame.paddingLeft
  const crossSpace = horizontal
    ? frame.height - frame.paddingTop - frame.paddingBottom
    : frame.width - frame.paddingLeft - frame.paddingRight
  let cursor = horizontal ? frame.paddingLeft : frame.paddingTop
  let crossMax = 0
  const positions: Vector[] = []
  for (const child of children) {
    const main = horizontal ? child.width : child.height
    const cross = horizontal ? child.height : child.width
    const offset =
      frame.counterAxisAlignItems === 'CENTER' ? (crossSpace - cross) / 2 : frame.counterAxisAlignItems === 'MAX' ? crossSpace - cross : 0
    positions.push(horizontal ? { x: cursor, y: crossStart + offset } : { x: crossStart + offset, y: cursor })
    cursor += main + frame.itemSpacing
    crossMax = Math.max(crossMax, cross)
  }
  const mainEnd = cursor - (children.length > 0 ? frame.itemSpacing : 0) + (horizontal ? frame.paddingRight : frame.paddingBottom)
  const crossEnd = crossMax + (horizontal ? frame.paddingTop + frame.paddingBottom : frame.paddingLeft + frame.paddingRight)
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
