/**
 * A designer's stroke width written into an SVG as insert gives it: px at the inserted size,
 * in the drawing's own units.
 */
import { describe, expect, test } from 'vitest'

import { withStrokeWidth } from '../../src/plugin/ui/svg-stroke'

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
