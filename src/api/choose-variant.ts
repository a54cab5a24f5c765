import type { IconDetail } from './catalogue-schemas'
import { humanName } from './icon-name'

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
 * Which drawing to render for a wanted style and size, for an insert, a new style or a download: in
 * that style, the drawing made for that size (Fluent 12/16/20/24/28/32/48, Heroicons 16/20/24,
 * Octicons 16/24), else the one nearest in size, rescaled; of two as near, the larger, which loses
 * less detail scaled down. (A size swap on the canvas rescales the drawing the icon has instead,
 * unless one was made for the size: retargetSelection.) Of drawings the same size (Solar's linear,
 * broken and outline are all 24 px outline), the current one stays. A style the family lacks keeps
 * the current drawing.
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

/**
 * The family's drawings in one style at one native size, in name order (so they keep their places
 * whichever is open): Solar draws each icon linear, broken and outline, all 24 px outline; Material
 * Symbols draws each rounded one filled and outlined. Style and size alone cannot choose among them.
 */
export function drawingsAlike(family: readonly FamilyMember[], style: string, size: number): FamilyMember[] {
  return family
    .filter((member) => member.style === style && member.size === size)
    .sort((a, b) => a.slug.length - b.slug.length || (a.slug < b.slug ? -1 : a.slug > b.slug ? 1 : 0))
}

/** What tells a drawing from the others alike (drawingsAlike): its name past the family's, 'home-broken' of home is Broken; the family's own name is Plain. */
export function drawingLabel(slug: string, family: string): string {
  return humanName(slug === family ? 'plain' : slug.startsWith(`${family}-`) ? slug.slice(family.length + 1) : slug)
}
