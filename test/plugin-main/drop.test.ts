/**
 * Dragging a result onto the canvas: where the dropped icon lands, which frame takes it, and which
 * drops are left to Figma.
 */
import { afterEach, describe, expect, it, vi } from 'vitest'

import type { InsertRequest, OperationResult } from '../../src/api/plugin-protocol'
import { dropIcon, dropMetadata, insert, insertRequest, startPlugin, type PluginRun } from './plugin-harness'

afterEach(() => void vi.unstubAllGlobals())

function frameAt(run: PluginRun, x: number, y: number, width: number, height: number): FrameNode {
  const frame = run.figma.createFrame()
  frame.x = x
  frame.y = y
  frame.resize(width, height)
  return frame
}

/** A horizontal auto-layout frame at the origin holding Lucide's house and star, 24 px, 10 px apart. */
async function houseAndStarRow(run: PluginRun): Promise<FrameNode> {
  const row = frameAt(run, 0, 0, 400, 40)
  row.layoutMode = 'HORIZONTAL'
  row.itemSpacing = 10
  row.appendChild(await insert(run, insertRequest('lucide', 'house', { size: 24 })))
  row.appendChild(await insert(run, insertRequest('lucide', 'star', { size: 24 })))
  return row
}

/** A drop as the UI makes it: `pluginDrop` at once, then the SVG (if any) as DROP_CONTENT. */
async function drop(run: PluginRun, absoluteX: number, absoluteY: number, metadata: unknown, content?: InsertRequest): Promise<{ handledByFigma: boolean }> {
  const handledByFigma = run.emulator.dispatchDrop({ absoluteX, absoluteY, dropMetadata: metadata })
  await run.emulator.settle()
  if (content !== undefined) run.send('DROP_CONTENT', content)
  await run.emulator.settle()
  return { handledByFigma }
}

describe('drag and drop', () => {
  it('inserts the icon centred on the drop point, inside the frame it was dropped on', async () => {
    const run = await startPlugin()
    const frame = frameAt(run, 200, 100, 300, 200)
    const request = insertRequest('lucide', 'house', { size: 24 })
    const { handledByFigma } = await drop(run, 260, 150, dropMetadata(request), request)

    expect(handledByFigma).toBe(false)
    const result = (await run.resultFor(request.requestId)) as Extract<OperationResult, { ok: true }>
    expect(result.ok).toBe(true)
    const [node] = frame.children
    expect(node?.id).toBe(result.nodeIds[0])
    expect(node?.name).toBe('lucide/house')
    expect([node?.x, node?.y, node?.width]).toEqual([48, 38, 24])
    expect(run.figma.currentPage.selection.map((selected) => selected.id)).toEqual(result.nodeIds)
  })

  it('drops onto the page at the drop point when it lands on empty canvas', async () => {
    const run = await startPlugin()
    const request = insertRequest('lucide', 'star', { size: 32 })
    await drop(run, -500, 40, dropMetadata(request), request)
    const result = await run.resultFor(request.requestId)
    expect(result.ok).toBe(true)
    const node = run.figma.currentPage.children.find((child) => child.name === 'lucide/star')
    expect([node?.x, node?.y]).toEqual([-516, 24])
  })

  it('drops next to an icon it lands on, in that icon’s frame', async () => {
    const run = await startPlugin()
    const frame = frameAt(run, 0, 0, 200, 200)
    run.emulator.select([frame.id])
    await run.emulator.settle()
    const target = await insert(run, insertRequest('lucide', 'house', { size: 48 }))
    const request = insertRequest('lucide', 'star', { size: 24 })
    await drop(run, 100, 100, dropMetadata(request), request)
    await run.resultFor(request.requestId)
    expect(frame.children.map((child) => child.name)).toEqual(['lucide/house', 'lucide/star'])
    expect(target.findAll((child) => child.name.startsWith('lucide/'))).toEqual([])
  })

  it('drops into an auto-layout frame at the gap nearest the pointer', async () => {
    const run = await startPlugin()
    const row = await houseAndStarRow(run)
    const request = insertRequest('lucide', 'search', { size: 24 })
    await drop(run, 30, 20, dropMetadata(request), request)
    await run.resultFor(request.requestId)
    expect(row.children.map((child) => child.name)).toEqual(['lucide/house', 'lucide/search', 'lucide/star'])
    expect(row.children.map((child) => child.x)).toEqual([0, 34, 68])
  })

  it('drops beside a locked frame, never into it, since the designer cannot touch it', async () => {
    const run = await startPlugin()
    const locked = frameAt(run, 0, 0, 200, 200)
    locked.locked = true
    const request = insertRequest('lucide', 'star', { size: 24 })
    await drop(run, 100, 100, dropMetadata(request), request)
    await run.resultFor(request.requestId)
    expect(locked.children).toHaveLength(0)
    expect(run.figma.currentPage.children.map((child) => child.name)).toEqual(['Frame', 'lucide/star'])
  })

  it('drops into a frame drawn beyond its parent’s bounds, which shows it when it does not clip, and not when it does', async () => {
    const run = await startPlugin()
    const outer = frameAt(run, 0, 0, 200, 200)
    const card = frameAt(run, 0, 0, 100, 100)
    outer.appendChild(card)
    card.x = 150
    outer.clipsContent = false
    // The playground outlines the frame while the drag is over it.
    expect(run.emulator.dropTargetAt(225, 50).id).toBe(card.id)
    const request = insertRequest('lucide', 'house', { size: 24 })
    await drop(run, 225, 50, dropMetadata(request), request)
    const result = (await run.resultFor(request.requestId)) as Extract<OperationResult, { ok: true }>
    expect(card.children.map((node) => node.id)).toEqual(result.nodeIds)
    expect([card.children[0]?.x, card.children[0]?.y]).toEqual([63, 38])

    outer.clipsContent = true
    expect(run.emulator.dropTargetAt(225, 50).id).toBe(run.figma.currentPage.id)
    const clipped = insertRequest('lucide', 'star', { size: 24 })
    await drop(run, 225, 50, dropMetadata(clipped), clipped)
    const onPage = (await run.resultFor(clipped.requestId)) as Extract<OperationResult, { ok: true }>
    expect(run.figma.currentPage.children.map((node) => node.id)).toContain(onPage.nodeIds[0])
  })

  it('drops into the frame under a plain shape, although Figma reports the page for it', async () => {
    const run = await startPlugin()
    const frame = frameAt(run, 0, 0, 200, 200)
    const shape = run.figma.createNodeFromSvg('<svg xmlns="http://www.w3.org/2000/svg" width="200" height="200"><rect width="200" height="200" fill="#eee"/></svg>')
    const rectangle = shape.children[0] as SceneNode
    frame.appendChild(rectangle)
    shape.remove()
    const request = insertRequest('lucide', 'star', { size: 24 })
    await drop(run, 100, 100, dropMetadata(request), request)
    await run.resultFor(request.requestId)
    expect(frame.children.map((child) => child.name)).toEqual(['Rectangle', 'lucide/star'])
  })

  it('drops into the group or the component under the pointer, centred on the drop point', async () => {
    const run = await startPlugin()
    const frame = frameAt(run, 0, 0, 400, 200)
    const [left, right] = [run.figma.createStar(), run.figma.createStar()]
    frame.appendChild(left)
    frame.appendChild(right)
    right.x = 100
    const group = run.figma.group([left, right], frame)
    const component = run.figma.createComponent()
    frame.appendChild(component)
    component.x = 250
    component.y = 50
    component.resize(100, 100)
    await dropIcon(run, 150, 50, insertRequest('lucide', 'star', { size: 24 }))
    await dropIcon(run, 300, 100, insertRequest('lucide', 'house', { size: 24 }))

    const centre = (node: SceneNode | undefined) => {
      const box = node?.absoluteBoundingBox
      return box == null ? null : [box.x + box.width / 2, box.y + box.height / 2]
    }
    expect(group.children.map((child) => child.name)).toEqual(['Star', 'Star', 'lucide/star'])
    expect(centre(group.children[2])).toEqual([150, 50])
    expect(component.children.map((child) => child.name)).toEqual(['lucide/house'])
    expect(centre(component.children[0])).toEqual([300, 100])
  })

  it('drops into the frame under a text layer, which holds no children, although Figma reports the page for it', async () => {
    const run = await startPlugin()
    const frame = frameAt(run, 0, 0, 300, 100)
    const label = run.figma.createText()
    frame.appendChild(label)
    await run.figma.loadFontAsync(label.fontName as FontName)
    label.characters = 'A heading that spans the frame'
    label.fontSize = 16
    await dropIcon(run, 20, 10, insertRequest('lucide', 'star', { size: 24 }))
    expect(frame.children.map((child) => child.name)).toEqual(['A heading that spans the frame', 'lucide/star'])
  })

  it('drops into a section, and into the frame in it under the pointer, each in its own coordinates', async () => {
    const run = await startPlugin()
    const section = run.figma.createSection()
    section.x = 1000
    section.y = 500
    section.resizeWithoutConstraints(600, 400)
    const frame = frameAt(run, 300, 100, 200, 200)
    section.appendChild(frame)
    const intoSection = insertRequest('lucide', 'star', { size: 24 })
    await drop(run, 1100, 600, dropMetadata(intoSection), intoSection)
    await run.resultFor(intoSection.requestId)
    const intoFrame = insertRequest('lucide', 'house', { size: 24 })
    await drop(run, 1400, 700, dropMetadata(intoFrame), intoFrame)
    await run.resultFor(intoFrame.requestId)

    expect(section.children.map((child) => [child.name, child.x, child.y])).toEqual([
      ['Frame', 300, 100],
      ['lucide/star', 88, 88]
    ])
    expect(frame.children.map((child) => [child.name, child.x, child.y])).toEqual([['lucide/house', 88, 88]])
  })

  describe('into auto-layout, at the index Figma gives for the point', () => {
    async function dropInto(setUp: (frame: FrameNode) => void, point: Vector, hide: (children: readonly SceneNode[]) => void = () => undefined) {
      const run = await startPlugin()
      const frame = frameAt(run, 0, 0, 200, 120)
      setUp(frame)
      for (const name of ['house', 'star', 'search', 'heart', 'bell']) {
        frame.appendChild(await insert(run, insertRequest('lucide', name, { size: 24 })))
      }
      hide(frame.children)
      const oracle = (run.emulator.getNode(frame.id) as unknown as { insertionIndexAt(point: Vector): number }).insertionIndexAt(point)
      const request = insertRequest('lucide', 'circle', { size: 24 })
      await drop(run, point.x, point.y, dropMetadata(request), request)
      await run.resultFor(request.requestId)
      return { index: frame.children.findIndex((child) => child.name === 'lucide/circle'), oracle, frame }
    }

    it('with wrap: in the line under the pointer', async () => {
      const { index, oracle } = await dropInto(
        (frame) => {
          frame.layoutMode = 'HORIZONTAL'
          // Auto-layout hugs the children (none yet) until a resize fixes the size, which wrapping needs.
          frame.resize(200, 120)
          frame.layoutWrap = 'WRAP'
          frame.itemSpacing = 40
          frame.counterAxisSpacing = 20
        },
        { x: 10, y: 60 }
      )
      expect([index, oracle]).toEqual([3, 3])
    })

    it('with vertical wrap: in the column under the pointer', async () => {
      const { index, oracle } = await dropInto(
        (frame) => {
          // 24 px icons, 40 apart, in a 120 px tall frame: columns of two, at x 0, 44 and 88.
          frame.layoutMode = 'VERTICAL'
          frame.resize(200, 120)
          frame.layoutWrap = 'WRAP'
          frame.itemSpacing = 40
          frame.counterAxisSpacing = 20
        },
        { x: 50, y: 10 }
      )
      expect([index, oracle]).toEqual([2, 2])
    })

    /** A 3 × 2 grid whose cells follow the layer order. */
    function autoFlowGrid(frame: FrameNode) {
      frame.layoutMode = 'GRID'
      frame.gridColumnCount = 3
      frame.gridRowCount = 2
      frame.gridItemsPositioning = 'ROW_AUTO_FLOW'
    }

    it('in a GRID whose cells follow the layer order: in the cell under the pointer', async () => {
      const { index, oracle } = await dropInto(autoFlowGrid, { x: 150, y: 10 })
      expect([index, oracle]).toEqual([2, 2])
    })

    it('in a GRID whose cells follow the layer order, over a hidden icon: in its cell, which it keeps', async () => {
      const { index, oracle } = await dropInto(autoFlowGrid, { x: 100, y: 10 }, (children) => {
        ;(children[1] as SceneNode).visible = false
      })
      expect([index, oracle]).toEqual([1, 1])
    })

    it('in a GRID whose cells follow the layer order and differ in width: in the cell under the pointer', async () => {
      const { index, oracle } = await dropInto(
        (frame) => {
          autoFlowGrid(frame)
          // Columns start at 0, 20 and 110, rows at 0 and 60: the pointer is over the first row's second cell, below its icon.
          frame.gridColumnSizes = [{ type: 'FIXED', value: 20 }, { type: 'FLEX' }, { type: 'FLEX' }]
        },
        { x: 100, y: 40 }
      )
      expect([index, oracle]).toEqual([1, 1])
    })

    it('in a GRID whose cells follow the layer order, with a row to spare: in the cell under the pointer, below its icon', async () => {
      const { index, oracle } = await dropInto(
        (frame) => {
          autoFlowGrid(frame)
          // Rows start at 0, 40 and 80; the last is empty, so no icon marks where the second ends.
          frame.gridRowCount = 3
        },
        { x: 10, y: 70 }
      )
      expect([index, oracle]).toEqual([3, 3])
    })

    it('in a GRID whose children keep their cells: in the first free cell, on top', async () => {
      const { index, oracle, frame } = await dropInto(
        (grid) => {
          grid.layoutMode = 'GRID'
          grid.gridColumnCount = 3
          grid.gridRowCount = 2
        },
        { x: 150, y: 10 }
      )
      expect([index, oracle]).toEqual([5, 5])
      const dropped = frame.children[index] as FrameNode
      expect([dropped.gridRowAnchorIndex, dropped.gridColumnAnchorIndex]).toEqual([1, 2])
    })

    it('skipping hidden and absolutely positioned children', async () => {
      const { index, oracle } = await dropInto(
        (frame) => {
          frame.layoutMode = 'HORIZONTAL'
          frame.itemSpacing = 10
        },
        { x: 40, y: 10 },
        (children) => {
          const [first, , , , last] = children
          if (first !== undefined) first.visible = false
          // Pinned at the start, though last in the layer order.
          if (last !== undefined && 'layoutPositioning' in last) {
            last.layoutPositioning = 'ABSOLUTE'
            last.x = 0
          }
        }
      )
      expect([index, oracle]).toEqual([2, 2])
    })
  })

  it('takes the drop at once, before the SVG is fetched, and lands it in the frame under the pointer then', async () => {
    const run = await startPlugin()
    const frame = frameAt(run, 0, 0, 200, 200)
    const request = insertRequest('lucide', 'star', { size: 24 })
    await drop(run, 100, 100, dropMetadata(request))
    // The designer moves the frame away before the SVG arrives: the drop was made on it.
    frame.x = 500
    run.send('DROP_CONTENT', request)
    expect((await run.resultFor(request.requestId)).ok).toBe(true)
    expect(frame.children.map((child) => [child.name, child.x, child.y])).toEqual([['lucide/star', 88, 88]])
  })

  it('lands a drop in its frame on the page it was made on when the designer switched page before the SVG came, selected there', async () => {
    const run = await startPlugin()
    const frame = frameAt(run, 0, 0, 200, 200)
    const dropPage = run.figma.currentPage
    const request = insertRequest('lucide', 'star', { size: 24 })
    await drop(run, 100, 100, dropMetadata(request))
    const other = run.emulator.addPage('Page 2')
    run.emulator.switchPage(other)
    await run.emulator.settle()
    run.send('DROP_CONTENT', request)

    const result = (await run.resultFor(request.requestId)) as Extract<OperationResult, { ok: true }>
    expect(result.ok).toBe(true)
    expect(frame.children.map((child) => [child.id, child.name])).toEqual([[result.nodeIds[0], 'lucide/star']])
    // Figma refuses a page's selection of another page's nodes: the icon is selected on its own page.
    expect(dropPage.selection.map((node) => node.id)).toEqual(result.nodeIds)
    expect(run.figma.currentPage.selection).toEqual([])
    expect(other.children).toHaveLength(0)
  })

  it('inserts a drop whose SVG arrived first, as soon as the drop comes', async () => {
    const run = await startPlugin()
    const request = insertRequest('lucide', 'star', { size: 24 })
    run.send('DROP_CONTENT', request)
    await drop(run, 100, 100, dropMetadata(request))
    expect((await run.resultFor(request.requestId)).ok).toBe(true)
    expect(run.figma.currentPage.children.map((child) => child.name)).toEqual(['lucide/star'])
  })

  describe('several picked icons dragged together', () => {
    /** The picked icons' drop, as the UI makes it for a drag of one of them: the dragged icon names the drop, their SVGs follow together. */
    async function dropPicked(run: PluginRun, x: number, y: number, names: readonly string[]): Promise<Extract<OperationResult, { ok: true }>> {
      const [first, ...others] = names.map((name) => insertRequest('lucide', name, { size: 24 }))
      if (first === undefined) throw new Error('Nothing picked')
      await drop(run, x, y, dropMetadata(first))
      run.send('DROP_CONTENTS', { requestId: first.requestId, items: [first, ...others].map(({ svg, icon }) => ({ svg, icon })) })
      const result = await run.resultFor(first.requestId)
      if (!result.ok) throw new Error(result.message)
      return result
    }

    it('land as a row from the drop point, the first centred on it, in the frame under it, all selected', async () => {
      const run = await startPlugin()
      const frame = frameAt(run, 0, 0, 300, 200)
      const result = await dropPicked(run, 100, 100, ['house', 'star', 'search'])
      expect(frame.children.map((child) => [child.id, child.name, child.x, child.y])).toEqual([
        [result.nodeIds[0], 'lucide/house', 88, 88],
        [result.nodeIds[1], 'lucide/star', 120, 88],
        [result.nodeIds[2], 'lucide/search', 152, 88]
      ])
      expect(run.figma.currentPage.selection.map((node) => node.id)).toEqual(result.nodeIds)
    })

    it('go into an auto-layout frame one after another, at the gap nearest the pointer', async () => {
      const run = await startPlugin()
      const row = await houseAndStarRow(run)
      await dropPicked(run, 30, 20, ['search', 'bell'])
      expect(row.children.map((child) => child.name)).toEqual(['lucide/house', 'lucide/search', 'lucide/bell', 'lucide/star'])
    })

    it('are all refused, and none is left behind, when one of their SVGs is broken', async () => {
      const run = await startPlugin()
      const frame = frameAt(run, 0, 0, 300, 200)
      const [good, broken] = [insertRequest('lucide', 'house', { size: 24 }), insertRequest('lucide', 'star', { size: 24 })]
      await drop(run, 100, 100, dropMetadata(good))
      run.send('DROP_CONTENTS', { requestId: good.requestId, items: [good, { ...broken, svg: '<svg><g></svg>' }].map(({ svg, icon }) => ({ svg, icon })) })
      expect(await run.resultFor(good.requestId)).toMatchObject({ ok: false, message: expect.stringContaining('lucide/star') })
      expect(frame.children).toHaveLength(0)
    })

    it('are reported when their message arrives malformed, and nothing goes in', async () => {
      const run = await startPlugin()
      const request = insertRequest('lucide', 'house', { size: 24 })
      await drop(run, 100, 100, dropMetadata(request))
      run.send('DROP_CONTENTS', { requestId: request.requestId, items: [] })
      expect(await run.resultFor(request.requestId)).toMatchObject({ ok: false, message: expect.stringContaining('there are no icons to insert') })
      expect(run.figma.currentPage.children).toHaveLength(0)
    })
  })

  it('reports a drop whose SVG could not be fetched, and inserts nothing', async () => {
    const run = await startPlugin()
    const request = insertRequest('lucide', 'star', { size: 24 })
    await drop(run, 100, 100, dropMetadata(request))
    run.send('DROP_FAILED', { requestId: request.requestId, message: 'The catalogue did not answer.' })
    expect(await run.resultFor(request.requestId)).toEqual({ requestId: request.requestId, ok: false, message: 'The catalogue did not answer.' })
    expect(run.figma.currentPage.children).toHaveLength(0)
  })

  it('reports a drop failure that arrives malformed, with a message of its own', async () => {
    const run = await startPlugin()
    const request = insertRequest('lucide', 'star', { size: 24 })
    await drop(run, 100, 100, dropMetadata(request))
    run.send('DROP_FAILED', { requestId: request.requestId })
    expect(await run.resultFor(request.requestId)).toEqual({ requestId: request.requestId, ok: false, message: 'The dropped icon could not be inserted.' })
    run.send('DROP_FAILED', null)
    expect(run.emulator.notifications.at(-1)).toMatchObject({ message: 'The dropped icon could not be inserted.', error: true })
    expect(run.figma.currentPage.children).toHaveLength(0)
  })

  it('leaves drops that are not icons from this plugin to Figma', async () => {
    const run = await startPlugin()
    const { handledByFigma } = await drop(run, 0, 0, { kind: 'something-else' })
    expect(handledByFigma).toBe(true)
    expect(run.figma.currentPage.children).toHaveLength(0)
  })

  it('reports a broken drop and inserts nothing', async () => {
    const run = await startPlugin()
    const request = insertRequest('lucide', 'house', { size: 24 })
    const { handledByFigma } = await drop(run, 0, 0, dropMetadata(request), { ...request, svg: '<svg><g></svg>' })
    expect(handledByFigma).toBe(false)
    const result = await run.resultFor(request.requestId)
    expect(result).toMatchObject({ ok: false, message: expect.stringContaining('Figma could not read the SVG of lucide/house') })
    expect(run.figma.currentPage.children).toHaveLength(0)
    expect(run.emulator.notifications.at(-1)).toMatchObject({ error: true, message: expect.stringContaining('lucide/house') })
  })
})
