/**
 * Maps an icon name onto the shared style vocabulary and its family, using a set's StyleRules.
 * Pure: the same name and rules always give the same answer.
 */
import type { StyleSlug } from '../api/catalogue-schemas'
import type { StyleRules } from './iconset-config'

export interface StyleMatch {
  style: StyleSlug
  /** The name without its style suffix and size segment: the family's symbol, e.g. 'home'. */
  family: string
  /** Native size written in the name (Fluent, Octicons, Heroicons), if any. */
  namedSize: number | null
}

export function matchStyle(name: string, rules: StyleRules): StyleMatch {
  let style = rules.base
  let family = name
  let longest = 0
  for (const [suffix, suffixStyle] of Object.entries(rules.suffixes ?? {})) {
    if (suffix.length > longest && name.length > suffix.length + 1 && name.endsWith(`-${suffix}`)) {
      longest = suffix.length
      style = suffixStyle
      family = name.slice(0, -suffix.length - 1)
    }
  }
  let namedSize: number | null = null
  const sizeSegment = /-(\d+)$/.exec(family)
  if (sizeSegment?.[1] !== undefined && rules.sizes?.includes(Number(sizeSegment[1])) && sizeSegment.index > 0) {
    namedSize = Number(sizeSegment[1])
    family = family.slice(0, sizeSegment.index)
  }
  return { style, family, namedSize }
}
