/**
 * Swap set on the main thread: the icons selected or inside a selected frame or group are what
 * moves; all of them change in place in one request (drawing, name, identity on the node; size,
 * colour, parent, position and layer order kept; instances of icon components move to the other
 * set's components) as one undo step, and a request that cannot be carried out whole changes nothing.
 */
import { afterEach, describe, expect, it, vi } from 'vitest'

import type { SelectedIcon } from '../../src/api/plugin-protocol'
import { findInSnapshot, importSvg } from '../../src/playground/figma-emulator'
import { iconSvg } from './icon-svgs'
import { shapesIn } from './shapes'
import { insert, insertRequest, replaceRequest, startPlugin, type PluginRun } from './plugin-harness'

afterEach(() => void vi.unstubAllGlobals())

const LUCIDE = ['house', 'settings', 'search'] as const
const PHOSPHOR = { house: 'house', settings: 'gear', search: 'magnifying-glass' } as const

/** Three red Lucide icons spread across a card, after a label layer, and the card selected. */
async function cardOfIcons(run: PluginRun) {
  const card = run.figma.createFrame()
  card.resize(300, 100)
  card.appendChild(run.figma.createFrame())
  const icons: FrameNode[] = []
  for (const [index, name] of LUCIDE.entries()) {
    run.emulator.select([card.id])
    await run.emulator.settle()
    const node = await insert(run, insertRequest('lucide', name, { size: 32, color: '#ff0000' }))
    node.x = 20 + index * 80
    node.y = 30
    icons.push(node)
  }
  run.emulator.select([card.id])
  await run.emulator.settle()
  return { card, icons }
}

function drawing(run: PluginRun, node: SceneNode): Array<string | undefined> {
  return shapesIn(findInSnapshot(run.emulator.snapshot().children, node.id)).map((shape) => shape.vectorPaths?.[0]?.data)
}

function toPhosphor(icons: readonly SceneNode[]) {
  return replaceRequest(
    icons.map((node, index) => ({
      nodeId: node.id,
      ...insertRequest('ph', PHOSPHOR[LUCIDE[index] as keyof typeof PHOSPHOR], { size: 32, color: '#ff0000' })
    })),
    'replace'
  )
}

describe('the icons Swap set moves', () => {
  it('are the icons inside a selected frame, in layer order, while the selection itself holds no icon', async () => {
    const run = await startPlugin()
    const { icons } = await cardOfIcons(run)
    expect(run.emitted('SELECTION_CHANGED').at(-1)).toEqual([])
    const inSelection = run.emitted('ICONS_IN_SELECTION').at(-1) as SelectedIcon[]
    expect(inSelection.map((icon) => [icon.nodeId, icon.iconset, icon.icon, icon.size, icon.color])).toEqual(
      icons.map((node, index) => [node.id, 'lucide', LUCIDE[index], 32, '#ff0000'])
    )
  })

  it('reach into groups and nested frames, count a directly selected icon once, and leave locked icons out', async () => {
    const run = await startPlugin()
    const { card, icons } = await cardOfIcons(run)
    const [first, second, third] = icons as [FrameNode, FrameNode, FrameNode]
    const inner = run.figma.createFrame()
    card.appendChild(inner)
    inner.appendChild(second)
    run.figma.group([third], card)
    first.locked = true
    run.emulator.select([card.id, second.id])
    await run.emulator.settle()
    const inSelection = run.emitted('ICONS_IN_SELECTION').at(-1) as SelectedIcon[]
    expect(inSelection.map((icon) => icon.nodeId)).toEqual([second.id, third.id])
  })

  it('include icons placed by earlier versions, which carry private plugin data', async () => {
    const run = await startPlugin()
    const { card, icons } = await cardOfIcons(run)
    const [first] = icons as [FrameNode]
    for (const key of ['iconset', 'icon', 'style', 'size', 'color']) {
      first.setPluginData(key, first.getSharedPluginData('iconcatalogue', key))
      first.setSharedPluginData('iconcatalogue', key, '')
    }
    run.emulator.select([])
    run.emulator.select([card.id])
    await run.emulator.settle()
    const inSelection = run.emitted('ICONS_IN_SELECTION').at(-1) as SelectedIcon[]
    expect(inSelection.map((icon) => icon.nodeId).sort()).toEqual(icons.map((node) => node.id).sort())
  })
})

describe('swapping them all to another set', () => {
  it('changes every icon in place in one request, and one undo brings all three back', async () => {
    const run = await startPlugin()
    const { card, icons } = await cardOfIcons(run)
    const before = icons.map((node) => ({ name: node.name, drawing: drawing(run, node), index: card.children.indexOf(node), x: node.x, y: node.y }))

    const request = toPhosphor(icons)
    const result = await run.request('REPLACE_ICONS', request)
    expect(result).toEqual({ requestId: request.requestId, ok: true, nodeIds: icons.map((node) => node.id) })
    icons.forEach((node, index) => {
      const slug = PHOSPHOR[LUCIDE[index] as keyof typeof PHOSPHOR]
      expect(run.emulator.getNode(node.id)).toBe(node)
      expect(node.parent?.id).toBe(card.id)
      expect([card.children.indexOf(node), node.x, node.y]).toEqual([before[index]?.index, before[index]?.x, before[index]?.y])
      expect([node.width, node.height]).toEqual([32, 32])
      expect(node.name).toBe(`ph/${slug}`)
      expect(node.getSharedPluginData('iconcatalogue', 'iconset')).toBe('ph')
      expect(node.getSharedPluginData('iconcatalogue', 'icon')).toBe(slug)
      expect(drawing(run, node)).toEqual(importSvg(iconSvg('ph', slug, 32, '#ff0000')).vectors.map((vector) => vector.data))
    })
    // Only the three icons and the label: no temporary frame is left anywhere.
    expect(card.children).toHaveLength(4)
    expect(run.figma.currentPage.children.map((child) => child.id)).toEqual([card.id])
    expect(run.emitted('ICONS_IN_SELECTION').at(-1)).toMatchObject(icons.map((node) => ({ nodeId: node.id, iconset: 'ph' })))

    run.emulator.undo()
    icons.forEach((node, index) => {
      expect(node.removed).toBe(false)
      expect(node.name).toBe(before[index]?.name)
      expect(node.getSharedPluginData('iconcatalogue', 'iconset')).toBe('lucide')
      expect(drawing(run, node)).toEqual(before[index]?.drawing)
    })
  })

  it('swaps icons inserted as components to instances of the other set’s components, in one undo step', async () => {
    const run = await startPlugin()
    const card = run.figma.createFrame()
    card.resize(300, 100)
    const instances: InstanceNode[] = []
    for (const name of LUCIDE) {
      run.emulator.select([card.id])
      await run.emulator.settle()
      const result = await run.request('INSERT_ICON', { ...insertRequest('lucide', name, { size: 24 }), asComponent: true })
      const node = await run.figma.getNodeByIdAsync(result.ok ? (result.nodeIds[0] ?? '') : '')
      if (node?.type !== 'INSTANCE') throw new Error('Expected an instance')
      instances.push(node)
    }
    run.emulator.select([card.id])
    await run.emulator.settle()
    expect((run.emitted('ICONS_IN_SELECTION').at(-1) as SelectedIcon[]).map((icon) => icon.nodeId)).toEqual(instances.map((node) => node.id))

    const result = await run.request('REPLACE_ICONS', toPhosphor(instances))
    expect(result.ok).toBe(true)
    for (const [index, node] of instances.entries()) {
      const slug = PHOSPHOR[LUCIDE[index] as keyof typeof PHOSPHOR]
      expect(node.parent?.id).toBe(card.id)
      expect((await node.getMainComponentAsync())?.name).toBe(`ph/${slug}/32 · outline`)
      expect(node.getSharedPluginData('iconcatalogue', 'icon')).toBe(slug)
    }
    run.emulator.undo()
    for (const [index, node] of instances.entries()) {
      expect((await node.getMainComponentAsync())?.name).toBe(`lucide/${LUCIDE[index]}/24 · outline`)
    }
  })

  it('changes nothing when one icon of the request cannot be drawn', async () => {
    const run = await startPlugin()
    const { card, icons } = await cardOfIcons(run)
    const before = icons.map((node) => drawing(run, node))
    const request = toPhosphor(icons)
    const last = request.items[2]
    if (last !== undefined) last.svg = '<svg xmlns="http://www.w3.org/2000/svg"><path d="M0 0 L'
    const result = await run.request('REPLACE_ICONS', request)

    expect(result.ok).toBe(false)
    icons.forEach((node, index) => {
      expect(node.name).toBe(`lucide/${LUCIDE[index]}`)
      expect(node.getSharedPluginData('iconcatalogue', 'iconset')).toBe('lucide')
      expect(drawing(run, node)).toEqual(before[index])
    })
    expect(card.children).toHaveLength(4)
    expect(run.figma.currentPage.children.map((child) => child.id)).toEqual([card.id])
  })

  it('changes nothing when one of the icons has been deleted meanwhile', async () => {
    const run = await startPlugin()
    const { icons } = await cardOfIcons(run)
    const request = toPhosphor(icons)
    icons[1]?.remove()
    const result = await run.request('REPLACE_ICONS', request)

    expect(result).toMatchObject({ ok: false, message: 'The selected icon is no longer on the canvas.' })
    for (const node of [icons[0], icons[2]]) expect(node?.getSharedPluginData('iconcatalogue', 'iconset')).toBe('lucide')
  })
})
