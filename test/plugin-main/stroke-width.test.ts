/**
 * A designer's stroke width: absolute px at the inserted size on every stroked layer, kept when
 * the size is swapped (where Figma's rescale would scale it), and refused outside its limits.
 */
import { afterEach, describe, expect, it, vi } from 'vitest'

import { STROKE_WIDTH_LIMITS } from '../../src/api/limits'
import { insert, insertRequest, replaceRequest, startPlugin } from './plugin-harness'

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
