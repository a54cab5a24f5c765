/**
 * Which selected icons a set swap changes and which it leaves: each icon paired with its source's
 * equivalent from the catalogue, or listed as a miss. Pure, so the preview and the swap agree.
 */
import type { Equivalent, IconEquivalents } from '../../api/catalogue-schemas'
import type { SelectedIcon } from '../../api/plugin-protocol'

export interface SwapMatch {
  icon: SelectedIcon
  match: Equivalent
}

export interface SwapPlan {
  matches: SwapMatch[]
  misses: SelectedIcon[]
}

/** An icon's Iconify id, as the catalogue names sources in its answer. */
export function iconifyId(icon: { iconset: string; icon: string }): string {
  return `${icon.iconset}:${icon.icon}`
}

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

export function planSwap(icons: readonly SelectedIcon[], answer: IconEquivalents): SwapPlan {
  const bySource = new Map(answer.equivalents.map((entry) => [entry.source, entry.match]))
  const plan: SwapPlan = { matches: [], misses: [] }
  for (const icon of icons) {
    const match = bySource.get(iconifyId(icon)) ?? null
    if (match === null) plan.misses.push(icon)
    else plan.matches.push({ icon, match })
  }
  return plan
}
