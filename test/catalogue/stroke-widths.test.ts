/**
 * The catalogue says which styles of a set are drawn with strokes and at what width, read from
 * the real drawings: the plugin offers a stroke width only where there is a stroke to set.
 */
import { describe, expect, it } from 'vitest'

import { loadCatalogue } from '../../src/catalogue/catalogue'
import { ICONSET_CONFIG } from '../../src/catalogue/iconset-config'
import type { IconRecord } from '../../src/catalogue/load-iconset'
import { outlinedKinds, strokeWidthOf } from '../../src/catalogue/stroke-widths'
import { iconsetSummary } from '../../src/catalogue/to-wire'

describe('stroke-drawn styles', () => {
  it('Lucide and Tabler outline stroke at 2 px on 24, Iconoir and Heroicons outline at 1.5; filled drawings have none', async () => {
    const slugs = ['lucide', 'tabler', 'iconoir', 'heroicons', 'mingcute', 'solar', 'ph', 'material-symbols', 'twemoji']
    const catalogue = await loadCatalogue(ICONSET_CONFIG.filter((entry) => slugs.includes(entry.slug)))
    const strokes = Object.fromEntries(
      catalogue.iconsets.map((set) => [set.slug, iconsetSummary('http://catalogue.test', set).strokes])
    )
    expect(strokes).toEqual({
      lucide: [{ style: 'outline', width: 2, drawn_at: 24 }],
      tabler: [{ style: 'outline', width: 2, drawn_at: 24 }],
      iconoir: [{ style: 'outline', width: 1.5, drawn_at: 24 }],
      heroicons: [{ style: 'outline', width: 1.5, drawn_at: 24 }],
      // MingCute's line icons stroke at 2 px, but for the odd one outlined into fills.
      mingcute: [{ style: 'outline', width: 2, drawn_at: 24 }],
      // Solar's outline style is its Linear and Broken strokes and its filled Outline drawings; its
      // Line Duotone strokes, its Bold Duotone fills.
      solar: [
        { style: 'outline', width: 1.5, drawn_at: 24, suffixes: ['linear', 'broken'] },
        { style: 'duotone', width: 1.5, drawn_at: 24, suffixes: ['line-duotone'] }
      ],
      // Phosphor's and Material Symbols' Iconify drawings are filled outlines of their strokes, at
      // the widths of their weights, widened to another; Twemoji is filled colour.
      ph: [
        { style: 'outline', width: 16, drawn_at: 256, outlined: { join: 'round' } },
        { style: 'thin', width: 8, drawn_at: 256, outlined: { join: 'round' } },
        { style: 'light', width: 12, drawn_at: 256, outlined: { join: 'round' } },
        { style: 'bold', width: 24, drawn_at: 256, outlined: { join: 'round' } }
      ],
      // Only the outlined drawings: Material Symbols' rounded and sharp styles hold filled ones too.
      'material-symbols': [
        { style: 'outline', width: 2, drawn_at: 24, outlined: { join: 'miter' } },
        { style: 'rounded', width: 2, drawn_at: 24, suffixes: ['outline-rounded'], outlined: { join: 'round' } },
        { style: 'sharp', width: 2, drawn_at: 24, suffixes: ['outline-sharp'], outlined: { join: 'miter' } }
      ],
      twemoji: []
    })
  })

  it('outlined drawings without a suffix, sharing their style with others, are refused at start', async () => {
    const [phosphor] = ICONSET_CONFIG.filter((entry) => entry.slug === 'ph')
    const misread = { ...phosphor!, styles: { base: 'outline' as const, suffixes: { thin: 'outline' as const } }, outlined: { '': { width: 16, join: 'round' as const } } }
    await expect(loadCatalogue([misread])).rejects.toThrow('ph: the outlined drawings without a suffix share their style outline with others; name them by suffix')
    expect(() => outlinedKinds({ ...phosphor!, outlined: { fat: { width: 32, join: 'round' } } })).toThrow('ph: the outlined suffix "fat" is no style of the set')
  })

  it('the outlined widths are those the drawings show', async () => {
    const catalogue = await loadCatalogue(ICONSET_CONFIG.filter((entry) => entry.slug === 'ph' || entry.slug === 'material-symbols'))
    const body = (iconset: string, slug: string) => catalogue.iconData(catalogue.getIcon(iconset, slug) as IconRecord).body
    // Phosphor's minus is one line with round ends: each end a half circle as wide as the line.
    const capOf = (slug: string) => Number(/a(\d+) \1 /.exec(body('ph', slug))?.[1]) * 2
    expect(['minus', 'minus-thin', 'minus-light', 'minus-bold'].map(capOf)).toEqual([16, 8, 12, 24])
    // Material Symbols' sharp crop square: an 18-unit square (M3 21V3h18v18z) with a 14-unit hole two units in.
    expect(body('material-symbols', 'crop-square-outline-sharp')).toContain('M3 21V3h18v18zm2-2h14V5H5z')
  })

  it('an icon strokes at one width with currentColor, or it is not stroke-drawn', () => {
    expect(strokeWidthOf('<path fill="none" stroke="currentColor" stroke-width="2" d="M3 3h18"/>')).toBe(2)
    expect(strokeWidthOf('<g fill="none" stroke="currentColor" stroke-width="1.5"><path d="M1 1"/><path d="M2 2"/></g>')).toBe(1.5)
    expect(strokeWidthOf('<path fill="currentColor" d="M3 3h18v18H3z"/>')).toBeNull()
    expect(strokeWidthOf('<g stroke="currentColor"><path stroke-width="1" d="M1 1"/><path stroke-width="2" d="M2 2"/></g>')).toBeNull()
  })
})
