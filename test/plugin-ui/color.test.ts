/** Colours as a designer types them, and the colour icon previews are drawn in. */
import { describe, expect, test } from 'vitest'

import { contrastRatio, parseHexColor, previewColor } from '../../src/plugin/ui/color'

describe('parseHexColor', () => {
  test('takes #rrggbb, rrggbb, #rgb and rgb in any case, as lower-case #rrggbb', () => {
    expect(parseHexColor('#0F6CBD')).toEqual({ ok: true, color: '#0f6cbd' })
    expect(parseHexColor(' 0f6cbd ')).toEqual({ ok: true, color: '#0f6cbd' })
    expect(parseHexColor('#F60')).toEqual({ ok: true, color: '#ff6600' })
    expect(parseHexColor('abc')).toEqual({ ok: true, color: '#aabbcc' })
  })

  test('refuses names, short, long and non-hex input with one clear message', () => {
    for (const text of ['blue', '#12', '#1234567', '#ggg', '', 'rgb(0,0,0)']) {
      expect(parseHexColor(text)).toEqual({ ok: false, message: 'Colour must be a hex colour such as #0F6CBD.' })
    }
  })

  test('says a colour with transparency (#rrggbbaa, #rgba) is a colour whose opacity is not taken', () => {
    for (const text of ['#0F6CBD80', 'ff000080', '#f608']) {
      expect(parseHexColor(text)).toEqual({ ok: false, message: "Colour takes no transparency: use 6 digits such as #0F6CBD, and the layer's opacity." })
    }
  })
})

describe('previewColor', () => {
  const light = { ink: '#1e1e1e', background: '#ffffff' }
  const dark = { ink: '#f0f0f0', background: '#2c2c2c' }

  test('previews follow the chosen colour where it shows against the background', () => {
    expect(previewColor('#0f6cbd', light.ink, light.background)).toBe('#0f6cbd')
    expect(previewColor('#ff6600', dark.ink, dark.background)).toBe('#ff6600')
    expect(previewColor('#000000', light.ink, light.background)).toBe('#000000')
  })

  test('a colour that would vanish (black on dark, white on light) falls back to the theme ink', () => {
    expect(previewColor('#000000', dark.ink, dark.background)).toBe(dark.ink)
    expect(previewColor('#ffffff', light.ink, light.background)).toBe(light.ink)
  })

  test('contrast ratio is WCAG’s: 21 for black on white, 1 for a colour on itself', () => {
    expect(contrastRatio('#000000', '#ffffff')).toBeCloseTo(21, 5)
    expect(contrastRatio('#0f6cbd', '#0f6cbd')).toBe(1)
  })
})
