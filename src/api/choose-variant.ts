import type { IconDetail } from './catalogue-schemas'

export interface FamilyMember {
  slug: string
  style: string
  /** Native drawing size in px (longest side). */
  size: number
}

export interface VariantChoice {
  slug: string
  style: string
  /** True when the family has a drawing made for exactly this size; otherwise the drawing is rescaled. */
  native: boolean
}

/** The icon itself plus the rest of its family, as one list. */
export function familyOf(icon: Pick<IconDetail, 'slug' | 'style' | 'width' | 'height' | 'variants'>): FamilyMember[] {
  const self = { slug: icon.slug, style: icon.style, size: Math.max(icon.width, icon.height) }
  return [self, ...icon.variants.filter((variant) => variant.slug !== icon.slug)]
}

/**
 * Which drawing to render for a wanted style and size: in that style, the drawing made for that size
 * (Fluent 12/16/20/24/28/32/48, Heroicons 16/20/24, Octicons 16/24), else the one nearest in size,
 * rescaled; of two as near, the larger, which loses less detail scaled down. So the drawing depends
 * on the size alone, not on the sizes an icon went through: Fluent's home at 13 px is its 12 px
 * drawing whether it was inserted at 48 or at 16. Of drawings the same size (Solar's linear, broken
 * and outline are all 24 px outline), the current one stays. A style the family lacks keeps the
 * current drawing.
 */
export function chooseVariant(
  current: FamilyMember,
  family: readonly FamilyMember[],
  wanted: { style: string; size: number }
): VariantChoice {
  // A stable sort with `current` first: it stays where size cannot choose.
  const nearest = [current, ...family.filter((member) => member.slug !== current.slug)]
    .filter((member) => member.style === wanted.style)
    .sort((a, b) => Math.abs(a.size - wanted.size) - Math.abs(b.size - wanted.size) || b.size - a.size)[0]
  if (nearest === undefined) return { slug: current.slug, style: current.style, native: false }
  return { slug: nearest.slug, style: nearest.style, native: nearest.size === wanted.size }
}

/** The styles a family is drawn in, in first-seen order. */
export function stylesOf(family: readonly FamilyMember[]): string[] {
  return [...new Set(family.map((member) => member.style))]
}

/** The native drawing sizes available in one style, ascending. */
export function nativeSizesOf(family: readonly FamilyMember[], style: string): number[] {
  return [...new Set(family.filter((member) => member.style === style).map((member) => member.size))].sort(
    (a, b) => a - b
  )
}
