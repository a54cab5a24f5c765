/**
 * Events as Figma sends them: after the plugin's current task, once per batch; selectionchange
 * only when the selection really changes; documentchange only after loadAllPagesAsync under
 * dynamic-page; a page's nodechange for its own changes; currentpagechange then selectionchange.
 */
import { describe, expect, it, vi } from 'vitest'
import { createFigmaEmulator } from '../../src/playground/figma-emulator'

describe('selectionchange', () => {
  it('fires once for a changed selection and not for the same nodes again, in any order', async () => {
    const emulator = createFigmaEmulator()
    const [a, b] = [emulator.figma.createFrame(), emulator.figma.createFrame()]
    let fired = 0
    emulator.figma.on('selectionchange', () => (fired += 1))
    emulator.select([a.id, b.id])
    await emulator.settle()
    expect(fired).toBe(1)
    emulator.select([b.id, a.id])
    emulator.figma.currentPage.selection = [a, b]
    await emulator.settle()
    expect(fired).toBe(1)
  })

  it('fires for the current page only: setting another page’s selection tells no one', async () => {
    const emulator = createFigmaEmulator()
    const first = emulator.figma.currentPage
    const frame = emulator.figma.createFrame()
    emulator.switchPage(emulator.addPage('Page 2'))
    await emulator.settle()
    let fired = 0
    emulator.figma.on('selectionchange', () => (fired += 1))
    first.selection = [frame]
    await emulator.settle()
    expect(fired).toBe(0)
    expect(first.selection).toEqual([frame])
  })

  it('never holds a node together with its descendant', () => {
    const { figma } = createFigmaEmulator()
    const outer = figma.createFrame()
    const inner = figma.createFrame()
    outer.appendChild(inner)
    figma.currentPage.selection = [outer, inner]
    expect(figma.currentPage.selection).toEqual([outer])
  })

  // PluginAPI.on in @figma/plugin-typings: it fires "when a selected node becomes the child of
  // another selected node (in which case it is considered indirectly selected, and is no longer in
  // figma.currentPage.selection)".
  it('fires when a selected node is moved into another selected node, which alone stays selected', async () => {
    const emulator = createFigmaEmulator()
    const { figma } = emulator
    const [outer, inner, other] = [figma.createFrame(), figma.createFrame(), figma.createFrame()]
    figma.currentPage.selection = [outer, inner, other]
    await emulator.settle()
    let fired = 0
    figma.on('selectionchange', () => (fired += 1))
    outer.appendChild(inner)
    await emulator.settle()
    expect(figma.currentPage.selection).toEqual([outer, other])
    expect(fired).toBe(1)
  })

  it('fires when a selected node is moved to another page, and the page it left no longer holds it', async () => {
    const emulator = createFigmaEmulator()
    const { figma } = emulator
    const [moving, staying] = [figma.createFrame(), figma.createFrame()]
    figma.currentPage.selection = [moving, staying]
    await emulator.settle()
    let fired = 0
    figma.on('selectionchange', () => (fired += 1))
    figma.createPage().appendChild(moving)
    await emulator.settle()
    expect(figma.currentPage.selection).toEqual([staying])
    expect(fired).toBe(1)
    expect(() => (figma.currentPage.selection = [moving])).toThrow('in set_selection: The selection of a page can only include nodes in that page')
  })

  it('fires nothing for a move that leaves the selection as it was', async () => {
    const emulator = createFigmaEmulator()
    const { figma } = emulator
    const [frame, selected] = [figma.createFrame(), figma.createFrame()]
    figma.currentPage.selection = [selected]
    await emulator.settle()
    let fired = 0
    figma.on('selectionchange', () => (fired += 1))
    frame.appendChild(selected)
    figma.currentPage.insertChild(0, frame)
    await emulator.settle()
    expect(figma.currentPage.selection).toEqual([selected])
    expect(fired).toBe(0)
  })
})

describe('documentchange and nodechange', () => {
  it('refuses documentchange under dynamic-page until every page is loaded, through on and once alike', async () => {
    const { figma } = createFigmaEmulator()
    expect(() => figma.on('documentchange', () => undefined)).toThrow(/loadAllPagesAsync/)
    expect(() => figma.once('documentchange', () => undefined)).toThrow(/in once: .*loadAllPagesAsync/)
    await figma.loadAllPagesAsync()
    expect(() => figma.on('documentchange', () => undefined)).not.toThrow()
    expect(() => figma.once('documentchange', () => undefined)).not.toThrow()
  })

  it('reports the top-most created node, property changes and deletions, in one batch', async () => {
    const emulator = createFigmaEmulator()
    const { figma } = emulator
    const kept = figma.createFrame()
    await emulator.settle()
    const batches: DocumentChange[][] = []
    await figma.loadAllPagesAsync()
    figma.on('documentchange', (event) => void batches.push(event.documentChanges))
    const icon = figma.createNodeFromSvg('<svg xmlns="http://www.w3.org/2000/svg" width="24" height="24"><g><path d="M0 0h4v4z"/></g></svg>')
    kept.name = 'Renamed'
    kept.resize(50, 50)
    const gone = figma.createFrame()
    await emulator.settle()
    gone.remove()
    await emulator.settle()
    expect(batches).toHaveLength(2)
    expect(batches[0]?.map((change) => [change.type, change.id])).toEqual([
      ['CREATE', icon.id],
      ['CREATE', gone.id],
      ['PROPERTY_CHANGE', kept.id]
    ])
    expect((batches[0]?.[2] as PropertyChange).properties).toEqual(['name', 'width', 'height'])
    expect(batches[1]).toEqual([{ type: 'DELETE', id: gone.id, origin: 'LOCAL', node: { removed: true, type: 'FRAME', id: gone.id } }])
  })

  it('reports the sizing modes a resize fixes on a hugging auto-layout frame, with its size', async () => {
    const emulator = createFigmaEmulator()
    const { figma } = emulator
    const row = figma.createFrame()
    row.layoutMode = 'HORIZONTAL'
    await emulator.settle()
    const changes: PropertyChange[] = []
    await figma.loadAllPagesAsync()
    figma.on('documentchange', (event) => void changes.push(...(event.documentChanges as PropertyChange[])))
    row.resize(200, 40)
    await emulator.settle()
    row.resize(240, 40)
    await emulator.settle()
    expect(changes.map((change) => change.properties)).toEqual([
      ['primaryAxisSizingMode', 'width', 'height'],
      ['width', 'height']
    ])
  })

  it('tells a page’s nodechange listeners about changes on that page only', async () => {
    const emulator = createFigmaEmulator()
    const { figma } = emulator
    const frame = figma.createFrame()
    await emulator.settle()
    const seen: NodeChange[] = []
    figma.currentPage.on('nodechange', (event) => void seen.push(...event.nodeChanges))
    frame.fills = []
    await emulator.settle()
    expect(seen).toMatchObject([{ type: 'PROPERTY_CHANGE', id: frame.id, properties: ['fills'] }])
  })
})

/** One field set on a fresh node, and the value it held before. */
interface FieldChange {
  make(figma: PluginAPI): SceneNode
  property: NodeChangeProperty
  value: unknown
  before: unknown
}

const FIELD_CHANGES: Array<[string, FieldChange]> = [
  ['strokeCap on a vector', { make: importedVector, property: 'strokeCap', value: 'ROUND', before: 'NONE' }],
  ['paddingLeft on an auto-layout frame', { make: autoLayoutFrame, property: 'paddingLeft', value: 12, before: 0 }],
  ['itemSpacing on an auto-layout frame', { make: autoLayoutFrame, property: 'itemSpacing', value: 8, before: 0 }],
  ['clipsContent on a frame', { make: (figma) => figma.createFrame(), property: 'clipsContent', value: false, before: true }],
  // On an empty frame these move nothing, so only the field itself can tell an undo step is there.
  ['counterAxisAlignItems on an auto-layout frame', { make: autoLayoutFrame, property: 'counterAxisAlignItems', value: 'CENTER', before: 'MIN' }],
  ['counterAxisSpacing on a wrapping frame', { make: wrappingFrame, property: 'counterAxisSpacing', value: 6, before: 0 }],
  ['layoutWrap on an auto-layout frame', { make: autoLayoutFrame, property: 'layoutWrap', value: 'WRAP', before: 'NO_WRAP' }]
]

/** The VECTOR an imported icon's path becomes. */
function importedVector(figma: PluginAPI): SceneNode {
  const frame = figma.createNodeFromSvg('<svg xmlns="http://www.w3.org/2000/svg" width="24" height="24"><path d="M0 0h4v4z" stroke="black"/></svg>')
  return frame.children[0] as VectorNode
}

/** A row of 100 × 100 px, fixed on both axes by its resize. */
function autoLayoutFrame(figma: PluginAPI): FrameNode {
  const frame = figma.createFrame()
  frame.layoutMode = 'HORIZONTAL'
  frame.resize(100, 100)
  return frame
}

function wrappingFrame(figma: PluginAPI): FrameNode {
  const frame = autoLayoutFrame(figma)
  frame.layoutWrap = 'WRAP'
  return frame
}

describe.each(FIELD_CHANGES)('setting %s (NodeChangeProperty)', (_name, { make, property, value, before }) => {
  it('reports a PROPERTY_CHANGE of that property to documentchange and to the page’s nodechange', async () => {
    const emulator = createFigmaEmulator()
    const { figma } = emulator
    const node = make(figma)
    await emulator.settle()
    await figma.loadAllPagesAsync()
    const documentChanges: DocumentChange[] = []
    const nodeChanges: NodeChange[] = []
    figma.on('documentchange', (event) => void documentChanges.push(...event.documentChanges))
    figma.currentPage.on('nodechange', (event) => void nodeChanges.push(...event.nodeChanges))
    Object.assign(node, { [property]: value })
    await emulator.settle()
    const expected = [{ type: 'PROPERTY_CHANGE', id: node.id, origin: 'LOCAL', properties: [property] }]
    expect(documentChanges).toMatchObject(expected)
    expect(nodeChanges).toMatchObject(expected)
  })

  it('is reverted by undo, which reports it too', async () => {
    const emulator = createFigmaEmulator()
    const { figma } = emulator
    const node = make(figma)
    figma.commitUndo()
    await emulator.settle()
    Object.assign(node, { [property]: value })
    await emulator.settle()
    const undone: DocumentChange[] = []
    await figma.loadAllPagesAsync()
    figma.on('documentchange', (event) => void undone.push(...event.documentChanges))
    figma.triggerUndo()
    await emulator.settle()
    expect((node as unknown as Record<string, unknown>)[property]).toBe(before)
    expect(undone).toMatchObject([{ type: 'PROPERTY_CHANGE', id: node.id, properties: [property] }])
  })

  it('is an undo step of its own once committed: an undo takes back that change and not the one before', () => {
    const { figma } = createFigmaEmulator()
    const node = make(figma)
    figma.commitUndo()
    node.name = 'Renamed'
    figma.commitUndo()
    Object.assign(node, { [property]: value })
    figma.commitUndo()
    figma.triggerUndo()
    expect((node as unknown as Record<string, unknown>)[property]).toBe(before)
    expect(node.name).toBe('Renamed')
  })
})

/** Records what documentchange reports from now on: the properties changed, sorted, by node id. */
async function propertyChanges(emulator: ReturnType<typeof createFigmaEmulator>): Promise<Record<string, NodeChangeProperty[]>> {
  await emulator.settle()
  await emulator.figma.loadAllPagesAsync()
  const byNode: Record<string, NodeChangeProperty[]> = {}
  emulator.figma.on('documentchange', (event) => {
    for (const change of event.documentChanges) {
      if (change.type === 'PROPERTY_CHANGE') byNode[change.id] = [...new Set([...(byNode[change.id] ?? []), ...change.properties])].sort()
    }
  })
  return byNode
}

describe('what a change reports that moves more than the field set (DocumentChange, PROPERTY_CHANGE)', () => {
  it('rescale reports every property it scales, on every node it scales', async () => {
    const emulator = createFigmaEmulator()
    const { figma } = emulator
    const row = autoLayoutFrame(figma)
    Object.assign(row, { paddingLeft: 4, itemSpacing: 8, strokeWeight: 2 })
    const [frame, star] = [figma.createFrame(), figma.createStar()]
    for (const child of [frame, star]) {
      child.resize(10, 10)
      row.appendChild(child)
    }
    const reported = await propertyChanges(emulator)
    row.rescale(2)
    await emulator.settle()
    // What stays 0 (paddingTop, the children's y, the first child's x) stays 0, and is not reported.
    expect(reported).toEqual({
      [row.id]: ['height', 'itemSpacing', 'paddingLeft', 'strokeWeight', 'width'],
      [frame.id]: ['height', 'strokeWeight', 'width', 'x'],
      [star.id]: ['height', 'strokeWeight', 'vectorNetwork', 'width', 'x']
    })
  })

  it('a sizing mode that makes the frame hug its content reports its new width and height, as undoing it does', async () => {
    const emulator = createFigmaEmulator()
    const { figma } = emulator
    const row = autoLayoutFrame(figma)
    const child = figma.createFrame()
    child.resize(10, 10)
    row.appendChild(child)
    figma.commitUndo()
    const reported = await propertyChanges(emulator)
    row.primaryAxisSizingMode = 'AUTO'
    row.counterAxisSizingMode = 'AUTO'
    await emulator.settle()
    const changed = ['counterAxisSizingMode', 'height', 'primaryAxisSizingMode', 'width']
    expect([row.width, row.height, reported[row.id]]).toEqual([10, 10, changed])
    delete reported[row.id]
    figma.triggerUndo()
    await emulator.settle()
    expect([row.width, row.height, reported[row.id]]).toEqual([100, 100, changed])
  })
})

describe('auto-layout fields', () => {
  it('lay the children out again as they are set', () => {
    const { figma } = createFigmaEmulator()
    const frame = autoLayoutFrame(figma)
    const [first, second] = [figma.createFrame(), figma.createFrame()]
    frame.appendChild(first)
    frame.appendChild(second)
    frame.paddingLeft = 10
    frame.itemSpacing = 5
    expect([first.x, second.x]).toEqual([10, 115])
  })

  it('refuse values of the wrong type, as Figma’s setters do', () => {
    const { figma } = createFigmaEmulator()
    const frame = autoLayoutFrame(figma)
    expect(() => Object.assign(frame, { itemSpacing: '8' })).toThrow('in set_itemSpacing: Expected "itemSpacing" to have type number but got string instead')
    expect(() => Object.assign(frame, { counterAxisAlignItems: 'MIDDLE' })).toThrow(/^in set_counterAxisAlignItems: Expected "counterAxisAlignItems" to be one of/)
  })

  it('follow itemSpacing in counterAxisSpacing once it is set to null, which it never reads back', () => {
    const { figma } = createFigmaEmulator()
    const frame = autoLayoutFrame(figma)
    frame.counterAxisSpacing = null
    frame.itemSpacing = 6
    expect(frame.counterAxisSpacing).toBe(6)
  })
})

describe('pages under dynamic-page', () => {
  it('refuses another page’s children until it is loaded', async () => {
    const emulator = createFigmaEmulator()
    const other = emulator.addPage('Page 2') as unknown as PageNode
    expect(() => other.children).toThrow(
      'Cannot access children on a page that has not been explicitly loaded. Remember to call await page.loadAsync() or await figma.loadAllPagesAsync() first'
    )
    await other.loadAsync()
    expect(other.children).toEqual([])
  })

  it('refuses a search of another page until it is loaded, in the name of the method called', async () => {
    const emulator = createFigmaEmulator()
    const other = emulator.addPage('Page 2') as unknown as PageNode
    const unloaded = 'Cannot access children on a page that has not been explicitly loaded. Remember to call await page.loadAsync() or await figma.loadAllPagesAsync() first'
    expect(() => other.findAll()).toThrow(new Error(`in findAll: ${unloaded}`))
    expect(() => other.findAllWithCriteria({ types: ['FRAME'] })).toThrow(new Error(`in findAllWithCriteria: ${unloaded}`))
    await other.loadAsync()
    expect(other.findAll()).toEqual([])
  })

  it('refuses new children on another page until it is loaded', async () => {
    const emulator = createFigmaEmulator()
    const other = emulator.addPage('Page 2') as unknown as PageNode
    const frame = emulator.figma.createFrame()
    const unloaded = /^in (appendChild|insertChild): Cannot access children on a page that has not been explicitly loaded/
    expect(() => other.appendChild(frame)).toThrow(unloaded)
    expect(() => other.insertChild(0, frame)).toThrow(unloaded)
    expect(frame.parent).toBe(emulator.figma.currentPage)
    await other.loadAsync()
    other.appendChild(frame)
    expect(other.children).toEqual([frame])
  })

  it('refuses assigning currentPage; setCurrentPageAsync fires currentpagechange, then selectionchange', async () => {
    const emulator = createFigmaEmulator()
    const { figma } = emulator
    const other = emulator.addPage('Page 2') as unknown as PageNode
    expect(() => (figma.currentPage = other)).toThrow('in set_currentPage: Cannot call with documentAccess: dynamic-page. Use figma.setCurrentPageAsync() instead')
    const order: string[] = []
    figma.on('currentpagechange', () => void order.push('currentpagechange'))
    figma.on('selectionchange', () => void order.push('selectionchange'))
    await figma.setCurrentPageAsync(other)
    await emulator.settle()
    expect(figma.currentPage).toBe(other)
    expect(order).toEqual(['currentpagechange', 'selectionchange'])
  })

  it('fires selectionchange after currentpagechange, once, when the selection changed just before the switch', async () => {
    const emulator = createFigmaEmulator()
    const { figma } = emulator
    const first = figma.currentPage
    const other = emulator.addPage('Page 2') as unknown as PageNode
    const order: string[] = []
    figma.on('currentpagechange', () => void order.push('currentpagechange'))
    figma.on('selectionchange', () => void order.push('selectionchange'))
    figma.currentPage.selection = [figma.createFrame()]
    await figma.setCurrentPageAsync(other)
    await emulator.settle()
    expect(order).toEqual(['currentpagechange', 'selectionchange'])
    // Each page keeps its own selection, and coming back is a change like the first.
    await figma.setCurrentPageAsync(first)
    await emulator.settle()
    expect(order).toEqual(['currentpagechange', 'selectionchange', 'currentpagechange', 'selectionchange'])
    expect(figma.currentPage.selection).toHaveLength(1)
  })
})

describe('closing the plugin', () => {
  const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

  it('cancels the timers main set, as Figma destroys a closed plugin’s environment; until then they run', async () => {
    const emulator = createFigmaEmulator()
    const { timers } = emulator
    const fired: string[] = []
    timers.setTimeout((word) => fired.push(String(word)), 0, 'timeout')
    const ticking = timers.setInterval(() => fired.push('tick'), 1)
    // Until the interval has ticked twice, however long a busy machine takes to get there.
    await vi.waitFor(() => expect(fired.filter((word) => word === 'tick').length).toBeGreaterThan(1))
    expect(fired[0]).toBe('timeout')
    timers.clearInterval(ticking)
    const cleared = timers.setTimeout(() => fired.push('cleared'), 1)
    timers.clearTimeout(cleared)

    fired.length = 0
    timers.setTimeout(() => fired.push('after close'), 5)
    timers.setInterval(() => fired.push('tick after close'), 1)
    emulator.figma.closePlugin()
    await wait(30)
    expect(fired).toEqual([])
  })
})
