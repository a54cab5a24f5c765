/**
 * Which of a set's styles are drawn with strokes, and how wide: read from the drawings
 * themselves, so the answer stays true when a set changes. A style counts as stroke-drawn when
 * nearly all of its icons (an even sample of them) stroke with currentColor at one and the same width (Lucide and Tabler
 * outline at 2 px on 24, Iconoir and Heroicons outline at 1.5). Sets whose Iconify data outlines
 * the strokes into filled shapes (Phosphor, Material Symbols) are not: there is no stroke to set.
 */
import type { IconifyIcon } from '@iconify/types'

import type { IconSetStroke } from '../api/catalogue-schemas'
import type { IconRecord } from './load-iconset'

/** Share of a style's icons that must stroke at one width for the style to count as stroke-drawn. */
const STROKE_DRAWN_SHARE = 0.9
/**
 * Drawings read per style, spread evenly over it: drawings stay in the set's snapshot file until
 * needed, and reading every one at start-up would cost seconds for a sample's answer.
 */
const SAMPLE_SIZE = 64

function evenlySpread<T>(items: readonly T[], count: number): T[] {
  if (items.length <= count) return [...items]
  return Array.from({ length: count }, (_, index) => items[Math.floor((index * items.length) / count)] as T)
}

/** The width an icon's drawing strokes at, or null when it is not drawn with strokes of one width. */
export function strokeWidthOf(body: string): number | null {
  if (!/stroke="currentColor"/.test(body)) return null
  const widths = new Set([...body.matchAll(/stroke-width="([\d.]+)"/g)].map((match) => Number(match[1])))
  if (widths.size !== 1) return null
  const [width] = widths
  return width !== undefined && width > 0 ? width : null
}

export function strokeStyles(icons: readonly IconRecord[], drawing: (icon: IconRecord) => IconifyIcon | undefined): IconSetStroke[] {
  const byStyle = new Map<string, IconRecord[]>()
  for (const icon of icons) {
    const members = byStyle.get(icon.style)
    if (members === undefined) byStyle.set(icon.style, [icon])
    else members.push(icon)
  }
  return [...byStyle].flatMap(([style, members]) => {
    const sample = evenlySpread(members, SAMPLE_SIZE)
    const counts = new Map<number, number>()
    for (const icon of sample) {
      const width = strokeWidthOf(drawing(icon)?.body ?? '')
      if (width !== null) counts.set(width, (counts.get(width) ?? 0) + 1)
    }
    const [width, count] = [...counts].sort((a, b) => b[1] - a[1])[0] ?? [0, 0]
    if (count < sample.length * STROKE_DRAWN_SHARE) return []
    const drawnAt = Math.round(Math.max(...members.map((icon) => icon.nativeSize)))
    return [{ style, width, drawn_at: drawnAt }]
  })
}
