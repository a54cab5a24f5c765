import type { StyleSlug } from './catalogue-schemas'

/**
 * Where each style stands when a designer picks one: by weight, as Phosphor's and Material's own
 * plugins list them (thin, light, regular, bold, fill, duotone), then the styles that are not
 * weights. A record, so a style added to the vocabulary must be given its place here.
 */
const WEIGHT_ORDER: Record<StyleSlug, number> = {
  thin: 0,
  light: 1,
  outline: 2,
  bold: 3,
  solid: 4,
  duotone: 5,
  rounded: 6,
  sharp: 7,
  color: 8,
  logo: 9
}

const isStyleSlug = (style: string): style is StyleSlug => Object.hasOwn(WEIGHT_ORDER, style)

/**
 * Compares two styles by weight, for sort(): one fixed order, so a list of styles never reorders
 * itself after a swap. A style this vocabulary does not know (from a newer catalogue) comes last.
 */
export function byStyleWeight(a: string, b: string): number {
  const rank = (style: string) => (isStyleSlug(style) ? WEIGHT_ORDER[style] : Number.MAX_SAFE_INTEGER)
  return rank(a) - rank(b) || (a < b ? -1 : a > b ? 1 : 0)
}
