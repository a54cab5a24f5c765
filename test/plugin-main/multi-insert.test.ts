/**
 * Several icons inserted at once: a row centred where one icon would go, appended in order to the
 * selected auto-layout frame, or one after another beside a selected icon; all selected
 * afterwards, and all or nothing on failure. And one icon into each of several selected frames.
 */
import { afterEach, describe, expect, it, vi } from 'vitest'

import { MAX_INSERT_MANY } from '../../src/api/limits'
import { insertRequest, nextRequestId, startPlugin } from './plugin-harness'

afterEach(() => void vi.unstubAllGlobals())

const ICONS = [
  insertRequest('lucide', 'house', { size: 24 }),
  insertRequest('lucide', 'star', { size: 24 }),
  insertRequest('tabler', 'heart', { size: 24 })
]
const many = (items = ICONS) => ({ requestId: nextRequestId(), items: items.map(({ svg, icon }) => ({ svg, icon })) })

const SIX = ['house', 'star', 'search', 'heart', 'bell', 'user']

/** A card frame of this size, selected before each batch of 24 px Lucide icons is inserted into it. */
async function insertInCard(width: number, height: number, batches: readonly string[][]) {
  const run = await startPlugin()
  const card = run.figma.createFrame()
  card.resize(width, height)
  for (const slugs of batches) {
    run.emulator.select([card.id])
    await run.emulator.settle()
    const result = await run.request('INSERT_ICONS', many(slugs.map((slug) => insertRequest('lucide', slug, { size: 24 }))))
    if (!result.ok) throw new Error(result.message)
  }
  return { run, card }
}

/** The names of the card's icons that lie past its edges or on another of them. */
function outOfSightOrOverlapping(card: FrameNode): string[] {
  const overlap = (one: SceneNode, other: SceneNode) =>
    one.x < other.x + other.width && one.x + one.width > other.x && one.y < other.y + other.height && one.y + one.height > other.y
  return card.children
    .filter((one) => one.x < 0 || one.y < 0 || one.x + one.width > card.width || one.y + one.height > card.height || card.children.some((other) => other !== one && overlap(one, other)))
    .map((node) => node.name)
}

describe('multi-insert', () => {
  it('puts the icons in a row centred on the viewport, 8 px apart as one insert after another is, and selects them', async () => {
    const run = await startPlugin()
    const result = await run.request('INSERT_ICONS', many())
    if (!result.ok) throw new Error(result.message)
    const nodes = run.figma.currentPage.children
    expect(nodes.map((node) => node.id)).toEqual(result.nodeIds)
    expect(nodes.map((node) => node.name)).toEqual(['lucide/house', 'lucide/star', 'tabler/heart'])
    expect(nodes.map((node) => [node.x, node.y, node.width])).toEqual([
      [500 - 44, 300 - 12, 24],
      [500 - 12, 300 - 12, 24],
      [500 + 20, 300 - 12, 24]
    ])
    expect(run.figma.currentPage.selection.map((node) => node.id)).toEqual(result.nodeIds)
  })

  it('appends them in order to the selected auto-layout frame', async () => {
    const run = await startPlugin()
    const toolbar = run.figma.createFrame()
    toolbar.layoutMode = 'HORIZONTAL'
    run.emulator.select([toolbar.id])
    await run.emulator.settle()
    const result = await run.request('INSERT_ICONS', many())
    if (!result.ok) throw new Error(result.message)
    expect(toolbar.children.map((child) => child.id)).toEqual(result.nodeIds)
    expect(toolbar.children.map((child) => child.name)).toEqual(['lucide/house', 'lucide/star', 'tabler/heart'])
  })

  it('puts them one after another beside a selected plugin icon, in its frame', async () => {
    const run = await startPlugin()
    const card = run.figma.createFrame()
    card.resize(200, 100)
    run.emulator.select([card.id])
    await run.emulator.settle()
    const first = await run.request('INSERT_ICONS', many(ICONS.slice(0, 1)))
    if (!first.ok) throw new Error(first.message)
    const result = await run.request('INSERT_ICONS', many(ICONS.slice(1)))
    if (!result.ok) throw new Error(result.message)
    expect(card.children.map((child) => [child.name, child.x, child.y])).toEqual([
      ['lucide/house', 88, 38],
      ['lucide/star', 120, 38],
      ['tabler/heart', 152, 38]
    ])
    expect(run.figma.currentPage.selection.map((node) => node.id)).toEqual(result.nodeIds)
  })

  it('wraps the row into lines a selected frame that clips its content holds, so every icon is in sight', async () => {
    const { card } = await insertInCard(120, 120, [SIX])
    expect(card.clipsContent).toBe(true)
    // 8 px apart; three to a line in the 104 px between gaps at the edges, the two lines centred.
    expect(card.children.map((child) => [child.x, child.y])).toEqual([
      [16, 32],
      [48, 32],
      [80, 32],
      [16, 64],
      [48, 64],
      [80, 64]
    ])
    expect(outOfSightOrOverlapping(card)).toEqual([])
  })

  it('puts a second batch into a frame selected again in free spots, never on the first', async () => {
    const { card } = await insertInCard(240, 200, [[...SIX, 'camera', 'lock'], ['mail', 'check']])
    expect(card.children).toHaveLength(10)
    expect(outOfSightOrOverlapping(card)).toEqual([])
  })

  it('puts a second batch on the page, nothing selected and the view unmoved, under the first, whole, never on it', async () => {
    const run = await startPlugin()
    for (const batch of [ICONS, ICONS]) {
      run.emulator.select([])
      await run.emulator.settle()
      const result = await run.request('INSERT_ICONS', many(batch))
      if (!result.ok) throw new Error(result.message)
    }
    // The first row centred on the viewport, as above; the second 8 px under it, lined up.
    expect(run.figma.currentPage.children.map((node) => [node.x, node.y])).toEqual([
      [456, 288],
      [488, 288],
      [520, 288],
      [456, 320],
      [488, 320],
      [520, 320]
    ])
  })

  it('starts the lines at the top of a clipping frame they are taller than', async () => {
    const { card } = await insertInCard(120, 60, [SIX])
    // Two lines of three, 56 px tall: from 8 px down, the first line whole in sight.
    expect(card.children.map((child) => child.y)).toEqual([8, 8, 8, 40, 40, 40])
  })

  it('leaves nothing behind when one of the drawings cannot be read', async () => {
    const run = await startPlugin()
    const broken = { ...ICONS[1]!, svg: '<svg xmlns="http://www.w3.org/2000/svg"><path d="M0 0 L' }
    const result = await run.request('INSERT_ICONS', many([ICONS[0]!, broken, ICONS[2]!]))
    expect(result.ok).toBe(false)
    expect(run.figma.currentPage.children).toHaveLength(0)
  })

  it(`takes at most ${MAX_INSERT_MANY} icons at once, the most the UI lets a designer pick, and refuses more`, async () => {
    const run = await startPlugin()
    const most = Array.from({ length: MAX_INSERT_MANY + 1 }, (_, index) => ICONS[index % ICONS.length]!)
    const refused = await run.request('INSERT_ICONS', many(most))
    expect(refused).toMatchObject({ ok: false, message: expect.stringContaining(`at most ${MAX_INSERT_MANY} icons`) })
    expect(run.figma.currentPage.children).toHaveLength(0)
    const taken = await run.request('INSERT_ICONS', many(most.slice(0, MAX_INSERT_MANY)))
    expect(taken.ok).toBe(true)
    expect(run.figma.currentPage.children).toHaveLength(MAX_INSERT_MANY)
  })
})

describe('one icon with several frames selected', () => {
  it('goes into each of them, centred, or appended where a frame uses auto-layout; all selected, as one undo step', async () => {
    const run = await startPlugin()
    const card = run.figma.createFrame()
    card.resize(200, 120)
    const row = run.figma.createFrame()
    row.layoutMode = 'HORIZONTAL'
    row.appendChild(run.figma.createFrame())
    const group = run.figma.group([run.figma.createFrame()], run.figma.currentPage)
    run.emulator.select([card.id, row.id, group.id])
    await run.emulator.settle()
    run.figma.commitUndo()

    const result = await run.request('INSERT_ICON', insertRequest('lucide', 'house', { size: 32 }))
    if (!result.ok) throw new Error(result.message)
    expect(result.nodeIds).toHaveLength(3)
    const icons = (await Promise.all(result.nodeIds.map((id) => run.figma.getNodeByIdAsync(id)))) as Array<SceneNode | null>
    expect(icons.map((icon) => icon?.parent?.id)).toEqual([card.id, row.id, group.id])
    expect(icons.map((icon) => icon?.name)).toEqual(['lucide/house', 'lucide/house', 'lucide/house'])
    expect([icons[0]?.x, icons[0]?.y]).toEqual([84, 44])
    expect(row.children.at(-1)?.id).toBe(result.nodeIds[1])
    expect(run.figma.currentPage.selection.map((node) => node.id)).toEqual(result.nodeIds)

    run.emulator.undo()
    expect(icons.map((icon) => icon?.removed)).toEqual([true, true, true])
    expect(card.children).toHaveLength(0)
  })

  it('as instances of one component, with Insert as component on', async () => {
    const run = await startPlugin()
    const frames = [run.figma.createFrame(), run.figma.createFrame()]
    run.emulator.select(frames.map((frame) => frame.id))
    await run.emulator.settle()
    const result = await run.request('INSERT_ICON', { ...insertRequest('lucide', 'house'), asComponent: true })
    if (!result.ok) throw new Error(result.message)
    const icons = await Promise.all(result.nodeIds.map((id) => run.figma.getNodeByIdAsync(id)))
    expect(icons.map((icon) => icon?.type)).toEqual(['INSTANCE', 'INSTANCE'])
    const mains = await Promise.all(icons.map((icon) => (icon as InstanceNode).getMainComponentAsync()))
    expect(mains[0]?.id).toBe(mains[1]?.id)
  })

  it('leaves every frame as it was when the drawing cannot be read', async () => {
    const run = await startPlugin()
    const frames = [run.figma.createFrame(), run.figma.createFrame()]
    run.emulator.select(frames.map((frame) => frame.id))
    await run.emulator.settle()
    const broken = { ...insertRequest('lucide', 'house'), svg: '<svg xmlns="http://www.w3.org/2000/svg"><path d="M0 0 L' }
    const result = await run.request('INSERT_ICON', broken)
    expect(result.ok).toBe(false)
    expect(frames.map((frame) => frame.children.length)).toEqual([0, 0])
  })

  it('goes in once, as before, where the selection is not all frames: a frame and a plugin icon', async () => {
    const run = await startPlugin()
    const card = run.figma.createFrame()
    card.resize(200, 120)
    const first = await run.request('INSERT_ICON', insertRequest('lucide', 'star'))
    if (!first.ok) throw new Error(first.message)
    run.emulator.select([card.id, first.nodeIds[0] ?? ''])
    await run.emulator.settle()
    const result = await run.request('INSERT_ICON', insertRequest('lucide', 'house'))
    if (!result.ok) throw new Error(result.message)
    expect(result.nodeIds).toHaveLength(1)
    expect(card.children).toHaveLength(1)
  })
})
