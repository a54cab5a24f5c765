import { h } from 'preact'

/**
 * How many styles and sizes a tile's drawing comes in; the grid shows each drawing once and the
 * variants are chosen in the detail view. Hidden from screen readers, which hear the family in the
 * detail view, so tile names stay short.
 */
export function VariantBadge(props: { count: number | undefined }) {
  if (props.count === undefined || props.count < 2) return null
  return (
    <span class="ic-variant-badge" aria-hidden="true" title={`${props.count} variants`}>
      {props.count}
    </span>
  )
}
