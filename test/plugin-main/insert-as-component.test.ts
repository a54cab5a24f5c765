/**
 * Insert as component: each drawing (icon, style, size) becomes one local component on the file's
 * "Icons" page (an "Icons" section in a Starter-plan file), made on first use and found again by its plugin data; the canvas gets instances,
 * each wearing its own colour and stroke width as overrides. Swapping an instance swaps its main component; swapping the main
 * component redraws it, and every instance follows. Each operation is one undo step, and a
 * failure leaves no component, page or instance behind.
 */
import { afterEach, describe, expect, it, vi } from 'vitest'

import type { InsertRequest, PlacedIcon } from '../../src/api/plugin-protocol'
import { componentKey } from '../../src/plugin/main/icon-components'
import { solidHex } from '../support/paints'
import { dropMetadata, insertInstance, insertRequest, nextRequestId, replaceRequest, startPlugin, type PluginRun } from './plugin-harness'

afterEach(() => void vi.unstubAllGlobals())

const asComponent = (request: InsertRequest): InsertRequest => ({ ...request, asComponent: true })

async function iconsPage(run: PluginRun): Promise<PageNode> {
  const page = run.figma.root.children.find((each) => each.getSharedPluginData('iconcatalogue', 'iconsPage') !== '')
  if (page === undefined) throw new Error('No Icons page')
  await page.loadAsync()
  return page
}

async function componentsOn(run: PluginRun): Promise<ComponentNode[]> {
  return (await iconsPage(run)).children.filter((node): node is ComponentNode => node.type === 'COMPONENT')
}

function drawing(node: ChildrenMixin): string[] {
  return node.findAll((layer) => layer.type === 'VECTOR').map((layer) => JSON.stringify((layer as VectorNode).vectorPaths))
}

/** The colours of an icon's strokes, read off the paints rather than through the plugin's own reading. */
function strokeHexes(node: ChildrenMixin): Array<string | null> {
  return node.findAll((layer) => layer.type === 'VECTOR').flatMap((layer) => (layer as VectorNode).strokes.map(solidHex))
}

/** The stroke weights of an icon's stroked layers. */
function strokeWeights(node: ChildrenMixin): number[] {
  return node.findAll((layer) => 'strokes' in layer && Array.isArray(layer.strokes) && layer.strokes.length > 0).map((layer) => (layer as VectorNode).strokeWeight as number)
}

describe('insert as component', () => {
  it('makes one component on a new Icons page and puts an instance of it on the canvas', async () => {
    const run = await startPlugin()
    const instance = await insertInstance(run, insertRequest('lucide', 'house', { size: 24 }))
    const [component, ...others] = await componentsOn(run)
    expect(others).toEqual([])
    expect(run.figma.root.children.map((page) => page.name)).toEqual(['Page 1', 'Icons'])
    expect(await instance.getMainComponentAsync()).toBe(component)
    expect(instance.parent).toBe(run.figma.currentPage)
    expect([instance.width, instance.height]).toEqual([24, 24])
    expect(instance.name).toBe('lucide/house')
    expect(component?.name).toBe('lucide/house/24 · outline')
    expect(drawing(instance)).toEqual(drawing(component!))
    expect(instance.getSharedPluginData('iconcatalogue', 'icon')).toBe('house')
    expect(run.figma.currentPage.selection).toEqual([instance])
    // Nothing but the instance is left on the designer's page.
    expect(run.figma.currentPage.children).toEqual([instance])
  })

  it('reuses the component on the next insert, found by its plugin data even when renamed or moved', async () => {
    const run = await startPlugin()
    const first = await insertInstance(run, insertRequest('lucide', 'house', { size: 24 }))
    const [component] = await componentsOn(run)
    component!.name = 'Home icon'
    component!.x = 400
    const page = await iconsPage(run)
    page.name = 'Library'
    const second = await insertInstance(run, insertRequest('lucide', 'house', { size: 24 }))
    expect(await componentsOn(run)).toEqual([component])
    expect(await second.getMainComponentAsync()).toBe(component)
    expect(second).not.toBe(first)
    expect(run.figma.root.children).toHaveLength(2)
  })

  it('loads an Icons page from an earlier session before adding to it, as dynamic-page requires', async () => {
    const run = await startPlugin()
    // The file as reopened: the Icons page is there, and only the current page is loaded.
    const earlier = run.emulator.addPage('Icons') as unknown as PageNode
    earlier.setSharedPluginData('iconcatalogue', 'iconsPage', '1')
    const instance = await insertInstance(run, insertRequest('lucide', 'house', { size: 24 }))
    expect(run.figma.root.children).toHaveLength(2)
    expect(await instance.getMainComponentAsync()).toBe((await componentsOn(run))[0])
  })

  it('makes another component for each size and style, and lines them up in rows', async () => {
    const run = await startPlugin()
    await insertInstance(run, insertRequest('lucide', 'house', { size: 24 }))
    await insertInstance(run, insertRequest('lucide', 'house', { size: 32 }))
    await insertInstance(run, insertRequest('lucide', 'house', { size: 24, style: 'solid' }))
    const components = await componentsOn(run)
    expect(components.map((node) => node.name)).toEqual(['lucide/house/24 · outline', 'lucide/house/32 · outline', 'lucide/house/24 · solid'])
    expect(components.map((node) => [node.x, node.y])).toEqual([
      [0, 0],
      [40, 0],
      [88, 0]
    ])
    expect(new Set(components.map((node) => node.getSharedPluginData('iconcatalogue', 'component'))).size).toBe(3)
  })

  it('reuses the component for another colour or stroke width, which the instance wears as overrides', async () => {
    const run = await startPlugin()
    const black = await insertInstance(run, insertRequest('lucide', 'house', { size: 24 }))
    const blue = await insertInstance(run, insertRequest('lucide', 'house', { size: 24, color: '#0f6cbd' }))
    const thin = await insertInstance(run, insertRequest('lucide', 'house', { size: 24, strokeWidth: 1.5 }))
    const [component, ...others] = await componentsOn(run)
    expect(others).toEqual([])
    for (const instance of [black, blue, thin]) expect(await instance.getMainComponentAsync()).toBe(component)
    const strokesOf = (node: ChildrenMixin) => node.findAll((layer) => layer.type === 'VECTOR').map((layer) => (layer as VectorNode).strokes[0])
    const weightsOf = (node: ChildrenMixin) => node.findAll((layer) => layer.type === 'VECTOR').map((layer) => (layer as VectorNode).strokeWeight)
    expect(strokesOf(blue).every((paint) => JSON.stringify(paint).includes(JSON.stringify({ r: 0x0f / 255, g: 0x6c / 255, b: 0xbd / 255 })))).toBe(true)
    expect(strokesOf(black)).toEqual(strokesOf(component!))
    expect(weightsOf(thin).every((weight) => weight === 1.5)).toBe(true)
    expect(weightsOf(black)).toEqual(weightsOf(component!))
    // The overrides hold when the component changes and its instances follow it, as Figma keeps an instance's overrides.
    component!.resize(30, 30)
    expect(blue.width).toBe(30)
    expect(strokesOf(blue)[0]).toMatchObject({ color: { r: 0x0f / 255, g: 0x6c / 255, b: 0xbd / 255 } })
    expect(blue.getSharedPluginData('iconcatalogue', 'color')).toBe('#0f6cbd')
  })

  it('an instance widens the lines of an outlined drawing as its own overrides, and a swap of its colour repaints them', async () => {
    const run = await startPlugin()
    const outline = { width: 1.5, join: 'round' as const }
    const plain = await insertInstance(run, insertRequest('ph', 'house', { size: 24 }))
    const bold = await insertInstance(run, insertRequest('ph', 'house', { size: 24, strokeWidth: 2.25, outline }))
    const [component, ...others] = await componentsOn(run)
    expect(others).toEqual([])
    const vectorsOf = (node: ChildrenMixin) => node.findAll((layer) => layer.type === 'VECTOR') as VectorNode[]
    // The component is the drawing as drawn; the instance alone is widened, by 0.75 px to 2.25.
    expect(vectorsOf(component!).map((layer) => layer.strokes.length)).toEqual([0])
    expect(vectorsOf(plain).map((layer) => layer.strokes.length)).toEqual([0])
    expect(vectorsOf(bold).map((layer) => [layer.strokeWeight, layer.strokeJoin, JSON.stringify(layer.strokes) === JSON.stringify(layer.fills)])).toEqual([[0.75, 'ROUND', true]])

    const red = { size: 24, color: '#ff0000', strokeWidth: 2.25, outline }
    expect(await run.request('REPLACE_ICONS', replaceRequest([{ nodeId: bold.id, ...insertRequest('ph', 'house', red) }]))).toMatchObject({ ok: true })
    expect(vectorsOf(bold).map((layer) => layer.strokes)).toMatchObject([[{ type: 'SOLID', color: { r: 1, g: 0, b: 0 } }]])
    expect(vectorsOf(bold).map((layer) => layer.strokeWeight)).toEqual([0.75])

    // As drawn again: the widening goes, the colour stays.
    expect(await run.request('REPLACE_ICONS', replaceRequest([{ nodeId: bold.id, ...insertRequest('ph', 'house', { size: 24, color: '#ff0000' }) }]))).toMatchObject({ ok: true })
    expect(vectorsOf(bold).map((layer) => layer.strokes.length)).toEqual([0])
    expect(bold.getSharedPluginData('iconcatalogue', 'strokeWidth')).toBe('')
  })

  it('a main component of outlined lines redrawn at another size widens each instance again for its own width', async () => {
    const run = await startPlugin()
    const regularAt = (size: number) => ({ width: (16 * size) / 256, join: 'round' as const })
    const wide = await insertInstance(run, insertRequest('ph', 'house', { size: 24, strokeWidth: 3, outline: regularAt(24) }))
    const [component] = await componentsOn(run)
    await run.figma.setCurrentPageAsync(component!.parent as PageNode)
    // The component's own swap names no width: it is drawn as drawn. Its lines are 2 px at 32.
    expect(await run.request('REPLACE_ICONS', replaceRequest([{ nodeId: component!.id, ...insertRequest('ph', 'house', { size: 32, outline: regularAt(32) }) }]))).toMatchObject({ ok: true })
    expect(wide.width).toBe(32)
    const vectors = wide.findAll((layer) => layer.type === 'VECTOR') as VectorNode[]
    expect(vectors.map((layer) => [layer.strokeWeight, JSON.stringify(layer.strokes) === JSON.stringify(layer.fills)])).toEqual([[1, true]])
    expect(wide.getSharedPluginData('iconcatalogue', 'strokeWidth')).toBe('3')
  })

  describe('instances of a component of outlined lines, when the main component itself is swapped', () => {
    const regularAt = (size: number) => ({ width: (16 * size) / 256, join: 'round' as const })
    const weightsOf = (node: ChildrenMixin) =>
      (node.findAll((layer) => layer.type === 'VECTOR') as VectorNode[]).map((layer) => (layer.strokes.length === 0 ? 0 : layer.strokeWeight))
    async function onIconsPage(run: PluginRun): Promise<ComponentNode> {
      const [component] = await componentsOn(run)
      await run.figma.setCurrentPageAsync(component!.parent as PageNode)
      return component!
    }
    const swap = async (run: PluginRun, node: SceneNode, look: Partial<PlacedIcon>) =>
      expect(await run.request('REPLACE_ICONS', replaceRequest([{ nodeId: node.id, ...insertRequest('ph', 'house', look) }]))).toMatchObject({ ok: true })

    it('one without a width of its own follows the component’s through every width, and records none of its own', async () => {
      const run = await startPlugin()
      const follower = await insertInstance(run, insertRequest('ph', 'house', { size: 24, outline: regularAt(24) }))
      const component = await onIconsPage(run)
      for (const [width, weight] of [[2, 0.5], [3, 1.5]] as const) {
        await swap(run, component, { size: 24, strokeWidth: width, outline: regularAt(24) })
        expect(weightsOf(component)).toEqual([weight])
        expect(weightsOf(follower)).toEqual([weight])
        expect(follower.getSharedPluginData('iconcatalogue', 'strokeWidth')).toBe(String(width))
      }
      await swap(run, component, { size: 24, outline: regularAt(24) })
      expect(weightsOf(component)).toEqual([0])
      expect(weightsOf(follower)).toEqual([0])
      expect(follower.getSharedPluginData('iconcatalogue', 'strokeWidth')).toBe('')
    })

    it('one whose width is cleared takes the component’s widening back', async () => {
      const run = await startPlugin()
      const design = run.figma.currentPage
      const instance = await insertInstance(run, insertRequest('ph', 'house', { size: 24, outline: regularAt(24) }))
      const component = await onIconsPage(run)
      await swap(run, component, { size: 24, strokeWidth: 2, outline: regularAt(24) })
      await run.figma.setCurrentPageAsync(design)
      await swap(run, instance, { size: 24, strokeWidth: 3, outline: regularAt(24) })
      expect(weightsOf(instance)).toEqual([1.5])
      await swap(run, instance, { size: 24, outline: regularAt(24) })
      expect(weightsOf(instance)).toEqual([0.5])
    })

    it('one in its own colour is widened in that colour, not the component’s, and follows on after its own colour swap', async () => {
      const run = await startPlugin()
      const design = run.figma.currentPage
      // The first insert draws the component, in black; the second wears red over it.
      await insertInstance(run, insertRequest('ph', 'house', { size: 24, outline: regularAt(24) }))
      const red = await insertInstance(run, insertRequest('ph', 'house', { size: 24, color: '#ff0000', outline: regularAt(24) }))
      const component = await onIconsPage(run)
      await swap(run, component, { size: 24, strokeWidth: 3, outline: regularAt(24) })
      const strokesOf = (node: ChildrenMixin) => (node.findAll((layer) => layer.type === 'VECTOR') as VectorNode[]).map((layer) => layer.strokes.map(solidHex))
      expect(strokesOf(component)).toEqual([['#000000']])
      expect(strokesOf(red)).toEqual([['#ff0000']])
      expect(weightsOf(red)).toEqual([1.5])

      // Its colour swapped, it still shows the component's width, and goes on following it.
      await run.figma.setCurrentPageAsync(design)
      await swap(run, red, { size: 24, color: '#0000ff', strokeWidth: 3, outline: regularAt(24) })
      expect(strokesOf(red)).toEqual([['#0000ff']])
      expect(red.getSharedPluginData('iconcatalogue', 'strokeWidth')).toBe('3')
      await onIconsPage(run)
      await swap(run, component, { size: 24, strokeWidth: 2, outline: regularAt(24) })
      expect(weightsOf(red)).toEqual([0.5])
      expect(strokesOf(red)).toEqual([['#0000ff']])
      expect(red.getSharedPluginData('iconcatalogue', 'strokeWidth')).toBe('2')
    })

    it('a component recorded without its lines’ width (an earlier version), swapped without them, still widens its instances for their own width', async () => {
      const run = await startPlugin()
      const instance = await insertInstance(run, insertRequest('ph', 'house', { size: 24 }))
      await swap(run, instance, { size: 24, strokeWidth: 3, outline: regularAt(24) })
      const component = await onIconsPage(run)
      expect(component.getSharedPluginData('iconcatalogue', 'outline')).toBe('')
      await swap(run, component, { size: 32 })
      // Lines 2 px at 32: 1 px more for the instance's 3.
      expect(weightsOf(instance)).toEqual([1])
      expect(instance.getSharedPluginData('iconcatalogue', 'strokeWidth')).toBe('3')
    })
  })

  it('finds the Icons page on another, unloaded page when the plugin runs again', async () => {
    const first = await startPlugin()
    await insertInstance(first, insertRequest('lucide', 'house', { size: 24 }))
    const [component] = await componentsOn(first)
    // The designer comes back later: only the current page is loaded.
    ;(await iconsPage(first) as unknown as { loaded: boolean }).loaded = false
    const second = await insertInstance(first, insertRequest('lucide', 'house', { size: 24 }))
    expect(await second.getMainComponentAsync()).toBe(component)
  })

  it('a multi-insert gives one instance per icon, sharing components with earlier inserts', async () => {
    const run = await startPlugin()
    await insertInstance(run, insertRequest('lucide', 'house', { size: 24 }))
    const items = [insertRequest('lucide', 'house', { size: 24 }), insertRequest('lucide', 'star', { size: 24 })]
    const result = await run.request('INSERT_ICONS', { requestId: nextRequestId(), asComponent: true, items: items.map(({ svg, icon }) => ({ svg, icon })) })
    if (!result.ok) throw new Error(result.message)
    const nodes = await Promise.all(result.nodeIds.map((id) => run.figma.getNodeByIdAsync(id)))
    expect(nodes.map((node) => node?.type)).toEqual(['INSTANCE', 'INSTANCE'])
    expect((await componentsOn(run)).map((node) => node.name)).toEqual(['lucide/house/24 · outline', 'lucide/star/24 · outline'])
  })

  it('a drop lands an instance at the drop point', async () => {
    const run = await startPlugin()
    const request = asComponent(insertRequest('lucide', 'house', { size: 24 }))
    run.emulator.dispatchDrop({ absoluteX: 300, absoluteY: 200, dropMetadata: dropMetadata(request) })
    run.send('DROP_CONTENT', request)
    const result = await run.resultFor(request.requestId)
    if (!result.ok) throw new Error(result.message)
    const node = (await run.figma.getNodeByIdAsync(result.nodeIds[0] ?? '')) as InstanceNode
    expect(node.type).toBe('INSTANCE')
    expect([node.x, node.y]).toEqual([288, 188])
    expect(await componentsOn(run)).toHaveLength(1)
  })

  it('without the option, inserts stay loose frames and no page is made', async () => {
    const run = await startPlugin()
    const result = await run.request('INSERT_ICON', { ...insertRequest('lucide', 'house'), asComponent: false })
    expect(result.ok).toBe(true)
    expect(run.figma.currentPage.children.map((node) => node.type)).toEqual(['FRAME'])
    expect(run.figma.root.children).toHaveLength(1)
  })

  it('refuses an option that is not true or false', async () => {
    const run = await startPlugin()
    const result = await run.request('INSERT_ICON', { ...insertRequest('lucide', 'house'), asComponent: 'yes' })
    expect(result).toMatchObject({ ok: false, message: 'The plugin sent an invalid request: “as component” must be true or false.' })
  })
})

describe('swapping icons inserted as components', () => {
  it('swaps an instance’s size to the matching component, made on the way, keeping its place and overrides', async () => {
    const run = await startPlugin()
    const frame = run.figma.createFrame()
    frame.resize(200, 200)
    run.emulator.select([frame.id])
    await run.emulator.settle()
    const instance = await insertInstance(run, insertRequest('lucide', 'house', { size: 24 }))
    instance.x = 17
    instance.y = 23
    const layer = instance.findAll((node) => node.type === 'VECTOR')[0] as VectorNode
    layer.visible = false
    const [small] = await componentsOn(run)

    const result = await run.request('REPLACE_ICONS', replaceRequest([{ nodeId: instance.id, ...insertRequest('lucide', 'house', { size: 48 }) }]))
    expect(result).toMatchObject({ ok: true, nodeIds: [instance.id] })
    const big = (await componentsOn(run)).find((node) => node !== small)
    expect(await instance.getMainComponentAsync()).toBe(big)
    expect([instance.parent?.id, instance.x, instance.y, instance.width]).toEqual([frame.id, 17, 23, 48])
    expect(instance.getSharedPluginData('iconcatalogue', 'size')).toBe('48')
    expect((instance.findAll((node) => node.type === 'VECTOR')[0] as VectorNode).visible).toBe(false)
    // The small component stays for its other instances.
    expect(small?.removed).toBe(false)
  })

  it('swaps to an existing component when one matches, and Replace renames a generated name', async () => {
    const run = await startPlugin()
    const star = await insertInstance(run, insertRequest('lucide', 'star', { size: 24 }))
    const house = await insertInstance(run, insertRequest('lucide', 'house', { size: 24 }))
    const result = await run.request('REPLACE_ICONS', replaceRequest([{ nodeId: house.id, ...insertRequest('lucide', 'star', { size: 24 }) }], 'replace'))
    expect(result.ok).toBe(true)
    expect(await house.getMainComponentAsync()).toBe(await star.getMainComponentAsync())
    expect(house.name).toBe('lucide/star')
    expect(await componentsOn(run)).toHaveLength(2)
  })

  it('names components by the family, so every size of an icon is one folder; a main component redrawn in place follows', async () => {
    const run = await startPlugin()
    const home = await insertInstance(run, { ...insertRequest('fluent', 'home-24-regular', { size: 24 }), family: 'home' })
    const swapped = await run.request('REPLACE_ICONS', replaceRequest([{ nodeId: home.id, ...insertRequest('fluent', 'home-20-regular', { size: 20 }), family: 'home' }]))
    expect(swapped.ok).toBe(true)
    const [at24, at20] = await componentsOn(run)
    expect([at24?.name, at20?.name]).toEqual(['fluent/home/24 · outline', 'fluent/home/20 · outline'])
    // On the canvas, the instance is named by its drawing, as a loose icon is.
    expect(home.name).toBe('fluent/home-20-regular')

    await run.figma.setCurrentPageAsync(at24!.parent as PageNode)
    const redrawn = await run.request('REPLACE_ICONS', replaceRequest([{ nodeId: at24!.id, ...insertRequest('fluent', 'home-32-regular', { size: 32 }), family: 'home' }]))
    expect(redrawn.ok).toBe(true)
    expect(at24!.name).toBe('fluent/home/32 · outline')
    // A name the designer gave stays through a redraw.
    at24!.name = 'Brand/Home'
    await run.request('REPLACE_ICONS', replaceRequest([{ nodeId: at24!.id, ...insertRequest('fluent', 'home-48-regular', { size: 48 }), family: 'home' }]))
    expect(at24!.name).toBe('Brand/Home')
  })

  it('swapping the main component itself redraws it, and every instance follows', async () => {
    const run = await startPlugin()
    const one = await insertInstance(run, insertRequest('lucide', 'house', { size: 24 }))
    const two = await insertInstance(run, insertRequest('lucide', 'house', { size: 24 }))
    const [component] = await componentsOn(run)
    // The designer selects it where it is, on the Icons page.
    await run.figma.setCurrentPageAsync(component!.parent as PageNode)
    const result = await run.request('REPLACE_ICONS', replaceRequest([{ nodeId: component!.id, ...insertRequest('lucide', 'house', { size: 32, color: '#0f6cbd' }) }]))
    expect(result).toMatchObject({ ok: true, nodeIds: [component!.id] })
    expect(await componentsOn(run)).toEqual([component])
    expect(component!.name).toBe('lucide/house/32 · outline')
    expect(component!.getSharedPluginData('iconcatalogue', 'component')).toBe(componentKey({ iconset: 'lucide', icon: 'house', style: 'outline', size: 32 }))
    for (const instance of [one, two]) {
      expect([instance.width, instance.height]).toEqual([32, 32])
      expect(drawing(instance)).toEqual(drawing(component!))
      expect(instance.getSharedPluginData('iconcatalogue', 'color')).toBe('#0f6cbd')
    }
  })

  it('a main component redrawn larger pushes the rest of its row right and the rows below down, so none overlap', async () => {
    const run = await startPlugin()
    await insertInstance(run, insertRequest('lucide', 'house', { size: 256 }))
    await insertInstance(run, insertRequest('lucide', 'house', { size: 256, style: 'solid' }))
    await insertInstance(run, insertRequest('lucide', 'house', { size: 200 }))
    const [grown, right, below] = await componentsOn(run)
    // Rows 640 wide: the third wraps under the first two.
    expect([grown, right, below].map((node) => [node?.x, node?.y])).toEqual([
      [0, 0],
      [272, 0],
      [0, 272]
    ])
    await run.figma.setCurrentPageAsync(grown!.parent as PageNode)
    const result = await run.request('REPLACE_ICONS', replaceRequest([{ nodeId: grown!.id, ...insertRequest('lucide', 'house', { size: 320 }) }]))
    expect(result.ok).toBe(true)
    expect([grown, right, below].map((node) => [node?.x, node?.y, node?.width])).toEqual([
      [0, 0, 320],
      [336, 0, 256],
      [0, 336, 200]
    ])
    // Redrawn smaller again, it leaves the others where they are.
    await run.request('REPLACE_ICONS', replaceRequest([{ nodeId: grown!.id, ...insertRequest('lucide', 'house', { size: 24 }) }]))
    expect([right, below].map((node) => [node?.x, node?.y])).toEqual([
      [336, 0],
      [0, 336]
    ])
  })

  it('swapping a main component the designer renamed keeps the name they gave it', async () => {
    const run = await startPlugin()
    await insertInstance(run, insertRequest('lucide', 'house', { size: 24 }))
    const [component] = await componentsOn(run)
    component!.name = 'Icon/Home'
    await run.figma.setCurrentPageAsync(component!.parent as PageNode)
    await run.request('REPLACE_ICONS', replaceRequest([{ nodeId: component!.id, ...insertRequest('lucide', 'house', { size: 32 }) }]))
    expect(component!.width).toBe(32)
    expect(component!.name).toBe('Icon/Home')
    expect(component!.getSharedPluginData('iconcatalogue', 'component')).toBe(componentKey({ iconset: 'lucide', icon: 'house', style: 'outline', size: 32 }))
  })

  it('a rescaled main component tells each instance the colour it wears, its own override included', async () => {
    const run = await startPlugin()
    // The component is drawn in the first insert's red; the second instance wears black over it.
    const red = await insertInstance(run, insertRequest('lucide', 'house', { size: 24, color: '#e11d48' }))
    const black = await insertInstance(run, insertRequest('lucide', 'house', { size: 24 }))
    const [component] = await componentsOn(run)
    await run.figma.setCurrentPageAsync(component!.parent as PageNode)
    await run.request('REPLACE_ICONS', replaceRequest([{ nodeId: component!.id, ...insertRequest('lucide', 'house', { size: 32, color: '#e11d48' }) }]))
    for (const [instance, color] of [[red, '#e11d48'], [black, '#000000']] as const) {
      expect(instance.width).toBe(32)
      expect(new Set(strokeHexes(instance))).toEqual(new Set([color]))
      expect(instance.getSharedPluginData('iconcatalogue', 'size')).toBe('32')
      expect(instance.getSharedPluginData('iconcatalogue', 'color')).toBe(color)
    }
  })

  it('a redrawn multicolour main component tells its instances they wear no one colour', async () => {
    const run = await startPlugin()
    const globe = (size: number) => insertRequest('twemoji', 'globe-showing-americas', { style: 'color', size })
    const instances = [await insertInstance(run, globe(36)), await insertInstance(run, globe(36))]
    const [component] = await componentsOn(run)
    await run.figma.setCurrentPageAsync(component!.parent as PageNode)
    await run.request('REPLACE_ICONS', replaceRequest([{ nodeId: component!.id, ...globe(48) }]))
    for (const instance of instances) {
      expect(instance.width).toBe(48)
      expect(instance.getSharedPluginData('iconcatalogue', 'size')).toBe('48')
      expect(instance.getSharedPluginData('iconcatalogue', 'color')).toBe('')
    }
  })

  it('a rescaled main component tells each instance the stroke width it shows, its own override included', async () => {
    const run = await startPlugin()
    const asDrawn = await insertInstance(run, insertRequest('lucide', 'house', { size: 24 }))
    const thin = await insertInstance(run, insertRequest('lucide', 'house', { size: 24, strokeWidth: 1.5 }))
    const [component] = await componentsOn(run)
    await run.figma.setCurrentPageAsync(component!.parent as PageNode)
    await run.request('REPLACE_ICONS', replaceRequest([{ nodeId: component!.id, ...insertRequest('lucide', 'house', { size: 32 }) }]))
    expect(new Set(strokeWeights(asDrawn))).toEqual(new Set(strokeWeights(component!)))
    expect(asDrawn.getSharedPluginData('iconcatalogue', 'strokeWidth')).toBe('')
    // The emulator keeps the override, as its layers keep their names (see the README's differences).
    expect(new Set(strokeWeights(thin))).toEqual(new Set([1.5]))
    expect(thin.getSharedPluginData('iconcatalogue', 'strokeWidth')).toBe('1.5')
  })

  it('the selection panel lists instances and the main component as icons', async () => {
    const run = await startPlugin()
    const instance = await insertInstance(run, insertRequest('lucide', 'house', { size: 24, color: '#0f6cbd' }))
    await run.emulator.settle()
    expect(run.emitted('SELECTION_CHANGED').at(-1)).toEqual([
      { iconset: 'lucide', icon: 'house', style: 'outline', size: 24, color: '#0f6cbd', nodeId: instance.id }
    ])
  })
})

describe('undo and failures', () => {
  it('one undo takes back an insert that made the page, the component and the instance', async () => {
    const run = await startPlugin()
    const instance = await insertInstance(run, insertRequest('lucide', 'house', { size: 24 }))
    expect(run.emulator.undo()).toBe(true)
    expect(instance.removed).toBe(true)
    expect(run.figma.root.children).toHaveLength(1)
    expect(run.figma.currentPage.children).toEqual([])
  })

  it('one undo takes back a swap, the new component included', async () => {
    const run = await startPlugin()
    const instance = await insertInstance(run, insertRequest('lucide', 'house', { size: 24 }))
    const [small] = await componentsOn(run)
    await run.request('REPLACE_ICONS', replaceRequest([{ nodeId: instance.id, ...insertRequest('lucide', 'house', { size: 48 }) }]))
    expect(run.emulator.undo()).toBe(true)
    expect(await instance.getMainComponentAsync()).toBe(small)
    expect(instance.width).toBe(24)
    expect(await componentsOn(run)).toEqual([small])
  })

  it('in a Starter file with its 3 pages, where Figma refuses a fourth, keeps the components in an Icons section beside the designs', async () => {
    const run = await startPlugin({ starterPlan: true })
    run.emulator.addPage('Page 2')
    run.emulator.addPage('Page 3')
    const design = run.figma.createFrame()
    design.resize(400, 300)
    design.y = -20
    const house = await insertInstance(run, insertRequest('lucide', 'house', { size: 24 }))
    const star = await insertInstance(run, insertRequest('lucide', 'star', { size: 48 }))
    const again = await insertInstance(run, insertRequest('lucide', 'house', { size: 24 }))

    expect(run.figma.root.children.map((page) => page.name)).toEqual(['Page 1', 'Page 2', 'Page 3'])
    const sections = run.figma.currentPage.children.filter((node): node is SectionNode => node.type === 'SECTION')
    expect(sections.map((section) => [section.name, section.x, section.y])).toEqual([['Icons', 600, -20]])
    const [section] = sections as [SectionNode]
    const components = section.children.filter((node): node is ComponentNode => node.type === 'COMPONENT')
    expect(components.map((node) => [node.name, node.x, node.y])).toEqual([
      ['lucide/house/24 · outline', 48, 48],
      ['lucide/star/48 · outline', 88, 48]
    ])
    // The section is sized to hold its rows, with room around them.
    expect([section.width, section.height]).toEqual([184, 144])
    expect(await house.getMainComponentAsync()).toBe(components[0])
    expect(await again.getMainComponentAsync()).toBe(components[0])
    expect(await star.getMainComponentAsync()).toBe(components[1])
    expect([house, star, again].map((instance) => instance.parent)).toEqual([run.figma.currentPage, run.figma.currentPage, run.figma.currentPage])
  })

  it('in a Starter file, finds its Icons section again from another page, and one undo takes back the insert that made it', async () => {
    const run = await startPlugin({ starterPlan: true })
    const second = run.emulator.addPage('Page 2')
    run.emulator.addPage('Page 3')
    const first = await insertInstance(run, insertRequest('lucide', 'house', { size: 24 }))
    const [section] = run.figma.currentPage.children.filter((node) => node.type === 'SECTION') as SectionNode[]
    run.emulator.switchPage(second)
    await run.emulator.settle()
    const elsewhere = await insertInstance(run, insertRequest('lucide', 'house', { size: 24 }))
    expect(elsewhere.parent).toBe(second)
    expect(await elsewhere.getMainComponentAsync()).toBe(await first.getMainComponentAsync())
    expect(section?.children).toHaveLength(1)

    expect(run.emulator.undo()).toBe(true)
    expect(elsewhere.removed).toBe(true)
    expect(run.emulator.undo()).toBe(true)
    expect([first.removed, section?.removed]).toEqual([true, true])
    const redo = await insertInstance(run, insertRequest('lucide', 'star', { size: 24 }))
    expect(redo.parent?.type).toBe('PAGE')
    expect(run.emulator.pages().flatMap((page) => page.children).filter((node) => node.type === 'SECTION')).toHaveLength(1)
  })

  it('in a Starter file, keeps its Icons section around a component redrawn larger', async () => {
    const run = await startPlugin({ starterPlan: true })
    run.emulator.addPage('Page 2')
    run.emulator.addPage('Page 3')
    await insertInstance(run, insertRequest('lucide', 'house', { size: 24 }))
    const [section] = run.figma.currentPage.children.filter((node) => node.type === 'SECTION') as SectionNode[]
    const [component] = section?.children ?? []
    if (section === undefined || component === undefined) throw new Error('No Icons section with its component')
    const result = await run.request('REPLACE_ICONS', replaceRequest([{ nodeId: component.id, ...insertRequest('lucide', 'house', { size: 96 }) }]))
    expect(result.ok).toBe(true)
    expect([component.width, section.width, section.height]).toEqual([96, 48 + 96 + 48, 48 + 96 + 48])
  })

  it('reports a refusal of the Icons page other than the plan’s page limit, and makes no section for it', async () => {
    const run = await startPlugin()
    vi.spyOn(run.figma, 'createPage').mockImplementation(() => {
      throw new Error('in createPage: Cannot create a page in this file')
    })
    const result = await run.request('INSERT_ICON', asComponent(insertRequest('lucide', 'star')))
    expect(result).toMatchObject({ ok: false, message: 'in createPage: Cannot create a page in this file' })
    expect(run.figma.currentPage.children).toEqual([])
  })

  it('a drawing Figma cannot read leaves no page, component or instance behind', async () => {
    const run = await startPlugin()
    const broken = { ...asComponent(insertRequest('lucide', 'house')), svg: '<svg xmlns="http://www.w3.org/2000/svg"><path d="M0 0 L' }
    const result = await run.request('INSERT_ICON', broken)
    expect(result.ok).toBe(false)
    expect(run.figma.root.children).toHaveLength(1)
    expect(run.figma.currentPage.children).toEqual([])
  })

  it('a multi-insert that fails midway leaves none of its components or instances', async () => {
    const run = await startPlugin()
    await insertInstance(run, insertRequest('lucide', 'house', { size: 24 }))
    const good = insertRequest('lucide', 'star', { size: 24 })
    const broken = { ...insertRequest('lucide', 'heart', { size: 24 }), svg: '<svg xmlns="http://www.w3.org/2000/svg"><path d="M0 0 L' }
    const result = await run.request('INSERT_ICONS', { requestId: nextRequestId(), asComponent: true, items: [good, broken].map(({ svg, icon }) => ({ svg, icon })) })
    expect(result.ok).toBe(false)
    expect((await componentsOn(run)).map((node) => node.name)).toEqual(['lucide/house/24 · outline'])
    expect(run.figma.currentPage.children).toHaveLength(1)
  })
})
