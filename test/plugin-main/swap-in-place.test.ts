/**
 * Swapping a placed icon's size or style in place: native drawings where the family has them,
 * rescaling otherwise, and the node keeps its identity and position.
 */
import { afterEach, describe, expect, it, vi } from 'vitest'

import type { InsertRequest } from '../../src/api/plugin-protocol'
import { findInSnapshot, importSvg, type NodeSnapshot } from '../../src/playground/figma-emulator'
import { solidHex } from '../support/paints'
import { iconSvg } from './icon-svgs'
import { shapeNodesIn, shapesIn } from './shapes'
import { insert, insertInstance, insertRequest, replaceRequest, startPlugin, type PluginRun } from './plugin-harness'

afterEach(() => void vi.unstubAllGlobals())

function vectorsOf(run: PluginRun, node: SceneNode): NodeSnapshot[] {
  return shapesIn(findInSnapshot(run.emulator.snapshot().children, node.id))
}

/** An icon in a card between two siblings, so index and position can be checked. */
async function iconInCard(run: PluginRun, prefix: string, name: string, icon: Parameters<typeof insertRequest>[2]) {
  const card = run.figma.createFrame()
  card.resize(200, 200)
  const before = run.figma.createFrame()
  const after = run.figma.createFrame()
  card.appendChild(before)
  run.emulator.select([card.id])
  await run.emulator.settle()
  const node = await insert(run, insertRequest(prefix, name, icon))
  card.appendChild(after)
  node.x = 17
  node.y = 23
  return { card, node }
}

function expectSameIdentity(run: PluginRun, node: FrameNode, card: FrameNode, name: string): void {
  expect(run.emulator.getNode(node.id)).toBe(node)
  expect(node.removed).toBe(false)
  expect(node.parent?.id).toBe(card.id)
  expect(card.children.indexOf(node)).toBe(1)
  expect([node.x, node.y]).toEqual([17, 23])
  expect(node.name).toBe(name)
  // No temporary node is left behind.
  expect(run.figma.currentPage.children.map((child) => child.id)).toEqual([card.id])
}

describe('swap size in place', () => {
  it('puts Fluent’s native 48 drawing into the node, not a rescaled 32', async () => {
    const run = await startPlugin()
    const { card, node } = await iconInCard(run, 'fluent', 'home-32-regular', { size: 32, color: '#0f6cbd' })
    const layersBefore = node.children.map((child) => child.id)
    const request = replaceRequest([{ nodeId: node.id, ...insertRequest('fluent', 'home-48-regular', { size: 48, color: '#0f6cbd' }) }])
    const result = await run.request('REPLACE_ICONS', request)

    expect(result).toEqual({ requestId: request.requestId, ok: true, nodeIds: [node.id] })
    // The name the plugin gave follows the drawing, as its size is in the slug.
    expectSameIdentity(run, node, card, 'fluent/home-48-regular')
    expect([node.width, node.height]).toEqual([48, 48])
    const drawn = vectorsOf(run, node).map((vector) => vector.vectorPaths?.[0]?.data)
    expect(drawn).toEqual(importSvg(iconSvg('fluent', 'home-48-regular', 48)).vectors.map((vector) => vector.data))
    expect(drawn).not.toEqual(importSvg(iconSvg('fluent', 'home-32-regular', 48)).vectors.map((vector) => vector.data))
    expect(node.children.map((child) => child.id)).not.toEqual(layersBefore)
    expect(vectorsOf(run, node)[0]?.fills?.[0]).toMatchObject({ color: { r: 0x0f / 255, g: 0x6c / 255, b: 0xbd / 255 } })
    expect(node.getSharedPluginData('iconcatalogue', 'icon')).toBe('home-48-regular')
    expect(node.getSharedPluginData('iconcatalogue', 'size')).toBe('48')
    expect(node.getRelaunchData()).toEqual({ swap: 'fluent/home-48-regular · 48 px' })
  })

  it('keeps a name the designer gave the layer when swapping to a native size', async () => {
    const run = await startPlugin()
    const { card, node } = await iconInCard(run, 'fluent', 'calendar-20-filled', { size: 20, style: 'solid' })
    node.name = 'Toolbar / Calendar'
    const item = insertRequest('fluent', 'calendar-32-filled', { size: 32, style: 'solid' })
    expect((await run.request('REPLACE_ICONS', replaceRequest([{ nodeId: node.id, ...item }]))).ok).toBe(true)
    expectSameIdentity(run, node, card, 'Toolbar / Calendar')
    expect(node.getSharedPluginData('iconcatalogue', 'icon')).toBe('calendar-32-filled')
  })

  it('tells the UI about the selected icon’s new size, as Figma sends no selection change', async () => {
    const run = await startPlugin()
    const node = await insert(run, insertRequest('lucide', 'house', { size: 24 }))
    await run.emulator.settle()
    expect(run.emitted('SELECTION_CHANGED').at(-1)).toMatchObject([{ nodeId: node.id, size: 24 }])
    await run.request('REPLACE_ICONS', replaceRequest([{ nodeId: node.id, ...insertRequest('lucide', 'house', { size: 32 }) }]))
    expect(run.emitted('SELECTION_CHANGED').at(-1)).toMatchObject([{ nodeId: node.id, size: 32 }])
  })

  it('rescales a family without a native drawing, strokes included, keeping the designer’s edits', async () => {
    const run = await startPlugin()
    const { card, node } = await iconInCard(run, 'lucide', 'house', { size: 24 })
    // The designer hid the door before swapping the size.
    const [door, roof] = shapeNodesIn(node)
    if (door !== undefined) door.visible = false
    const result = await run.request('REPLACE_ICONS', replaceRequest([{ nodeId: node.id, ...insertRequest('lucide', 'house', { size: 64 }) }]))
    expect(result.ok).toBe(true)
    expectSameIdentity(run, node, card, 'lucide/house')
    expect([node.width, node.height]).toEqual([64, 64])
    expect(shapeNodesIn(node).map((child) => child.id)).toEqual([door?.id, roof?.id])
    expect(door?.visible).toBe(false)
    const vectors = vectorsOf(run, node)
    expect(vectors.map((vector) => vector.strokeWeight)).toEqual([(2 * 64) / 24, (2 * 64) / 24])
    // The same geometry as the catalogue's drawing at 64 px, to rounding.
    const reference = importSvg(iconSvg('lucide', 'house', 64)).vectors
    vectors.forEach((vector, index) => {
      expect(vector.x).toBeCloseTo(reference[index]?.x ?? NaN, 3)
      expect(vector.width).toBeCloseTo(reference[index]?.width ?? NaN, 3)
    })
    expect(node.getSharedPluginData('iconcatalogue', 'size')).toBe('64')
  })

  it('swaps several selected icons in one request', async () => {
    const run = await startPlugin()
    const a = await insert(run, insertRequest('lucide', 'house', { size: 16 }))
    const b = await insert(run, insertRequest('lucide', 'star', { size: 24 }))
    const request = replaceRequest([
      { nodeId: a.id, ...insertRequest('lucide', 'house', { size: 32 }) },
      { nodeId: b.id, ...insertRequest('lucide', 'star', { size: 32 }) }
    ])
    expect(await run.request('REPLACE_ICONS', request)).toMatchObject({ ok: true, nodeIds: [a.id, b.id] })
    expect([a.width, b.width]).toEqual([32, 32])
  })
})

describe('swap style in place', () => {
  it('turns Fluent regular into filled, keeping the node; the name the plugin gave follows', async () => {
    const run = await startPlugin()
    const { card, node } = await iconInCard(run, 'fluent', 'home-32-regular', { size: 32 })
    const item = insertRequest('fluent', 'home-32-filled', { size: 32, style: 'solid' })
    expect((await run.request('REPLACE_ICONS', replaceRequest([{ nodeId: node.id, ...item }]))).ok).toBe(true)
    expectSameIdentity(run, node, card, 'fluent/home-32-filled')
    expect(node.getSharedPluginData('iconcatalogue', 'style')).toBe('solid')
    expect(vectorsOf(run, node).map((vector) => vector.vectorPaths?.[0]?.data)).toEqual(
      importSvg(item.svg).vectors.map((vector) => vector.data)
    )
  })

  it('turns Phosphor regular into bold', async () => {
    const run = await startPlugin()
    const { card, node } = await iconInCard(run, 'ph', 'house', { size: 24 })
    const item = insertRequest('ph', 'house-bold', { size: 24, style: 'bold' })
    expect((await run.request('REPLACE_ICONS', replaceRequest([{ nodeId: node.id, ...item }]))).ok).toBe(true)
    expectSameIdentity(run, node, card, 'ph/house-bold')
    expect(node.getSharedPluginData('iconcatalogue', 'icon')).toBe('house-bold')
  })

  it('keeps a name the designer gave the layer when swapping the style', async () => {
    const run = await startPlugin()
    const { card, node } = await iconInCard(run, 'ph', 'house', { size: 24 })
    node.name = 'Nav / Home'
    const item = insertRequest('ph', 'house-bold', { size: 24, style: 'bold' })
    expect((await run.request('REPLACE_ICONS', replaceRequest([{ nodeId: node.id, ...item }]))).ok).toBe(true)
    expectSameIdentity(run, node, card, 'Nav / Home')
  })
})

/** A red star the designer drew inside an icon (a badge), with figma.createStar. */
function badgeIn(run: PluginRun, node: FrameNode): StarNode {
  const badge = run.figma.createStar()
  badge.resize(6, 6)
  badge.fills = [{ type: 'SOLID', color: { r: 1, g: 0, b: 0 } }]
  node.appendChild(badge)
  badge.x = 16
  badge.y = 2
  return badge
}

/** The colours of a layer's visible solid fills and strokes, each once. */
function colorsOfLayer(layer: SceneNode): string[] {
  const lists = [(layer as GeometryMixin).fills, (layer as GeometryMixin).strokes].filter((list) => Array.isArray(list)) as Paint[][]
  return [...new Set(lists.flat().filter((paint) => paint.visible !== false).map(solidHex))].filter((hex) => hex !== null)
}

/** The colours of an icon's shapes, but `leaving`'s (the designer's badge). */
function drawingColors(node: SceneNode, leaving?: SceneNode): Set<string> {
  return new Set(shapeNodesIn(node).filter((layer) => layer.id !== leaving?.id).flatMap(colorsOfLayer))
}

/** Sends one change for a node as the UI does (`colorChosen` when the designer picked the colour), and expects it done. */
async function change(run: PluginRun, node: SceneNode, item: InsertRequest & { colorChosen?: boolean }): Promise<void> {
  expect(await run.request('REPLACE_ICONS', replaceRequest([{ nodeId: node.id, ...item }]))).toMatchObject({ ok: true })
}

/** What an icon placed before the plugin marked its drawings' layers looks like: no marks. */
function unmarked(node: FrameNode): void {
  for (const layer of node.children) layer.setSharedPluginData('iconcatalogue', 'drawing', '')
}

describe('recolour in place', () => {
  it('repaints a single-colour icon in the new colour, keeping its layers and a badge the designer added', async () => {
    const run = await startPlugin()
    const { card, node } = await iconInCard(run, 'lucide', 'house', { size: 24 })
    const layers = node.children.map((layer) => layer.id)
    const drawing = shapeNodesIn(node).map((layer) => layer.id)
    const badge = badgeIn(run, node)
    const item = insertRequest('lucide', 'house', { size: 24, color: '#0f6cbd' })
    await change(run, node, { ...item, colorChosen: true })
    expectSameIdentity(run, node, card, 'lucide/house')
    // The same layers, repainted, not a new drawing; the badge keeps its place and its red.
    expect(node.children.map((layer) => layer.id)).toEqual([...layers, badge.id])
    expect(shapeNodesIn(node).map((layer) => layer.id)).toEqual([...drawing, badge.id])
    for (const layer of shapeNodesIn(node).filter((layer) => layer.id !== badge.id)) expect(colorsOfLayer(layer)).toEqual(['#0f6cbd'])
    expect(badge.removed).toBe(false)
    expect(colorsOfLayer(badge)).toEqual(['#ff0000'])
    expect([badge.x, badge.y]).toEqual([16, 2])
    // Recorded and reported in its colour, which the badge's red does not make "own colours".
    expect(node.getSharedPluginData('iconcatalogue', 'color')).toBe('#0f6cbd')
    run.emulator.select([node.id])
    await run.emulator.settle()
    expect(run.emitted('SELECTION_CHANGED').at(-1)).toMatchObject([{ nodeId: node.id, color: '#0f6cbd' }])
  })

  it('rescales and repaints at once, the badge scaled with the icon', async () => {
    const run = await startPlugin()
    const { card, node } = await iconInCard(run, 'tabler', 'bell', { size: 24 })
    const badge = badgeIn(run, node)
    const item = insertRequest('tabler', 'bell', { size: 48, color: '#0f6cbd' })
    await change(run, node, { ...item, colorChosen: true })
    expectSameIdentity(run, node, card, 'tabler/bell')
    expect([node.width, node.height]).toEqual([48, 48])
    expect([badge.width, badge.x, badge.y]).toEqual([12, 32, 4])
    expect(colorsOfLayer(badge)).toEqual(['#ff0000'])
    expect(new Set(vectorsOf(run, node).filter((vector) => vector.id !== badge.id).flatMap((vector) => [...(vector.strokes ?? []), ...(vector.fills ?? [])].map(solidHex)))).toEqual(new Set(['#0f6cbd']))
  })

  it('repaints from the colour the icon wears, when the designer recoloured it on the canvas', async () => {
    const run = await startPlugin()
    const { node } = await iconInCard(run, 'lucide', 'house', { size: 24 })
    for (const layer of shapeNodesIn(node) as VectorNode[]) layer.strokes = [{ type: 'SOLID', color: { r: 0, g: 0.5, b: 0 } }]
    const item = insertRequest('lucide', 'house', { size: 24, color: '#0f6cbd' })
    await change(run, node, { ...item, colorChosen: true })
    expect(drawingColors(node)).toEqual(new Set(['#0f6cbd']))
  })

  it('redraws a multicolour icon painted in a chosen colour, as before', async () => {
    const run = await startPlugin()
    const globe = (color: string) => insertRequest('twemoji', 'globe-showing-americas', { style: 'color', size: 36, color })
    const node = await insert(run, globe('#000000'))
    await change(run, node, { ...globe('#00aa00'), colorChosen: true })
    expect(drawingColors(node)).toEqual(new Set(['#00aa00']))
  })
})

describe('layers the designer added inside an icon', () => {
  it('stay through a style swap, in their place in the layer order, while the drawing is replaced', async () => {
    const run = await startPlugin()
    const { card, node } = await iconInCard(run, 'ph', 'house', { size: 24 })
    const badge = badgeIn(run, node)
    const item = insertRequest('ph', 'house-bold', { size: 24, style: 'bold' })
    await change(run, node, item)
    expectSameIdentity(run, node, card, 'ph/house-bold')
    expect(node.children.at(-1)?.id).toBe(badge.id)
    expect([badge.removed, badge.x, badge.y, badge.width]).toEqual([false, 16, 2, 6])
    expect(colorsOfLayer(badge)).toEqual(['#ff0000'])
    // The icon's colour is its drawing's, which the badge's red does not make "own colours".
    expect(node.getSharedPluginData('iconcatalogue', 'color')).toBe('#000000')
    const drawn = vectorsOf(run, node).filter((vector) => vector.id !== badge.id)
    expect(drawn.map((vector) => vector.vectorPaths?.[0]?.data)).toEqual(importSvg(item.svg).vectors.map((vector) => vector.data))
  })

  it('scale with the icon to a native size’s drawing', async () => {
    const run = await startPlugin()
    const { card, node } = await iconInCard(run, 'fluent', 'home-32-regular', { size: 32 })
    const badge = badgeIn(run, node)
    const item = insertRequest('fluent', 'home-48-regular', { size: 48 })
    await change(run, node, item)
    expectSameIdentity(run, node, card, 'fluent/home-48-regular')
    expect([node.width, node.height]).toEqual([48, 48])
    expect([badge.removed, badge.x, badge.y, badge.width]).toEqual([false, 24, 3, 9])
  })

  it('are never painted or stroked with the drawing: a multicolour icon given a colour, a stroke width', async () => {
    const run = await startPlugin()
    const globe = (icon: Parameters<typeof insertRequest>[2]) => insertRequest('twemoji', 'globe-showing-americas', { style: 'color', size: 36, ...icon })
    const twemoji = await insert(run, globe({ color: '#000000' }))
    const dot = badgeIn(run, twemoji)
    await change(run, twemoji, { ...globe({ color: '#00aa00' }), colorChosen: true })
    expect(colorsOfLayer(dot)).toEqual(['#ff0000'])
    expect(drawingColors(twemoji, dot)).toEqual(new Set(['#00aa00']))

    const house = await insert(run, insertRequest('lucide', 'house', { size: 24 }))
    const ring = badgeIn(run, house)
    ring.strokes = [{ type: 'SOLID', color: { r: 1, g: 0, b: 0 } }]
    ring.strokeWeight = 1
    await change(run, house, insertRequest('lucide', 'house', { size: 24, strokeWidth: 3 }))
    expect(ring.strokeWeight).toBe(1)
    expect(new Set(shapeNodesIn(house).filter((layer) => layer.id !== ring.id).map((layer) => (layer as VectorNode).strokeWeight))).toEqual(new Set([3]))
  })

  it('stay in a main component recoloured in place, which keeps recording its colour', async () => {
    const run = await startPlugin()
    const instance = await insertInstance(run, insertRequest('lucide', 'house', { size: 24 }))
    const component = (await instance.getMainComponentAsync()) as ComponentNode
    // On the Icons page, where the designer selects it.
    await run.figma.setCurrentPageAsync(component.parent as PageNode)
    const badge = badgeIn(run, component as unknown as FrameNode)
    const item = insertRequest('lucide', 'house', { size: 24, color: '#0f6cbd' })
    await change(run, component, { ...item, colorChosen: true })
    expect([badge.removed, ...colorsOfLayer(badge)]).toEqual([false, '#ff0000'])
    expect(component.getSharedPluginData('iconcatalogue', 'color')).toBe('#0f6cbd')
  })

  it('in a main component are left as they are in its instances, which wear and record their own colour', async () => {
    const run = await startPlugin()
    const first = await insertInstance(run, insertRequest('lucide', 'house', { size: 24, color: '#000000' }))
    const component = (await first.getMainComponentAsync()) as ComponentNode
    const badge = badgeIn(run, component as unknown as FrameNode)
    badge.strokes = [{ type: 'SOLID', color: { r: 1, g: 0, b: 0 } }]
    badge.strokeWeight = 1
    const instance = await insertInstance(run, insertRequest('lucide', 'house', { size: 24, color: '#0f6cbd', strokeWidth: 3 }))
    expect((await instance.getMainComponentAsync())?.id).toBe(component.id)
    const copy = instance.children.at(-1) as StarNode
    expect([copy.type, ...colorsOfLayer(copy), copy.strokeWeight]).toEqual(['STAR', '#ff0000', 1])
    expect(new Set(shapeNodesIn(instance).filter((layer) => layer.type !== 'STAR').flatMap(colorsOfLayer))).toEqual(new Set(['#0f6cbd']))
    expect(instance.getSharedPluginData('iconcatalogue', 'color')).toBe('#0f6cbd')
  })

  it('in the icon’s own colour stay in it through a recolour: the marks tell them from the drawing', async () => {
    const run = await startPlugin()
    const { node } = await iconInCard(run, 'lucide', 'house', { size: 24 })
    const badge = badgeIn(run, node)
    badge.fills = [{ type: 'SOLID', color: { r: 0, g: 0, b: 0 } }]
    const item = insertRequest('lucide', 'house', { size: 24, color: '#0f6cbd' })
    await change(run, node, { ...item, colorChosen: true })
    expect(colorsOfLayer(badge)).toEqual(['#000000'])
    expect(drawingColors(node, badge)).toEqual(new Set(['#0f6cbd']))
  })

  it('stay through two recolours of an icon drawn before the marks, whose colour is recorded', async () => {
    const run = await startPlugin()
    const { node } = await iconInCard(run, 'lucide', 'house', { size: 24 })
    unmarked(node)
    const badge = badgeIn(run, node)
    for (const color of ['#0f6cbd', '#00aa00']) {
      const item = insertRequest('lucide', 'house', { size: 24, color })
      await change(run, node, { ...item, colorChosen: true })
      expect(node.getSharedPluginData('iconcatalogue', 'color'), color).toBe(color)
    }
    expect([badge.removed, ...colorsOfLayer(badge)]).toEqual([false, '#ff0000'])
    expect(drawingColors(node, badge)).toEqual(new Set(['#00aa00']))
  })

  it('go with the drawing in an icon placed before the plugin marked its drawings’ layers, which it cannot tell apart', async () => {
    const run = await startPlugin()
    const { node } = await iconInCard(run, 'ph', 'house', { size: 24 })
    unmarked(node)
    const badge = badgeIn(run, node)
    const item = insertRequest('ph', 'house-bold', { size: 24, style: 'bold' })
    await change(run, node, item)
    expect(badge.removed).toBe(true)
    expect(vectorsOf(run, node).map((vector) => vector.vectorPaths?.[0]?.data)).toEqual(importSvg(item.svg).vectors.map((vector) => vector.data))
  })
})

describe('replace', () => {
  it('swaps in a different icon keeping size, colour and position; the generated name follows', async () => {
    const run = await startPlugin()
    const { card, node } = await iconInCard(run, 'lucide', 'house', { size: 48, color: '#ff0000' })
    const item = insertRequest('tabler', 'home', { size: 48, color: '#ff0000' })
    expect((await run.request('REPLACE_ICONS', replaceRequest([{ nodeId: node.id, ...item }], 'replace'))).ok).toBe(true)
    expectSameIdentity(run, node, card, 'tabler/home')
    expect([node.width, node.height]).toEqual([48, 48])
    for (const vector of vectorsOf(run, node)) expect(vector.strokes?.[0]).toMatchObject({ color: { r: 1, g: 0, b: 0 } })
    expect(node.getSharedPluginData('iconcatalogue', 'iconset')).toBe('tabler')
    expect(node.getSharedPluginData('iconcatalogue', 'color')).toBe('#ff0000')
  })

  it('keeps a name the designer gave the layer', async () => {
    const run = await startPlugin()
    const { card, node } = await iconInCard(run, 'lucide', 'house', { size: 24 })
    node.name = 'Nav / Home'
    const item = insertRequest('tabler', 'home', { size: 24 })
    expect((await run.request('REPLACE_ICONS', replaceRequest([{ nodeId: node.id, ...item }], 'replace'))).ok).toBe(true)
    expectSameIdentity(run, node, card, 'Nav / Home')
  })
})
