/**
 * Which of a set's styles are drawn with strokes, and how wide: read from the drawings
 * themselves, so the answer stays true when a set changes. A style counts as stroke-drawn when
 * nearly all of its icons (an even sample of them) stroke with currentColor at one and the same width (Lucide and Tabler
 * outline at 2 px on 24, Iconoir and Heroicons outline at 1.5). Sets whose Iconify data outlines
 * the strokes into filled shapes (Phosphor, Material Symbols) have no stroke to read or set: their
 * line widths come from the set's configuration (outlinedStrokes), and a width is reached by widening.
 */
import type { IconifyIcon } from '@iconify/types'

import type { IconSetStroke, StyleSlug } from '../api/catalogue-schemas'
import type { LineJoin } from '../api/line-joins'
import type { IconSetConfig } from './iconset-config'
import type { IconRecord } from './load-iconset'

/**
 * Share of a style's icons that must stroke at one width for the style to count as stroke-drawn:
 * most, not all, as a stroke-drawn set outlines the odd drawing into fills (MingCute's line icons
 * stroke at 2 px in 85% of its drawings), which keep their look when the others take a width.
 */
const STROKE_DRAWN_SHARE = 0.8
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

type Drawing = (icon: IconRecord) => IconifyIcon | undefined

/** The width most of these icons stroke at, judged on an even sample; null when too few stroke at one width. */
function commonStrokeWidth(members: readonly IconRecord[], drawing: Drawing): number | null {
  const sample = evenlySpread(members, SAMPLE_SIZE)
  const counts = new Map<number, number>()
  for (const icon of sample) {
    const width = strokeWidthOf(drawing(icon)?.body ?? '')
    if (width !== null) counts.set(width, (counts.get(width) ?? 0) + 1)
  }
  const [width, count] = [...counts].sort((a, b) => b[1] - a[1])[0] ?? [0, 0]
  return count >= sample.length * STROKE_DRAWN_SHARE ? width : null
}

/** The items under their keys, in the order met. */
function groupBy<T, K>(items: readonly T[], key: (item: T) => K): Map<K, T[]> {
  const groups = new Map<K, T[]>()
  for (const item of items) {
    const at = key(item)
    const members = groups.get(at)
    if (members === undefined) groups.set(at, [item])
    else members.push(item)
  }
  return groups
}

/** The size (px) a style's icons are drawn at: the largest of their native sizes. */
function drawnAt(members: readonly IconRecord[]): number {
  return Math.round(Math.max(...members.map((icon) => icon.nativeSize)))
}

/**
 * The set's stroke-drawn styles. A style that holds drawings of several kinds under the suffixes of
 * its slugs (`suffixes`, the set's style rules: Solar's outline is its linear and broken strokes and
 * its outlined fills) is stroke-drawn for those of its suffixes whose drawings are.
 */
export function strokeStyles(icons: readonly IconRecord[], drawing: Drawing, suffixes: readonly string[] = []): IconSetStroke[] {
  // Longest first, so that 'home-line-duotone' is a line-duotone drawing, not a duotone one.
  const known = [...suffixes].sort((a, b) => b.length - a.length)
  const suffixOf = (icon: IconRecord): string | undefined => known.find((suffix) => icon.slug.endsWith(`-${suffix}`))
  return [...groupBy(icons, (icon) => icon.style)].flatMap(([style, members]): IconSetStroke[] => {
    const at = drawnAt(members)
    const width = commonStrokeWidth(members, drawing)
    if (width !== null) return [{ style, width, drawn_at: at }]
    const kinds = [...groupBy(members, suffixOf)].flatMap(([suffix, kind]) => {
      const kindWidth = suffix === undefined ? null : commonStrokeWidth(kind, drawing)
      return suffix === undefined || kindWidth === null ? [] : [{ suffix, width: kindWidth }]
    })
    return [...groupBy(kinds, (kind) => kind.width)].map(([kindWidth, same]) => ({
      style,
      width: kindWidth,
      drawn_at: at,
      suffixes: same.map((kind) => kind.suffix)
    }))
  })
}

/** One configured kind of outlined drawing: its style, and its suffix where the style holds other drawings too. */
interface OutlinedKind {
  style: StyleSlug
  suffix: string | null
  width: number
  join: LineJoin
}

/**
 * The kinds of outlined drawing a set's configuration names (IconSetConfig.outlined), each with the
 * style its suffix gives. Throws for drawings without a suffix that share their style with others,
 * as no suffix could then tell them apart: loadCatalogue asks this before loading, so a
 * misconfigured set fails the start, not a request.
 */
export function outlinedKinds(config: Pick<IconSetConfig, 'slug' | 'outlined' | 'styles'>): OutlinedKind[] {
  const { outlined, styles } = config
  if (outlined === undefined || styles === undefined) return []
  const suffixes = Object.entries(styles.suffixes ?? {})
  return Object.entries(outlined).flatMap(([suffix, { width, join }]): OutlinedKind[] => {
    const style = suffix === '' ? styles.base : styles.suffixes?.[suffix]
    if (style === undefined) throw new Error(`${config.slug}: the outlined suffix "${suffix}" is no style of the set`)
    // The style's other drawings: those of the other suffixes it is given, and of none if it is the base.
    const shared = (styles.base === style && suffix !== '') || suffixes.some(([other, to]) => to === style && other !== suffix)
    if (shared && suffix === '') throw new Error(`${config.slug}: the outlined drawings without a suffix share their style ${style} with others; name them by suffix`)
    return [{ style, suffix: shared ? suffix : null, width, join }]
  })
}

/**
 * The set's styles whose lines its data outlined into fills (IconSetConfig.outlined), each at the
 * width of its lines. A style that also holds drawings of other suffixes (Material Symbols' rounded:
 * filled `-rounded` and outlined `-outline-rounded`) is outlined only for the suffixes configured.
 */
export function outlinedStrokes(icons: readonly IconRecord[], config: Pick<IconSetConfig, 'slug' | 'outlined' | 'styles'>): IconSetStroke[] {
  const styles = groupBy(icons, (icon) => icon.style)
  return outlinedKinds(config).flatMap(({ style, suffix, width, join }): IconSetStroke[] => {
    const members = styles.get(style)
    return members === undefined ? [] : [{ style, width, drawn_at: drawnAt(members), ...(suffix === null ? {} : { suffixes: [suffix] }), outlined: { join } }]
  })
}
