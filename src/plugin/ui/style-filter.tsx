import { h } from 'preact'

import type { StyleSummary } from '../../api/catalogue-schemas'
import { byStyleWeight } from '../../api/style-order'
import { keepClosedSelectFromChanging } from './select-keys'

export const ALL_STYLES = 'All styles'

/**
 * "All styles" plus every style the catalogue lists, by weight. A native <select>: screen readers, keyboards
 * and test drivers all know it, and Figma's theme colours style it.
 */
export function StyleFilter(props: {
  styles: readonly StyleSummary[] | null
  value: string | null
  onChange: (style: string | null) => void
}) {
  const known = [...(props.styles ?? [])].sort((a, b) => byStyleWeight(a.slug, b.slug))
  const missing = props.value !== null && !known.some((style) => style.slug === props.value)
  return (
    <select
      class="ic-select"
      aria-label="Filter by style"
      value={props.value ?? ''}
      onKeyDown={keepClosedSelectFromChanging}
      onChange={(event) => props.onChange(event.currentTarget.value === '' ? null : event.currentTarget.value)}
    >
      <option value="">{ALL_STYLES}</option>
      {known.map((style) => (
        <option key={style.slug} value={style.slug}>
          {style.name}
        </option>
      ))}
      {missing && props.value !== null ? <option value={props.value}>{props.value}</option> : null}
    </select>
  )
}
