/**
 * What a swap of the selected icons says once done: how many icons, and what they now are, as
 * Figma's own toasts name what changed.
 */
import { describe, expect, test } from 'vitest'

import type { SelectedIcon } from '../../src/api/plugin-protocol'
import { swappedMessage, type SwapNames } from '../../src/plugin/ui/format'
import { changedBy } from '../../src/plugin/ui/selection-look'

const names: SwapNames = {
  style: (slug) => ({ bold: 'Bold', solid: 'Solid', outline: 'Outline' })[slug] ?? slug,
  fileColor: (binding) => (binding.id === 'VariableID:1:2' ? 'Icon/Ink' : undefined)
}

describe('swappedMessage', () => {
  test('names each change, and counts the icons', () => {
    expect(swappedMessage({ size: 48 }, 1, names)).toBe('Updated 1 icon to 48 px')
    expect(swappedMessage({ style: 'bold', size: 32 }, 2, names)).toBe('Updated 2 icons to Bold, 32 px')
    expect(swappedMessage({ color: '#ff6600', binding: null }, 3, names)).toBe('Updated 3 icons to #FF6600')
    expect(swappedMessage({ strokeWidth: 1.5 }, 1, names)).toBe('Updated 1 icon to 1.5 px strokes')
    expect(swappedMessage({ strokeWidth: null }, 1, names)).toBe('Updated 1 icon to strokes as drawn')
  })

  test('Mixed sizes stepped each from its own name their new sizes, or the least and the most of many', () => {
    expect(swappedMessage({ sizes: new Map([['1:1', 25], ['1:2', 17], ['1:3', 25]]) }, 3, names)).toBe('Updated 3 icons to 17, 25 px')
    const many = new Map([12, 17, 25, 33, 49].map((size, index) => [`1:${index}`, size]))
    expect(swappedMessage({ sizes: many }, 5, names)).toBe('Updated 5 icons to 12–49 px')
  })

  test('a colour unbound from a file colour, keeping its value, says so', () => {
    expect(swappedMessage({ binding: null }, 2, names)).toBe('Unbound 2 icons from the file colour')
  })

  test('a file colour is named, not its hex; one no longer listed is its hex', () => {
    const ink = { kind: 'variable', id: 'VariableID:1:2' } as const
    expect(swappedMessage({ color: '#242424', binding: ink }, 3, names)).toBe('Updated 3 icons to Icon/Ink')
    expect(swappedMessage({ color: '#242424', binding: { kind: 'style', id: 'S:gone' } }, 1, names)).toBe('Updated 1 icon to #242424')
  })

  test('counts only the icons a change changes: a width the stroke-drawn ones, a style those in another', () => {
    const icon = (nodeId: string, iconset: string, style: string, strokeWidth?: number): SelectedIcon => ({
      nodeId,
      iconset,
      icon: 'house',
      style,
      size: 24,
      color: '#333333',
      ...(strokeWidth === undefined ? {} : { strokeWidth })
    })
    const selection = [icon('1:1', 'lucide', 'outline'), icon('1:2', 'lucide', 'outline', 1.5), icon('1:3', 'ph', 'outline'), icon('1:4', 'ph', 'solid')]
    const strokeDrawn = (selected: SelectedIcon) => selected.iconset === 'lucide'
    // Phosphor is filled; the Lucide icon at 1.5 px already is.
    expect(changedBy({ strokeWidth: 1.5 }, selection, strokeDrawn)).toBe(1)
    expect(changedBy({ style: 'outline' }, selection, strokeDrawn)).toBe(1)
    expect(changedBy({ size: 24 }, selection, strokeDrawn)).toBe(0)
    // An icon left at its size (one at the end of the range, or not in the map) is not counted.
    expect(changedBy({ sizes: new Map([['1:1', 25], ['1:2', 24]]) }, selection, strokeDrawn)).toBe(1)
    expect(changedBy({ color: '#333333', binding: null }, selection, strokeDrawn)).toBe(0)
    expect(changedBy({ color: '#FF6600' }, selection, strokeDrawn)).toBe(4)
  })
})
