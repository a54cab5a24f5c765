/**
 * The few icons that show a set or a style at a glance, on its card: everyday symbols a designer
 * knows on sight, drawn in that set's default style or in that style, so cards compare like for like
 * (Phosphor's house beside Lucide's), rather than upstream's mix of styles or the first names A-Z.
 */
import type { StyleSlug } from '../api/catalogue-schemas'
import type { IconRecord } from './load-iconset'

export const SAMPLE_COUNT = 6

/**
 * Everyday symbols, most recognisable first, each under the family names sets give it ('house' in
 * Lucide, 'magnify' in MDI, 'cog-6-tooth' in Heroicons); brands last, for the logo sets, and only
 * brands whose name is no other thing: Apple's logo is 'apple' in some sets, the fruit in others.
 */
const EVERYDAY_SYMBOLS: ReadonlyArray<readonly string[]> = [
  ['home', 'house'],
  ['search', 'magnifying-glass', 'magnify', 'magnifer', 'magnifying-glass-tilted-left'],
  ['user', 'person', 'account', 'bust-in-silhouette'],
  ['settings', 'gear', 'cog', 'cog-6-tooth'],
  ['heart', 'red-heart'],
  ['star'],
  ['bell'],
  ['mail', 'envelope', 'email'],
  ['calendar'],
  ['camera'],
  ['trash', 'trash-can', 'delete'],
  ['lock'],
  ['github'],
  ['figma'],
  ['google'],
  ['youtube'],
  ['slack']
]

/**
 * Each everyday symbol as each set draws it, symbol by symbol and the sets in the order given: every
 * house, then every magnifier, so a first page compares the sets on what designers reach for most.
 * `drawing` gives a set's drawing under a family name, if it has one; a set's first name that it
 * draws stands for the symbol, as on its card.
 */
export function everydayDrawings<T>(sets: readonly string[], drawing: (set: string, family: string) => T | undefined): T[] {
  return EVERYDAY_SYMBOLS.flatMap((names) =>
    sets.flatMap((set) => {
      for (const name of names) {
        const drawn = drawing(set, name)
        if (drawn !== undefined) return [drawn]
      }
      return []
    })
  )
}

/** The first name of each everyday symbol that `has` says is drawn: one family per symbol. */
function everydayFamilies(has: (family: string) => boolean): string[] {
  return EVERYDAY_SYMBOLS.flatMap((names) => names.find(has) ?? [])
}

/**
 * A set's samples, as slugs: each family's default drawing where that is in the set's default style,
 * one per family; everyday symbols first, then the symbols upstream samples show, then families in
 * name order until there are SAMPLE_COUNT.
 */
export function setSamples(defaults: ReadonlyMap<string, IconRecord>, base: StyleSlug, upstreamFamilies: readonly string[]): string[] {
  const samples = new Set<string>()
  const candidates = [...everydayFamilies((family) => defaults.has(family)), ...upstreamFamilies, ...defaults.keys()]
  for (const family of candidates) {
    if (samples.size >= SAMPLE_COUNT) break
    const drawing = defaults.get(family)
    if (drawing?.style === base) samples.add(drawing.slug)
  }
  return [...samples]
}

/**
 * A style's samples: each everyday symbol from the first set (in the catalogue's order) that draws
 * it in this style, at its nearest 24px; then, until there are SAMPLE_COUNT, the style's other icons
 * in the catalogue's order (`leads`), one per family.
 */
export function styleSamples(
  style: StyleSlug,
  sets: ReadonlyArray<ReadonlyMap<string, readonly IconRecord[]>>,
  leads: readonly IconRecord[]
): IconRecord[] {
  const samples = new Map<string, IconRecord>()
  const add = (icon: IconRecord) => {
    if (samples.size < SAMPLE_COUNT && !samples.has(`${icon.iconset}:${icon.family}`)) samples.set(`${icon.iconset}:${icon.family}`, icon)
  }
  for (const names of EVERYDAY_SYMBOLS) {
    const drawn = sets.flatMap((families) => names.flatMap((name) => families.get(name)?.find((icon) => icon.style === style) ?? []))
    if (drawn[0] !== undefined) add(drawn[0])
  }
  for (const icon of leads) {
    if (samples.size >= SAMPLE_COUNT) break
    if (icon.style === style) add(icon)
  }
  return [...samples.values()]
}
