/**
 * Where an inserted icon lands for each kind of selection: viewport centre, frames, auto-layout,
 * groups, components, instance slots, and beside a selected icon.
 */
import { afterEach, describe, expect, it, vi } from 'vitest'

import { insert, insertRequest, relaunch, replaceRequest, startPlugin, type PluginRun } from './plugin-harness'
import { shapeNodesIn } from './shapes'

afterEach(() => void vi.unstubAllGlobals())

function frameAt(run: PluginRun, x: number, y: number, width: number, height: number, name = 'Card'): FrameNode {
  const frame = run.figma.createFrame()
  frame.name = name
  frame.x = x
  frame.y = y
  frame.resize(width, height)
  return frame
}

async function selectAndSettle(run: PluginRun, nodes: SceneNode[]): Promise<void> {
  run.emulator.select(nodes.map((node) => node.id))
  await run.emulator.settle()
}

describe('placement', () => {
  it('puts the icon at the viewport centre when nothing is selected', async () => {
    const run = await startPlugin({ viewport: { width: 1000, height: 600, center: { x: 1234, y: -410 } } })
    const node = await insert(run, insertRequest('lucide', 'house', { size: 32 }))
    expect(node.parent?.type).toBe('PAGE')
    expect([node.x + node.width / 2, node.y + node.height / 2]).toEqual([1234, -410])
    // Already in sight: the view is not moved or zoomed.
    expect(run.figma.viewport.center).toEqual({ x: 1234, y: -410 })
    expect(run.figma.viewport.zoom).toBe(1)
  })

  it('centres the icon inside a selected frame, and scrolls to it when it is out of view', async () => {
    const run = await startPlugin()
    const frame = frameAt(run, 3000, 2000, 200, 120)
    await selectAndSettle(run, [frame])
    const node = await insert(run, insertRequest('lucide', 'house', { size: 32 }))
    expect(node.parent?.id).toBe(frame.id)
    expect([node.x, node.y]).toEqual([84, 44])
    expect(node.absoluteTransform[0][2]).toBe(3084)
    expect(run.figma.currentPage.selection.map((selected) => selected.id)).toEqual([node.id])
    const { x, y, width, height } = run.figma.viewport.bounds
    expect(3084 >= x && 3116 <= x + width && 2044 >= y && 2076 <= y + height).toBe(true)
  })

  it('keeps the zoom when it scrolls to an icon out of view', async () => {
    const run = await startPlugin({ viewport: { width: 1000, height: 600, center: { x: 0, y: 0 }, zoom: 0.5 } })
    const frame = frameAt(run, 3000, 2000, 200, 120)
    await selectAndSettle(run, [frame])
    await insert(run, insertRequest('lucide', 'house', { size: 24 }))
    expect(run.figma.viewport.zoom).toBe(0.5)
    expect(run.figma.viewport.center).toEqual({ x: 3100, y: 2060 })
  })

  it('lines repeated inserts up beside each other instead of stacking them on one spot', async () => {
    const run = await startPlugin()
    const first = await insert(run, insertRequest('lucide', 'house', { size: 24 }))
    const second = await insert(run, insertRequest('lucide', 'star', { size: 24 }))
    await selectAndSettle(run, [])
    const third = await insert(run, insertRequest('lucide', 'search', { size: 24 }))
    expect([first, second, third].map((node) => [node.x, node.y])).toEqual([
      [488, 288],
      [520, 288],
      [552, 288]
    ])
  })

  it('centres the icon on a viewport centred where new nodes are made, (0, 0): it is not in its own way', async () => {
    const run = await startPlugin({ viewport: { width: 1000, height: 600, center: { x: 0, y: 0 } } })
    const node = await insert(run, insertRequest('lucide', 'house', { size: 24 }))
    expect([node.x, node.y]).toEqual([-12, -12])
    await selectAndSettle(run, [])
    const row = await run.request('INSERT_ICONS', {
      requestId: 'row',
      items: ['star', 'bell'].map((slug) => insertRequest('lucide', slug, { size: 24 })).map(({ svg, icon }) => ({ svg, icon }))
    })
    if (!row.ok) throw new Error(row.message)
    // The row lies on the first icon, so it goes under it, whole, and no further.
    const made = run.figma.currentPage.children.filter((child) => row.nodeIds.includes(child.id))
    expect(made.map((icon) => [icon.x, icon.y])).toEqual([
      [-28, 20],
      [4, 20]
    ])
  })

  it('lines up beside an icon left at the viewport centre by an earlier run of the plugin, which it does not remember', async () => {
    const run = await startPlugin()
    const first = await insert(run, insertRequest('lucide', 'house', { size: 24 }))
    const reopened = await relaunch(run, '')
    await selectAndSettle(reopened, [])
    const second = await insert(reopened, insertRequest('lucide', 'star', { size: 24 }))
    const third = await insert(reopened, insertRequest('lucide', 'search', { size: 24 }))
    expect([first, second, third].map((node) => [node.x, node.y])).toEqual([
      [488, 288],
      [520, 288],
      [552, 288]
    ])
  })

  it('lines up only beside an icon on this page: on another, the next insert goes to the viewport centre', async () => {
    const run = await startPlugin()
    const first = await insert(run, insertRequest('lucide', 'house', { size: 24 }))
    const other = run.emulator.addPage('Page 2') as unknown as PageNode
    await run.figma.setCurrentPageAsync(other)
    await run.emulator.settle()
    // The other page's first icon sits where the first page's did, as both are at the viewport centre.
    const second = await insert(run, insertRequest('lucide', 'star', { size: 24 }))
    expect([second.parent?.id, second.x, second.y]).toEqual([other.id, first.x, first.y])
  })

  it('appends to a selected auto-layout frame, which lays it out', async () => {
    const run = await startPlugin()
    const row = frameAt(run, 0, 0, 400, 48, 'Toolbar')
    row.layoutMode = 'HORIZONTAL'
    row.paddingLeft = 8
    row.paddingTop = 8
    row.itemSpacing = 8
    const first = await insert(run, insertRequest('lucide', 'house', { size: 24 }))
    row.appendChild(first)
    await selectAndSettle(run, [row])
    const node = await insert(run, insertRequest('lucide', 'search', { size: 24 }))
    expect(row.children.map((child) => child.id)).toEqual([first.id, node.id])
    expect([node.x, node.y]).toEqual([40, 8])
  })

  describe('into a selected GRID frame', () => {
    /** A 2 × 2 grid of 60 px cells with a plugin icon in the cell at row 0, column 1. */
    async function grid(run: PluginRun): Promise<FrameNode> {
      const frame = frameAt(run, 0, 0, 120, 120, 'Icon grid')
      frame.layoutMode = 'GRID'
      frame.appendChildAt(await insert(run, insertRequest('lucide', 'house', { size: 24 })), 0, 1)
      await selectAndSettle(run, [frame])
      return frame
    }
    const cellOf = (node: SceneNode) => ('gridRowAnchorIndex' in node ? [node.gridRowAnchorIndex, node.gridColumnAnchorIndex] : null)

    it('puts the icon in the first free cell, at that cell’s corner', async () => {
      const run = await startPlugin()
      const frame = await grid(run)
      const node = await insert(run, insertRequest('lucide', 'search', { size: 24 }))
      expect(node.parent).toBe(frame)
      expect(cellOf(node)).toEqual([0, 0])
      expect([node.x, node.y]).toEqual([0, 0])
      const next = await insert(run, insertRequest('lucide', 'star', { size: 24 }))
      expect(cellOf(next)).toEqual([1, 0])
      expect([next.x, next.y]).toEqual([0, 60])
    })

    it('grows a full grid by a row for the next icon', async () => {
      const run = await startPlugin()
      const frame = await grid(run)
      for (const name of ['search', 'star', 'bell']) await insert(run, insertRequest('lucide', name, { size: 24 }))
      await selectAndSettle(run, [frame])
      const node = await insert(run, insertRequest('lucide', 'heart', { size: 24 }))
      expect(frame.gridRowCount).toBe(3)
      expect(cellOf(node)).toEqual([2, 0])
      expect(frame.children).toHaveLength(5)
    })
  })

  it('centres the icon on a selected group, in the group parent’s coordinates', async () => {
    const run = await startPlugin()
    const card = frameAt(run, 100, 100, 400, 400)
    const a = frameAt(run, 0, 0, 20, 20, 'A')
    const b = frameAt(run, 0, 0, 20, 20, 'B')
    card.appendChild(a)
    card.appendChild(b)
    a.x = 40
    a.y = 40
    b.x = 140
    b.y = 100
    const group = run.figma.group([a, b], card)
    await selectAndSettle(run, [group])
    const node = await insert(run, insertRequest('lucide', 'house', { size: 16 }))
    expect(node.parent?.id).toBe(group.id)
    // The group spans 40..160 × 40..120 in the card's space: centre (100, 80).
    expect([node.x, node.y]).toEqual([92, 72])
    expect([node.absoluteTransform[0][2], node.absoluteTransform[1][2]]).toEqual([192, 172])
  })

  it('centres the icon inside a selected component', async () => {
    const run = await startPlugin()
    const component = run.figma.createComponent()
    component.resize(64, 64)
    await selectAndSettle(run, [component])
    const node = await insert(run, insertRequest('lucide', 'house', { size: 24 }))
    expect(node.parent?.id).toBe(component.id)
    expect([node.x, node.y]).toEqual([20, 20])
  })

  it('fills a selected instance’s slot, and never the instance itself', async () => {
    const run = await startPlugin()
    const instance = run.emulator.createInstance('Button')
    instance.resize(120, 40)
    const slot = run.emulator.createSlot(instance, 'Leading icon')
    slot.resize(24, 24)
    await selectAndSettle(run, [instance])
    const node = await insert(run, insertRequest('lucide', 'house', { size: 24 }))
    expect(node.parent?.id).toBe(slot.id)
    expect([node.x, node.y]).toEqual([0, 0])
    // An icon in a slot is the designer's to swap, unlike the instance's own layers.
    await selectAndSettle(run, [node])
    expect(run.emitted('SELECTION_CHANGED').at(-1)).toMatchObject([{ nodeId: node.id }])
    const swapped = await run.request('REPLACE_ICONS', replaceRequest([{ nodeId: node.id, ...insertRequest('lucide', 'house', { size: 16 }) }]))
    expect(swapped).toMatchObject({ ok: true, nodeIds: [node.id] })
    expect([node.parent?.id, node.width]).toEqual([slot.id, 16])

    // Content the designer put in a slot is theirs to add to.
    const group = run.figma.createFrame()
    group.resize(24, 24)
    slot.appendChild(group)
    await selectAndSettle(run, [group])
    const nested = await insert(run, insertRequest('lucide', 'star', { size: 12 }))
    expect(nested.parent?.id).toBe(group.id)

    const plain = run.emulator.createInstance('Badge')
    await selectAndSettle(run, [plain])
    const outside = await insert(run, insertRequest('lucide', 'star', { size: 24 }))
    expect(outside.parent?.type).toBe('PAGE')
    expect(plain.children).toHaveLength(0)
  })

  it('puts a new icon beside a selected plugin icon, in its frame, not inside or on top of the icon', async () => {
    const run = await startPlugin()
    const frame = frameAt(run, 0, 0, 200, 100)
    await selectAndSettle(run, [frame])
    const first = await insert(run, insertRequest('lucide', 'house', { size: 24 }))
    expect(run.figma.currentPage.selection[0]?.id).toBe(first.id)
    // Each insert leaves its icon selected, so inserts one after another line up, 8 px apart, centred on the one before.
    const second = await insert(run, insertRequest('lucide', 'star', { size: 32 }))
    const third = await insert(run, insertRequest('lucide', 'search', { size: 24 }))
    expect(frame.children.map((child) => [child.name, child.x, child.y])).toEqual([
      ['lucide/house', 88, 38],
      ['lucide/star', 120, 34],
      ['lucide/search', 160, 38]
    ])
    expect(first.findAll((child) => child.name.startsWith('lucide/'))).toEqual([])
    expect(run.figma.currentPage.selection.map((node) => node.id)).toEqual([third.id])
    expect(second.parent?.id).toBe(frame.id)
  })

  it('puts a new icon under the selected one where the frame would cut it off beside it, then in a free spot by another icon, then anywhere free, and in its centre once the frame is full', async () => {
    const run = await startPlugin()
    const frame = frameAt(run, 0, 0, 100, 100)
    await selectAndSettle(run, [frame])
    const slugs = ['house', 'star', 'search', 'heart', 'bell', 'user', 'camera', 'lock', 'mail', 'check']
    for (const slug of slugs) await insert(run, insertRequest('lucide', slug, { size: 24 }))
    expect(frame.clipsContent).toBe(true)
    expect(frame.children.map((child) => [child.name, child.x, child.y])).toEqual([
      ['lucide/house', 38, 38],
      ['lucide/star', 70, 38],
      ['lucide/search', 70, 70],
      // Beside and under the search icon the frame cuts it off: under the house, the spot left free.
      ['lucide/heart', 38, 70],
      // No spot beside or under an icon is free and in sight: the first free one in the frame, in reading order.
      ['lucide/bell', 8, 8],
      // Then beside the one inserted last, as ever, and under another where the frame cuts it off.
      ['lucide/user', 40, 8],
      ['lucide/camera', 72, 8],
      ['lucide/lock', 8, 40],
      ['lucide/mail', 8, 72],
      // Nine icons fill the frame: the tenth goes to its centre, in sight.
      ['lucide/check', 38, 38]
    ])
  })

  it('keeps new icons within the edges of a frame that does not clip, rather than over whatever lies beside it', async () => {
    const run = await startPlugin()
    // A toolbar's button: a small frame that does not clip, with another button right of it.
    const button = frameAt(run, 0, 0, 80, 40)
    button.clipsContent = false
    frameAt(run, 88, 0, 60, 40, 'Next button')
    await selectAndSettle(run, [button])
    for (const slug of ['house', 'star', 'search']) await insert(run, insertRequest('lucide', slug, { size: 16 }))
    // Beside the house; then, where the button's edge stops the row and nothing fits under, the
    // first free spot in it, as in a frame that clips.
    expect(button.children.map((child) => [child.name, child.x, child.y])).toEqual([
      ['lucide/house', 32, 12],
      ['lucide/star', 56, 12],
      ['lucide/search', 8, 8]
    ])
  })

  it('never stacks icons on the centre of a frame selected again and again: each goes beside the one there, as on the page, else under it', async () => {
    const run = await startPlugin()
    const frame = frameAt(run, 0, 0, 280, 220)
    for (const slug of ['house', 'star', 'search']) {
      await selectAndSettle(run, [frame])
      await insert(run, insertRequest('lucide', slug, { size: 64 }))
    }
    // The third would be cut off right of the second, so it goes under the first.
    expect(frame.children.map((child) => [child.name, child.x, child.y])).toEqual([
      ['lucide/house', 108, 78],
      ['lucide/star', 180, 78],
      ['lucide/search', 108, 150]
    ])
  })

  it('puts a new icon right after a selected plugin icon in an auto-layout row, not at its end', async () => {
    const run = await startPlugin()
    const row = frameAt(run, 0, 0, 400, 48, 'Toolbar')
    row.layoutMode = 'HORIZONTAL'
    const [house, star] = [await insert(run, insertRequest('lucide', 'house', { size: 24 })), await insert(run, insertRequest('lucide', 'star', { size: 24 }))]
    row.appendChild(house)
    row.appendChild(star)
    await selectAndSettle(run, [house])
    const node = await insert(run, insertRequest('lucide', 'search', { size: 24 }))
    expect(row.children.map((child) => child.id)).toEqual([house.id, node.id, star.id])
  })

  it('puts a new icon beside a plugin icon the designer selected on the page, while it is in view', async () => {
    const run = await startPlugin()
    const house = await insert(run, insertRequest('lucide', 'house', { size: 24 }))
    house.x = 100
    house.y = 100
    await insert(run, insertRequest('lucide', 'star', { size: 24 }))
    await selectAndSettle(run, [house])
    // Beside it, past the star the last insert put there.
    const beside = await insert(run, insertRequest('lucide', 'search', { size: 24 }))
    expect([beside.parent?.type, beside.x, beside.y]).toEqual(['PAGE', 164, 100])
    // Out of view, the designer has moved on: the view's centre.
    house.x = 5000
    await selectAndSettle(run, [house])
    const centred = await insert(run, insertRequest('lucide', 'heart', { size: 24 }))
    expect([centred.x, centred.y]).toEqual([488, 288])
  })

  it('puts the icon into the container of a selected layer that holds none itself, right after it in auto-layout', async () => {
    const run = await startPlugin()
    const card = frameAt(run, 0, 0, 200, 100)
    const label = run.figma.createStar()
    card.appendChild(label)
    await selectAndSettle(run, [label])
    const inCard = await insert(run, insertRequest('lucide', 'house', { size: 24 }))
    expect(inCard.parent?.id).toBe(card.id)
    expect([inCard.x, inCard.y]).toEqual([88, 38])

    const button = frameAt(run, 0, 200, 200, 40, 'Button')
    button.layoutMode = 'HORIZONTAL'
    const [before, after] = [run.figma.createStar(), run.figma.createStar()]
    button.appendChild(before)
    button.appendChild(after)
    await selectAndSettle(run, [before])
    const inButton = await insert(run, insertRequest('lucide', 'star', { size: 24 }))
    expect(button.children.map((child) => child.id)).toEqual([before.id, inButton.id, after.id])
  })

  it('never puts an icon inside another, whatever layer of it is selected', async () => {
    const run = await startPlugin()
    const card = frameAt(run, 0, 0, 200, 100)
    const icon = await insert(run, insertRequest('lucide', 'house', { size: 24 }))
    card.appendChild(icon)
    const group = run.figma.group([...icon.children], icon)
    await selectAndSettle(run, [group])
    const node = await insert(run, insertRequest('lucide', 'star', { size: 24 }))
    expect(node.parent?.id).not.toBe(group.id)
    expect(node.parent?.id).not.toBe(icon.id)
  })

  it('uses the viewport centre when the selection is not a container, beside the icon already there', async () => {
    const run = await startPlugin()
    const icon = await insert(run, insertRequest('lucide', 'house', { size: 24 }))
    const vector = shapeNodesIn(icon)[0] as SceneNode
    await selectAndSettle(run, [vector])
    const node = await insert(run, insertRequest('lucide', 'star', { size: 24 }))
    expect(node.parent?.type).toBe('PAGE')
    expect([icon.x, icon.y, node.x, node.y]).toEqual([488, 288, 520, 288])
  })
})
