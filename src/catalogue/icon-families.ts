/**
 * Groups a set's icons into families (the same symbol in other styles and native sizes) and
 * shares keywords across a family, so 'trash' finds every style of a tagged trash can.
 */
import { STYLE_SLUGS } from '../api/catalogue-schemas'
import type { IconRecord } from './load-iconset'
import { normaliseTag } from './tokenize'

/** Drawings nearest this size come first in a family: most UIs are drawn at 24px. */
const PREFERRED_SIZE = 24

function styleRank(style: string): number {
  return (STYLE_SLUGS as readonly string[]).indexOf(style)
}

/** The order of a family: outline before solid before the rest, then nearest 24px, shortest name. */
function compareWithinFamily(a: IconRecord, b: IconRecord): number {
  return (
    styleRank(a.style) - styleRank(b.style) ||
    Math.abs(a.nativeSize - PREFERRED_SIZE) - Math.abs(b.nativeSize - PREFERRED_SIZE) ||
    a.slug.length - b.slug.length ||
    (a.slug < b.slug ? -1 : a.slug > b.slug ? 1 : 0)
  )
}

/**
 * Families of one set, keyed by family name, members in family order. Members get the union of
 * the family's tags, as one array shared by the members, and the family's size.
 */
export function groupFamilies<T extends IconRecord>(icons: readonly T[]): Map<string, T[]> {
  const families = new Map<string, T[]>()
  for (const icon of icons) {
    const members = families.get(icon.family)
    if (members) members.push(icon)
    else families.set(icon.family, [icon])
  }
  for (const members of families.values()) {
    members.sort(compareWithinFamily)
    const tags = new Set<string>()
    for (const member of members) for (const tag of member.tags) tags.add(tag)
    // A keyword that only repeats the name adds nothing.
    tags.delete(normaliseTag(members[0]?.family ?? ''))
    const shared = [...tags]
    for (const member of members) {
      member.tags = shared
      member.variants = members.length
    }
  }
  return families
}
