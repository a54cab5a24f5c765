/**
 * Light structural checks on catalogue responses. The full schemas live in src/api, but TypeBox
 * must stay out of the UI bundle, so the UI checks just the fields it relies on.
 */
import type {
  Equivalent,
  IconDetail,
  IconEquivalents,
  IconSetList,
  IconSummary,
  SearchResult,
  StyleList
} from '../../api/catalogue-schemas'

export type Guard<T> = (value: unknown) => value is T

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
}

function hasStrings(value: Record<string, unknown>, keys: readonly string[]): boolean {
  return keys.every((key) => typeof value[key] === 'string')
}

function isArrayOf<T>(value: unknown, guard: Guard<T>): value is T[] {
  return Array.isArray(value) && value.every(guard)
}

export const isIconSummary: Guard<IconSummary> = (value): value is IconSummary =>
  isObject(value) &&
  hasStrings(value, ['iconset', 'slug', 'name', 'style', 'preview_url']) &&
  typeof value.width === 'number' &&
  typeof value.height === 'number'

/** A search page as a catalogue of any version sends it: one from before `families` has none (withFamilies). */
export type SearchPage = Omit<SearchResult, 'families'> & { families?: number }

export const isSearchPage: Guard<SearchPage> = (value): value is SearchPage =>
  isObject(value) &&
  typeof value.total === 'number' &&
  (value.families === undefined || typeof value.families === 'number') &&
  typeof value.offset === 'number' &&
  isArrayOf(value.icons, isIconSummary)

/**
 * The page with its `families`: a catalogue from before them answered one icon per family, so all
 * its results are families. A plugin newer than the catalogue it reaches (a deploy still rolling
 * out) keeps searching rather than calling every answer malformed.
 */
export function withFamilies(page: SearchPage): SearchResult {
  return { ...page, families: page.families ?? page.total }
}

const isEquivalent: Guard<Equivalent> = (value): value is Equivalent =>
  isObject(value) && isIconSummary(value.icon) && typeof value.confidence === 'number' && typeof value.matched_by === 'string'

export const isIconEquivalents: Guard<IconEquivalents> = (value): value is IconEquivalents =>
  isObject(value) &&
  typeof value.iconset === 'string' &&
  isArrayOf(
    value.equivalents,
    (entry: unknown): entry is IconEquivalents['equivalents'][number] =>
      isObject(entry) &&
      typeof entry.source === 'string' &&
      typeof entry.known === 'boolean' &&
      (entry.match === null || isEquivalent(entry.match)) &&
      isArrayOf(entry.alternatives, isEquivalent)
  )

export const isIconDetail: Guard<IconDetail> = (value): value is IconDetail => {
  if (!isIconSummary(value)) return false
  const fields: Record<string, unknown> = value
  return (
    typeof fields.iconset_name === 'string' &&
    isObject(fields.author) &&
    isObject(fields.license) &&
    Array.isArray(fields.variants) &&
    fields.variants.every(
      (variant: unknown) =>
        isObject(variant) && hasStrings(variant, ['slug', 'style']) && typeof variant.size === 'number'
    )
  )
}

const isIconSetSummary = (value: unknown): boolean =>
  isObject(value) &&
  hasStrings(value, ['slug', 'name']) &&
  typeof value.total_icons === 'number' &&
  isObject(value.author) &&
  isObject(value.license) &&
  Array.isArray(value.previews)

export const isIconSetList: Guard<IconSetList> = (value): value is IconSetList =>
  isObject(value) && Array.isArray(value.iconsets) && value.iconsets.every(isIconSetSummary)

export const isStyleList: Guard<StyleList> = (value): value is StyleList =>
  isObject(value) &&
  Array.isArray(value.styles) &&
  value.styles.every(
    (style: unknown) =>
      isObject(style) &&
      hasStrings(style, ['slug', 'name']) &&
      typeof style.total_icons === 'number' &&
      Array.isArray(style.samples) &&
      style.samples.every((sample: unknown) => isObject(sample) && hasStrings(sample, ['iconset', 'slug', 'preview_url']))
  )

export function isProblem(value: unknown): value is { title: string; detail: string } {
  return isObject(value) && hasStrings(value, ['title', 'detail'])
}
