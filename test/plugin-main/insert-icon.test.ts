/**
 * Inserting an icon at an exact size: longest side N px, strokes scaled in proportion, native
 * drawings used as they are.
 */
import { afterEach, describe, expect, it, vi } from 'vitest'

import { findInSnapshot } from '../../src/playground/figma-emulator'
import { insert, insertRequest, startPlugin } from './plugin-harness'

afterEach(() => void vi.unstubAllGlobals())

describe('insert at an exact size', () => {
  it.each([12, 16, 24, 32, 48, 64, 512])('makes lucide house exactly %i px, named, tagged and selected', async (size) => {
    const run = await startPlugin()
    const node = await insert(run, insertRequest('lucide', 'house', { size, color: '#336699' }))

    expect([node.width, node.height]).toEqual([size, size])
    expect(node.name).toBe('lucide/house')
    expect(node.getPluginData('iconset')).toBe('lucide')
    expect(node.getPluginData('icon')).toBe('house')
    expect(node.getPluginData('style')).toBe('outline')
    expect(node.getPluginData('size')).toBe(String(size))
    expect(node.getPluginData('color')).toBe('#336699')
    expect(node.getRelaunchData()).toEqual({ swap: `lucide/house · ${size} px` })
    expect(run.figma.currentPage.selection.map((selected) => selected.id)).toEqual([node.id])

    const snapshot = findInSnapshot(run.emulator.snapshot().children, node.id)
    // Lucide draws with a 2 px stroke on a 24 px grid: the weight follows the size.
    for (const vector of snapshot?.children ?? []) {
      expect(vector.strokeWeight).toBeCloseTo((2 * size) / 24, 6)
      expect(vector.strokes?.[0]).toMatchObject({ type: 'SOLID', color: { r: 0x33 / 255, g: 0x66 / 255, b: 0x99 / 255 } })
    }
  })

  it('makes a non-square icon N px on its longest side', async () => {
    const run = await startPlugin()
    // Font Awesome's house is 576 × 512; the catalogue renders it 32 px high, so 36 px wide.
    const node = await insert(run, insertRequest('fa6-solid', 'house', { size: 32, style: 'solid' }))
    expect(node.width).toBe(32)
    expect(node.height).toBeCloseTo((32 * 512) / 576, 6)
  })

  it('scales stroke weights in proportion when the SVG arrives at another size, like the scale tool', async () => {
    const run = await startPlugin()
    const node = await insert(run, insertRequest('lucide', 'house', { size: 48 }, 24))
    expect([node.width, node.height]).toEqual([48, 48])
    const vectors = findInSnapshot(run.emulator.snapshot().children, node.id)?.children ?? []
    expect(vectors.map((vector) => vector.strokeWeight)).toEqual([4, 4])
    expect([vectors[0]?.x, vectors[0]?.y, vectors[0]?.width, vectors[0]?.height]).toEqual([18, 24, 12, 18])
    expect(vectors[0]?.vectorPaths?.[0]?.data).toMatch(/^M 12 18 L 12 2 C /)
  })

  it('uses the Fluent drawing made for 32 px as is', async () => {
    const run = await startPlugin()
    const node = await insert(run, insertRequest('fluent', 'home-32-regular', { size: 32 }))
    expect([node.width, node.height]).toEqual([32, 32])
    const vectors = findInSnapshot(run.emulator.snapshot().children, node.id)?.children ?? []
    expect(vectors).toHaveLength(1)
    expect(vectors[0]?.fills?.[0]).toMatchObject({ type: 'SOLID', color: { r: 0, g: 0, b: 0 } })
  })
})
