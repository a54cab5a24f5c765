/**
 * Multicolour icons (Twemoji, flat-color-icons) stay multicolour unless a colour is chosen: an
 * insert or a size swap keeps their own colours; a colour the designer chooses for a
 * selected one paints it, and only a colour it is drawn in is recorded on the node.
 */
import { solidHex } from '../support/paints'
import { afterEach, describe, expect, it, vi } from 'vitest'

import type { InsertRequest, SelectedIcon } from '../../src/api/plugin-protocol'
import { insert, insertInstance, insertRequest, replaceRequest, startPlugin, type PluginRun } from './plugin-harness'

afterEach(() => void vi.unstubAllGlobals())

/** The colour of every visible solid paint of an icon's layers. */
function colorsOf(node: SceneNode): string[] {
  const layers = 'findAll' in node ? node.findAll((layer) => 'fills' in layer && !('children' in layer)) : []
  return [
    ...new Set(
      layers.flatMap((layer) =>
        [(layer as GeometryMixin).fills, (layer as GeometryMixin).strokes]
          .flatMap((list) => (Array.isArray(list) ? (list as Paint[]) : []))
          .filter((paint) => paint.visible !== false)
          .map(solidHex)
          .filter((hex) => hex !== null)
      )
    )
  ].sort()
}

/** The selected icon as main reports it to the UI. */
async function selected(run: PluginRun, node: SceneNode): Promise<SelectedIcon | undefined> {
  run.emulator.select([])
  run.emulator.select([node.id])
  await run.emulator.settle()
  return (run.emitted('SELECTION_CHANGED').at(-1) as SelectedIcon[])[0]
}

/** What the UI sends when the toolbar's colour, or only its size, changes for a selected icon. */
function change(node: SceneNode, request: InsertRequest, colorChosen?: boolean) {
  return replaceRequest([{ nodeId: node.id, ...request, ...(colorChosen === undefined ? {} : { colorChosen }) }])
}

const globe = (icon: Parameters<typeof insertRequest>[2]) => insertRequest('twemoji', 'globe-showing-americas', { style: 'color', size: 36, ...icon })

describe('multicolour icons', () => {
  it('are inserted as drawn, whatever the toolbar’s colour', async () => {
    const run = await startPlugin()
    const node = await insert(run, globe({ color: '#00aa00' }))
    expect(colorsOf(node)).toEqual(['#5c913b', '#88c9f9'])
  })

  it('are painted in a colour chosen for them, which is then recorded and reported', async () => {
    const run = await startPlugin()
    const node = await insert(run, globe({ color: '#000000' }))
    const result = await run.request('REPLACE_ICONS', change(node, globe({ color: '#00aa00' }), true))
    expect(result.ok).toBe(true)
    expect(colorsOf(node)).toEqual(['#00aa00'])
    expect(node.getSharedPluginData('iconcatalogue', 'color')).toBe('#00aa00')
    expect(await selected(run, node)).toMatchObject({ color: '#00aa00' })
  })

  it('are painted in a single-colour Twemoji’s new colour too (red heart to #00aa00)', async () => {
    const run = await startPlugin()
    const heart = await insert(run, insertRequest('twemoji', 'red-heart', { style: 'color', size: 36 }))
    expect(await selected(run, heart)).toMatchObject({ color: '#dd2e44' })
    await run.request('REPLACE_ICONS', change(heart, insertRequest('twemoji', 'red-heart', { style: 'color', size: 36, color: '#00aa00' }), true))
    expect(colorsOf(heart)).toEqual(['#00aa00'])
    expect(heart.getSharedPluginData('iconcatalogue', 'color')).toBe('#00aa00')
  })

  it('are painted when the colour chosen is the one the insert recorded', async () => {
    const run = await startPlugin()
    const node = await insert(run, globe({ color: '#00aa00' }))
    await run.request('REPLACE_ICONS', change(node, globe({ color: '#00aa00' }), true))
    expect(colorsOf(node)).toEqual(['#00aa00'])
  })

  it('record no colour when inserted in their own, and report none', async () => {
    const run = await startPlugin()
    const node = await insert(run, globe({ color: '#00aa00' }))
    expect(node.getSharedPluginData('iconcatalogue', 'color')).toBe('')
    expect(await selected(run, node)).toMatchObject({ color: null })
  })

  it('record no colour when the toolbar’s happens to be one of their own', async () => {
    const run = await startPlugin()
    const node = await insert(run, globe({ color: '#5c913b' }))
    expect(colorsOf(node)).toEqual(['#5c913b', '#88c9f9'])
    expect(node.getSharedPluginData('iconcatalogue', 'color')).toBe('')
    expect(await selected(run, node)).toMatchObject({ color: null })
  })

  it('record the colour they are inserted in when the drawing takes it (a single-colour Twemoji in its own red)', async () => {
    const run = await startPlugin()
    const heart = await insert(run, insertRequest('twemoji', 'red-heart', { style: 'color', size: 36, color: '#dd2e44' }))
    expect(heart.getSharedPluginData('iconcatalogue', 'color')).toBe('#dd2e44')
  })

  it('keep their own colours, and record none, when swapped in a colour nobody chose', async () => {
    const run = await startPlugin()
    const node = await insert(run, globe({ color: '#000000' }))
    const result = await run.request('REPLACE_ICONS', change(node, globe({ size: 48, color: '#00aa00' })))
    expect(result.ok).toBe(true)
    expect(colorsOf(node)).toEqual(['#5c913b', '#88c9f9'])
    expect(node.width).toBe(48)
    expect(await selected(run, node)).toMatchObject({ size: 48, color: null })
  })

  describe('recorded by earlier versions with the toolbar’s colour', () => {
    /** What inserting recorded before "no colour" was: the toolbar's colour, worn or not. */
    const recordedBefore = (node: SceneNode, color: string) => node.setSharedPluginData('iconcatalogue', 'color', color)

    it('report that colour, as before', async () => {
      const run = await startPlugin()
      const node = await insert(run, globe({ color: '#000000' }))
      recordedBefore(node, '#000000')
      expect(await selected(run, node)).toMatchObject({ color: '#000000' })
    })

    it('are painted in a colour other than the recorded one even when the request does not say it was chosen', async () => {
      const run = await startPlugin()
      const node = await insert(run, globe({ color: '#000000' }))
      recordedBefore(node, '#000000')
      await run.request('REPLACE_ICONS', change(node, globe({ color: '#00aa00' })))
      expect(colorsOf(node)).toEqual(['#00aa00'])
    })

    it('keep their own colours on a swap in the recorded colour, which they then record as none', async () => {
      const run = await startPlugin()
      const node = await insert(run, globe({ color: '#000000' }))
      recordedBefore(node, '#000000')
      await run.request('REPLACE_ICONS', change(node, globe({ size: 48, color: '#000000' })))
      expect(colorsOf(node)).toEqual(['#5c913b', '#88c9f9'])
      expect(node.getSharedPluginData('iconcatalogue', 'color')).toBe('')
    })
  })

  it('keep their own colours on a size swap, and a chosen colour after one', async () => {
    const run = await startPlugin()
    const node = await insert(run, globe({ color: '#000000' }))
    await run.request('REPLACE_ICONS', change(node, globe({ size: 48, color: '#000000' })))
    expect(colorsOf(node)).toEqual(['#5c913b', '#88c9f9'])
    await run.request('REPLACE_ICONS', change(node, globe({ size: 48, color: '#00aa00' }), true))
    await run.request('REPLACE_ICONS', change(node, globe({ size: 64, color: '#00aa00' })))
    expect(colorsOf(node)).toEqual(['#00aa00'])
  })

  it('are rescaled in place on a size swap while the toolbar holds a file colour, which they do not take', async () => {
    let brand: PaintStyle | undefined
    const run = await startPlugin({}, (figma) => {
      brand = figma.createPaintStyle()
      brand.name = 'Brand/Primary'
      brand.paints = [{ type: 'SOLID', color: { r: 0, g: 0.4, b: 0.8 } }]
    })
    const node = await insert(run, globe({ color: '#000000' }))
    const layers = node.findAll(() => true).map((layer) => layer.id)
    const result = await run.request('REPLACE_ICONS', change(node, globe({ size: 48, color: '#0066cc', binding: { kind: 'style', id: brand!.id } })))
    expect(result.ok).toBe(true)
    expect(node.width).toBe(48)
    expect(node.findAll(() => true).map((layer) => layer.id)).toEqual(layers)
    expect(colorsOf(node)).toEqual(['#5c913b', '#88c9f9'])
  })

  describe('given their own colours back (the designer emptied the colour)', () => {
    const ownColors = (node: SceneNode, request: InsertRequest) => replaceRequest([{ nodeId: node.id, ...request, ownColors: true }])

    it('are drawn again in them and record no colour, keeping node, place and size', async () => {
      const run = await startPlugin()
      const node = await insert(run, globe({ color: '#000000' }))
      await run.request('REPLACE_ICONS', change(node, globe({ size: 48, color: '#00aa00' }), true))
      const { id, x, y } = node
      const result = await run.request('REPLACE_ICONS', ownColors(node, globe({ size: 48, color: '#00aa00' })))
      expect(result.ok).toBe(true)
      expect(colorsOf(node)).toEqual(['#5c913b', '#88c9f9'])
      expect([node.id, node.x, node.y, node.width, node.removed]).toEqual([id, x, y, 48, false])
      expect(node.getSharedPluginData('iconcatalogue', 'color')).toBe('')
      expect(await selected(run, node)).toMatchObject({ color: null, size: 48 })
    })

    it('leave one never painted as it is, its layers and all', async () => {
      const run = await startPlugin()
      const node = await insert(run, globe({ color: '#000000' }))
      const layers = node.findAll(() => true).map((layer) => layer.id)
      const result = await run.request('REPLACE_ICONS', ownColors(node, globe({ color: '#000000' })))
      expect(result.ok).toBe(true)
      expect(node.findAll(() => true).map((layer) => layer.id)).toEqual(layers)
      expect(colorsOf(node)).toEqual(['#5c913b', '#88c9f9'])
    })

    it('leave a single-colour drawing in the colour it wears (a Lucide icon beside them)', async () => {
      const run = await startPlugin()
      const house = await insert(run, insertRequest('lucide', 'house', { size: 24, color: '#00aa00' }))
      const result = await run.request('REPLACE_ICONS', ownColors(house, insertRequest('lucide', 'house', { size: 24, color: '#00aa00' })))
      expect(result.ok).toBe(true)
      expect(colorsOf(house)).toEqual(['#00aa00'])
      expect(house.getSharedPluginData('iconcatalogue', 'color')).toBe('#00aa00')
    })

    it('are refused when the request says so in anything but true or false', async () => {
      const run = await startPlugin()
      const node = await insert(run, globe({ color: '#000000' }))
      const refused = await run.request('REPLACE_ICONS', replaceRequest([{ nodeId: node.id, ...globe({ color: '#000000' }), ownColors: 'yes' as unknown as boolean }]))
      expect(refused).toMatchObject({ ok: false })
      expect((refused as { message: string }).message).toMatch(/own colours/)
    })

    it('as an instance, wear their component’s colours again', async () => {
      const run = await startPlugin()
      const node = await insertInstance(run, globe({ color: '#000000' }))
      await run.request('REPLACE_ICONS', change(node, globe({ color: '#00aa00' }), true))
      expect(colorsOf(node)).toEqual(['#00aa00'])
      await run.request('REPLACE_ICONS', ownColors(node, globe({ color: '#00aa00' })))
      expect(colorsOf(node)).toEqual(['#5c913b', '#88c9f9'])
      expect(await selected(run, node)).toMatchObject({ color: null })
    })
  })

  describe('as instances of a component', () => {
    it('wear their component’s colours when inserted in another colour', async () => {
      const run = await startPlugin()
      await insertInstance(run, globe({ color: '#5c913b' }))
      const second = await insertInstance(run, globe({ color: '#00aa00' }))
      expect(colorsOf(second)).toEqual(['#5c913b', '#88c9f9'])
    })

    it('record no colour when inserted in their own, and keep them on a swap in a colour nobody chose', async () => {
      const run = await startPlugin()
      const node = await insertInstance(run, globe({ color: '#00aa00' }))
      expect(await selected(run, node)).toMatchObject({ color: null })
      await run.request('REPLACE_ICONS', change(node, globe({ size: 48, color: '#0000ff' })))
      expect(colorsOf(node)).toEqual(['#5c913b', '#88c9f9'])
      expect(await selected(run, node)).toMatchObject({ size: 48, color: null })
    })

    it('are painted in a colour chosen for them, and stay so at another size', async () => {
      const run = await startPlugin()
      const node = await insertInstance(run, globe({ color: '#000000' }))
      await run.request('REPLACE_ICONS', change(node, globe({ color: '#00aa00' }), true))
      expect(colorsOf(node)).toEqual(['#00aa00'])
      await run.request('REPLACE_ICONS', change(node, globe({ size: 48, color: '#00aa00' })))
      expect(colorsOf(node)).toEqual(['#00aa00'])
      expect((await node.getMainComponentAsync())?.getSharedPluginData('iconcatalogue', 'size')).toBe('48')
    })
  })
})
