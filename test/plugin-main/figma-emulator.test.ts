/**
 * The Figma emulator behaves like Figma where the plugin depends on it: SVG import, groups,
 * auto-layout, instances and slots, selection and drops.
 */
import { describe, expect, it } from 'vitest'
import { createFigmaEmulator, importSvg } from '../../src/playground/figma-emulator'
import { iconSvg } from './icon-svgs'
import { shapesIn } from './shapes'

describe('figma emulator: createNodeFromSvg', () => {
  it('sizes the frame from width/height and scales paths and strokes from the viewBox, like Figma', () => {
    const { figma, snapshot } = createFigmaEmulator()
    const frame = figma.createNodeFromSvg(iconSvg('lucide', 'house', 48))
    expect([frame.width, frame.height]).toEqual([48, 48])
    const [door, roof] = shapesIn(snapshot().children[0])
    // lucide draws on a 24 grid with stroke-width 2; at 48 px both double.
    expect(door?.strokeWeight).toBe(4)
    expect(roof?.strokeCap).toBe('ROUND')
    expect(door?.fills).toEqual([])
    // The door (M15 21v-8a1 1 0 0 0-1-1h-4a1 1 0 0 0-1 1v8) spans 9..15 × 12..21 on the grid.
    expect([door?.x, door?.y, door?.width, door?.height]).toEqual([18, 24, 12, 18])
    expect(door?.vectorPaths?.[0]?.data).toMatch(/^M 12 18 L 12 2 C 12 0.8954 11.1046 0 10 0 L 2 0 C /)
  })

  it('turns basic shapes into Figma path data and inherits group attributes', () => {
    const imported = importSvg(
      '<svg xmlns="http://www.w3.org/2000/svg" width="20" height="10" viewBox="0 0 40 20">' +
        '<g fill="#ff0000" transform="translate(2 0)"><circle cx="10" cy="10" r="5"/><rect x="20" y="0" width="10" height="10"/></g>' +
        '<line x1="0" y1="0" x2="40" y2="20" stroke="#000" stroke-width="4"/></svg>'
    )
    expect([imported.width, imported.height]).toEqual([20, 10])
    expect(imported.vectors.map(({ x, y, width, height }) => [x, y, width, height])).toEqual([
      [3.5, 2.5, 5, 5],
      [11, 0, 5, 5],
      [0, 0, 20, 10]
    ])
    expect(imported.vectors.map((vector) => vector.data)).toEqual([
      expect.stringMatching(/^M 0 2.5 C /),
      'M 0 0 L 5 0 L 5 5 L 0 5 Z',
      'M 0 0 L 20 10'
    ])
    expect(imported.vectors[0]?.fills[0]).toMatchObject({ type: 'SOLID', color: { r: 1, g: 0, b: 0 } })
    expect(imported.vectors[2]?.strokeWeight).toBe(2)
  })

  it('imports out-of-range paint values as browsers read them: percentages, clamped opacities and channels, no negative stroke', () => {
    const { figma, snapshot } = createFigmaEmulator()
    figma.createNodeFromSvg(
      '<svg xmlns="http://www.w3.org/2000/svg" width="24" height="24" viewBox="0 0 24 24" stroke-width="2">' +
        '<path d="M0 0h10v10z" fill="rgb(300,0,0)" fill-opacity="50%"/>' +
        '<path d="M12 0h10v10z" fill="#00f" fill-opacity="1.5" stroke="#000" stroke-width="-1" stroke-opacity="-0.2"/></svg>'
    )
    const [half, over] = shapesIn(snapshot().children[0])
    expect(half?.fills).toEqual([expect.objectContaining({ color: { r: 1, g: 0, b: 0 }, opacity: 0.5 })])
    expect(over?.fills).toEqual([expect.objectContaining({ color: { r: 0, g: 0, b: 1 }, opacity: 1 })])
    expect(over?.strokes).toEqual([expect.objectContaining({ opacity: 0 })])
    expect(over?.strokeWeight).toBe(2)
  })

  it.each([
    ['malformed markup', '<svg xmlns="http://www.w3.org/2000/svg"><path d="M0 0"'],
    ['HTML', '<html><body>Not found</body></html>'],
    ['JSON', '{"error":"not found"}'],
    ['empty text', '']
  ])('rejects %s as Figma does, creating nothing', (_label, input) => {
    const { figma, page } = createFigmaEmulator()
    expect(() => figma.createNodeFromSvg(input)).toThrow(/createNodeFromSvg/)
    expect(page.children).toHaveLength(0)
  })
})

describe('figma emulator: document', () => {
  it('keeps group children in the parent space and removes empty groups', () => {
    const { figma, page } = createFigmaEmulator()
    const frame = figma.createFrame()
    frame.x = 100
    frame.y = 50
    const a = figma.createFrame()
    a.resize(10, 10)
    frame.appendChild(a)
    a.x = 20
    a.y = 20
    const group = figma.group([a], frame)
    expect([group.x, group.y, group.width]).toEqual([20, 20, 10])
    expect(group.absoluteTransform[0][2]).toBe(120)
    expect(a.absoluteTransform[0][2]).toBe(120)
    group.x = 30
    expect(a.x).toBe(30)
    a.remove()
    expect(group.removed).toBe(true)
    expect(page.children).toHaveLength(1)
  })

  it('makes a five-pointed star of 100 × 100 with a fill (PluginAPI.createStar)', () => {
    const { figma } = createFigmaEmulator()
    const star = figma.createStar()
    expect([star.type, star.width, star.height, star.parent?.type]).toEqual(['STAR', 100, 100, 'PAGE'])
    expect(star.fills).toMatchObject([{ type: 'SOLID' }])
  })

  it('makes an empty text layer in Inter Regular 12, written only once its font is loaded (PluginAPI.createText, loadFontAsync)', async () => {
    const emulator = createFigmaEmulator()
    const { figma } = emulator
    const text = figma.createText()
    expect([text.type, text.name, text.characters, text.fontName, text.fontSize, text.parent?.type]).toEqual(['TEXT', 'Text', '', { family: 'Inter', style: 'Regular' }, 12, 'PAGE'])
    expect(text.fills).toMatchObject([{ type: 'SOLID', color: { r: 0, g: 0, b: 0 } }])
    expect(() => (text.characters = 'Pricing')).toThrow('in set_characters: Cannot write to node with unloaded font "Inter Regular"')
    expect(() => (text.fontSize = 24)).toThrow('Cannot write to node with unloaded font')
    // Loaded once the promise settles: a write that does not await it is refused.
    const loading = figma.loadFontAsync({ family: 'Inter', style: 'Regular' })
    expect(() => (text.characters = 'Pricing')).toThrow('Cannot write to node with unloaded font')
    await loading
    text.characters = 'Pricing'
    text.fontSize = 24
    // Named by what it says, as in the editor; its box grows with it.
    expect([text.name, text.height]).toEqual(['Pricing', 24 * 1.2])
    expect(emulator.snapshot().children.at(-1)).toMatchObject({ type: 'TEXT', text: { characters: 'Pricing', fontSize: 24, fontFamily: 'Inter' } })
    // Another font must be loaded before the layer is set in it; and each run of the plugin loads its own.
    expect(() => (text.fontName = { family: 'Roboto', style: 'Bold' })).toThrow('unloaded font "Roboto Bold"')
    // Resized, its box stays as it is whatever it says.
    text.resize(200, 40)
    text.characters = 'Pricing plans'
    expect([text.width, text.height]).toEqual([200, 40])
    emulator.reopen()
    expect(() => (text.characters = 'Plans')).toThrow('Cannot write to node with unloaded font')
    await expect(figma.loadFontAsync({ family: 'Inter' } as FontName)).rejects.toThrow('Expected "fontName.style" to have type string')
  })

  it('makes a section on the current page that holds children in its own space and resizes without moving them (SectionNode)', () => {
    const { figma, snapshot } = createFigmaEmulator()
    const section = figma.createSection()
    expect([section.type, section.name, section.parent?.type, section.sectionContentsHidden]).toEqual(['SECTION', 'Section', 'PAGE', false])
    expect(section.fills).toMatchObject([{ type: 'SOLID', color: { r: 1, g: 1, b: 1 } }])
    section.x = 400
    section.y = 100
    const frame = figma.createFrame()
    section.appendChild(frame)
    frame.x = 40
    expect(frame.absoluteBoundingBox).toMatchObject({ x: 440, y: 100 })
    section.resize(50, 50)
    section.resizeWithoutConstraints(800, 600)
    expect([section.width, section.height, frame.x, frame.width]).toEqual([800, 600, 40, 100])
    expect(() => section.resizeWithoutConstraints(0, 10)).toThrow('in resizeWithoutConstraints: Expected "width" to have value >= 0.01')
    expect(() => {
      section.sectionContentsHidden = 'yes' as unknown as boolean
    }).toThrow('in set_sectionContentsHidden: Expected "sectionContentsHidden" to have type boolean but got string instead')
    expect(snapshot().children[0]).toMatchObject({ type: 'SECTION', absoluteX: 400, children: [{ type: 'FRAME', absoluteX: 440 }] })
  })

  it('combines nodes into a boolean operation placed like a group and painted as its top layer (PluginAPI.union)', () => {
    const { figma } = createFigmaEmulator()
    const frame = figma.createFrame()
    const sibling = figma.createFrame()
    frame.appendChild(sibling)
    const [bottom, top] = [figma.createStar(), figma.createStar()]
    bottom.fills = [{ type: 'SOLID', color: { r: 1, g: 0, b: 0 } }]
    top.fills = [{ type: 'SOLID', color: { r: 0, g: 0, b: 1 } }]
    frame.appendChild(bottom)
    frame.appendChild(top)
    top.x = 50
    const union = figma.union([bottom, top], frame, 0)
    expect([union.type, union.booleanOperation, frame.children.indexOf(union)]).toEqual(['BOOLEAN_OPERATION', 'UNION', 0])
    expect(union.children).toEqual([bottom, top])
    expect([union.x, union.width]).toEqual([0, 150])
    expect(union.fills).toMatchObject([{ color: { r: 0, g: 0, b: 1 } }])
    expect(figma.intersect([bottom], frame).booleanOperation).toBe('INTERSECT')
    const excluded = figma.exclude([figma.createStar()], figma.currentPage)
    expect(excluded.booleanOperation).toBe('EXCLUDE')
    expect(() => figma.subtract([], frame)).toThrow('in subtract: First argument must be an array of at least one node')
  })

  it('paints a subtraction as its bottom layer (PluginAPI.subtract)', () => {
    const { figma } = createFigmaEmulator()
    const [bottom, top] = [figma.createStar(), figma.createStar()]
    bottom.fills = [{ type: 'SOLID', color: { r: 1, g: 0, b: 0 } }]
    expect(figma.subtract([bottom, top], figma.currentPage).fills).toMatchObject([{ color: { r: 1, g: 0, b: 0 } }])
  })

  it('lays out auto-layout children and reports selection changes asynchronously', async () => {
    const emulator = createFigmaEmulator()
    const { figma } = emulator
    const row = figma.createFrame()
    row.layoutMode = 'HORIZONTAL'
    row.paddingLeft = 8
    row.itemSpacing = 4
    const first = figma.createFrame()
    first.resize(10, 10)
    const second = figma.createFrame()
    second.resize(10, 10)
    row.appendChild(first)
    row.appendChild(second)
    expect([first.x, second.x]).toEqual([8, 22])
    row.counterAxisAlignItems = 'CENTER'
    row.resize(100, 40)
    expect([first.y, second.y]).toEqual([15, 15])
    let changes = 0
    figma.on('selectionchange', () => (changes += 1))
    emulator.select([second.id])
    figma.currentPage.selection = [first]
    await emulator.settle()
    expect(changes).toBe(1)
    expect(emulator.snapshot().selection).toEqual([first.id])
  })

  it('finds descendants by type and by plugin data keys with findAllWithCriteria, in findAll order', () => {
    const { figma } = createFigmaEmulator()
    const card = figma.createFrame()
    const shared = figma.createFrame()
    const inner = figma.createFrame()
    const legacy = figma.createFrame()
    card.appendChild(shared)
    card.appendChild(inner)
    inner.appendChild(legacy)
    shared.setSharedPluginData('iconcatalogue', 'iconset', 'lucide')
    legacy.setPluginData('iconset', 'lucide')
    expect(card.findAllWithCriteria({ sharedPluginData: { namespace: 'iconcatalogue', keys: ['icon', 'iconset'] } })).toEqual([shared])
    expect(card.findAllWithCriteria({ sharedPluginData: { namespace: 'iconcatalogue', keys: ['icon'] } })).toEqual([])
    expect(card.findAllWithCriteria({ pluginData: {} })).toEqual([legacy])
    expect(card.findAllWithCriteria({ types: ['FRAME'] })).toEqual([shared, inner, legacy])
    expect(() => card.findAllWithCriteria({})).toThrow('At least one criteria')
  })

  it('lets content into an instance only through its slots, as Figma does', () => {
    const emulator = createFigmaEmulator()
    const instance = emulator.createInstance()
    const slot = emulator.createSlot(instance)
    expect(() => instance.appendChild(emulator.figma.createFrame())).toThrow(/New parent is an instance/)
    const content = emulator.figma.createFrame()
    slot.appendChild(content)
    expect(content.parent?.id).toBe(slot.id)
  })

  it('delivers drops to handlers with the hit-tested target and relative coordinates', () => {
    const emulator = createFigmaEmulator()
    const frame = emulator.figma.createFrame()
    frame.x = 200
    frame.y = 100
    frame.resize(300, 200)
    const seen: DropEvent[] = []
    emulator.figma.on('drop', (event) => {
      seen.push(event)
      return false
    })
    expect(emulator.dispatchDrop({ absoluteX: 250, absoluteY: 150, dropMetadata: { a: 1 } })).toBe(false)
    expect(seen[0]).toMatchObject({ x: 50, y: 50, absoluteX: 250, absoluteY: 150, dropMetadata: { a: 1 } })
    expect(seen[0]?.node.id).toBe(frame.id)
    emulator.dispatchDrop({ absoluteX: 10, absoluteY: 10 })
    expect(seen[1]?.node.type).toBe('PAGE')
  })
})

/** Every kind of node with a stroke weight of its own: GeometryMixin in the typings. */
const STROKED_NODES: Array<[string, (figma: PluginAPI) => SceneNode & MinimalStrokesMixin & LayoutMixin]> = [
  ['a star', (figma) => figma.createStar()],
  ['a boolean operation', (figma) => figma.union([figma.createStar(), figma.createStar()], figma.currentPage)],
  ['a frame', (figma) => figma.createFrame()]
]

describe.each(STROKED_NODES)('figma emulator: rescale on %s (nodes-rescale, the Scale tool)', (_kind, make) => {
  it('scales its stroke weight with it, which resize keeps, and one undo takes the rescale back', () => {
    const { figma } = createFigmaEmulator()
    const node = make(figma)
    node.strokeWeight = 2
    figma.commitUndo()
    node.rescale(3)
    expect([node.width, node.strokeWeight]).toEqual([300, 6])
    node.resize(150, 150)
    expect(node.strokeWeight).toBe(6)
    figma.triggerUndo()
    expect([node.width, node.strokeWeight]).toEqual([100, 2])
  })
})

describe('figma emulator: rescale on a frame (nodes-rescale, the Scale tool)', () => {
  it('scales its layers’ stroke weights with it, where a resize of their group keeps them', () => {
    const { figma } = createFigmaEmulator()
    const frame = figma.createFrame()
    const star = figma.createStar()
    star.strokeWeight = 2
    frame.appendChild(star)
    frame.rescale(2)
    expect([star.width, star.strokeWeight]).toEqual([200, 4])
    const group = figma.group([star], frame)
    group.resize(100, 100)
    expect([star.width, star.strokeWeight]).toEqual([100, 4])
  })

  it('scales auto-layout padding and gaps, so the children sit where they did, scaled', () => {
    const { figma } = createFigmaEmulator()
    const row = figma.createFrame()
    row.layoutMode = 'HORIZONTAL'
    row.primaryAxisSizingMode = 'AUTO'
    row.paddingLeft = row.paddingRight = 4
    row.itemSpacing = 8
    const [first, second] = [figma.createFrame(), figma.createFrame()]
    for (const child of [first, second]) {
      child.resize(10, 10)
      row.appendChild(child)
    }
    expect([second.x, row.width]).toEqual([22, 36])
    row.rescale(2)
    expect([row.paddingLeft, row.paddingRight, row.itemSpacing]).toEqual([8, 8, 16])
    expect([first.x, second.x, second.width, row.width]).toEqual([8, 44, 20, 72])
  })

  it('scales a grid’s gaps and FIXED tracks, leaving FLEX shares as they are', () => {
    const { figma } = createFigmaEmulator()
    const grid = figma.createFrame()
    grid.layoutMode = 'GRID'
    grid.gridColumnGap = 4
    grid.gridColumnSizes = [
      { type: 'FIXED', value: 30 },
      { type: 'FLEX', value: 1 }
    ]
    grid.rescale(2)
    expect(grid.gridColumnGap).toBe(8)
    expect(grid.gridColumnSizes.map(({ type, value }) => ({ type, value }))).toEqual([
      { type: 'FIXED', value: 60 },
      { type: 'FLEX', value: 1 }
    ])
  })
})
