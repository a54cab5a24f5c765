import { Button } from '@create-figma-plugin/ui'
import { Fragment, h } from 'preact'

import type { IconSetSummary, SearchInterpretation, StyleSlug } from '../../api/catalogue-schemas'
import { useCatalogue } from './catalogue-context'

/** The filters the catalogue read into the query itself, beside those the filter controls set. */
interface ReadFilters {
  interpreted: SearchInterpretation
  /** The style chosen in the style filter; a query's style word is shown only when it differs. */
  chosenStyle: string | null
  /** The sets chosen in the set filter, as sent with the search. */
  chosenSets: readonly string[]
  /** Sets the view itself is about (a set's own view); never offered for removal. */
  fixedSets?: readonly string[]
  onQueryChange: (query: string) => void
  onSetsChange: (iconsets: string[]) => void
}

/**
 * The sets to name in the query again: none when the sets applied are just those the set filter
 * chose (or the view is about), else those applied, which the query's own set words made them.
 */
function setsOfQuery(props: Pick<ReadFilters, 'interpreted' | 'chosenSets'>): readonly string[] {
  return queryNamedSets(props.interpreted, props.chosenSets) ? props.interpreted.iconsets : []
}

/**
 * A query that asks for what the reading holds, without the parts left out: the catalogue reads
 * set slugs, a variant word after them and style slugs back as the same filters ('fluent home
 * solid', 'heroicons mini star solid'). Sets the filter chose stay in the filter, not the query. A
 * variant is drawings of its set in one style, so it is left out with either.
 */
export function queryWithout(props: Pick<ReadFilters, 'interpreted' | 'chosenSets'>, drop: { iconsets?: readonly string[] | 'all'; style?: boolean }): string {
  const { interpreted } = props
  const named = setsOfQuery(props)
  const sets = drop.iconsets === 'all' ? [] : named.filter((slug) => drop.iconsets?.includes(slug) !== true)
  const style = drop.style === true || interpreted.style === null ? [] : [interpreted.style]
  const variant = interpreted.variant === null || style.length === 0 || sets.length < named.length ? [] : [interpreted.variant]
  return [...sets, ...variant, ...interpreted.terms, ...style].join(' ')
}

/** Whether the query named sets of its own: the sets applied are not just those the filter chose. */
function queryNamedSets(interpreted: SearchInterpretation, chosenSets: readonly string[]): boolean {
  return interpreted.iconsets.length !== chosenSets.length || interpreted.iconsets.some((slug) => !chosenSets.includes(slug))
}

/**
 * Leaves sets out of the search wherever they came from: the set filter loses them, and a query
 * that named them is asked again without their names (its style word kept only if the filter did not set it).
 */
function leaveOut(props: ReadFilters, slugs: readonly string[] | 'all'): void {
  const { interpreted, chosenSets } = props
  const remaining = slugs === 'all' ? [] : chosenSets.filter((slug) => !slugs.includes(slug))
  if (remaining.length !== chosenSets.length) props.onSetsChange(remaining)
  if (queryNamedSets(interpreted, chosenSets)) {
    props.onQueryChange(queryWithout(props, { iconsets: slugs, style: interpreted.style === props.chosenStyle }))
  }
}

/**
 * The query as the correction reads it, with the sets, variant and style the query itself named
 * ('heroicons setings' is 'heroicons settings'); those the filters chose stay in the filters. The
 * variant stays whichever named its set and style: in Heroicons' view 'mini satr' is 'mini star'.
 */
export function correctedQuery(props: ReadFilters, suggestion: string): string {
  const { interpreted } = props
  const sets = setsOfQuery(props)
  const variant = interpreted.variant === null ? [] : [interpreted.variant]
  const style = interpreted.style === null || interpreted.style === props.chosenStyle ? [] : [interpreted.style]
  return [...sets, ...variant, suggestion, ...style].join(' ')
}

/** A set the query named, left out because it draws no drawing in the style the filter chose: the query's word for it, and the set. */
export interface SetLeftOut {
  phrase: string
  set: IconSetSummary
}

/**
 * The set among the words not applied that the style filter left out ('lucide home' in Solid:
 * Lucide draws outlines only), by its slug or its name as typed; null when none was.
 */
export function setLeftOutByStyle(unapplied: readonly string[], chosenStyle: string | null, iconsets: readonly IconSetSummary[] | undefined): SetLeftOut | null {
  if (chosenStyle === null || iconsets === undefined) return null
  const spelt = (text: string) => text.toLowerCase().replaceAll(/[\s-]/g, '')
  for (const phrase of unapplied) {
    const set = iconsets.find((candidate) => candidate.slug === phrase || spelt(candidate.name) === spelt(phrase))
    if (set !== undefined && !set.styles.includes(chosenStyle as StyleSlug)) return { phrase, set }
  }
  return null
}

/**
 * Sets and style the search was read as, each removable, the words it could not apply (a set or
 * style word, a word that matches nothing; so none seems ignored), and the correction the catalogue
 * suggests. A set the query named that the style filter left out says why, with the way to search it.
 */
export function SearchReading(props: ReadFilters & { suggestion: string | null; leftOut?: SetLeftOut | null; onStyleChange?: (style: string | null) => void }) {
  const { nameOfSet, nameOfStyle } = useCatalogue()
  const { interpreted, suggestion, leftOut = null, onStyleChange } = props
  const style: StyleSlug | null = interpreted.style !== null && interpreted.style !== props.chosenStyle ? interpreted.style : null
  const sets = interpreted.iconsets.filter((slug) => props.fixedSets?.includes(slug) !== true)
  const explained =
    leftOut !== null && onStyleChange !== undefined && props.chosenStyle !== null
      ? { ...leftOut, styleName: nameOfStyle(props.chosenStyle), everyStyle: () => onStyleChange(null) }
      : null
  const unapplied = interpreted.unapplied.filter((phrase) => phrase !== explained?.phrase)
  const corrected = suggestion === null ? null : correctedQuery(props, suggestion)
  if (sets.length === 0 && style === null && unapplied.length === 0 && explained === null && suggestion === null) return null
  const chip = (key: string, label: string, removeLabel: string, onRemove: () => void) => (
    <span class="ic-reading-chip" key={key}>
      {label}
      <button type="button" aria-label={removeLabel} title={removeLabel} onClick={onRemove}>
        ×
      </button>
    </span>
  )
  return (
    <div class="ic-reading" aria-label="Search read as">
      {sets.map((slug) =>
        chip(
          `set:${slug}`,
          nameOfSet(slug),
          sets.length === 1 ? `Search every set, not only ${nameOfSet(slug)}` : `Leave out ${nameOfSet(slug)}`,
          () => leaveOut(props, [slug])
        )
      )}
      {style !== null
        ? chip(`style:${style}`, nameOfStyle(style), `Search every style, not only ${nameOfStyle(style)}`, () =>
            props.onQueryChange(queryWithout(props, { style: true }))
          )
        : null}
      {unapplied.length > 0 ? <span class="ic-muted">Not applied: {unapplied.map((phrase) => `“${phrase}”`).join(', ')}</span> : null}
      {explained !== null ? (
        <Fragment>
          <span class="ic-muted">
            {explained.set.name} has no {explained.styleName}
          </span>
          <button type="button" class="ic-link" onClick={explained.everyStyle}>
            Search {explained.set.name} in every style
          </button>
        </Fragment>
      ) : null}
      {/* The results are the typed word's near spellings, not the suggestion's own: it is offered, as when nothing is found. */}
      {corrected !== null ? (
        <button type="button" class="ic-link" onClick={() => props.onQueryChange(corrected)}>
          Did you mean “{corrected}”?
        </button>
      ) : null}
    </div>
  )
}

/** An empty result's ways out: the suggestion, and each filter that may have left nothing. */
export function NoResultFixes(props: ReadFilters & { suggestion: string | null; onStyleChange: (style: string | null) => void }) {
  const { nameOfSet } = useCatalogue()
  const { interpreted } = props
  const sets = interpreted.iconsets.filter((slug) => props.fixedSets?.includes(slug) !== true)
  const corrected = props.suggestion === null ? null : correctedQuery(props, props.suggestion)
  return (
    <div class="ic-fixes" aria-label="Ways to find more">
      {corrected !== null ? (
        <Button fullWidth secondary onClick={() => props.onQueryChange(corrected)}>
          Did you mean “{corrected}”?
        </Button>
      ) : null}
      {props.chosenStyle !== null ? (
        <Button fullWidth secondary onClick={() => props.onStyleChange(null)}>
          Search all styles
        </Button>
      ) : null}
      {sets.length > 0 ? (
        <Button fullWidth secondary onClick={() => leaveOut(props, 'all')}>
          Search all sets, not only {sets.map(nameOfSet).join(', ')}
        </Button>
      ) : null}
    </div>
  )
}
