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
  // One size segment, on either side of the style: Fluent writes home-24-filled, Octicons heart-fill-24.
  const unsized = withoutSize(name, rules)
  const { style, family } = withoutSuffix(unsized ?? name, rules, suffixes)
  return { style, family: unsized === undefined ? (withoutSize(family, rules) ?? family) : family }
}

function withoutSuffix(
  name: string,
  rules: StyleRules,
  suffixes: ReadonlyArray<{ ending: string; style: StyleSlug }>
): StyleMatch {
  for (const { ending, style } of suffixes) {
    if (name.length > ending.length && name.endsWith(ending)) return { style, family: name.slice(0, -ending.length) }
  }
  return { style: rules.base, family: name }
}

/** The name without its trailing native size segment, or undefined when it ends in none. */
function withoutSize(name: string, rules: StyleRules): string | undefined {
  const sizeSegment = /-(\d+)$/.exec(name)
  if (sizeSegment && sizeSegment.index > 0 && rules.sizes?.includes(Number(sizeSegment[1]))) return name.slice(0, sizeSegment.index)
  return undefined
}
