/**
 * Several icons inserted at once: a row centred where one icon would go, appended in order to the
 * selected auto-layout frame, or one after another beside a selected icon; all selected
 * afterwards, and all or nothing on failure.
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

describe('multi-insert', () => {
  it('puts the icons in a row centred on the viewport, half an icon apart, and selects them', async () => {
    const run = await startPlugin()
    const result = await run.request('INSERT_ICONS', many())
    if (!result.ok) throw new Error(result.message)
    const nodes = run.figma.currentPage.children
    expect(nodes.map((node) => node.id)).toEqual(result.nodeIds)
    expect(nodes.map((node) => node.name)).toEqual(['lucide/house', 'lucide/star', 'tabler/heart'])
    expect(nodes.map((node) => [node.x, node.y, node.width])).toEqual([
      [500 - 48, 300 - 12, 24],
      [500 - 12, 300 - 12, 24],
      [500 + 24, 300 - 12, 24]
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
    const run = await startPlugin()
    const card = run.figma.createFrame()
    card.resize(120, 120)
    run.emulator.select([card.id])
    await run.emulator.settle()
    const six = ['house', 'star', 'search', 'heart', 'bell', 'user'].map((slug) => insertRequest('lucide', slug, { size: 24 }))
    const result = await run.request('INSERT_ICONS', many(six))
    if (!result.ok) throw new Error(result.message)
    expect(card.clipsContent).toBe(true)
    // 12 px apart; three to a line in the 96 px between gaps at the edges, the two lines centred.
    expect(card.children.map((child) => [child.x, child.y])).toEqual([
      [12, 30],
      [48, 30],
      [84, 30],
      [12, 66],
      [48, 66],
      [84, 66]
    ])
    for (const child of card.children) expect(child.x >= 0 && child.y >= 0 && child.x + child.width <= 120 && child.y + child.height <= 120).toBe(true)
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
