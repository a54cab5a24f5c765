import { h } from 'preact'

/**
 * How many styles and sizes a tile's drawing comes in; the grid shows each drawing once and the
 * variants are chosen in the detail view. The tile's description for screen readers (`id`, for
 * aria-describedby), not part of its name, so tile names stay short.
 */
export function VariantBadge(props: { count: number | undefined; id: string }) {
  if (props.count === undefined || props.count < 2) return null
  return (
    <span class="ic-variant-badge" id={props.id} title={`${props.count} variants`}>
      {props.count}
      <span class="ic-visually-hidden"> variants</span>
    </span>
  )
}
