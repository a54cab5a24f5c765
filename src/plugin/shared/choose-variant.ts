import type { IconDetail } from '../../api/catalogue-schemas'

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
 * Which drawing to render for a wanted style and size. A drawing made for that size in that style
 * wins (Fluent 16/20/24/28/32/48, Heroicons 16/20/24, Octicons 16/24). Otherwise, in the current
 * style the current drawing is rescaled; in another style the drawing nearest in size is rescaled.
 */
export function chooseVariant(
  current: FamilyMember,
  family: readonly FamilyMember[],
  wanted: { style: string; size: number }
): VariantChoice {
  const inStyle = family.filter((member) => member.style === wanted.style)
  const exact = inStyle.find((member) => member.size === wanted.size)
  if (exact !== undefined) return { slug: exact.slug, style: exact.style, native: true }
  if (wanted.style === current.style) return { slug: current.slug, style: current.style, native: false }
  const nearest = [...inStyle].sort(
    (a, b) => Math.abs(a.size - wanted.size) - Math.abs(b.size - wanted.size) || b.size - a.size
  )[0]
  if (nearest === undefined) return { slug: current.slug, style: current.style, native: false }
  return { slug: nearest.slug, style: nearest.style, native: false }
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
