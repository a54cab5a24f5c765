/**
 * The emulator's components and instances behave as Figma documents them: instances follow their
 * main component, sublayers are read-only in structure, overrides survive a swap, plugin data is
 * inherited, and dynamic-page makes the synchronous look-ups throw.
 */
import { describe, expect, it } from 'vitest'

import { createFigmaEmulator } from '../../src/playground/figma-emulator'
import { iconSvg } from './icon-svgs'

function componentOf(figma: PluginAPI, prefix: string, name: string, size = 24): ComponentNode {
  return figma.createComponentFromNode(figma.createNodeFromSvg(iconSvg(prefix, name, size)))
}

const BLUE: SolidPaint = { type: 'SOLID', color: { r: 0, g: 0.4, b: 0.8 } }
const RED: SolidPaint = { type: 'SOLID', color: { r: 0.9, g: 0.1, b: 0.1 } }
const GREEN: SolidPaint = { type: 'SOLID', color: { r: 0.1, g: 0.7, b: 0.2 } }

function paintStyle(figma: PluginAPI, paint: SolidPaint): PaintStyle {
  const style = figma.createPaintStyle()
  style.paints = [paint]
  return style
}

function paintsOf(node: MinimalFillsMixin & MinimalStrokesMixin): object {
  const { fillStyleId, strokeStyleId, fills, strokes, strokeWeight } = node
  return { fillStyleId, strokeStyleId, fills, strokes, strokeWeight }
}

function drawing(node: ChildrenMixin): string[] {
  return node.findAll((layer) => layer.type === 'VECTOR').map((layer) => JSON.stringify((layer as VectorNode).vectorPaths))
}

/** What a frame is, as a plugin reads it: everything createComponentFromNode keeps. */
function frameProperties(frame: FrameNode | ComponentNode): object {
  const { name, visible, locked, opacity, x, y, width, height, layoutPositioning, clipsContent, fills, strokes, strokeWeight } = frame
  const { layoutMode, layoutWrap, itemSpacing, counterAxisSpacing, paddingLeft, paddingRight, paddingTop, paddingBottom } = frame
  const { primaryAxisSizingMode, counterAxisSizingMode, counterAxisAlignItems, gridRowCount, gridColumnCount, gridRowGap, gridColumnGap } = frame
  const { gridAutoTracks, gridItemsPositioning } = frame
  const tracks = (sizes: GridTrackSize[]) => sizes.map(({ type, value }) => ({ type, value }))
  return {
    ...{ name, visible, locked, opacity, x, y, width, height, layoutPositioning, clipsContent, fills, strokes, strokeWeight },
    ...{ layoutMode, layoutWrap, itemSpacing, counterAxisSpacing, paddingLeft, paddingRight, paddingTop, paddingBottom },
    ...{ primaryAxisSizingMode, counterAxisSizingMode, counterAxisAlignItems, gridRowCount, gridColumnCount, gridRowGap, gridColumnGap },
    ...{ gridAutoTracks, gridItemsPositioning, rowSizes: tracks(frame.gridRowSizes), columnSizes: tracks(frame.gridColumnSizes) }
  }
}

describe('an instance whose main component is deleted', () => {
  it('keeps its layers and size as they last were', () => {
    const { figma } = createFigmaEmulator()
    const component = componentOf(figma, 'lucide', 'house')
    const instance = component.createInstance()
    const layers = drawing(instance)
    component.remove()
    expect(drawing(instance)).toEqual(layers)
    expect([instance.width, instance.height]).toEqual([24, 24])
  })

  it('keeps its layers and paints though nothing read them before the component went', async () => {
    const { figma } = createFigmaEmulator()
    const blue = paintStyle(figma, BLUE)
    const component = componentOf(figma, 'lucide', 'house')
    await component.setFillStyleIdAsync(blue.id)
    const layers = drawing(component)
    const instance = component.createInstance()
    component.remove()
    expect(drawing(instance)).toEqual(layers)
    expect([instance.fillStyleId, instance.fills]).toEqual([blue.id, [BLUE]])
  })
})

describe('createComponentFromNode (figma-createcomponentfromnode)', () => {
  it('turns a frame into a component in its place, keeping its size, layers and plugin data', () => {
    const { figma } = createFigmaEmulator()
    const frame = figma.createNodeFromSvg(iconSvg('lucide', 'house', 24))
    frame.x = 40
    frame.setSharedPluginData('iconcatalogue', 'icon', 'house')
    const layers = drawing(frame)
    const component = figma.createComponentFromNode(frame)
    expect(component.type).toBe('COMPONENT')
    expect(frame.removed).toBe(true)
    expect(figma.currentPage.children).toEqual([component])
    expect([component.x, component.width, component.height]).toEqual([40, 24, 24])
    expect(drawing(component)).toEqual(layers)
    expect(component.getSharedPluginData('iconcatalogue', 'icon')).toBe('house')
  })

  it('keeps every property the frame had, auto-layout and look, though the component is a new node with an id of its own', async () => {
    const { figma } = createFigmaEmulator()
    const parent = figma.createFrame()
    parent.layoutMode = 'VERTICAL'
    const frame = figma.createFrame()
    parent.appendChild(frame)
    frame.layoutMode = 'HORIZONTAL'
    frame.layoutWrap = 'WRAP'
    Object.assign(frame, { name: 'Row', opacity: 0.5, locked: true, clipsContent: false, strokes: [RED], strokeWeight: 3, fills: [BLUE] })
    Object.assign(frame, { paddingLeft: 1, paddingRight: 2, paddingTop: 3, paddingBottom: 4, itemSpacing: 5, counterAxisSpacing: 6 })
    Object.assign(frame, { primaryAxisSizingMode: 'AUTO', counterAxisSizingMode: 'AUTO', counterAxisAlignItems: 'CENTER', layoutPositioning: 'ABSOLUTE', x: 30 })
    for (const size of [10, 20]) {
      const child = figma.createFrame()
      child.resize(size, size)
      frame.appendChild(child)
    }
    const before = frameProperties(frame)
    const id = frame.id
    const component = figma.createComponentFromNode(frame)
    expect(frameProperties(component)).toEqual(before)
    expect(component.parent).toBe(parent)
    // Observed: the node's id no longer answers; the component's is new (github.com/ufira-ai/Vibma/issues/49).
    expect(component.id).not.toBe(id)
    expect(await figma.getNodeByIdAsync(id)).toBeNull()
  })

  it('keeps a grid frame’s tracks, gaps and positioning, and each child in its cell', () => {
    const { figma } = createFigmaEmulator()
    const grid = figma.createFrame()
    grid.layoutMode = 'GRID'
    Object.assign(grid, { gridRowCount: 3, gridColumnCount: 3, gridRowGap: 2, gridColumnGap: 4 })
    grid.gridColumnSizes = [
      { type: 'FIXED', value: 30 },
      { type: 'FLEX', value: 2 },
      { type: 'HUG' }
    ]
    const child = figma.createFrame()
    child.resize(10, 10)
    grid.appendChildAt(child, 2, 1)
    child.gridChildHorizontalAlign = 'MAX'
    const cells = (frame: FrameNode | ComponentNode) => (frame.children as FrameNode[]).map((each) => [each.gridRowAnchorIndex, each.gridColumnAnchorIndex, each.x, each.y])
    const before = { ...frameProperties(grid), cells: cells(grid) }
    const component = figma.createComponentFromNode(grid)
    expect({ ...frameProperties(component), cells: cells(component) }).toEqual(before)
    expect(component.children).toEqual([child])
  })

  it('refuses a component and a node inside an instance', () => {
    const { figma } = createFigmaEmulator()
    const component = componentOf(figma, 'lucide', 'house')
    expect(() => figma.createComponentFromNode(component)).toThrow('in createComponentFromNode: Cannot create component from node')
    const layer = component.createInstance().children[0] as SceneNode
    expect(() => figma.createComponentFromNode(layer)).toThrow('Cannot create component from node')
  })

  it('puts the component where the frame was among its siblings, and the frame held on to reads as removed', () => {
    const { figma } = createFigmaEmulator()
    const parent = figma.createFrame()
    const [before, frame, after] = [figma.createFrame(), figma.createFrame(), figma.createFrame()]
    for (const child of [before, frame, after]) parent.appendChild(child)
    const component = figma.createComponentFromNode(frame)
    expect(parent.children).toEqual([before, component, after])
    expect(frame.removed).toBe(true)
    expect(() => frame.name).toThrow(`in get_name: The node with id "${frame.id}" does not exist`)
  })

  it('is undone as one step: the frame is back in its place with its layers, the component gone', () => {
    const emulator = createFigmaEmulator()
    const { figma } = emulator
    const parent = figma.createFrame()
    const frame = figma.createNodeFromSvg(iconSvg('lucide', 'house', 24))
    parent.appendChild(frame)
    parent.appendChild(figma.createFrame())
    const layers = [...frame.children]
    figma.commitUndo()
    const component = figma.createComponentFromNode(frame)
    emulator.undo()
    expect([frame.removed, component.removed]).toEqual([false, true])
    expect(parent.children[0]).toBe(frame)
    expect(frame.children).toEqual(layers)
  })

  it('refuses a frame or group holding a component, before it changes anything: no component in a component', () => {
    const { figma } = createFigmaEmulator()
    const frame = figma.createFrame()
    const inner = figma.createComponent()
    frame.appendChild(inner)
    const group = figma.group([figma.createStar(), figma.createComponent()], figma.currentPage)
    const page = figma.currentPage.children
    for (const node of [frame, group]) expect(() => figma.createComponentFromNode(node)).toThrow('in createComponentFromNode: Cannot create component from node')
    expect(figma.currentPage.children).toEqual(page)
    expect([frame.removed, frame.children]).toEqual([false, [inner]])
    expect(group.children.map((child) => child.type)).toEqual(['STAR', 'COMPONENT'])
  })
})

describe('instances (InstanceNode, ComponentNode.createInstance)', () => {
  it('are made on the current page, mirror the component, and give sublayers ids I<instance>;<layer>', () => {
    const { figma } = createFigmaEmulator()
    const page = figma.createPage()
    const component = componentOf(figma, 'lucide', 'house')
    page.appendChild(component)
    const instance = component.createInstance()
    expect(instance.parent).toBe(figma.currentPage)
    expect(drawing(instance)).toEqual(drawing(component))
    const [layer] = instance.children
    expect(layer?.id).toBe(`I${instance.id};${component.children[0]?.id}`)
  })

  it('follow their main component when it changes, keeping their position', () => {
    const { figma } = createFigmaEmulator()
    const component = componentOf(figma, 'lucide', 'house')
    const instance = component.createInstance()
    instance.x = 300
    component.rescale(2)
    expect([instance.width, instance.height, instance.x]).toEqual([48, 48, 300])
    expect(drawing(instance)).toEqual(drawing(component))
    const other = figma.createNodeFromSvg(iconSvg('lucide', 'heart', 48))
    for (const child of [...component.children]) child.remove()
    for (const child of [...other.children]) component.appendChild(child)
    expect(drawing(instance)).toEqual(drawing(component))
  })

  it('follow a change to any layer of their component, one inside a nested instance’s component included', () => {
    const { figma } = createFigmaEmulator()
    const inner = componentOf(figma, 'mdi', 'home')
    const outer = figma.createComponent()
    outer.appendChild(inner.createInstance())
    const instance = outer.createInstance()
    expect(drawing(instance)).toEqual(drawing(inner))
    ;(inner.children[0] as VectorNode).strokeCap = 'ROUND'
    inner.rescale(2)
    expect(drawing(instance)).toEqual(drawing(inner))
    expect(instance.findAll((layer) => layer.type === 'VECTOR').map((layer) => (layer as VectorNode).strokeCap)).toEqual(['ROUND'])
  })

  it('follow a change of their component’s layer quietly: only the component’s layer is reported (figma-on)', async () => {
    const emulator = createFigmaEmulator()
    const { figma } = emulator
    const component = componentOf(figma, 'mdi', 'home')
    const instance = component.createInstance()
    await emulator.settle()
    await figma.loadAllPagesAsync()
    const changes: DocumentChange[] = []
    figma.on('documentchange', (event) => void changes.push(...event.documentChanges))
    const layer = component.children[0] as VectorNode
    layer.strokeCap = 'ROUND'
    expect((instance.children[0] as VectorNode).strokeCap).toBe('ROUND')
    await emulator.settle()
    expect(changes).toMatchObject([{ type: 'PROPERTY_CHANGE', id: layer.id, properties: ['strokeCap'] }])
  })

  it('give a sublayer the plugin holds its component’s change on its next read, though nothing read the instance since', () => {
    const { figma } = createFigmaEmulator()
    const component = figma.createComponent()
    const group = figma.group([figma.createStar(), figma.createStar()], component)
    const instance = component.createInstance()
    const [copiedGroup] = instance.children as [GroupNode]
    const [first, second] = copiedGroup.children as [StarNode, StarNode]
    const [star, other] = group.children as [StarNode, StarNode]
    star.strokeCap = 'ROUND'
    star.strokeWeight = 3
    star.fills = [BLUE]
    expect([first.strokeCap, first.strokeWeight, first.fills]).toEqual(['ROUND', 3, star.fills])
    other.remove()
    expect(second.removed).toBe(true)
    expect(() => second.name).toThrow(`in get_name: The node with id "${second.id}" does not exist`)
  })

  it('catch up with each kind of change to their component, read in between or not', () => {
    const emulator = createFigmaEmulator()
    const { figma } = emulator
    const nested = figma.createComponent()
    nested.appendChild(figma.createStar())
    const component = figma.createComponent()
    const group = figma.group([figma.createStar(), figma.createStar()], component)
    component.appendChild(nested.createInstance())
    const instance = component.createInstance()
    const held = instance.findAll((layer) => layer.type === 'STAR') as StarNode[]
    const layers = () => instance.findAll().map((layer) => `${layer.type}:${layer.name}`)
    const [star, other] = group.children as [StarNode, StarNode]
    star.name = 'Renamed'
    expect(held[0]?.name).toBe('Renamed')
    expect(layers()).toContain('STAR:Renamed')
    figma.union([other], group)
    expect(layers()).toEqual(['GROUP:Group', 'STAR:Renamed', 'BOOLEAN_OPERATION:Union', 'STAR:Star', 'INSTANCE:Component', 'STAR:Star'])
    ;(nested.children[0] as StarNode).name = 'Nested'
    expect(layers()).toContain('STAR:Nested')
    figma.commitUndo()
    figma.currentPage.appendChild(star)
    expect(held[0]?.removed).toBe(true)
    emulator.undo()
    expect(layers()).toContain('STAR:Renamed')
  })

  it('take back the layers an undo gives their component back, the document whole and its changes reported', async () => {
    const emulator = createFigmaEmulator()
    const { figma } = emulator
    const component = figma.createComponent()
    const instance = component.createInstance()
    const group = figma.group([figma.createStar()], component)
    expect(instance.children).toHaveLength(1)
    figma.commitUndo()
    group.remove()
    expect(instance.children).toHaveLength(0)
    await figma.loadAllPagesAsync()
    const reported: DocumentChange[] = []
    figma.on('documentchange', (event) => reported.push(...event.documentChanges))
    emulator.undo()
    expect(group.removed).toBe(false)
    expect(instance.children.map((layer) => layer.id)).toEqual([`I${instance.id};${group.id}`])
    await emulator.settle()
    expect(reported).toContainEqual(expect.objectContaining({ type: 'CREATE', id: group.id }))
  })

  it('follow a component redrawn twice from an icon with a group, as swapping an icon in place does, and an undo of the second', () => {
    const emulator = createFigmaEmulator()
    const { figma } = emulator
    // What replace-content.ts does to a component: the fresh drawing's layers in, the old ones out.
    const redraw = (component: ComponentNode, name: string) => {
      const fresh = figma.createNodeFromSvg(iconSvg('lucide', name, 24))
      const old = [...component.children]
      for (const layer of [...fresh.children]) component.appendChild(layer)
      for (const layer of old) layer.remove()
      fresh.remove()
    }
    const component = componentOf(figma, 'lucide', 'house')
    const instance = component.createInstance()
    redraw(component, 'search')
    const search = drawing(instance)
    figma.commitUndo()
    redraw(component, 'settings')
    expect(drawing(instance)).toEqual(drawing(component))
    emulator.undo()
    expect(drawing(instance)).toEqual(search)
    expect(drawing(component)).toEqual(search)
  })

  it('keep what a documentchange handler set on a sublayer, which is not reported, as an override all the same', async () => {
    const emulator = createFigmaEmulator()
    const { figma } = emulator
    const component = componentOf(figma, 'mdi', 'home')
    const instance = component.createInstance()
    const layer = instance.children[0] as VectorNode
    await emulator.settle()
    await figma.loadAllPagesAsync()
    figma.once('documentchange', () => void (layer.visible = false))
    instance.x = 10
    await emulator.settle()
    ;(component.children[0] as VectorNode).strokeCap = 'ROUND'
    expect([layer.visible, layer.strokeCap]).toEqual([false, 'ROUND'])
    expect(instance.overrides).toContainEqual({ id: layer.id, overriddenFields: ['visible'] })
  })

  it('keep every reported field set on a sublayer as an override, a boolean operation’s kind included', () => {
    const { figma } = createFigmaEmulator()
    const component = figma.createComponent()
    const union = figma.union([figma.createStar(), figma.createStar()], component)
    const instance = component.createInstance()
    const layer = instance.children[0] as BooleanOperationNode
    layer.booleanOperation = 'SUBTRACT'
    union.name = 'Shape'
    expect(layer.booleanOperation).toBe('SUBTRACT')
    expect(instance.overrides).toContainEqual({ id: layer.id, overriddenFields: ['booleanOperation'] })
  })

  it('list overrides as the component is now: one on a layer the component took away is gone', () => {
    const { figma } = createFigmaEmulator()
    const component = figma.createComponent()
    const [kept, dropped] = [figma.createStar(), figma.createStar()]
    component.appendChild(kept)
    component.appendChild(dropped)
    const instance = component.createInstance()
    ;(instance.children[1] as StarNode).fills = []
    expect(instance.overrides.map((override) => override.id)).toEqual([instance.children[1]!.id])
    dropped.remove()
    expect(instance.overrides).toEqual([])
  })

  it('keep the structure read-only: no new layers, no moves out, no removal', () => {
    const { figma } = createFigmaEmulator()
    const instance = componentOf(figma, 'mdi', 'home').createInstance()
    const layer = instance.children[0] as SceneNode
    expect(() => instance.appendChild(figma.createFrame())).toThrow('Cannot move node. New parent is an instance or is inside of an instance')
    expect(() => figma.currentPage.appendChild(layer)).toThrow('Cannot move node. Node is inside of an instance')
    expect(() => layer.remove()).toThrow('in remove: Removing this node is not allowed')
  })

  it('keep what a plugin set on a sublayer when the component changes', () => {
    const { figma } = createFigmaEmulator()
    const component = componentOf(figma, 'mdi', 'home')
    const instance = component.createInstance()
    const layer = instance.children[0] as VectorNode
    layer.visible = false
    layer.opacity = 0.5
    layer.strokeWeight = 3
    component.rescale(2)
    expect(instance.children[0]).toBe(layer)
    expect([layer.visible, layer.opacity, layer.strokeWeight]).toEqual([false, 0.5, 3])
    expect((component.children[0] as VectorNode).visible).toBe(true)
  })

  it('keep a plain field a plugin set on a sublayer (strokeCap, isMask) when the component changes, and list it', () => {
    const { figma } = createFigmaEmulator()
    const component = componentOf(figma, 'mdi', 'home')
    const instance = component.createInstance()
    const layer = instance.children[0] as VectorNode
    layer.strokeCap = 'ROUND'
    layer.isMask = true
    ;(component.children[0] as VectorNode).strokeJoin = 'BEVEL'
    component.rescale(2)
    expect(instance.children[0]).toBe(layer)
    expect([layer.strokeCap, layer.isMask, layer.strokeJoin]).toEqual(['ROUND', true, 'BEVEL'])
    expect((component.children[0] as VectorNode).strokeCap).toBe('NONE')
    expect(instance.overrides).toContainEqual({ id: layer.id, overriddenFields: ['strokeCap', 'isMask'] })
  })

  it('rescale the component as it is now, and keep their rescaled stroke weight when it changes again', () => {
    const { figma } = createFigmaEmulator()
    const component = componentOf(figma, 'mdi', 'home')
    const instance = component.createInstance()
    component.strokeWeight = 3
    ;(component.children[0] as VectorNode).strokeWeight = 2
    instance.rescale(2)
    expect([instance.width, instance.strokeWeight, (instance.children[0] as VectorNode).strokeWeight]).toEqual([48, 6, 4])
    component.strokeWeight = 5
    expect(instance.strokeWeight).toBe(6)
  })

  it.each(['component', 'instance'])('rescale once with their component when a frame holding both is rescaled, the %s first', (first) => {
    const { figma } = createFigmaEmulator()
    const component = figma.createComponent()
    component.resize(20, 20)
    const star = figma.createStar()
    star.resize(10, 10)
    component.appendChild(star)
    const instance = component.createInstance()
    const frame = figma.createFrame()
    for (const node of first === 'component' ? [component, instance] : [instance, component]) frame.appendChild(node)
    const layer = instance.children[0] as StarNode
    frame.rescale(2)
    expect([component.width, star.width, star.strokeWeight]).toEqual([40, 20, 2])
    expect([instance.width, layer.width, layer.strokeWeight, instance.strokeWeight]).toEqual([40, 20, 2, 2])
  })

  it('rescale once with a hugging auto-layout component, which lays itself out again as it scales', () => {
    const { figma } = createFigmaEmulator()
    const component = figma.createComponent()
    component.layoutMode = 'HORIZONTAL'
    component.primaryAxisSizingMode = 'AUTO'
    component.paddingLeft = 3
    component.paddingRight = 3
    component.itemSpacing = 4
    for (const star of [figma.createStar(), figma.createStar(), figma.createStar()]) {
      star.resize(10, 10)
      component.appendChild(star)
    }
    const instance = component.createInstance()
    const frame = figma.createFrame()
    frame.appendChild(component)
    frame.appendChild(instance)
    expect(instance.width).toBe(44)
    frame.rescale(1.1)
    expect(component.width).toBeCloseTo(48.4)
    expect(instance.width).toBeCloseTo(48.4)
    expect((instance.children[0] as StarNode).width).toBeCloseTo(11)
  })

  it('read plugin data they do not set themselves from their component (Update 19)', () => {
    const { figma } = createFigmaEmulator()
    const component = componentOf(figma, 'mdi', 'home')
    component.setSharedPluginData('iconcatalogue', 'icon', 'home')
    const instance = component.createInstance()
    expect(instance.getSharedPluginData('iconcatalogue', 'icon')).toBe('home')
    instance.setSharedPluginData('iconcatalogue', 'icon', 'house')
    expect(instance.getSharedPluginData('iconcatalogue', 'icon')).toBe('house')
    expect(component.getSharedPluginData('iconcatalogue', 'icon')).toBe('home')
  })
})

describe('an instance’s own paints (InstanceNode: "always automatically updated if a component is modified")', () => {
  it('are its component’s, style bindings included, and follow a later change until the plugin sets them on the instance', async () => {
    const { figma } = createFigmaEmulator()
    const [blue, red] = [paintStyle(figma, BLUE), paintStyle(figma, RED)]
    const component = componentOf(figma, 'mdi', 'home')
    await component.setFillStyleIdAsync(blue.id)
    await component.setStrokeStyleIdAsync(blue.id)
    const [kept, changed] = [component.createInstance(), component.createInstance()]
    expect(paintsOf(kept)).toEqual({ fillStyleId: blue.id, strokeStyleId: blue.id, fills: [BLUE], strokes: [BLUE], strokeWeight: 1 })
    changed.fills = [GREEN]
    await component.setFillStyleIdAsync(red.id)
    await component.setStrokeStyleIdAsync(red.id)
    component.strokeWeight = 3
    expect(paintsOf(kept)).toEqual({ fillStyleId: red.id, strokeStyleId: red.id, fills: [RED], strokes: [RED], strokeWeight: 3 })
    expect(paintsOf(changed)).toEqual({ fillStyleId: '', strokeStyleId: red.id, fills: [GREEN], strokes: [RED], strokeWeight: 3 })
  })

  it('are all the emulator keeps as overrides of the instance itself: its name, visibility, lock and opacity are its own anyway', () => {
    const { figma } = createFigmaEmulator()
    const instance = componentOf(figma, 'mdi', 'home').createInstance()
    instance.name = 'Home button'
    instance.visible = false
    instance.locked = true
    instance.opacity = 0.5
    instance.strokeWeight = 2
    expect(instance.overrides).toEqual([{ id: instance.id, overriddenFields: ['strokeWeight'] }])
  })

  it('are listed with a sublayer’s by `overrides`, in Figma’s shape: per node, the fields set on it', () => {
    const { figma } = createFigmaEmulator()
    const instance = componentOf(figma, 'mdi', 'home').createInstance()
    expect(instance.overrides).toEqual([])
    const layer = instance.children[0] as VectorNode
    layer.fills = [GREEN]
    instance.resize(48, 48)
    expect(instance.overrides).toEqual([
      { id: instance.id, overriddenFields: ['width', 'height'] },
      { id: layer.id, overriddenFields: ['fills', 'fillStyleId'] }
    ])
    expect(layer.id.startsWith(`I${instance.id};`)).toBe(true)
  })

  it('take an undone override back to the component’s, and follow an undone change of the component', async () => {
    const { figma } = createFigmaEmulator()
    const [blue, red] = [paintStyle(figma, BLUE), paintStyle(figma, RED)]
    const component = componentOf(figma, 'mdi', 'home')
    await component.setFillStyleIdAsync(blue.id)
    const instance = component.createInstance()
    figma.commitUndo()
    await instance.setFillStyleIdAsync(red.id)
    figma.triggerUndo()
    expect([instance.fillStyleId, instance.fills]).toEqual([blue.id, [BLUE]])
    await component.setFillStyleIdAsync(red.id)
    expect(instance.fillStyleId).toBe(red.id)
    figma.triggerUndo()
    expect([instance.fillStyleId, instance.fills]).toEqual([blue.id, [BLUE]])
  })

  it('set on the instance survive swapComponent, and assigning mainComponent gives it the new component’s', async () => {
    const { figma } = createFigmaEmulator()
    const blue = paintStyle(figma, BLUE)
    const small = componentOf(figma, 'mdi', 'home', 24)
    const big = componentOf(figma, 'mdi', 'home', 48)
    await big.setFillStyleIdAsync(blue.id)
    const instance = small.createInstance()
    instance.fills = [GREEN]
    instance.swapComponent(big)
    expect([instance.fillStyleId, instance.fills]).toEqual(['', [GREEN]])
    instance.mainComponent = small
    instance.mainComponent = big
    expect([instance.fillStyleId, instance.fills]).toEqual([blue.id, [BLUE]])
  })
})

describe('swapComponent and mainComponent (InstanceNode-swapcomponent)', () => {
  it('swaps to another component, taking its drawing and size, keeping position and overrides', async () => {
    const { figma } = createFigmaEmulator()
    const small = componentOf(figma, 'mdi', 'home', 24)
    const big = componentOf(figma, 'mdi', 'home', 48)
    const instance = small.createInstance()
    instance.x = 120
    ;(instance.children[0] as VectorNode).visible = false
    instance.swapComponent(big)
    expect(await instance.getMainComponentAsync()).toBe(big)
    expect([instance.x, instance.width]).toEqual([120, 48])
    expect(drawing(instance)).toEqual(drawing(big))
    expect((instance.children[0] as VectorNode).visible).toBe(false)
    expect(await big.getInstancesAsync()).toEqual([instance])
    expect(await small.getInstancesAsync()).toEqual([])
  })

  it('drops the overrides of layers the old component no longer has, rather than putting them on the instance itself', () => {
    const { figma } = createFigmaEmulator()
    const component = componentOf(figma, 'mdi', 'home')
    const other = componentOf(figma, 'mdi', 'home', 48)
    const instance = component.createInstance()
    ;(instance.children[0] as VectorNode).fills = [RED]
    for (const layer of [...component.children]) layer.remove()
    for (const layer of [...figma.createNodeFromSvg(iconSvg('mdi', 'heart', 24)).children]) component.appendChild(layer)
    instance.swapComponent(other)
    expect(paintsOf(instance)).toEqual(paintsOf(other))
    expect((instance.children[0] as VectorNode).fills).toEqual((other.children[0] as VectorNode).fills)
  })

  it('assigning mainComponent clears the overrides', () => {
    const { figma } = createFigmaEmulator()
    const small = componentOf(figma, 'mdi', 'home', 24)
    const big = componentOf(figma, 'mdi', 'home', 48)
    const instance = small.createInstance()
    ;(instance.children[0] as VectorNode).visible = false
    instance.mainComponent = big
    expect((instance.children[0] as VectorNode).visible).toBe(true)
  })

  it('under dynamic-page, reading mainComponent or instances throws; the async twins answer', async () => {
    const { figma } = createFigmaEmulator()
    const component = componentOf(figma, 'mdi', 'home')
    const instance = component.createInstance()
    expect(() => instance.mainComponent).toThrow('in get_mainComponent: Cannot call with documentAccess: dynamic-page. Use node.getMainComponentAsync() instead')
    expect(() => component.instances).toThrow('in get_instances: Cannot call with documentAccess: dynamic-page')
    expect(await instance.getMainComponentAsync()).toBe(component)
    const without = createFigmaEmulator({ documentAccess: null }).figma
    const plain = componentOf(without, 'mdi', 'home')
    expect(plain.createInstance().mainComponent).toBe(plain)
  })

  it('is one undo step with the rest of the operation, and undo restores the old component', async () => {
    const emulator = createFigmaEmulator()
    const { figma } = emulator
    const small = componentOf(figma, 'mdi', 'home', 24)
    const big = componentOf(figma, 'mdi', 'home', 48)
    const instance = small.createInstance()
    emulator.commitUndo()
    instance.swapComponent(big)
    emulator.undo()
    expect(await instance.getMainComponentAsync()).toBe(small)
    expect(instance.width).toBe(24)
    expect(drawing(instance)).toEqual(drawing(small))
  })
})

describe('pages (figma-createpage, migrating-to-dynamic-loading)', () => {
  it('a page made by the plugin is listed in root.children and takes children', () => {
    const { figma } = createFigmaEmulator()
    const page = figma.createPage()
    page.name = 'Icons'
    expect(figma.root.children.map((each) => each.name)).toEqual(['Page 1', 'Icons'])
    page.appendChild(figma.createFrame())
    expect(page.children).toHaveLength(1)
  })

  it('another page’s children need loadAsync first under dynamic-page', async () => {
    const emulator = createFigmaEmulator()
    const other = emulator.addPage('Icons') as unknown as PageNode
    expect(() => other.children).toThrow('Cannot access children on a page that has not been explicitly loaded')
    await other.loadAsync()
    expect(other.children).toEqual([])
  })
})
