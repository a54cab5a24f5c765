/**
 * Undo, as in Figma: everything a plugin does until `figma.commitUndo()` is one step, and one undo
 * by the designer reverts exactly one step. The plugin commits after each action, so one Ctrl+Z
 * takes back the last insert, swap or replace and nothing before it.
 */
import { afterEach, describe, expect, it, vi } from 'vitest'
import { createFigmaEmulator } from '../../src/playground/figma-emulator'
import { asUndoStep, documentChanging } from '../../src/plugin/main/undo-step'
import { dropIcon, insert, insertRequest, replaceRequest, startPlugin } from './plugin-harness'

afterEach(() => void vi.unstubAllGlobals())

describe('the emulator’s undo history', () => {
  it('reverts everything since the last commitUndo as one step, leaving undone nodes removed', () => {
    const { figma, undo } = createFigmaEmulator()
    const first = figma.createFrame()
    figma.commitUndo()
    const second = figma.createFrame()
    const third = figma.createFrame()
    first.name = 'Renamed'
    expect(undo()).toBe(true)
    expect(figma.currentPage.children).toEqual([first])
    expect([second.removed, third.removed]).toEqual([true, true])
    expect(first.name).toBe('Frame')
    expect(undo()).toBe(true)
    expect(first.removed).toBe(true)
    expect(undo()).toBe(false)
  })

  it('brings back a removed node as the same object, in its place', () => {
    const { figma, undo } = createFigmaEmulator()
    const frame = figma.createFrame()
    const child = figma.createFrame()
    frame.appendChild(child)
    figma.commitUndo()
    child.remove()
    undo()
    expect(child.removed).toBe(false)
    expect(child.parent).toBe(frame)
  })

  it('without commitUndo, one undo takes back the whole run', () => {
    const { figma, undo } = createFigmaEmulator()
    figma.createFrame()
    figma.createFrame()
    undo()
    expect(figma.currentPage.children).toHaveLength(0)
  })

  it('tells the plugin what an undo changed, as for any change: selectionchange, then the page’s nodechange', async () => {
    const emulator = createFigmaEmulator()
    const { figma } = emulator
    const kept = figma.createFrame()
    figma.commitUndo()
    const made = figma.createFrame()
    made.appendChild(figma.createFrame())
    kept.name = 'Logo'
    figma.currentPage.selection = [made]
    await emulator.settle()
    let selectionChanges = 0
    const nodeChanges: NodeChange[] = []
    figma.on('selectionchange', () => (selectionChanges += 1))
    figma.currentPage.on('nodechange', (event) => void nodeChanges.push(...event.nodeChanges))
    emulator.undo()
    await emulator.settle()
    expect(figma.currentPage.selection).toEqual([])
    expect(selectionChanges).toBe(1)
    expect(nodeChanges.map((change) => [change.type, change.id])).toEqual([
      ['DELETE', made.id],
      ['PROPERTY_CHANGE', kept.id]
    ])
    expect(nodeChanges[1]).toMatchObject({ properties: ['name'] })
  })

  it('reports a node an undo brings back as created', async () => {
    const emulator = createFigmaEmulator()
    const { figma } = emulator
    const frame = figma.createFrame()
    figma.commitUndo()
    frame.remove()
    await emulator.settle()
    const nodeChanges: NodeChange[] = []
    figma.currentPage.on('nodechange', (event) => void nodeChanges.push(...event.nodeChanges))
    emulator.undo()
    await emulator.settle()
    expect(nodeChanges).toMatchObject([{ type: 'CREATE', id: frame.id }])
  })

  it('triggerUndo reverts to the last commitUndo state', () => {
    const { figma } = createFigmaEmulator()
    const kept = figma.createFrame()
    figma.commitUndo()
    const dropped = figma.createFrame()
    figma.triggerUndo()
    expect(figma.currentPage.children).toEqual([kept])
    expect(dropped.removed).toBe(true)
  })

  it('a boolean operation’s new paints are a step of their own, which an undo takes back', () => {
    const { figma } = createFigmaEmulator()
    const union = figma.union([figma.createStar(), figma.createStar()], figma.currentPage)
    const drawn = union.fills
    figma.commitUndo()
    union.fills = [{ type: 'SOLID', color: { r: 1, g: 0, b: 0 } }]
    figma.commitUndo()
    figma.triggerUndo()
    expect(union.removed).toBe(false)
    expect(union.fills).toEqual(drawn)
  })

  it('a grid’s new gap is a step of its own, which an undo takes back', () => {
    const { figma } = createFigmaEmulator()
    const grid = figma.createFrame()
    grid.layoutMode = 'GRID'
    figma.commitUndo()
    grid.gridColumnGap = 7
    figma.commitUndo()
    figma.triggerUndo()
    expect(grid.removed).toBe(false)
    expect([grid.layoutMode, grid.gridColumnGap]).toEqual(['GRID', 0])
  })

  it('triggerUndo with nothing since the last commitUndo is an undo action all the same: it reverts the step before', () => {
    const { figma } = createFigmaEmulator()
    const frame = figma.createFrame()
    figma.commitUndo()
    frame.name = 'Logo'
    figma.commitUndo()
    figma.triggerUndo()
    expect(frame.name).toBe('Frame')
  })

  it('a page’s new name is a step of its own, which one undo takes back, leaving the step before', () => {
    const { figma, undo } = createFigmaEmulator()
    const frame = figma.createFrame()
    figma.commitUndo()
    figma.currentPage.name = 'Icons'
    figma.commitUndo()
    expect(undo()).toBe(true)
    expect(figma.currentPage.name).toBe('Page 1')
    expect(frame.removed).toBe(false)
  })

  it('plugin data set on the document or a page is a step of its own, which an undo restores', () => {
    const { figma, undo } = createFigmaEmulator()
    const frame = figma.createFrame()
    figma.root.setSharedPluginData('icons', 'set', 'tabler')
    figma.commitUndo()
    figma.root.setSharedPluginData('icons', 'set', 'lucide')
    figma.currentPage.setPluginData('last', 'home')
    figma.commitUndo()
    undo()
    expect(figma.root.getSharedPluginData('icons', 'set')).toBe('tabler')
    expect(figma.currentPage.getPluginData('last')).toBe('')
    expect(frame.removed).toBe(false)
  })

  it('triggerUndo after a change to the document alone reverts that change, not the step before', () => {
    const { figma } = createFigmaEmulator()
    const frame = figma.createFrame()
    figma.commitUndo()
    figma.root.setPluginData('opened', 'yes')
    figma.triggerUndo()
    expect(figma.root.getPluginData('opened')).toBe('')
    expect(frame.removed).toBe(false)
  })
})

describe('a request that fails changes nothing, and undoes nothing of anyone else', () => {
  const unreadable = { svg: '<html><body>502 Bad Gateway</body></html>' }

  it('leaves the designer’s last step alone when it fails before changing the document', async () => {
    const run = await startPlugin()
    const node = await insert(run, insertRequest('lucide', 'house', { size: 24 }))
    // The designer renames the icon: a step of their own.
    node.name = 'Logo'
    run.emulator.commitUndo()
    const refused = await run.request('INSERT_ICON', { ...insertRequest('lucide', 'star'), ...unreadable })
    expect(refused.ok).toBe(false)
    const gone = await run.request('REPLACE_ICONS', replaceRequest([{ nodeId: '99:99', ...insertRequest('lucide', 'star') }]))
    expect(gone).toMatchObject({ ok: false, message: 'The selected icon is no longer on the canvas.' })
    expect([node.removed, node.name]).toEqual([false, 'Logo'])
    expect(run.figma.currentPage.children).toEqual([node])
  })

  it('takes requests one at a time, so one failing does not revert another still waiting on Figma', async () => {
    const emulator = createFigmaEmulator()
    vi.stubGlobal('figma', emulator.figma)
    const slow = asUndoStep(async () => {
      const frame = emulator.figma.createFrame()
      documentChanging()
      // Waiting on Figma, as a page loading or a node found by id does.
      await new Promise((resolve) => setTimeout(resolve, 20))
      frame.name = 'Icon'
      return frame
    })
    const refused = asUndoStep(async () => {
      throw new Error('The selected icon is no longer on the canvas.')
    })
    await expect(refused).rejects.toThrow('no longer on the canvas')
    const frame = await slow
    expect([frame.removed, frame.name]).toEqual([false, 'Icon'])
    // Each request is its own step: one undo takes back the frame, name and all.
    expect(emulator.undo()).toBe(true)
    expect(frame.removed).toBe(true)
  })
})

describe('one undo reverts one plugin action', () => {
  it('after two inserts, one undo removes only the second icon', async () => {
    const run = await startPlugin()
    const first = await insert(run, insertRequest('lucide', 'house', { size: 24 }))
    const second = await insert(run, insertRequest('lucide', 'star', { size: 24 }))
    run.emulator.undo()
    expect(second.removed).toBe(true)
    expect(first.removed).toBe(false)
  })

  it('after an insert, an undo tells the UI that the selection is empty', async () => {
    const run = await startPlugin()
    const node = await insert(run, insertRequest('lucide', 'house', { size: 24 }))
    await run.emulator.settle()
    expect(run.emitted('SELECTION_CHANGED').at(-1)).toMatchObject([{ nodeId: node.id }])
    run.emulator.undo()
    await run.emulator.settle()
    expect(run.emitted('SELECTION_CHANGED').at(-1)).toEqual([])
    expect(run.emitted('ICONS_IN_SELECTION').at(-1)).toEqual([])
  })

  it('after an insert and a swap, one undo restores the icon as it was before the swap', async () => {
    const run = await startPlugin()
    const node = await insert(run, insertRequest('lucide', 'house', { size: 24 }))
    const result = await run.request('REPLACE_ICONS', replaceRequest([{ nodeId: node.id, ...insertRequest('lucide', 'house', { size: 48 }) }]))
    expect(result.ok).toBe(true)
    expect(node.width).toBe(48)
    run.emulator.undo()
    expect(node.removed).toBe(false)
    expect([node.width, node.getSharedPluginData('iconcatalogue', 'size')]).toEqual([24, '24'])
  })

  it('after a Replace with another icon, one undo brings back the old icon, its drawing and name', async () => {
    const run = await startPlugin()
    const node = await insert(run, insertRequest('lucide', 'house', { size: 24 }))
    const drawing = (): string[] => node.findAll((layer) => layer.type === 'VECTOR').map((layer) => JSON.stringify((layer as VectorNode).vectorPaths))
    const before = drawing()
    const result = await run.request('REPLACE_ICONS', replaceRequest([{ nodeId: node.id, ...insertRequest('lucide', 'star', { size: 24 }) }], 'replace'))
    expect(result.ok).toBe(true)
    expect([node.name, node.getSharedPluginData('iconcatalogue', 'icon')]).toEqual(['lucide/star', 'star'])
    run.emulator.undo()
    expect([node.removed, node.name, node.getSharedPluginData('iconcatalogue', 'icon')]).toEqual([false, 'lucide/house', 'house'])
    expect(drawing()).toEqual(before)
  })

  it('after two drops, one undo removes only the second icon', async () => {
    const run = await startPlugin()
    const dropped = [await dropIcon(run, 100, 100, insertRequest('lucide', 'house', { size: 24 })), await dropIcon(run, 300, 100, insertRequest('lucide', 'star', { size: 24 }))]
    run.emulator.undo()
    expect(dropped.map((node) => node.removed)).toEqual([false, true])
  })
})

describe('Cmd/Ctrl+Z pressed in the plugin’s window, which Figma does not pass to the canvas', () => {
  it('undoes the last step, as the canvas would, once the requests before it have finished', async () => {
    const run = await startPlugin()
    const first = await insert(run, insertRequest('lucide', 'house', { size: 24 }))
    const second = run.request('INSERT_ICON', insertRequest('lucide', 'star', { size: 24 }))
    run.send('UNDO')
    expect((await second).ok).toBe(true)
    await run.emulator.settle()
    expect(run.figma.currentPage.children).toEqual([first])
    expect(first.removed).toBe(false)
  })

  it('keeps selected what is still there after the undo: a swapped icon stays selected at its old size', async () => {
    const run = await startPlugin()
    const node = await insert(run, insertRequest('lucide', 'house', { size: 24 }))
    const swapped = await run.request('REPLACE_ICONS', replaceRequest([{ nodeId: node.id, ...insertRequest('lucide', 'house', { size: 48 }) }]))
    expect(swapped.ok).toBe(true)
    run.figma.currentPage.selection = [node]
    run.send('UNDO')
    await run.emulator.settle()
    expect(node.width).toBe(24)
    expect(run.figma.currentPage.selection).toEqual([node])
    expect(run.emitted('SELECTION_CHANGED').at(-1)).toMatchObject([{ nodeId: node.id, size: 24 }])
  })
})
