/**
 * Which of a set's styles are drawn with strokes, and how wide: read from the drawings
 * themselves, so the answer stays true when a set changes. A style counts as stroke-drawn when
 * nearly all of its icons stroke with currentColor at one and the same width (Lucide and Tabler
 * outline at 2 px on 24, Iconoir and Heroicons outline at 1.5). Sets whose Iconify data outlines
 * the strokes into filled shapes (Phosphor, Material Symbols) are not: there is no stroke to set.
 */
import type { IconifyJSON } from '@iconify/types'
import { getIconData } from '@iconify/utils'

import type { IconSetStroke } from '../api/catalogue-schemas'
import type { IconRecord } from './load-iconset'

/** Share of a style's icons that must stroke at one width for the style to count as stroke-drawn. */
const STROKE_DRAWN_SHARE = 0.9

/** The width an icon's drawing strokes at, or null when it is not drawn with strokes of one width. */
export function strokeWidthOf(body: string): number | null {
  if (!/stroke="currentColor"/.test(body)) return null
  const widths = new Set([...body.matchAll(/stroke-width="([\d.]+)"/g)].map((match) => Number(match[1])))
  if (widths.size !== 1) return null
  const [width] = widths
  return width !== undefined && width > 0 ? width : null
}

export function strokeStyles(icons: readonly IconRecord[], data: IconifyJSON): IconSetStroke[] {
  const byStyle = new Map<string, IconRecord[]>()
  for (const icon of icons) byStyle.set(icon.style, [...(byStyle.get(icon.style) ?? []), icon])
  return [...byStyle].flatMap(([style, members]) => {
    const counts = new Map<number, number>()
    for (const icon of members) {
      const width = strokeWidthOf(getIconData(data, icon.slug)?.body ?? '')
      if (width !== null) counts.set(width, (counts.get(width) ?? 0) + 1)
    }
    const [width, count] = [...counts].sort((a, b) => b[1] - a[1])[0] ?? [0, 0]
    if (count < members.length * STROKE_DRAWN_SHARE) return []
    const drawnAt = Math.round(Math.max(...members.map((icon) => icon.nativeSize)))
    return [{ style, width, drawn_at: drawnAt }]
  })
}
