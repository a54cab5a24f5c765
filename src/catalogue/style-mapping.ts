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
}

/** Compiles a set's rules once: suffixes longest first, so the first match is the longest. */
export function styleMatcher(rules: StyleRules): (name: string) => StyleMatch {
  const suffixes = Object.entries(rules.suffixes ?? {})
    .map(([suffix, style]) => ({ ending: `-${suffix}`, style }))
    .sort((a, b) => b.ending.length - a.ending.length)
  return (name) => matchStyle(name, rules, suffixes)
}

function matchStyle(
  name: string,
  rules: StyleRules,
  suffixes: ReadonlyArray<{ ending: string; style: StyleSlug }>
): StyleMatch {
  let style = rules.base
  let family = name
  for (const { ending, style: suffixStyle } of suffixes) {
    if (name.length > ending.length && name.endsWith(ending)) {
      style = suffixStyle
      family = name.slice(0, -ending.length)
      break
    }
  }
  const sizeSegment = /-(\d+)$/.exec(family)
  if (sizeSegment && sizeSegment.index > 0 && rules.sizes?.includes(Number(sizeSegment[1]))) {
    family = family.slice(0, sizeSegment.index)
  }
  return { style, family }
}
