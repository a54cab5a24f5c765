/**
 * Which selected icons a set swap changes and which it leaves: each icon paired with the
 * equivalent chosen for its source, or listed as staying. The catalogue suggests a match (or none)
 * and a few alternatives per source; the designer may pick an alternative or keep an icon as it is.
 * Pure, so the preview and the swap agree.
 */
import type { Equivalent, IconEquivalents } from '../../api/catalogue-schemas'
import { iconifyId } from '../../api/icon-key'
import type { SelectedIcon } from '../../api/plugin-protocol'

export interface SwapItem {
  icon: SelectedIcon
  /** What the catalogue offers for the icon's source: its suggested match first, then the alternatives. */
  options: readonly Equivalent[]
  /** False when the catalogue has no such icon (another catalogue's, or renamed since): it can only stay. */
  known: boolean
  /** Already in the set swapped to: it stays, as there is nothing to move. */
  inTarget: boolean
  /** Whether the catalogue suggested a match, whatever the designer chose. */
  suggested: boolean
  /** What the icon becomes, or null when it stays as it is. */
  match: Equivalent | null
}

export interface SwapMatch extends SwapItem {
  match: Equivalent
}

export interface SwapPlan {
  /** Every selected icon, in selection order. */
  items: SwapItem[]
  matches: SwapMatch[]
  misses: SwapItem[]
}

/**
 * The designer's choices by source (Iconify id): the position of the chosen option among the
 * source's options, or null to keep its icons as they are. A source not named takes the suggestion.
 */
export type SwapChoices = ReadonlyMap<string, number | null>

/** Each distinct source icon once, in selection order: one catalogue request covers them all. */
export function distinctSources(icons: readonly SelectedIcon[]): SelectedIcon[] {
  const seen = new Set<string>()
  return icons.filter((icon) => {
    const id = iconifyId(icon)
    if (seen.has(id)) return false
    seen.add(id)
    return true
  })
}

export function planSwap(icons: readonly SelectedIcon[], answer: IconEquivalents, choices: SwapChoices = new Map()): SwapPlan {
  const bySource = new Map(answer.equivalents.map((entry) => [entry.source, entry]))
  const items = icons.map((icon): SwapItem => {
    const id = iconifyId(icon)
    const inTarget = icon.iconset === answer.iconset
    if (inTarget) return { icon, options: [], known: true, inTarget, suggested: false, match: null }
    const entry = bySource.get(id)
    const suggested = entry?.match ?? null
    const options = entry === undefined ? [] : suggested === null ? entry.alternatives : [suggested, ...entry.alternatives]
    const choice = choices.has(id) ? (choices.get(id) ?? null) : suggested === null ? null : 0
    const match = choice === null ? null : (options[choice] ?? null)
    return { icon, options, known: entry?.known ?? false, inTarget, suggested: suggested !== null, match }
  })
  const matches = items.filter((item): item is SwapMatch => item.match !== null)
  return { items, matches, misses: items.filter((item) => item.match === null) }
}

/**
 * The line over the swap list: how many icons swap, and why the others stay, those already in the
 * set apart; when none has an equivalent, says so rather than "0 of N".
 */
export function swapSummary(plan: SwapPlan, target: string): string {
  const already = plan.misses.filter((item) => item.inTarget).length
  const staying = plan.misses.length - already
  // Only sets some icon is not in are offered, so at least one icon is not in this one.
  if (plan.matches.length === 0 && plan.items.every((item) => item.inTarget || !item.suggested)) {
    return `No equivalent in ${target}: ${plan.items.length === 1 ? 'the icon stays as it is' : 'the icons stay as they are'}.`
  }
  const reasons = [
    ...(already === 0 ? [] : [`${already} already in it`]),
    ...(staying === 0 ? [] : [`${staying} ${staying === 1 ? 'stays as it is' : 'stay as they are'}`])
  ]
  return `${plan.matches.length} of ${plan.items.length} to swap to ${target}${reasons.length === 0 ? '' : `; ${reasons.join(', ')}`}`
}
