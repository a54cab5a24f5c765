import { Button } from '@create-figma-plugin/ui'
import { h } from 'preact'

import type { SearchInterpretation, StyleSlug } from '../../api/catalogue-schemas'
import { useCatalogue } from './catalogue-context'

/** The filters the catalogue read into the query itself, beyond the style the filter control set. */
interface ReadFilters {
  interpreted: SearchInterpretation
  /** The style chosen in the style filter; a query's style word is shown only when it differs. */
  chosenStyle: string | null
}

/**
 * A query that asks for what the reading holds, without the parts left out: the catalogue reads
 * set slugs and style slugs back as the same filters ('fluent home solid').
 */
export function queryWithout(interpreted: SearchInterpretation, drop: { iconsets?: boolean; style?: boolean }): string {
  return [
    ...(drop.iconsets === true ? [] : interpreted.iconsets),
    ...interpreted.terms,
    ...(drop.style === true || interpreted.style === null ? [] : [interpreted.style])
  ].join(' ')
}

/** Sets and style the query was read as, each removable, and the correction the results are for. */
export function SearchReading(
  props: ReadFilters & { suggestion: string | null; onQueryChange: (query: string) => void }
) {
  const { nameOfSet, nameOfStyle } = useCatalogue()
  const { interpreted, suggestion } = props
  const style: StyleSlug | null = interpreted.style !== null && interpreted.style !== props.chosenStyle ? interpreted.style : null
  if (interpreted.iconsets.length === 0 && style === null && suggestion === null) return null
  const chip = (label: string, removeLabel: string, onRemove: () => void) => (
    <span class="ic-reading-chip" key={label}>
      {label}
      <button type="button" aria-label={removeLabel} title={removeLabel} onClick={onRemove}>
        ×
      </button>
    </span>
  )
  return (
    <div class="ic-reading" aria-label="Search read as">
      {interpreted.iconsets.length > 0
        ? chip(
            interpreted.iconsets.map(nameOfSet).join(', '),
            `Search every set, not only ${interpreted.iconsets.map(nameOfSet).join(', ')}`,
            () => props.onQueryChange(queryWithout(interpreted, { iconsets: true, style: style === null }))
          )
        : null}
      {style !== null
        ? chip(nameOfStyle(style), `Search every style, not only ${nameOfStyle(style)}`, () =>
            props.onQueryChange(queryWithout(interpreted, { style: true }))
          )
        : null}
      {suggestion !== null ? (
        <span>
          Showing results for “{suggestion}”.{' '}
          <button type="button" class="ic-link" onClick={() => props.onQueryChange(suggestion)}>
            Search for “{suggestion}”
          </button>
        </span>
      ) : null}
    </div>
  )
}

/** An empty result's ways out: the suggestion, and each filter that may have left nothing. */
export function NoResultFixes(
  props: ReadFilters & {
    suggestion: string | null
    onQueryChange: (query: string) => void
    onStyleChange: (style: string | null) => void
  }
) {
  const { nameOfSet } = useCatalogue()
  const { interpreted } = props
  return (
    <div class="ic-actions" aria-label="Ways to find more">
      {props.suggestion !== null ? (
        <Button secondary onClick={() => props.onQueryChange(props.suggestion ?? '')}>
          Did you mean “{props.suggestion}”?
        </Button>
      ) : null}
      {props.chosenStyle !== null ? (
        <Button secondary onClick={() => props.onStyleChange(null)}>
          Search all styles
        </Button>
      ) : null}
      {interpreted.iconsets.length > 0 ? (
        <Button secondary onClick={() => props.onQueryChange(queryWithout(interpreted, { iconsets: true }))}>
          Search all sets, not only {interpreted.iconsets.map(nameOfSet).join(', ')}
        </Button>
      ) : null}
    </div>
  )
}
