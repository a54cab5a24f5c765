/**
 * The emulator refuses what Figma refuses, with Figma's messages where they are documented, so a
 * plugin that passes here does not break in Figma. Each block names the reference page it follows.
 */
import { describe, expect, it } from 'vitest'
import { createFigmaEmulator, importSvg, type ImportedNode } from '../../src/playground/figma-emulator'
import { iconSvg } from './icon-svgs'

function structure(nodes: ImportedNode[]): unknown[] {
  return nodes.map((node) => (node.type === 'GROUP' ? { GROUP: structure(node.children) } : node.isMask ? `${node.type} (mask)` : node.type))
}

describe('documentAccess: dynamic-page (migrating-to-dynamic-loading)', () => {
  it('refuses the sync getNodeById and answers the async form', async () => {
    const { figma } = createFigmaEmulator()
    const frame = figma.createFrame()
    expect(() => figma.getNodeById(frame.id)).toThrow('in getNodeById: Cannot call with documentAccess: dynamic-page. Use figma.getNodeByIdAsync() instead')
    expect(await figma.getNodeByIdAsync(frame.id)).toBe(frame)
  })

  it('allows getNodeById for a plugin without documentAccess', () => {
    const { figma } = createFigmaEmulator({ documentAccess: null })
    const frame = figma.createFrame()
    expect(figma.getNodeById(frame.id)).toBe(frame)
  })
})

describe('appendChild and insertChild (nodes-appendchild, nodes-insertchild)', () => {
  it('throws for an index past the end instead of clamping it', () => {
    const { figma } = createFigmaEmulator()
    const frame = figma.createFrame()
    frame.appendChild(figma.createFrame())
    expect(() => frame.insertChild(2, figma.createFrame())).toThrow('in insertChild: Cannot insert node at index greater than the number of existing siblings')
    expect(() => frame.insertChild(-1, figma.createFrame())).toThrow('in insertChild: Expected "index" to have value >= 0')
    expect(frame.children).toHaveLength(1)
  })

  it('gives shapes no appendChild, so calling it is a TypeError', () => {
    const { figma } = createFigmaEmulator()
    const icon = figma.createNodeFromSvg(iconSvg('mdi', 'home', 24))
    const shape = icon.children[0] as SceneNode
    expect('appendChild' in shape).toBe(false)
    expect(() => (shape as unknown as FrameNode).appendChild(figma.createFrame())).toThrow(TypeError)
  })

  it('refuses a parenting cycle', () => {
    const { figma } = createFigmaEmulator()
    const outer = figma.createFrame()
    const inner = figma.createFrame()
    outer.appendChild(inner)
    expect(() => inner.appendChild(outer)).toThrow('in appendChild: Cannot move node. Doing so would create a parenting cycle')
  })

  it('refuses to move the document, or a page anywhere but the document', () => {
    const { figma } = createFigmaEmulator({ documentAccess: null })
    const frame = figma.createFrame()
    const otherPage = figma.createPage()
    expect(() => frame.appendChild(figma.root as unknown as SceneNode)).toThrow('in appendChild: Cannot move node. Node is the scene root, which cannot be reparented')
    expect(() => frame.insertChild(0, otherPage as unknown as SceneNode)).toThrow('in insertChild: Cannot move node. Nodes other than the root node cannot have children of type PAGE')
    expect(() => figma.currentPage.appendChild(otherPage as unknown as SceneNode)).toThrow('Nodes other than the root node cannot have children of type PAGE')
    expect(figma.root.parent).toBeNull()
    expect(figma.root.children).toEqual([figma.currentPage, otherPage])
  })

  it('refuses an instance inside its own component, directly, in a frame, or through another component', () => {
    const { figma } = createFigmaEmulator()
    const button = figma.createComponent()
    const holder = figma.createFrame()
    button.appendChild(holder)
    const cycle = 'in appendChild: Cannot move node. Reparenting would create a component cycle'
    expect(() => button.appendChild(button.createInstance())).toThrow(cycle)
    expect(() => holder.appendChild(button.createInstance())).toThrow(cycle)
    const wrapper = figma.createFrame()
    wrapper.appendChild(button.createInstance())
    expect(() => holder.appendChild(wrapper)).toThrow(cycle)
    // card holds a button; a card inside the button would hold the button inside itself.
    const card = figma.createComponent()
    card.appendChild(button.createInstance())
    expect(() => button.appendChild(card.createInstance())).toThrow(cycle)
    expect(holder.children).toEqual([])
  })

  it('names the method the plugin called: group and union, with group’s own message for no nodes', () => {
    const { figma } = createFigmaEmulator()
    const outer = figma.createFrame()
    const inner = figma.createFrame()
    outer.appendChild(inner)
    const before = figma.currentPage.children.length
    expect(() => figma.group([], figma.currentPage)).toThrow('in group: First argument must be an array of at least one node')
    expect(() => figma.group([outer], inner)).toThrow('in group: Cannot move node. Doing so would create a parenting cycle')
    expect(() => figma.union([outer], inner)).toThrow('in union: Cannot move node. Doing so would create a parenting cycle')
    expect(() => figma.group([figma.createFrame()], outer, 5)).toThrow('in group: Cannot insert node at index greater than the number of existing siblings')
    expect(() => outer.resizeWithoutConstraints(0, 10)).toThrow('in resizeWithoutConstraints: Expected "width" to have value >= 0.01')
    // A refused group leaves nothing behind: no empty group in the page or in the frame.
    expect(figma.currentPage.children.length).toBe(before + 1)
    expect(outer.children).toEqual([inner])
  })

  it('groups only nodes on the parent’s page (figma-group), and leaves a node elsewhere where it was', () => {
    const { figma } = createFigmaEmulator({ documentAccess: null })
    const here = figma.createFrame()
    const otherPage = figma.createPage()
    const elsewhere = figma.createFrame()
    otherPage.appendChild(elsewhere)
    expect(() => figma.group([here, elsewhere], figma.currentPage)).toThrow('in group: Grouped nodes must be in the same page as the parent')
    expect(() => figma.union([elsewhere], figma.currentPage)).toThrow('in union: Grouped nodes must be in the same page as the parent')
    expect(otherPage.children).toEqual([elsewhere])
    expect(figma.currentPage.children).toEqual([here])
  })
})

describe('components and instances (ComponentNode.createInstance, api-errors)', () => {
  function instanceWithLayer() {
    const emulator = createFigmaEmulator()
    const component = emulator.figma.createComponent()
    component.appendChild(emulator.figma.createNodeFromSvg(iconSvg('mdi', 'home', 24)))
    const instance = component.createInstance()
    return { ...emulator, component, instance, layer: instance.children[0] as FrameNode }
  }

  it('copies the component into an instance with its own ids', () => {
    const { component, instance } = instanceWithLayer()
    expect(instance.type).toBe('INSTANCE')
    expect(instance.children).toHaveLength(1)
    expect(instance.children[0]?.id).not.toBe(component.children[0]?.id)
  })

  it('refuses to give a node inside an instance children', () => {
    const { figma, layer } = instanceWithLayer()
    expect(() => layer.appendChild(figma.createFrame())).toThrow('in appendChild: Cannot move node. New parent is an instance or is inside of an instance')
  })

  it('refuses to move a node out of an instance', () => {
    const { figma, layer } = instanceWithLayer()
    expect(() => figma.currentPage.appendChild(layer)).toThrow('in appendChild: Cannot move node. Node is inside of an instance')
  })

  it('refuses to move or size a layer inside an instance, and takes its paints and stroke as overrides', () => {
    const { instance, layer } = instanceWithLayer()
    const shape = layer.children[0] as VectorNode
    const refused = 'This property cannot be overriden on an instance'
    expect(() => (layer.x = 4)).toThrow(`in set_x: ${refused}`)
    expect(() => (shape.y = 4)).toThrow(`in set_y: ${refused}`)
    expect(() => layer.resize(48, 48)).toThrow(`in resize: ${refused}`)
    expect(() => shape.resizeWithoutConstraints(2, 2)).toThrow(`in resizeWithoutConstraints: ${refused}`)
    expect(() => layer.rescale(2)).toThrow(`in rescale: ${refused}`)
    expect([layer.x, layer.y, layer.width]).toEqual([0, 0, 24])
    shape.fills = [{ type: 'SOLID', color: { r: 1, g: 0, b: 0 } }]
    shape.strokeWeight = 3
    instance.x = 40
    instance.rescale(2)
    expect([instance.x, instance.width, shape.strokeWeight]).toEqual([40, 200, 6])
  })

  it('refuses to remove a node inside an instance', () => {
    const { layer } = instanceWithLayer()
    expect(() => layer.remove()).toThrow('in remove: Removing this node is not allowed')
    expect(layer.removed).toBe(false)
  })
})

describe('createNodeFromSvg keeps the SVG structure (figma-createnodefromsvg)', () => {
  it('makes a FRAME with a GROUP for <g> and a node type per element', () => {
    const imported = importSvg(
      '<svg xmlns="http://www.w3.org/2000/svg" width="24" height="24" viewBox="0 0 24 24"><g fill="red"><rect x="1" y="1" width="4" height="4"/><circle cx="12" cy="12" r="3"/></g>' +
        '<line x1="0" y1="0" x2="24" y2="0" stroke="black"/><polygon points="0,0 4,0 2,4"/><polyline points="0,0 4,4 8,0" stroke="black" fill="none"/><path d="M0 0h4v4z"/></svg>'
    )
    expect(structure(imported.children)).toEqual([{ GROUP: ['RECTANGLE', 'ELLIPSE'] }, 'LINE', 'VECTOR', 'VECTOR', 'VECTOR'])
    const { figma } = createFigmaEmulator()
    const frame = figma.createNodeFromSvg(iconSvg('lucide', 'accessibility', 24))
    expect(frame.type).toBe('FRAME')
    expect(frame.parent?.type).toBe('PAGE')
    expect(frame.children.map((child) => child.type)).toEqual(['GROUP'])
    expect((frame.children[0] as GroupNode).children.map((child) => child.type)).toEqual(['ELLIPSE', 'VECTOR', 'VECTOR'])
  })

  it('makes a VECTOR of a <polygon>, whose points a POLYGON (regular, of pointCount sides) cannot hold', () => {
    const [polygon] = importSvg('<svg xmlns="http://www.w3.org/2000/svg" width="24" height="24"><polygon points="0,0 10,0 10,4 2,8"/></svg>').vectors
    expect(polygon).toMatchObject({ type: 'VECTOR', name: 'Vector', width: 10, height: 8, data: 'M 0 0 L 10 0 L 10 4 L 2 8 Z' })
  })

  it('makes a LINE only of a level <line>, with height 0 as a LINE must have; a sloping one is a VECTOR', () => {
    const lines = importSvg(
      '<svg xmlns="http://www.w3.org/2000/svg" width="24" height="24" stroke="black"><line x1="2" y1="5" x2="20" y2="5"/><line x1="2" y1="2" x2="20" y2="12"/></svg>'
    ).vectors
    expect(lines.map(({ type, width, height }) => ({ type, width, height }))).toEqual([
      { type: 'LINE', width: 18, height: 0 },
      { type: 'VECTOR', width: 18, height: 10 }
    ])
  })

  it.each([
    ['lucide', 'house', [{ GROUP: ['VECTOR', 'VECTOR'] }]],
    ['mdi', 'home', ['VECTOR']],
    ['fluent', 'home-24-regular', ['VECTOR']],
    ['material-symbols', 'home', ['VECTOR']],
    ['carbon', 'home', ['VECTOR']],
    ['flat-color-icons', 'idea', ['ELLIPSE', 'VECTOR', 'VECTOR', 'ELLIPSE', 'VECTOR', 'VECTOR']]
  ])('imports %s:%s as the SVG draws it', (prefix, name, expected) => {
    expect(structure(importSvg(iconSvg(prefix, name, 24)).children)).toEqual(expected)
  })

  it('keeps every colour of a multicolour icon (Twemoji)', () => {
    const imported = importSvg(iconSvg('twemoji', 'globe-showing-americas', 36))
    const colors = new Set(imported.vectors.flatMap((vector) => vector.fills).map((paint) => (paint.type === 'SOLID' ? JSON.stringify(paint.color) : paint.type)))
    expect(colors.size).toBeGreaterThan(1)
  })

  // flat-color-icons draws in flat colours only: none of its icons has a gradient (MingCute's below has).
  it('keeps every colour of a many-coloured flat-color-icons icon, a group’s colour on each of its shapes (shop)', () => {
    const imported = importSvg(iconSvg('flat-color-icons', 'shop', 48))
    const hex = (paint: Paint | undefined) =>
      paint?.type === 'SOLID' ? `#${[paint.color.r, paint.color.g, paint.color.b].map((channel) => Math.round(channel * 255).toString(16).padStart(2, '0').toUpperCase()).join('')}` : paint?.type
    expect(structure(imported.children)).toEqual([...Array(6).fill('VECTOR'), { GROUP: ['ELLIPSE', 'ELLIPSE', 'ELLIPSE'] }, 'VECTOR', { GROUP: ['ELLIPSE', 'VECTOR', 'ELLIPSE', 'VECTOR'] }, 'VECTOR'])
    expect(imported.vectors.map((vector) => hex(vector.fills[0]))).toEqual([
      '#CFD8DC',
      '#B0BEC5',
      '#455A64',
      '#E3F2FD',
      '#1E88E5',
      '#90A4AE',
      ...Array(3).fill('#558B2F'),
      '#7CB342',
      ...Array(4).fill('#FFA000'),
      '#FFC107'
    ])
  })

  it('turns a gradient fill into a gradient paint with its stops (MingCute loading)', () => {
    const imported = importSvg(iconSvg('mingcute', 'loading-fill', 24, '#336699'))
    const gradients = imported.vectors.flatMap((vector) => vector.fills).filter((paint): paint is GradientPaint => paint.type === 'GRADIENT_LINEAR')
    expect(gradients).toHaveLength(2)
    expect(gradients[0]?.gradientStops.map((stop) => [stop.position, stop.color.a])).toEqual([
      [0, 1],
      [1, 0.55]
    ])
    expect(gradients[0]?.gradientStops[0]?.color).toMatchObject({ r: 0x33 / 255, g: 0x66 / 255, b: 0x99 / 255 })
  })

  it('applies a clip path as a group whose first child is the mask (Twemoji maracas)', () => {
    const imported = importSvg(iconSvg('twemoji', 'maracas', 36))
    const clipped = imported.children.filter((node) => node.type === 'GROUP' && node.name === 'Clip path group')
    expect(clipped.length).toBeGreaterThan(0)
    const first = (clipped[0] as { children: ImportedNode[] }).children[0]
    expect(first).toMatchObject({ isMask: true, name: 'Clip path' })
  })

  it('applies a mask as a group whose first child is the mask (Solar duotone)', () => {
    const imported = importSvg(iconSvg('solar', 'accumulator-bold', 24))
    expect(structure(imported.children)[0]).toMatchObject({ GROUP: expect.arrayContaining(['VECTOR (mask)']) })
  })
})

describe('drop events (figma-on#drop)', () => {
  function scene() {
    const emulator = createFigmaEmulator()
    const frame = emulator.figma.createFrame()
    frame.resize(200, 200)
    const icon = emulator.figma.createNodeFromSvg(iconSvg('mdi', 'home', 48))
    frame.appendChild(icon)
    const locked = emulator.figma.createFrame()
    locked.x = 300
    locked.locked = true
    let reported: BaseNode | null = null
    emulator.figma.on('drop', (event) => {
      reported = event.node
      return false
    })
    const dropAt = (x: number, y: number): BaseNode | null => {
      emulator.dispatchDrop({ absoluteX: x, absoluteY: y })
      return reported
    }
    return { ...emulator, frame, icon, dropAt }
  }

  it('reports a frame for a drop on its empty area', () => {
    const { frame, dropAt } = scene()
    expect(dropAt(150, 150)).toBe(frame)
  })

  it('reports the page for a drop on a shape, on a locked frame or on empty canvas', () => {
    const { figma, dropAt } = scene()
    expect(dropAt(24, 24)).toBe(figma.currentPage)
    expect(dropAt(350, 50)).toBe(figma.currentPage)
    expect(dropAt(-500, -500)).toBe(figma.currentPage)
  })

  // FrameNode.clipsContent: what a frame clips is not drawn, so nothing of it is there to land on.
  it('reports the page for a drop on the part of a frame its parent clips, and that frame where its parent does not clip', () => {
    const { figma, frame, dropAt } = scene()
    const overhanging = figma.createFrame()
    overhanging.resize(100, 100)
    overhanging.x = 150
    frame.appendChild(overhanging)
    expect(dropAt(175, 50)).toBe(overhanging)
    expect(dropAt(225, 50)).toBe(figma.currentPage)
    frame.clipsContent = false
    expect(dropAt(225, 50)).toBe(overhanging)
  })
})

describe('auto-layout (AutoLayoutMixin, nodes-layoutpositioning)', () => {
  /** A 100 × 100 frame set up by `setUp`, holding squares of `sizes`; resized after, it keeps that size on both axes. */
  function row(figma: PluginAPI, sizes: number[], setUp: (frame: FrameNode) => void): FrameNode {
    const frame = figma.createFrame()
    setUp(frame)
    frame.resize(100, 100)
    for (const size of sizes) {
      const child = figma.createFrame()
      child.resize(size, size)
      frame.appendChild(child)
    }
    return frame
  }

  it('hugs its children along the primary axis and keeps its size across, as the reference draws it, until a resize fixes both', () => {
    const { figma } = createFigmaEmulator()
    // The reference's example (AutoLayoutMixin.counterAxisSizingMode): two default frames, the second 200 px high.
    const parent = figma.createFrame()
    const tall = figma.createFrame()
    tall.resize(100, 200)
    parent.appendChild(figma.createFrame())
    parent.appendChild(tall)
    parent.layoutMode = 'HORIZONTAL'
    expect([parent.primaryAxisSizingMode, parent.counterAxisSizingMode]).toEqual(['AUTO', 'FIXED'])
    expect([parent.width, parent.height, tall.x]).toEqual([200, 100, 100])
    parent.counterAxisSizingMode = 'AUTO'
    expect([parent.width, parent.height]).toEqual([200, 200])
    parent.resize(300, 50)
    expect([parent.primaryAxisSizingMode, parent.counterAxisSizingMode]).toEqual(['FIXED', 'FIXED'])
    parent.appendChild(figma.createFrame())
    expect([parent.width, parent.height]).toEqual([300, 50])
  })

  it('wraps a horizontal frame onto new lines, counterAxisSpacing apart', () => {
    const { figma } = createFigmaEmulator()
    const frame = row(figma, [40, 40, 40], (f) => {
      f.layoutMode = 'HORIZONTAL'
      f.layoutWrap = 'WRAP'
      f.itemSpacing = 10
      f.counterAxisSpacing = 5
    })
    expect(frame.children.map((child) => [child.x, child.y])).toEqual([
      [0, 0],
      [50, 0],
      [0, 45]
    ])
  })

  it('wraps a vertical frame into columns, counterAxisSpacing apart, and gives the insertion index by column', () => {
    const emulator = createFigmaEmulator()
    const frame = row(emulator.figma, [40, 40, 40], (f) => {
      f.layoutMode = 'VERTICAL'
      f.layoutWrap = 'WRAP'
      f.itemSpacing = 10
      f.counterAxisSpacing = 5
    })
    expect(frame.children.map((child) => [child.x, child.y])).toEqual([
      [0, 0],
      [0, 50],
      [45, 0]
    ])
    const node = emulator.getNode(frame.id) as unknown as { insertionIndexAt(point: Vector): number }
    expect(node.insertionIndexAt({ x: 10, y: 30 })).toBe(1)
    expect(node.insertionIndexAt({ x: 60, y: 10 })).toBe(2)
    expect(node.insertionIndexAt({ x: 60, y: 80 })).toBe(3)
  })

  it('refuses wrap without a direction, BASELINE but on a horizontal frame, and counterAxisAlignContent without wrap', () => {
    const { figma } = createFigmaEmulator()
    const frame = row(figma, [], () => undefined)
    expect(() => (frame.layoutWrap = 'WRAP')).toThrow('in set_layoutWrap: layoutWrap can only be set on horizontal or vertical auto-layout frames')
    frame.layoutMode = 'VERTICAL'
    expect(() => (frame.counterAxisAlignItems = 'BASELINE')).toThrow('in set_counterAxisAlignItems: "BASELINE" can only be set on horizontal auto-layout frames')
    expect(() => (frame.counterAxisAlignContent = 'SPACE_BETWEEN')).toThrow(
      'in set_counterAxisAlignContent: counterAxisAlignContent can only be set on wrapping auto-layout frames'
    )
    expect([frame.counterAxisAlignItems, frame.counterAxisAlignContent]).toEqual(['MIN', 'AUTO'])
    frame.layoutMode = 'HORIZONTAL'
    frame.counterAxisAlignItems = 'BASELINE'
    expect(frame.counterAxisAlignItems).toBe('BASELINE')
  })

  it('spreads wrapped lines across a fixed frame with counterAxisAlignContent SPACE_BETWEEN', () => {
    const { figma } = createFigmaEmulator()
    const frame = row(figma, [40, 40, 40], (f) => {
      f.layoutMode = 'HORIZONTAL'
      f.layoutWrap = 'WRAP'
      f.itemSpacing = 10
      f.counterAxisAlignContent = 'SPACE_BETWEEN'
    })
    expect(frame.children.map((child) => child.y)).toEqual([0, 0, 60])
  })

  it('leaves hidden and ABSOLUTE children out of the flow', () => {
    const { figma } = createFigmaEmulator()
    const frame = row(figma, [20, 20, 20], (f) => (f.layoutMode = 'HORIZONTAL'))
    const [first, second, third] = frame.children as FrameNode[]
    first!.visible = false
    second!.layoutPositioning = 'ABSOLUTE'
    second!.x = 70
    expect([second!.x, third!.x]).toEqual([70, 0])
  })

  it('gives the insertion index Figma would for a point: by line, skipping hidden and absolute children', () => {
    const emulator = createFigmaEmulator()
    const frame = row(emulator.figma, [40, 40, 40], (f) => {
      f.layoutMode = 'HORIZONTAL'
      f.layoutWrap = 'WRAP'
    })
    const node = emulator.getNode(frame.id) as unknown as { insertionIndexAt(point: Vector): number }
    expect(node.insertionIndexAt({ x: 10, y: 10 })).toBe(0)
    expect(node.insertionIndexAt({ x: 90, y: 10 })).toBe(2)
    expect(node.insertionIndexAt({ x: 30, y: 60 })).toBe(3)
    ;(frame.children[0] as FrameNode).visible = false
    expect(node.insertionIndexAt({ x: 10, y: 10 })).toBe(1)
  })
})

describe('plugin data (PluginDataMixin)', () => {
  it('keeps private data private to the plugin id, and shared data readable by any', () => {
    const emulator = createFigmaEmulator({ pluginId: 'dev-id' })
    const frame = emulator.figma.createFrame()
    frame.setPluginData('icon', 'house')
    frame.setSharedPluginData('iconcatalogue', 'icon', 'house')
    emulator.reopen('', 'published-id')
    expect(frame.getPluginData('icon')).toBe('')
    expect(frame.getSharedPluginData('iconcatalogue', 'icon')).toBe('house')
  })

  it('refuses a namespace shorter than 3 alphanumerics and values that are not strings', () => {
    const { figma } = createFigmaEmulator()
    const frame = figma.createFrame()
    expect(() => frame.setSharedPluginData('ic', 'icon', 'house')).toThrow(/namespace must be at least 3 alphanumeric characters/)
    expect(() => frame.setPluginData('size', 24 as unknown as string)).toThrow('in setPluginData: Expected "value" to have type string but got number instead')
  })

  it('refuses an entry over 100 kB, plugin id or namespace, key and value counted, and keeps what it had', () => {
    const { figma } = createFigmaEmulator({ pluginId: 'dev-id' })
    const frame = figma.createFrame()
    frame.setPluginData('svg', '<svg/>')
    frame.setSharedPluginData('iconcatalogue', 'svg', '<svg/>')
    // 'dev-id' + 'svg' is 9 bytes: a value of 100,000 - 9 fits exactly, one byte more does not.
    frame.setPluginData('svg', 'x'.repeat(100_000 - 9))
    expect(() => frame.setPluginData('svg', 'x'.repeat(100_000 - 8))).toThrow(
      'in setPluginData: The total size of an entry (plugin id, key and value) cannot exceed 100 kB; this one is 100001 bytes'
    )
    expect(frame.getPluginData('svg')).toHaveLength(100_000 - 9)
    expect(() => frame.setSharedPluginData('iconcatalogue', 'svg', 'é'.repeat(50_000))).toThrow(
      'in setSharedPluginData: The total size of an entry (namespace, key and value) cannot exceed 100 kB'
    )
    expect(frame.getSharedPluginData('iconcatalogue', 'svg')).toBe('<svg/>')
  })
})

describe('values in and out of the API (editing-properties, api-errors)', () => {
  function iconWithShape() {
    const { figma } = createFigmaEmulator()
    const icon = figma.createNodeFromSvg(iconSvg('lucide', 'house', 24))
    figma.currentPage.appendChild(icon)
    const shape = icon.findAll((node) => node.type === 'VECTOR')[0] as VectorNode
    return { figma, icon, shape }
  }

  it('hands out frozen copies, new on every read: a change needs a whole new value', () => {
    const { figma, icon, shape } = iconWithShape()
    expect(icon.children).not.toBe(icon.children)
    expect(() => (icon.children as SceneNode[]).push(figma.createFrame())).toThrow(TypeError)
    figma.currentPage.selection = [icon]
    expect(() => (figma.currentPage.selection as SceneNode[]).push(shape)).toThrow(TypeError)
    expect(figma.currentPage.selection).toEqual([icon])

    const strokes = shape.strokes as SolidPaint[]
    expect(strokes).not.toBe(shape.strokes)
    expect(() => ((strokes[0] as unknown as { color: { r: number } }).color.r = 1)).toThrow(TypeError)
    shape.strokes = [{ ...(strokes[0] as SolidPaint), color: { r: 1, g: 0, b: 0 } }]
    expect((shape.strokes[0] as SolidPaint).color).toEqual({ r: 1, g: 0, b: 0 })
  })

  it('refuses to select the document, a page, a removed node or another page’s node, with Figma’s messages', () => {
    const { figma, icon } = iconWithShape()
    const page = figma.currentPage
    const gone = figma.createFrame()
    gone.remove()
    const other = figma.createPage()
    const elsewhere = figma.createFrame()
    other.appendChild(elsewhere)
    page.selection = [icon]
    expect(() => (page.selection = [figma.root as unknown as SceneNode])).toThrow('Cannot select the document node')
    expect(() => (page.selection = [other as unknown as SceneNode])).toThrow('Cannot select the page node')
    expect(() => (page.selection = [icon, gone])).toThrow(`The node with id "${gone.id}" does not exist`)
    expect(() => (page.selection = [elsewhere])).toThrow('The selection of a page can only include nodes in that page')
    expect(page.selection).toEqual([icon])
    other.selection = [elsewhere]
    expect(other.selection).toEqual([elsewhere])
  })

  it('keeps a copy of what a setter is given, so editing the array afterwards changes nothing', () => {
    const { shape } = iconWithShape()
    const paints: SolidPaint[] = [{ type: 'SOLID', color: { r: 0, g: 0, b: 1 } }]
    shape.fills = paints
    paints[0] = { type: 'SOLID', color: { r: 1, g: 1, b: 1 } }
    expect((shape.fills as SolidPaint[])[0]?.color).toEqual({ r: 0, g: 0, b: 1 })
  })

  it('refuses a value of the wrong type with Figma’s message, and changes nothing', () => {
    const { figma, icon, shape } = iconWithShape()
    const set = (node: SceneNode, field: string, value: unknown) => () => Object.assign(node, { [field]: value })
    expect(set(icon, 'x', '12')).toThrow('in set_x: Expected "x" to have type number but got string instead')
    expect(set(icon, 'y', Number.NaN)).toThrow('in set_y: Expected "y" to have type number but got NaN instead')
    expect(set(icon, 'name', 7)).toThrow('in set_name: Expected "name" to have type string but got number instead')
    expect(set(icon, 'visible', 'no')).toThrow('in set_visible: Expected "visible" to have type boolean but got string instead')
    expect(set(icon, 'locked', 1)).toThrow('in set_locked: Expected "locked" to have type boolean but got number instead')
    expect(set(shape, 'strokeWeight', -1)).toThrow('in set_strokeWeight: Expected "strokeWeight" to have value >= 0')
    const group = figma.group([figma.createFrame()], figma.currentPage)
    expect(set(group, 'x', 'abc')).toThrow('in set_x: Expected "x" to have type number but got string instead')
    expect(group.x).toBe(0)
    expect({ x: icon.x, y: icon.y, name: icon.name, visible: icon.visible, locked: icon.locked, strokeWeight: shape.strokeWeight }).toEqual({
      x: 0,
      y: 0,
      name: 'svg',
      visible: true,
      locked: false,
      strokeWeight: 2
    })
  })

  it('checks paints as Figma does: the observed message for a NaN channel, ranges, known types', () => {
    const { shape } = iconWithShape()
    const before = shape.strokes
    const solid = (color: RGB, opacity?: number) => [{ type: 'SOLID', color, ...(opacity === undefined ? {} : { opacity }) }] as SolidPaint[]
    expect(() => (shape.fills = solid({ r: Number.NaN, g: 0, b: 0 }))).toThrow('in set_fills: Expected "fills.[0].color.r" to have type number but got NaN instead')
    expect(() => (shape.strokes = solid({ r: 0, g: 2, b: 0 }))).toThrow('in set_strokes: Expected "strokes.[0].color.g" to have value <= 1')
    expect(() => (shape.strokes = solid({ r: 0, g: 0, b: 0 }, 1.5))).toThrow('in set_strokes: Expected "strokes.[0].opacity" to have value <= 1')
    expect(() => (shape.fills = [{ type: 'SOLID' } as SolidPaint])).toThrow('in set_fills: Expected "fills.[0].color" to have type object but got undefined instead')
    expect(() => (shape.fills = [{ type: 'SOLIDS' } as unknown as Paint])).toThrow(/in set_fills: Expected "fills.\[0\].type" to be one of SOLID, /)
    expect(() => (shape.fills = { type: 'SOLID' } as unknown as Paint[])).toThrow('in set_fills: Expected "fills" to have type array but got object instead')
    expect(shape.strokes).toEqual(before)
  })

  it('refuses fields a paint does not have, as plugin authors report Figma does: an alpha in a colour, a gradient without its transform', () => {
    const { shape } = iconWithShape()
    const before = shape.fills
    const withAlpha = [{ type: 'SOLID', color: { r: 0, g: 0, b: 0, a: 0.5 } }] as unknown as SolidPaint[]
    expect(() => (shape.fills = withAlpha)).toThrow("in set_fills: Unrecognized key(s) in object: 'a' at [0].color")
    expect(() => (shape.strokes = [{ type: 'SOLID', color: { r: 0, g: 0, b: 0 }, alpha: 1 } as unknown as SolidPaint])).toThrow(
      "in set_strokes: Unrecognized key(s) in object: 'alpha' at [0]"
    )
    const stops = [{ position: 0, color: { r: 0, g: 0, b: 0, a: 1 } }]
    expect(() => (shape.fills = [{ type: 'GRADIENT_LINEAR', gradientStops: stops } as unknown as GradientPaint])).toThrow(
      'in set_fills: Required value missing at [0].gradientTransform'
    )
    expect(shape.fills).toEqual(before)
    // What the plugin writes: a read paint, its colour replaced, its opacity and bound variables kept.
    shape.fills = [{ type: 'SOLID', color: { r: 1, g: 0, b: 0 }, opacity: 0.5, visible: true, blendMode: 'NORMAL', boundVariables: {} }]
    expect((shape.fills as SolidPaint[])[0]?.color).toEqual({ r: 1, g: 0, b: 0 })
  })

  it('gives vector paths to a VECTOR alone: other shapes read none and refuse one, as a node refuses any property its type lacks', () => {
    const { figma } = createFigmaEmulator()
    const frame = figma.createNodeFromSvg(
      '<svg xmlns="http://www.w3.org/2000/svg" width="24" height="24" stroke="black"><rect width="4" height="4"/><circle cx="12" cy="12" r="3"/><line x1="0" y1="20" x2="24" y2="20"/><path d="M0 0h4v4z"/></svg>'
    )
    const shapes = [...frame.children, figma.createStar()]
    expect(shapes.map((shape) => [shape.type, 'vectorPaths' in shape])).toEqual([
      ['RECTANGLE', false],
      ['ELLIPSE', false],
      ['LINE', false],
      ['VECTOR', true],
      ['STAR', false]
    ])
    for (const shape of shapes.filter((each) => each.type !== 'VECTOR')) {
      const lenient = shape as unknown as VectorNode
      expect(lenient.vectorPaths).toBeUndefined()
      expect(() => (lenient.vectorPaths = [{ windingRule: 'NONZERO', data: 'M 0 0 L 1 1' }])).toThrow('Cannot add property vectorPaths, object is not extensible')
      // Its outline is still there, as on every shape in Figma.
      expect((shape as RectangleNode).fillGeometry.length).toBe(1)
    }
    // An instance's copy of a shape is no more lenient than the shape.
    const component = figma.createComponent()
    component.appendChild(frame)
    const copy = (component.createInstance().children[0] as FrameNode).children[0] as unknown as VectorNode
    expect(copy.type).toBe('RECTANGLE')
    expect(() => (copy.vectorPaths = [])).toThrow('Cannot add property vectorPaths, object is not extensible')
  })

  it('refuses a LINE any height but 0 (LayoutMixin.resize), and takes a new length at height 0', () => {
    const { figma } = createFigmaEmulator()
    const frame = figma.createNodeFromSvg('<svg xmlns="http://www.w3.org/2000/svg" width="24" height="24"><line x1="0" y1="20" x2="24" y2="20" stroke="black"/></svg>')
    const line = frame.children[0] as LineNode
    expect(() => line.resize(10, 5)).toThrow('in resize: Expected "height" to have value 0 for a LINE')
    expect(() => line.resizeWithoutConstraints(10, 0.01)).toThrow('in resizeWithoutConstraints: Expected "height" to have value 0 for a LINE')
    expect([line.width, line.height]).toEqual([24, 0])
    line.resize(10, 0)
    expect([line.width, line.height]).toEqual([10, 0])
  })

  it('hands out vector paths as a frozen copy, and takes a new list whole', () => {
    const { shape } = iconWithShape()
    const paths = shape.vectorPaths
    expect(() => ((paths as VectorPath[])[0] = { windingRule: 'NONZERO', data: 'M 0 0 L 1 1' })).toThrow(TypeError)
    shape.vectorPaths = [{ windingRule: 'NONZERO', data: 'M 0 0 L 24 24' }]
    expect(shape.vectorPaths).toEqual([{ windingRule: 'NONZERO', data: 'M 0 0 L 24 24' }])
  })

  it('replaces relaunch data whole, and refuses a description over 1000 characters', () => {
    const { icon } = iconWithShape()
    icon.setRelaunchData({ swap: 'house · 24 px' })
    expect(() => icon.setRelaunchData({ swap: 'x'.repeat(1001) })).toThrow('in setRelaunchData: The description of "swap" is longer than 1000 characters')
    expect(() => icon.setRelaunchData({ swap: 24 as unknown as string })).toThrow('in setRelaunchData: Expected "relaunchData.swap" to have type string but got number instead')
    expect(icon.getRelaunchData()).toEqual({ swap: 'house · 24 px' })
    icon.setRelaunchData({})
    expect(icon.getRelaunchData()).toEqual({})
  })

  it('gives opacity the api-errors page’s own example, and keeps it within 0 to 1', () => {
    const emulator = createFigmaEmulator()
    const frame = emulator.figma.createFrame()
    expect(() => (frame.opacity = '0.5' as unknown as number)).toThrow('in set_opacity: Expected "opacity" to have type number but got string instead')
    expect(() => (frame.opacity = 1.5)).toThrow('in set_opacity: Expected "opacity" to have value <= 1')
    frame.opacity = 0.4
    expect(frame.opacity).toBe(0.4)
    expect(emulator.snapshot().children[0]).toMatchObject({ id: frame.id, opacity: 0.4 })
  })

  it('takes only the named values of an auto-layout setting', () => {
    const { figma } = createFigmaEmulator()
    const frame = figma.createFrame()
    const child = figma.createFrame()
    frame.appendChild(child)
    expect(() => (frame.layoutMode = 'ROW' as FrameNode['layoutMode'])).toThrow(
      'in set_layoutMode: Expected "layoutMode" to be one of NONE, HORIZONTAL, VERTICAL, GRID but got "ROW" instead'
    )
    frame.layoutMode = 'HORIZONTAL'
    expect(() => (frame.layoutWrap = 'YES' as FrameNode['layoutWrap'])).toThrow('in set_layoutWrap: Expected "layoutWrap" to be one of NO_WRAP, WRAP')
    expect(() => (child.layoutPositioning = 'FIXED' as FrameNode['layoutPositioning'])).toThrow(
      'in set_layoutPositioning: Expected "layoutPositioning" to be one of AUTO, ABSOLUTE'
    )
    expect([frame.layoutMode, frame.layoutWrap, child.layoutPositioning]).toEqual(['HORIZONTAL', 'NO_WRAP', 'AUTO'])
  })

  it('refuses a GRID layout on a slot (cannotApplyGridToSlot), and takes the others', () => {
    const emulator = createFigmaEmulator()
    const slot = emulator.createSlot(emulator.figma.createComponent().createInstance())
    expect(() => (slot.layoutMode = 'GRID')).toThrow('in set_layoutMode: cannotApplyGridToSlot')
    slot.layoutMode = 'VERTICAL'
    expect(slot.layoutMode).toBe('VERTICAL')
  })

  it('gives resize and rescale Figma’s range message, one dimension at a time', () => {
    const { icon } = iconWithShape()
    expect(() => icon.resize(0, 24)).toThrow('in resize: Expected "width" to have value >= 0.01')
    expect(() => icon.resize(24, 0)).toThrow('in resize: Expected "height" to have value >= 0.01')
    expect(() => icon.rescale(0)).toThrow('in rescale: Expected "scale" to have value >= 0.01')
    expect([icon.width, icon.height]).toEqual([24, 24])
  })
})

describe('figma.notify (PluginAPI.notify in the typings)', () => {
  it('shows at most 100 characters, for 3 s unless told otherwise, and takes only a string', () => {
    const emulator = createFigmaEmulator()
    emulator.figma.notify('x'.repeat(120), { error: true })
    emulator.figma.notify('Inserted Home at 24 px', { timeout: Infinity })
    expect(emulator.notifications).toEqual([
      { message: 'x'.repeat(100), truncated: true, error: true, timeout: 3_000, cancelled: false },
      { message: 'Inserted Home at 24 px', truncated: false, error: false, timeout: Infinity, cancelled: false }
    ])
    expect(() => emulator.figma.notify(404 as unknown as string)).toThrow('in notify: Expected "message" to have type string but got number instead')
  })
})

describe('figma.clientStorage (figma-clientStorage)', () => {
  it('keeps each plugin id’s entries apart, as a published copy under another id reads none', async () => {
    const emulator = createFigmaEmulator({ pluginId: 'dev-id' })
    await emulator.figma.clientStorage.setAsync('preferences', { size: 32 })
    emulator.reopen('', 'published-id')
    expect(await emulator.figma.clientStorage.getAsync('preferences')).toBeUndefined()
    expect(await emulator.figma.clientStorage.keysAsync()).toEqual([])
    emulator.reopen('', 'dev-id')
    expect(await emulator.figma.clientStorage.getAsync('preferences')).toEqual({ size: 32 })
  })

  it('keeps the documented types only, and says where another one sits', async () => {
    const { figma } = createFigmaEmulator()
    const kept = { query: 'home', recent: [{ size: 24, bytes: new Uint8Array([1, 2]) }], binding: null, note: undefined, on: true }
    await figma.clientStorage.setAsync('preferences', kept)
    expect(await figma.clientStorage.getAsync('preferences')).toEqual(kept)
    await expect(figma.clientStorage.setAsync('preferences', { recent: [{ at: new Date(0) }] })).rejects.toThrow('clientStorage cannot keep value.recent[0].at')
    await expect(figma.clientStorage.setAsync('callback', () => 1)).rejects.toThrow('clientStorage cannot keep value')
    await expect(figma.clientStorage.setAsync('set', new Set([1]))).rejects.toThrow('clientStorage cannot keep value')
    const cyclic: Record<string, unknown> = { shared: kept.recent, again: kept.recent }
    cyclic['self'] = { up: cyclic }
    await expect(figma.clientStorage.setAsync('cyclic', cyclic)).rejects.toThrow('clientStorage cannot keep value.self.up')
    delete cyclic['self']
    await figma.clientStorage.setAsync('shared', cyclic)
    expect(await figma.clientStorage.keysAsync()).toEqual(['preferences', 'shared'])
  })

  it('refuses to grow past 5 MB per plugin, keys and JSON counted, and keeps what it had', async () => {
    const { figma } = createFigmaEmulator()
    await figma.clientStorage.setAsync('a', 'x'.repeat(3 * 1024 * 1024))
    await expect(figma.clientStorage.setAsync('b', 'x'.repeat(2 * 1024 * 1024))).rejects.toThrow(/limited to 5 MB per plugin/)
    expect(await figma.clientStorage.keysAsync()).toEqual(['a'])
    // Replacing an entry counts its new size, not both.
    await figma.clientStorage.setAsync('a', 'x'.repeat(4 * 1024 * 1024))
    await figma.clientStorage.setAsync('bytes', new Uint8Array(512 * 1024))
    await expect(figma.clientStorage.setAsync('more', new Uint8Array(600 * 1024))).rejects.toThrow(/limited to 5 MB/)
  })
})

describe('figma.closePlugin (PluginAPI.closePlugin in the typings)', () => {
  it('disables the plugin API: code after the call still runs, but reaching figma throws', () => {
    const emulator = createFigmaEmulator()
    const { figma } = emulator
    figma.closePlugin('Done')
    expect(() => figma.currentPage).toThrow('in get_currentPage: The plugin has been closed')
    expect(() => figma.createFrame()).toThrow('in get_createFrame: The plugin has been closed')
    expect(() => figma.closePlugin()).toThrow(/The plugin has been closed/)
    expect(() => (figma.skipInvisibleInstanceChildren = true)).toThrow('in set_skipInvisibleInstanceChildren: The plugin has been closed')
    expect(() => 'notify' in figma).toThrow('in get_notify: The plugin has been closed')
    expect(emulator.closed).toEqual({ message: 'Done' })
    // The designer's canvas still pans, and a relaunch gives the next run a working API.
    emulator.viewport.center = { x: 10, y: 20 }
    emulator.reopen('swap')
    expect(figma.command).toBe('swap')
    expect(figma.viewport.center).toEqual({ x: 10, y: 20 })
  })
})

describe('messages between main and the UI (creating-ui)', () => {
  it('carry plain data, Date and Uint8Array, and refuse what Figma cannot send', () => {
    const posted: unknown[] = []
    const { figma } = createFigmaEmulator({ ui: { show: () => undefined, post: (message) => void posted.push(message) } })
    figma.showUI('<p>UI</p>')
    figma.ui.postMessage(['ICON', { at: new Date(0), png: new Uint8Array([137, 80]), tags: ['home'], none: null }])
    expect(posted).toEqual([['ICON', { at: new Date(0), png: new Uint8Array([137, 80]), tags: ['home'], none: null }]])
    expect(() => figma.ui.postMessage({ png: new ArrayBuffer(2) })).toThrow('in postMessage: Cannot send message.png')
    expect(() => figma.ui.postMessage(['DONE', () => undefined])).toThrow('in postMessage: Cannot send message[1]')
    expect(() => figma.ui.postMessage({ sizes: new Map([[24, 'M0 0']]) })).toThrow('in postMessage: Cannot send message.sizes')
    expect(posted).toHaveLength(1)
  })
})

describe('the plugin window (PluginAPI.showUI, UIAPI.resize)', () => {
  it('shows Figma’s theme colours only when asked, as themeColors defaults to false', () => {
    const shown: Array<boolean> = []
    const { figma } = createFigmaEmulator({ ui: { show: (_html, options) => void shown.push(options.themeColors), post: () => undefined } })
    figma.showUI('<p>UI</p>')
    figma.showUI('<p>UI</p>', { themeColors: true })
    expect(shown).toEqual([false, true])
  })

  it('refuses a window narrower than 70 px or of negative height, at showUI and at resize, and keeps its size', () => {
    const { figma, ui } = createFigmaEmulator()
    expect(() => figma.showUI('<p>UI</p>', { width: 60 })).toThrow('in showUI: Expected "width" to have value >= 70')
    expect(ui.shown).toBe(false)
    figma.showUI('<p>UI</p>', { width: 320, height: 0 })
    expect(() => figma.ui.resize(69, 400)).toThrow('in resize: Expected "width" to have value >= 70')
    expect(() => figma.ui.resize(320, -1)).toThrow('in resize: Expected "height" to have value >= 0')
    expect(() => figma.ui.resize('320' as unknown as number, 400)).toThrow('in resize: Expected "width" to have type number but got string instead')
    expect([ui.width, ui.height]).toEqual([320, 0])
    figma.ui.resize(70, 0)
    expect([ui.width, ui.height]).toEqual([70, 0])
  })

  it('shows a hidden window again on figma.ui.show, one opened hidden too', () => {
    const seen: string[] = []
    const host = { show: () => void seen.push('shown'), post: () => undefined, hide: () => void seen.push('hidden'), unhide: () => void seen.push('unhidden') }
    const { figma, ui } = createFigmaEmulator({ ui: host })
    figma.showUI('<p>UI</p>', { visible: false })
    expect(ui.visible).toBe(false)
    figma.ui.show()
    figma.ui.hide()
    figma.ui.show()
    expect(ui.visible).toBe(true)
    expect(seen).toEqual(['shown', 'unhidden', 'hidden', 'unhidden'])
  })
})

describe('a removed node (node-properties/#removed, api-errors)', () => {
  it('answers `removed`, and names the member in the error for anything else read or written', () => {
    const { figma } = createFigmaEmulator()
    const frame = figma.createFrame()
    const child = figma.createFrame()
    frame.appendChild(child)
    frame.remove()
    expect([frame.removed, child.removed]).toEqual([true, true])
    const gone = `The node with id ${JSON.stringify(frame.id)} does not exist`
    expect(() => frame.name).toThrow(`in get_name: ${gone}`)
    expect(() => frame.children).toThrow(`in get_children: ${gone}`)
    expect(() => frame.fills).toThrow(`in get_fills: ${gone}`)
    expect(() => frame.width).toThrow(`in get_width: ${gone}`)
    expect(() => (frame.x = 4)).toThrow(`in set_x: ${gone}`)
    expect(() => (frame.name = 'Again')).toThrow(`in set_name: ${gone}`)
    expect(() => frame.setPluginData('icon', 'house')).toThrow(`in setPluginData: ${gone}`)
    expect(() => frame.remove()).toThrow(`in remove: ${gone}`)
    expect(() => child.visible).toThrow(`in get_visible: The node with id ${JSON.stringify(child.id)} does not exist`)
    // The observed message this page's errors follow is get_parent's; id and type stay readable.
    expect(() => child.parent).toThrow(`in get_parent: The node with id ${JSON.stringify(child.id)} does not exist`)
    expect([frame.id, frame.type]).toEqual([expect.any(String), 'FRAME'])
  })
})

describe('read-only members (readonly in the typings)', () => {
  it('never take a write to a node’s id, type or parent: strict code gets a TypeError and the node is as it was', () => {
    const { figma } = createFigmaEmulator()
    const frame = figma.createFrame()
    const { id } = frame
    expect(() => Object.assign(frame, { id: 'x' })).toThrow(TypeError)
    expect(() => Object.assign(frame, { type: 'GROUP' })).toThrow(TypeError)
    expect(() => Object.assign(frame, { parent: null })).toThrow(TypeError)
    expect([frame.id, frame.type, frame.parent]).toEqual([id, 'FRAME', figma.currentPage])
    expect(figma.currentPage.children).toContain(frame)
  })

  it('never take a write to figma’s own members but currentPage and skipInvisibleInstanceChildren', () => {
    const { figma } = createFigmaEmulator({ command: 'swap' })
    const root = figma.root
    expect(() => Object.assign(figma, { command: 'other' })).toThrow(TypeError)
    expect(() => Object.assign(figma, { root: null })).toThrow(TypeError)
    expect(() => Object.assign(figma, { notify: () => undefined })).toThrow(TypeError)
    expect([figma.command, figma.root]).toEqual(['swap', root])
    figma.skipInvisibleInstanceChildren = true
    expect(figma.skipInvisibleInstanceChildren).toBe(true)
    expect(() => Object.assign(figma, { skipInvisibleInstanceChildren: 'yes' })).toThrow(
      'in set_skipInvisibleInstanceChildren: Expected "skipInvisibleInstanceChildren" to have type boolean but got string instead'
    )
  })
})

describe('pages in the document (PageNode, DocumentNode)', () => {
  it('have the document as their parent, and a removed one leaves figma.root.children', () => {
    const { figma } = createFigmaEmulator({ documentAccess: null })
    const other = figma.createPage()
    other.appendChild(figma.createFrame())
    expect(figma.currentPage.parent).toBe(figma.root)
    expect(other.parent).toBe(figma.root)
    other.remove()
    expect(other.removed).toBe(true)
    expect(figma.root.children).toEqual([figma.currentPage])
  })

  it('refuse removing the page the designer is on, which would leave figma.currentPage removed', () => {
    const { figma } = createFigmaEmulator()
    expect(() => figma.currentPage.remove()).toThrow('in remove: Cannot remove the current page')
    expect(figma.root.children).toHaveLength(1)
    expect(figma.currentPage.removed).toBe(false)
  })
})

describe('event names (PluginAPI.on, UIAPI.on in the typings)', () => {
  it('refuse a name Figma has no event for, rather than listening for nothing', () => {
    const { figma } = createFigmaEmulator()
    const listener = () => undefined
    expect(() => figma.on('selectionchanged' as 'selectionchange', listener)).toThrow(
      'in on: Expected "type" to be one of selectionchange, currentpagechange, close,'
    )
    expect(() => figma.once('change' as 'close', listener)).toThrow('in once: Expected "type" to be one of')
    expect(() => figma.off('changes' as 'close', listener)).toThrow('in off: Expected "type" to be one of')
    expect(() => figma.on('timerstart', listener)).not.toThrow()
    figma.showUI('<p>UI</p>')
    expect(() => figma.ui.on('msg' as 'message', listener)).toThrow('in on: Expected "type" to be one of message but got "msg" instead')
    expect(() => figma.ui.once('messages' as 'message', listener)).toThrow('in once: Expected "type" to be one of message')
  })
})

describe('figma.viewport (ViewportAPI)', () => {
  it('checks the type of a new centre and zoom, and keeps the view as it was', () => {
    const { figma } = createFigmaEmulator()
    const { center, zoom } = figma.viewport
    expect(() => (figma.viewport.zoom = 'x' as unknown as number)).toThrow('in set_zoom: Expected "zoom" to have type number but got string instead')
    expect(() => (figma.viewport.center = { x: 'a' } as unknown as Vector)).toThrow('in set_center: Expected "center.x" to have type number but got string instead')
    expect(() => (figma.viewport.center = null as unknown as Vector)).toThrow('in set_center: Expected "center" to have type object')
    expect([figma.viewport.center, figma.viewport.zoom]).toEqual([center, zoom])
  })
})
