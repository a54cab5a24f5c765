/**
 * GRID auto-layout in the emulator, as strict as Figma's GridLayoutMixin and GridChildrenMixin:
 * children hold cells, a new child takes the first free one, a full grid grows a row, and placing a
 * child out of bounds, onto another or in an auto-flowing grid throws.
 */
import { describe, expect, it } from 'vitest'
import { createFigmaEmulator, type FigmaEmulator } from '../../src/playground/figma-emulator'

/** A 100 × 100 grid of `rows` × `columns`, with `count` 10 px square children appended in order. */
function grid(rows: number, columns: number, count: number, setUp: (frame: FrameNode) => void = () => undefined) {
  const { figma } = createFigmaEmulator()
  const frame = figma.createFrame()
  frame.resize(100, 100)
  frame.layoutMode = 'GRID'
  frame.gridRowCount = rows
  frame.gridColumnCount = columns
  setUp(frame)
  for (let index = 0; index < count; index += 1) frame.appendChild(square(figma))
  return { figma, frame, children: frame.children as FrameNode[] }
}

function square(figma: PluginAPI): FrameNode {
  const node = figma.createFrame()
  node.resize(10, 10)
  return node
}

/** Each node's anchor cell, [row, column]; a node with no grid fields (a sticky, say) has none. */
const cells = (nodes: readonly SceneNode[]) => nodes.map((node) => ('gridRowAnchorIndex' in node ? [node.gridRowAnchorIndex, node.gridColumnAnchorIndex] : null))

describe('cells (GridChildrenMixin, nodes-setgridchildposition)', () => {
  it('starts a fresh grid at 2 × 2 FLEX tracks', () => {
    const { figma } = createFigmaEmulator()
    const frame = figma.createFrame()
    frame.layoutMode = 'GRID'
    expect([frame.gridRowCount, frame.gridColumnCount]).toEqual([2, 2])
    expect(frame.gridRowSizes.map((track) => [track.type, track.value])).toEqual([
      ['FLEX', 1],
      ['FLEX', 1]
    ])
  })

  it('puts appended children in the first free cell, row by row, at the cell’s corner', () => {
    const { children } = grid(2, 2, 3)
    expect(cells(children)).toEqual([
      [0, 0],
      [0, 1],
      [1, 0]
    ])
    expect(children.map((child) => [child.x, child.y])).toEqual([
      [0, 0],
      [50, 0],
      [0, 50]
    ])
  })

  it('fills a cell a child left before going on, whatever the layer order', () => {
    const { figma, frame, children } = grid(2, 2, 3)
    children[0]?.remove()
    const next = square(figma)
    frame.insertChild(0, next)
    expect([next.gridRowAnchorIndex, next.gridColumnAnchorIndex]).toEqual([0, 0])
    expect(frame.children[0]).toBe(next)
  })

  it('grows a full grid by a FLEX row (gridAutoTracks NONE)', () => {
    const { figma, frame } = grid(2, 2, 4)
    const fifth = square(figma)
    frame.appendChild(fifth)
    expect(frame.gridRowCount).toBe(3)
    expect([fifth.gridRowAnchorIndex, fifth.gridColumnAnchorIndex]).toEqual([2, 0])
    expect(frame.gridRowSizes.map((track) => track.type)).toEqual(['FLEX', 'FLEX', 'FLEX'])
  })

  it('with gridAutoTracks ROWS, drops a row when its last child leaves, and refuses setting the count', () => {
    const { frame, children } = grid(1, 2, 3, (f) => (f.gridAutoTracks = 'ROWS'))
    expect(frame.gridRowCount).toBe(2)
    children[2]?.remove()
    expect(frame.gridRowCount).toBe(1)
    expect(() => (frame.gridRowCount = 4)).toThrow('in set_gridRowCount: The row count is managed automatically while gridAutoTracks is "ROWS"')
  })

  it('with gridAutoTracks ROWS, drops a middle row a child moves out of, and the rows below move up', () => {
    const { frame, children } = grid(1, 2, 5, (f) => (f.gridAutoTracks = 'ROWS'))
    const [, second, third, fourth, fifth] = children
    second!.remove()
    third!.setGridChildPosition(0, 1)
    expect(frame.gridRowCount).toBe(3)
    fourth!.setGridChildPosition(2, 1)
    expect(frame.gridRowCount).toBe(2)
    expect(cells([third!, fourth!, fifth!])).toEqual([
      [0, 1],
      [1, 1],
      [1, 0]
    ])
    expect(fifth!.y).toBe(50)
  })

  it('with gridAutoTracks ROWS, keeps a row a hidden child holds, and drops one a child leaves for ABSOLUTE', () => {
    const { frame, children } = grid(1, 2, 5, (f) => (f.gridAutoTracks = 'ROWS'))
    const [, , third, fourth, fifth] = children
    third!.visible = false
    fourth!.layoutPositioning = 'ABSOLUTE'
    expect(frame.gridRowCount).toBe(3)
    third!.layoutPositioning = 'ABSOLUTE'
    expect(frame.gridRowCount).toBe(2)
    expect(cells([fifth!])).toEqual([[1, 0]])
  })

  it('turning gridAutoTracks to ROWS drops the empty rows, keeping the sizes of the others', () => {
    const { figma, frame } = grid(3, 1, 0)
    const node = square(figma)
    frame.appendChildAt(node, 2, 0)
    frame.gridRowSizes = [{ type: 'FLEX' }, { type: 'FLEX' }, { type: 'FIXED', value: 30 }]
    frame.gridAutoTracks = 'ROWS'
    expect(frame.gridRowSizes.map((track) => [track.type, track.value])).toEqual([['FIXED', 30]])
    expect(cells([node])).toEqual([[0, 0]])
  })

  it('gives an ABSOLUTE child no cell, and the first free one when it is back in the flow', () => {
    const { figma, frame, children } = grid(2, 2, 2)
    const [first, second] = children
    first!.layoutPositioning = 'ABSOLUTE'
    first!.x = 70
    frame.appendChild(square(figma))
    expect(cells(frame.children)).toEqual([
      [0, 0],
      [0, 1],
      [0, 0]
    ])
    expect(first!.x).toBe(70)
    first!.layoutPositioning = 'AUTO'
    expect(cells([first!, second!])).toEqual([
      [1, 0],
      [0, 1]
    ])
  })

  it('with gridAutoTracks ROWS in a ROW_AUTO_FLOW grid, drops the row its children flow out of', () => {
    const { frame, children } = grid(1, 2, 3, (f) => {
      f.gridAutoTracks = 'ROWS'
      f.gridItemsPositioning = 'ROW_AUTO_FLOW'
    })
    expect(frame.gridRowCount).toBe(2)
    // The first child leaves row 0, not row 1; the third flows up beside the second.
    children[0]?.remove()
    expect(frame.gridRowCount).toBe(1)
    expect(cells(frame.children)).toEqual([
      [0, 0],
      [0, 1]
    ])
  })

  it('refuses an ABSOLUTE child a span wider than the grid, and keeps laying out', () => {
    const { figma, frame, children } = grid(2, 2, 1)
    const [child] = children
    child!.layoutPositioning = 'ABSOLUTE'
    expect(() => (child!.gridColumnSpan = 3)).toThrow('in set_gridColumnSpan: Column span exceeds grid column count')
    expect(child!.gridColumnSpan).toBe(1)
    frame.appendChild(square(figma))
    frame.resize(200, 200)
    expect(cells(frame.children)).toEqual([
      [0, 0],
      [0, 0]
    ])
    expect(frame.children[1]?.x).toBe(0)
  })

  it('refuses an ABSOLUTE child back into a grid its span has become too wide for, leaving it ABSOLUTE', () => {
    const { frame, children } = grid(2, 3, 1)
    const [child] = children
    child!.layoutPositioning = 'ABSOLUTE'
    child!.gridColumnSpan = 3
    frame.gridColumnCount = 2
    expect(() => (child!.layoutPositioning = 'AUTO')).toThrow('in set_layoutPositioning: Column span exceeds grid column count')
    expect(child!.layoutPositioning).toBe('ABSOLUTE')
    frame.resize(200, 200)
    expect(frame.width).toBe(200)
  })

  it('places a child with appendChildAt and moves it with setGridChildPosition', () => {
    const { figma, frame } = grid(3, 3, 0)
    const node = square(figma)
    frame.appendChildAt(node, 2, 1)
    expect([node.gridRowAnchorIndex, node.gridColumnAnchorIndex, node.x, node.y]).toEqual([2, 1, 100 / 3, 200 / 3])
    node.setGridChildPosition(0, 2)
    expect([node.gridRowAnchorIndex, node.gridColumnAnchorIndex]).toEqual([0, 2])
  })

  it('refuses a cell out of bounds or held by another child, and leaves the tree as it was', () => {
    const { figma, frame, children } = grid(2, 2, 2)
    const node = square(figma)
    expect(() => frame.appendChildAt(node, 2, 0)).toThrow('in appendChildAt: Row 2, column 0 is out of bounds for a grid of 2 rows and 2 columns')
    expect(() => frame.appendChildAt(node, 0, 1)).toThrow('in appendChildAt: Row 0, column 1 is occupied by another node')
    expect(node.parent).toBe(figma.currentPage)
    expect(() => children[0]?.setGridChildPosition(0, 1)).toThrow('in setGridChildPosition: Row 0, column 1 is occupied by another node')
    expect(() => children[0]?.setGridChildPosition(-1, 0)).toThrow(/in setGridChildPosition/)
    expect(cells(frame.children)).toEqual([
      [0, 0],
      [0, 1]
    ])
  })

  it('refuses grid placement outside a grid, and in a ROW_AUTO_FLOW grid', () => {
    const { figma, frame, children } = grid(2, 2, 2, (f) => (f.gridItemsPositioning = 'ROW_AUTO_FLOW'))
    expect(() => children[0]?.setGridChildPosition(1, 1)).toThrow(
      'in setGridChildPosition: cannot set grid child position directly inside of a grid with automatically positioned items, use parent.insertChild() instead'
    )
    expect(() => frame.appendChildAt(square(figma), 1, 1)).toThrow(/in appendChildAt: cannot set grid child position directly/)
    expect(() => frame.setGridChildPosition(0, 0)).toThrow('in setGridChildPosition: Node is not a grid child')
    expect(() => figma.createFrame().appendChildAt(square(figma), 0, 0)).toThrow(/in appendChildAt/)
  })

  it('in a ROW_AUTO_FLOW grid, re-flows the children when a span grows or a column goes', () => {
    const { frame, children } = grid(2, 3, 3, (f) => (f.gridItemsPositioning = 'ROW_AUTO_FLOW'))
    children[1]!.gridColumnSpan = 2
    expect(cells(frame.children)).toEqual([
      [0, 0],
      [0, 1],
      [1, 0]
    ])
    frame.gridColumnCount = 2
    expect(cells(frame.children)).toEqual([
      [0, 0],
      [1, 0],
      [2, 0]
    ])
    expect(() => (children[1]!.gridColumnSpan = 3)).toThrow('in set_gridColumnSpan: Column span exceeds grid column count')
    expect(() => (frame.gridColumnCount = 1)).toThrow('in set_gridColumnCount: Column span exceeds grid column count')
    expect(frame.gridColumnCount).toBe(2)
  })

  it('in a ROW_AUTO_FLOW grid, orders the cells by the layer order', () => {
    const { figma, frame, children } = grid(2, 2, 2, (f) => (f.gridItemsPositioning = 'ROW_AUTO_FLOW'))
    const first = square(figma)
    frame.insertChild(0, first)
    expect(cells([first, ...children])).toEqual([
      [0, 0],
      [0, 1],
      [1, 0]
    ])
  })
})

describe('spans and alignment (nodes-gridrowspan, GridChildrenMixin)', () => {
  it('spans cells, refusing one past the last track or over another child', () => {
    const { frame, children } = grid(2, 3, 2)
    const [first] = children
    expect(() => (first!.gridColumnSpan = 4)).toThrow('in set_gridColumnSpan: Column span exceeds grid column count')
    expect(() => (first!.gridColumnSpan = 2)).toThrow('in set_gridColumnSpan: Cannot set child to specified column span due to existing children in adjacent columns')
    first!.gridRowSpan = 2
    expect(first!.gridRowSpan).toBe(2)
    expect(() => (first!.gridRowSpan = 0)).toThrow(/in set_gridRowSpan/)
    expect(cells(frame.children)).toEqual([
      [0, 0],
      [0, 1]
    ])
  })

  it('aligns a child in its cell', () => {
    const { children } = grid(2, 2, 1)
    const [child] = children
    child!.gridChildHorizontalAlign = 'CENTER'
    child!.gridChildVerticalAlign = 'MAX'
    expect([child!.x, child!.y]).toEqual([20, 40])
    expect(() => (child!.gridChildHorizontalAlign = 'STRETCH' as 'MIN')).toThrow(/in set_gridChildHorizontalAlign/)
  })
})

describe('tracks (nodes-gridrowcount, nodes-gridcolumncount, GridTrackSize)', () => {
  it('refuses fewer than one track, and removing a track a child is in', () => {
    const { frame } = grid(2, 2, 3)
    expect(() => (frame.gridRowCount = 0)).toThrow('in set_gridRowCount: Expected "gridRowCount" to have value >= 1')
    expect(() => (frame.gridRowCount = 1)).toThrow('in set_gridRowCount: Cannot remove rows that hold children')
    expect(() => (frame.gridColumnCount = 1)).toThrow('in set_gridColumnCount: Cannot remove columns that hold children')
    frame.gridRowCount = 3
    expect(frame.gridRowCount).toBe(3)
  })

  it('refuses a negative gap', () => {
    const { frame } = grid(2, 2, 0)
    expect(() => (frame.gridRowGap = -1)).toThrow('in set_gridRowGap: Expected "gridRowGap" to have value >= 0')
    expect(() => (frame.gridColumnGap = -1)).toThrow('in set_gridColumnGap: Expected "gridColumnGap" to have value >= 0')
  })

  it('sizes a track through the track objects gridColumnSizes returns', () => {
    const { frame, children } = grid(1, 3, 3)
    const [first, second] = frame.gridColumnSizes
    first!.type = 'FIXED'
    first!.value = 40
    second!.type = 'HUG'
    expect(frame.gridColumnSizes.map((track) => [track.type, track.value])).toEqual([
      ['FIXED', 40],
      ['HUG', 1],
      ['FLEX', 1]
    ])
    // 40 fixed, 10 hugging its child, the FLEX column the other 50.
    expect(children.map((child) => child.x)).toEqual([0, 40, 50])
    expect(() => (first!.value = -1)).toThrow(/in set_gridColumnSizes/)
  })

  it('refuses a write to a track object whose track has gone, and keeps the count', () => {
    const { frame } = grid(1, 2, 0)
    const views = frame.gridColumnSizes
    frame.gridColumnCount = 1
    expect(() => (views[1]!.value = 3)).toThrow('in set_gridColumnSizes: Grid track 1 no longer exists in a grid of 1 columns')
    expect(frame.gridColumnCount).toBe(1)
  })

  it('sizes FIXED, FLEX and HUG tracks from a whole list', () => {
    const { frame, children } = grid(1, 3, 3, (f) => (f.gridColumnGap = 5))
    frame.gridColumnSizes = [
      { type: 'FIXED', value: 20 },
      { type: 'HUG' },
      { type: 'FLEX', value: 1 }
    ]
    // 20 fixed, 10 hugging its child, the FLEX column the rest after two 5 px gaps.
    expect(children.map((child) => child.x)).toEqual([0, 25, 40])
    expect(() => (frame.gridColumnSizes = [{ type: 'FLEX' }])).toThrow('in set_gridColumnSizes: Grid track sizes must be the same length as the grid column count')
    expect(() => (frame.gridColumnSizes = [{ type: 'AUTO' as 'FLEX' }, { type: 'FLEX' }, { type: 'FLEX' }])).toThrow(
      "in set_gridColumnSizes: Invalid enum value. Expected 'FLEX' | 'FIXED' | 'HUG', received 'AUTO'"
    )
  })
})

describe('a frame becoming a grid (AutoLayoutMixin.layoutMode)', () => {
  it('gives its children cells in layer order, with rows enough for all', () => {
    const { figma } = createFigmaEmulator()
    const frame = figma.createFrame()
    for (let index = 0; index < 5; index += 1) frame.appendChild(square(figma))
    frame.layoutMode = 'GRID'
    expect(frame.gridRowCount).toBe(3)
    expect(cells(frame.children)).toEqual([
      [0, 0],
      [0, 1],
      [1, 0],
      [1, 1],
      [2, 0]
    ])
  })

  it('refuses to become a grid too narrow for a child’s span, and stays as it was', () => {
    const { figma } = createFigmaEmulator()
    const frame = figma.createFrame()
    const wide = square(figma)
    frame.appendChild(wide)
    wide.gridColumnSpan = 3
    expect(() => (frame.layoutMode = 'GRID')).toThrow('in set_layoutMode: Column span exceeds grid column count')
    expect(frame.layoutMode).toBe('NONE')
    frame.resize(200, 200)
    frame.appendChild(square(figma))
    expect(frame.children).toHaveLength(2)
  })
})

describe('a drop into a grid whose cells follow the layer order (the drop oracle, insertionIndexAt)', () => {
  /** A 100 × 100 ROW_AUTO_FLOW grid of 2 × 3 with five children, and where the emulator would insert a node dropped at a point. */
  function autoFlowGrid() {
    const emulator = createFigmaEmulator()
    const frame = emulator.figma.createFrame()
    frame.resize(100, 100)
    frame.layoutMode = 'GRID'
    frame.gridColumnCount = 3
    frame.gridItemsPositioning = 'ROW_AUTO_FLOW'
    for (let index = 0; index < 5; index += 1) frame.appendChild(square(emulator.figma))
    const oracle = emulator.getNode(frame.id) as unknown as { insertionIndexAt(point: Vector): number }
    return { emulator, frame, children: frame.children as FrameNode[], indexAt: (point: Vector) => oracle.insertionIndexAt(point) }
  }

  /** Inserts a new child where the oracle says, and gives its cell. */
  function dropAt(emulator: FigmaEmulator, frame: FrameNode, index: number) {
    const node = square(emulator.figma)
    frame.insertChild(index, node)
    return cells([node])[0]
  }

  it('counts a hidden child, which holds its cell, so the node lands in the cell under the pointer', () => {
    const { emulator, frame, children, indexAt } = autoFlowGrid()
    children[1]!.visible = false
    // Over the hidden child's cell, row 0, column 1.
    const index = indexAt({ x: 50, y: 10 })
    expect(index).toBe(1)
    expect(dropAt(emulator, frame, index)).toEqual([0, 1])
    expect(cells([children[1]!])).toEqual([[0, 2]])
  })

  it('puts a node dropped past a hidden last child after it, in the cell under the pointer', () => {
    const { emulator, frame, children, indexAt } = autoFlowGrid()
    children[4]!.visible = false
    // Over row 1, column 2: the hidden fifth child holds column 1.
    const index = indexAt({ x: 90, y: 60 })
    expect(index).toBe(5)
    expect(dropAt(emulator, frame, index)).toEqual([1, 2])
  })
})
