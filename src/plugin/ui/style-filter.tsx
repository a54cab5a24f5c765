import { h } from 'preact'

import type { IconSetSummary, StyleSummary } from '../../api/catalogue-schemas'
import { byStyleWeight } from '../../api/style-order'
import { keepClosedSelectFromChanging } from './select-keys'

export const ALL_STYLES = 'All styles'

/**
 * The styles worth offering: with sets chosen, only those one of them draws (Lucide has no Solid,
 * and Lucide in Solid finds nothing); with none chosen, or before the sets are listed, all of them.
 */
export function stylesOfSets(styles: readonly StyleSummary[], iconsets: readonly IconSetSummary[] | null, chosenSets: readonly string[]): StyleSummary[] {
  const chosen = iconsets?.filter((set) => chosenSets.includes(set.slug)) ?? []
  if (chosen.length === 0) return [...styles]
  const drawn = new Set(chosen.flatMap((set) => set.styles))
  return styles.filter((style) => drawn.has(style.slug))
}

/**
 * "All styles" plus every style on offer, by weight. A native <select>: screen readers, keyboards and test
 * drivers all know it, and Figma's theme colours style it. A chosen style not on offer (the sets
 * changed under it) stays chosen and says so, rather than the search changing by itself.
 */
export function StyleFilter(props: {
  /** Every style the catalogue lists, for their names. */
  styles: readonly StyleSummary[] | null
  /** Those to offer; every listed one unless told. */
  offered?: readonly StyleSummary[]
  value: string | null
  onChange: (style: string | null) => void
}) {
  const offered = [...(props.offered ?? props.styles ?? [])].sort((a, b) => byStyleWeight(a.slug, b.slug))
  const chosen = props.value
  const unavailable = chosen !== null && !offered.some((style) => style.slug === chosen)
  // A style the catalogue does not list (a remembered one, or the list still on its way) shows as its slug.
  const listed = props.styles?.find((style) => style.slug === chosen)
  return (
    <select
      class="ic-select"
      aria-label="Filter by style"
      data-active={chosen !== null}
      value={chosen ?? ''}
      onKeyDown={keepClosedSelectFromChanging}
      onChange={(event) => props.onChange(event.currentTarget.value === '' ? null : event.currentTarget.value)}
    >
      <option value="">{ALL_STYLES}</option>
      {offered.map((style) => (
        <option key={style.slug} value={style.slug}>
          {style.name}
        </option>
      ))}
      {unavailable ? <option value={chosen}>{listed === undefined ? chosen : `${listed.name} (not in these sets)`}</option> : null}
    </select>
  )
}
