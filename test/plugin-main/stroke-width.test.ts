/**
 * A designer's stroke width: absolute px at the inserted size on every stroked layer, kept when
 * the size is swapped (where Figma's rescale would scale it), and refused outside its limits; on
 * lines a set outlined into fills, reached by widening them.
 */
import { afterEach, describe, expect, it, vi } from 'vitest'

import { STROKE_WIDTH_LIMITS } from '../../src/api/limits'
import type { PlacedIcon } from '../../src/api/plugin-protocol'
import { insert, insertInstance, insertRequest, replaceRequest, startPlugin } from './plugin-harness'

afterEach(() => void vi.unstubAllGlobals())

function strokeWeights(node: FrameNode): number[] {
  return node
    .findAll((child) => child.type === 'VECTOR' && child.strokes.length > 0)
    .map((layer) => Math.round(Number((layer as VectorNode).strokeWeight) * 1000) / 1000)
}

describe('stroke width', () => {
  it('without one, Lucide’s 2 px strokes scale with the icon: 1.667 px at 20 px', async () => {
    const run = await startPlugin()
    const node = await insert(run, insertRequest('lucide', 'house', { size: 20 }))
    expect(new Set(strokeWeights(node))).toEqual(new Set([1.667]))
  })

  it('a chosen width is absolute at the inserted size, and stays through a size swap', async () => {
    const run = await startPlugin()
    const node = await insert(run, insertRequest('lucide', 'house', { size: 20, strokeWidth: 1.5 }))
    expect(new Set(strokeWeights(node))).toEqual(new Set([1.5]))
    expect(node.getSharedPluginData('iconcatalogue', 'strokeWidth')).toBe('1.5')

    const bigger = replaceRequest([{ nodeId: node.id, ...insertRequest('lucide', 'house', { size: 40, strokeWidth: 1.5 }) }])
    expect(await run.request('REPLACE_ICONS', bigger)).toMatchObject({ ok: true })
    expect(node.width).toBe(40)
    expect(new Set(strokeWeights(node))).toEqual(new Set([1.5]))

    const thicker = replaceRequest([{ nodeId: node.id, ...insertRequest('lucide', 'house', { size: 40, strokeWidth: 3 }) }])
    expect(await run.request('REPLACE_ICONS', thicker)).toMatchObject({ ok: true })
    expect(new Set(strokeWeights(node))).toEqual(new Set([3]))

    run.emulator.select([node.id])
    await run.emulator.settle()
    expect(run.emitted('SELECTION_CHANGED').at(-1)).toMatchObject([{ nodeId: node.id, size: 40, strokeWidth: 3 }])
  })

  it('a weight the designer set in Figma on every stroke is the width the selected icon reports, the one the UI then swaps with', async () => {
    const run = await startPlugin()
    const node = await insert(run, insertRequest('lucide', 'house', { size: 24, strokeWidth: 2 }))
    for (const layer of node.findAll((child) => child.type === 'VECTOR' && child.strokes.length > 0)) (layer as VectorNode).strokeWeight = 3
    run.emulator.select([])
    run.emulator.select([node.id])
    await run.emulator.settle()
    expect(run.emitted('SELECTION_CHANGED').at(-1)).toMatchObject([{ nodeId: node.id, size: 24, strokeWidth: 3 }])

    // One layer in another weight: no one width shows, and the recorded one stays.
    const [first] = node.findAll((child) => child.type === 'VECTOR' && child.strokes.length > 0) as VectorNode[]
    first!.strokeWeight = 5
    run.emulator.select([])
    run.emulator.select([node.id])
    await run.emulator.settle()
    expect(run.emitted('SELECTION_CHANGED').at(-1)).toMatchObject([{ nodeId: node.id, strokeWidth: 2 }])
  })

  it('clearing the width gives an inserted icon back its drawn strokes, scaled to its size', async () => {
    const run = await startPlugin()
    const node = await insert(run, insertRequest('lucide', 'house', { size: 20, strokeWidth: 3 }))
    expect(new Set(strokeWeights(node))).toEqual(new Set([3]))

    // The toolbar's emptied box: the same icon and size, with no stroke width.
    const cleared = replaceRequest([{ nodeId: node.id, ...insertRequest('lucide', 'house', { size: 20 }) }])
    expect(await run.request('REPLACE_ICONS', cleared)).toMatchObject({ ok: true, nodeIds: [node.id] })
    expect(new Set(strokeWeights(node))).toEqual(new Set([1.667]))
    expect(node.getSharedPluginData('iconcatalogue', 'strokeWidth')).toBe('')

    // And a later size swap scales those strokes again instead of pinning a width.
    const bigger = replaceRequest([{ nodeId: node.id, ...insertRequest('lucide', 'house', { size: 40 }) }])
    expect(await run.request('REPLACE_ICONS', bigger)).toMatchObject({ ok: true })
    expect(new Set(strokeWeights(node))).toEqual(new Set([3.333]))
  })

  describe('lines a set outlined into fills (Phosphor, Material Symbols)', () => {
    /** Each filled layer's widening: its stroke's weight, join and alignment, and whether it strokes in its fills' paints. */
    function widenings(node: SceneNode): Array<{ weight: number; join: string; align: string; inFills: boolean }> {
      return (node as FrameNode)
        .findAll((child) => child.type === 'VECTOR')
        .map((child) => {
          const layer = child as VectorNode
          return {
            weight: layer.strokes.length === 0 ? 0 : Math.round(Number(layer.strokeWeight) * 1000) / 1000,
            join: String(layer.strokeJoin),
            align: layer.strokeAlign,
            inFills: JSON.stringify(layer.strokes) === JSON.stringify(layer.fills)
          }
        })
    }
    // Phosphor Regular draws 16-unit lines on its 256 grid: 1.5 px at 24, 2 px at 32.
    const regularAt = (size: number) => ({ width: (16 * size) / 256, join: 'round' as const })

    it('a wider width strokes each filled layer in its own fill, centred, by what it adds, and keeps it through a size swap', async () => {
      const run = await startPlugin()
      const node = await insert(run, insertRequest('ph', 'house', { size: 24, strokeWidth: 2, outline: regularAt(24) }))
      expect(widenings(node)).toEqual([{ weight: 0.5, join: 'ROUND', align: 'CENTER', inFills: true }])
      expect(node.getSharedPluginData('iconcatalogue', 'strokeWidth')).toBe('2')

      // At 32 px the lines are 2 px of their own; 2.5 asks half a pixel more, not the 0.667 a rescale would leave.
      const bigger = replaceRequest([{ nodeId: node.id, ...insertRequest('ph', 'house', { size: 32, strokeWidth: 2.5, outline: regularAt(32) }) }])
      expect(await run.request('REPLACE_ICONS', bigger)).toMatchObject({ ok: true })
      expect(node.width).toBe(32)
      expect(widenings(node)).toEqual([{ weight: 0.5, join: 'ROUND', align: 'CENTER', inFills: true }])

      // A new colour paints the widening with the fills.
      const red = replaceRequest([{ nodeId: node.id, ...insertRequest('ph', 'house', { size: 32, color: '#ff0000', strokeWidth: 2.5, outline: regularAt(32) }) }])
      expect(await run.request('REPLACE_ICONS', red)).toMatchObject({ ok: true })
      expect(widenings(node)).toEqual([{ weight: 0.5, join: 'ROUND', align: 'CENTER', inFills: true }])
      expect((node.findAll((child) => child.type === 'VECTOR')[0] as VectorNode).strokes).toMatchObject([{ type: 'SOLID', color: { r: 1, g: 0, b: 0 } }])
    })

    it('a width no wider than the lines leaves them as drawn, and clearing it takes the widening away', async () => {
      const run = await startPlugin()
      const thin = await insert(run, insertRequest('ph', 'house', { size: 24, strokeWidth: 1, outline: regularAt(24) }))
      expect(widenings(thin)).toEqual([{ weight: 0, join: 'MITER', align: 'CENTER', inFills: false }])

      const node = await insert(run, insertRequest('ph', 'house', { size: 24, strokeWidth: 3, outline: regularAt(24) }))
      expect(widenings(node).map((layer) => layer.weight)).toEqual([1.5])
      const cleared = replaceRequest([{ nodeId: node.id, ...insertRequest('ph', 'house', { size: 24 }) }])
      expect(await run.request('REPLACE_ICONS', cleared)).toMatchObject({ ok: true })
      expect(widenings(node).map((layer) => layer.weight)).toEqual([0])
      expect(node.getSharedPluginData('iconcatalogue', 'strokeWidth')).toBe('')
    })

    it('Material Symbols’ outlined drawings widen with mitred corners', async () => {
      const run = await startPlugin()
      const request = insertRequest('material-symbols', 'home-outline', { size: 24, strokeWidth: 2.5, outline: { width: 2, join: 'miter' } })
      const node = await insert(run, request)
      expect(widenings(node)).toEqual([{ weight: 0.5, join: 'MITER', align: 'CENTER', inFills: true }])
    })

    it('a swap that cannot say the lines’ width (the list of sets not come) still widens them, from the width the icon recorded', async () => {
      const run = await startPlugin()
      const node = await insert(run, insertRequest('ph', 'house', { size: 24, strokeWidth: 2, outline: regularAt(24) }))
      const blind = replaceRequest([{ nodeId: node.id, ...insertRequest('ph', 'house', { size: 32, strokeWidth: 2.5 }) }])
      expect(await run.request('REPLACE_ICONS', blind)).toMatchObject({ ok: true })
      expect(widenings(node)).toEqual([{ weight: 0.5, join: 'ROUND', align: 'CENTER', inFills: true }])
    })

    it('a widening touches only layers filled with something, and strokes that are not their fills stay as they are', async () => {
      const run = await startPlugin()
      // Lucide's drawing is strokes on unfilled paths: lines said to be outlined change none of them.
      const lucide = await insert(run, insertRequest('lucide', 'house', { size: 24, strokeWidth: 3, outline: regularAt(24) }))
      expect(new Set(strokeWeights(lucide))).toEqual(new Set([2]))
      expect(lucide.findAll((child) => child.type === 'VECTOR').every((layer) => (layer as VectorNode).strokes.length > 0)).toBe(true)
    })

    it('outlined lines of no width, or joined some other way, are refused and nothing is inserted', async () => {
      const run = await startPlugin()
      for (const outline of [{ width: 0, join: 'round' }, { width: 1.5, join: 'bevel' }]) {
        const request = insertRequest('ph', 'house', { size: 24, strokeWidth: 2, outline: outline as PlacedIcon['outline'] })
        expect(await run.request('INSERT_ICON', request)).toMatchObject({ ok: false, message: expect.stringMatching(/^The plugin sent an invalid request: the outlined lines must (be more than 0 and at most \d+ px wide|join round or mitred)\.$/) })
      }
      expect(run.figma.currentPage.children).toHaveLength(0)
    })
  })

  it('a width sent for a filled drawing of a stroke-drawn style (MingCute’s abs-line) is kept for the icon, loose or an instance', async () => {
    const run = await startPlugin()
    const loose = await insert(run, insertRequest('mingcute', 'abs-line', { size: 24, strokeWidth: 3 }))
    const instance = await insertInstance(run, insertRequest('mingcute', 'abs-line', { size: 24, strokeWidth: 3 }))
    for (const node of [loose, instance]) expect(node.getSharedPluginData('iconcatalogue', 'strokeWidth')).toBe('3')
  })

  it('a width outside the limits is refused with a clear message, and nothing is inserted', async () => {
    const run = await startPlugin()
    const result = await run.request('INSERT_ICON', insertRequest('lucide', 'house', { size: 24, strokeWidth: 40 }))
    expect(result).toMatchObject({
      ok: false,
      message: `The plugin sent an invalid request: the stroke width must be from ${STROKE_WIDTH_LIMITS.min} to ${STROKE_WIDTH_LIMITS.max} px.`
    })
    expect(run.figma.currentPage.children).toHaveLength(0)
  })
})
