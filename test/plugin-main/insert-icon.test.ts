/**
 * Inserting an icon at an exact size: longest side N px, strokes scaled in proportion, native
 * drawings used as they are.
 */
import { afterEach, describe, expect, it, vi } from 'vitest'

import { findInSnapshot } from '../../src/playground/figma-emulator'
import { insert, insertRequest, replaceRequest, startPlugin } from './plugin-harness'
import { shapesIn } from './shapes'

afterEach(() => void vi.unstubAllGlobals())

describe('insert at an exact size', () => {
  it.each([1, 12, 16, 20, 24, 32, 48, 64, 512, 1024])('makes lucide house exactly %i px, named, tagged and selected', async (size) => {
    const run = await startPlugin()
    const node = await insert(run, insertRequest('lucide', 'house', { size, color: '#336699' }))

    expect([node.width, node.height]).toEqual([size, size])
    expect(node.name).toBe('lucide/house')
    expect(node.getSharedPluginData('iconcatalogue', 'iconset')).toBe('lucide')
    expect(node.getSharedPluginData('iconcatalogue', 'icon')).toBe('house')
    expect(node.getSharedPluginData('iconcatalogue', 'style')).toBe('outline')
    expect(node.getSharedPluginData('iconcatalogue', 'size')).toBe(String(size))
    expect(node.getSharedPluginData('iconcatalogue', 'color')).toBe('#336699')
    expect(node.getRelaunchData()).toEqual({ swap: `lucide/house · ${size} px` })
    expect(run.figma.currentPage.selection.map((selected) => selected.id)).toEqual([node.id])

    const snapshot = findInSnapshot(run.emulator.snapshot().children, node.id)
    // Lucide draws with a 2 px stroke on a 24 px grid: the weight follows the size.
    for (const vector of shapesIn(snapshot)) {
      expect(vector.strokeWeight).toBeCloseTo((2 * size) / 24, 6)
      expect(vector.strokes?.[0]).toMatchObject({ type: 'SOLID', color: { r: 0x33 / 255, g: 0x66 / 255, b: 0x99 / 255 } })
    }
  })

  it('takes a size in hundredths of a px, as Figma’s W and H do, from the catalogue’s whole-px drawing', async () => {
    const run = await startPlugin()
    // The catalogue renders whole px, so the UI sends the 13 px drawing for 12.5.
    const node = await insert(run, insertRequest('lucide', 'house', { size: 12.5 }, 13))
    expect([node.width, node.height]).toEqual([12.5, 12.5])
    expect(node.getSharedPluginData('iconcatalogue', 'size')).toBe('12.5')
    await run.emulator.settle()
    expect(run.emitted('SELECTION_CHANGED').at(-1)).toMatchObject([{ nodeId: node.id, size: 12.5 }])

    const swap = replaceRequest([{ nodeId: node.id, ...insertRequest('lucide', 'house', { size: 20.25 }, 21) }])
    expect((await run.request('REPLACE_ICONS', swap)).ok).toBe(true)
    expect([node.width, node.height]).toEqual([20.25, 20.25])
    for (const vector of shapesIn(findInSnapshot(run.emulator.snapshot().children, node.id))) {
      expect(vector.strokeWeight).toBeCloseTo((2 * 20.25) / 24, 6)
    }
    // Finer than hundredths is not a size Figma would take from its fields.
    const finer = await run.request('INSERT_ICON', insertRequest('lucide', 'house', { size: 12.345 }, 13))
    expect(finer).toMatchObject({ ok: false, message: expect.stringMatching(/size must be a number of px from 1 to 1024, to hundredths/) })
  })

  it('makes a non-square icon N px on its longest side', async () => {
    const run = await startPlugin()
    // Font Awesome's house is 576 × 512; the catalogue's SVG at 32 is 32 × 28, whole px.
    const request = insertRequest('fa6-solid', 'house', { size: 32, style: 'solid' })
    expect(request.svg).toMatch(/^<svg [^>]*width="32" height="28" viewBox="0 0 576 512"/)
    const node = await insert(run, request)
    expect(node.width).toBe(32)
    expect(node.height).toBeCloseTo((32 * 512) / 576, 6)
    // The drawing itself is the one at its own size scaled by 32/576 both ways: neither stretched nor inset.
    const native = await insert(run, insertRequest('fa6-solid', 'house', { size: 576, style: 'solid' }))
    const drawn = (icon: SceneNode) => shapesIn(findInSnapshot(run.emulator.snapshot().children, icon.id))[0]
    const [small, large] = [drawn(node), drawn(native)]
    for (const side of ['x', 'y', 'width', 'height'] as const) expect(small?.[side]).toBeCloseTo(((large?.[side] ?? NaN) * 32) / 576, 3)
  })

  it('scales stroke weights in proportion when the SVG arrives at another size, like the scale tool', async () => {
    const run = await startPlugin()
    const node = await insert(run, insertRequest('lucide', 'house', { size: 48 }, 24))
    expect([node.width, node.height]).toEqual([48, 48])
    const vectors = shapesIn(findInSnapshot(run.emulator.snapshot().children, node.id))
    expect(vectors.map((vector) => vector.strokeWeight)).toEqual([4, 4])
    // The door sits inside the icon's group; rescaling about the group's corner leaves float noise.
    expect([vectors[0]?.x, vectors[0]?.y, vectors[0]?.width, vectors[0]?.height].map((value) => Math.round((value ?? NaN) * 1e6) / 1e6)).toEqual([18, 24, 12, 18])
    expect(vectors[0]?.vectorPaths?.[0]?.data).toMatch(/^M 12 18 L 12 2 C /)
  })

  it('uses the Fluent drawing made for 32 px as is', async () => {
    const run = await startPlugin()
    const node = await insert(run, insertRequest('fluent', 'home-32-regular', { size: 32 }))
    expect([node.width, node.height]).toEqual([32, 32])
    const vectors = shapesIn(findInSnapshot(run.emulator.snapshot().children, node.id))
    expect(vectors).toHaveLength(1)
    expect(vectors[0]?.fills?.[0]).toMatchObject({ type: 'SOLID', color: { r: 0, g: 0, b: 0 } })
  })
})
