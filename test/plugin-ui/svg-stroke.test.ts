/**
 * A designer's stroke width written into an SVG as insert gives it: px at the inserted size,
 * in the drawing's own units; on lines a set outlined into fills, a stroke that widens them.
 */
import { describe, expect, test } from 'vitest'

import { strokedAsInserted, withOutlinesWidened, withStrokeWidth } from '../../src/plugin/ui/svg-stroke'

const LUCIDE = '<svg xmlns="http://www.w3.org/2000/svg" width="48" height="48" viewBox="0 0 24 24"><g fill="none" stroke="#000" stroke-width="2"><path d="M3 3h18"/><path stroke-width="2" d="M3 9h18"/></g></svg>'

describe('withStrokeWidth', () => {
  test('1.5 px on a 24-unit drawing inserted at 48 px is 0.75 units, on every layer that says its width', () => {
    expect(withStrokeWidth(LUCIDE, 1.5, 48)).toBe(LUCIDE.replaceAll('stroke-width="2"', 'stroke-width="0.75"'))
  })

  test('at the drawing’s own size the width is the px asked for; a style attribute is set too', () => {
    const styled = '<svg viewBox="0 0 20 20"><path style="fill:none;stroke-width:1.25;stroke:#000" d="M0 0h20"/></svg>'
    expect(withStrokeWidth(styled, 2, 20)).toBe(styled.replace('stroke-width:1.25', 'stroke-width:2'))
  })

  test('a drawing that never says its width gets it on the root, where every layer inherits it', () => {
    const plain = '<svg viewBox="0 0 32 16"><path stroke="#000" d="M0 0h32"/></svg>'
    // The longest side, 32 units, becomes 16 px: 1 px is 2 units.
    expect(withStrokeWidth(plain, 1, 16)).toBe('<svg stroke-width="2" viewBox="0 0 32 16"><path stroke="#000" d="M0 0h32"/></svg>')
  })

  test('an SVG without a viewBox is left as it is', () => {
    const bare = '<svg width="24" height="24"><path stroke-width="2" d="M0 0h24"/></svg>'
    expect(withStrokeWidth(bare, 1, 24)).toBe(bare)
  })
})

describe('withOutlinesWidened', () => {
  // Phosphor's minus as the catalogue renders it at 48 px: a 16-unit line on the 256 grid, 3 px at 48.
  const MINUS = '<svg xmlns="http://www.w3.org/2000/svg" width="48" height="48" viewBox="0 0 256 256"><path fill="#1e1e1e" d="M224 128a8 8 0 0 1-8 8H40a8 8 0 0 1 0-16h176a8 8 0 0 1 8 8"/></svg>'
  const PHOSPHOR = { style: 'outline', width: 16, drawn_at: 256, outlined: { join: 'round' as const } }

  test('4 px at 48 is a 1 px stroke (5.3333 units) round each filled shape, in its own fill', () => {
    expect(withOutlinesWidened(MINUS, 4, 48, PHOSPHOR)).toBe(
      '<svg stroke-width="5.3333" stroke-linejoin="round" xmlns="http://www.w3.org/2000/svg" width="48" height="48" viewBox="0 0 256 256">' +
        '<path fill="#1e1e1e" stroke="#1e1e1e" d="M224 128a8 8 0 0 1-8 8H40a8 8 0 0 1 0-16h176a8 8 0 0 1 8 8"/></svg>'
    )
  })

  test('a width no wider than the lines leaves the drawing as it is; a shape filled with nothing gets no stroke', () => {
    expect(withOutlinesWidened(MINUS, 3, 48, PHOSPHOR)).toBe(MINUS)
    expect(withOutlinesWidened(MINUS, 1, 48, PHOSPHOR)).toBe(MINUS)
    const framed = '<svg viewBox="0 0 24 24"><rect fill="none" width="24" height="24"/><path fill="currentColor" d="M5 13v-2h14v2z"/></svg>'
    expect(withOutlinesWidened(framed, 3, 24, { style: 'outline', width: 2, drawn_at: 24, outlined: { join: 'miter' } })).toBe(
      '<svg stroke-width="1" stroke-linejoin="miter" viewBox="0 0 24 24"><rect fill="none" width="24" height="24"/><path fill="currentColor" stroke="currentColor" d="M5 13v-2h14v2z"/></svg>'
    )
  })

  test('strokedAsInserted widens an outlined drawing and restrokes a stroke-drawn one', () => {
    expect(strokedAsInserted(MINUS, 4, 48, PHOSPHOR)).toBe(withOutlinesWidened(MINUS, 4, 48, PHOSPHOR))
    expect(strokedAsInserted(LUCIDE, 1.5, 48, { style: 'outline', width: 2, drawn_at: 24 })).toBe(withStrokeWidth(LUCIDE, 1.5, 48))
    expect(strokedAsInserted(MINUS, 4, 48, undefined)).toBe(MINUS)
  })
})
