/**
 * What a swap of the selected icons says once done: how many icons, and what they now are, as
 * Figma's own toasts name what changed.
 */
import { describe, expect, test } from 'vitest'

import { swappedMessage } from '../../src/plugin/ui/format'

const nameOfStyle = (slug: string) => ({ bold: 'Bold', solid: 'Solid' })[slug] ?? slug

describe('swappedMessage', () => {
  test('names each change, and counts the icons', () => {
    expect(swappedMessage({ size: 48 }, 1, nameOfStyle)).toBe('Updated 1 icon to 48 px')
    expect(swappedMessage({ style: 'bold', size: 32 }, 2, nameOfStyle)).toBe('Updated 2 icons to Bold, 32 px')
    expect(swappedMessage({ color: '#ff6600', binding: null }, 3, nameOfStyle)).toBe('Updated 3 icons to #FF6600')
    expect(swappedMessage({ strokeWidth: 1.5 }, 1, nameOfStyle)).toBe('Updated 1 icon to 1.5 px strokes')
    expect(swappedMessage({ strokeWidth: null }, 1, nameOfStyle)).toBe('Updated 1 icon to strokes as drawn')
  })

  test('a colour unbound from a file colour, keeping its value, says so', () => {
    expect(swappedMessage({ binding: null }, 2, nameOfStyle)).toBe('Unbound 2 icons from the file colour')
  })
})
