import { Button, IconButton, IconNavigateBack24 } from '@create-figma-plugin/ui'
import { Fragment, h, type RefObject } from 'preact'
import { useCallback, useEffect, useMemo, useRef } from 'preact/hooks'

import type { IconSetSummary, StyleSlug } from '../../api/catalogue-schemas'
import { MAX_QUERY_LENGTH } from '../../api/limits'
import { useCatalogue } from './catalogue-context'
import { useIntoGrid, type GridActions } from './grid-actions'
import { IconGrid } from './icon-grid'
import { NoResultFixes, SearchReading } from './search-reading'
import { SearchBox } from './search-box'
import { StyleFilter, stylesOfSets } from './style-filter'
import { EmptyState, ErrorState, LoadingMoreState, LoadingState, MoreErrorState, ResultSummary, tryAnotherWord } from './result-states'
import { useShownResults } from './use-shown-results'
import { useSearch } from './use-search'
import { counted } from './format'

/** What Escape does in a view with its own search box, when no icon details are open. */
export type EscapeHandler = { current: (() => void) | null }

/**
 * One icon set: its drawings in the virtualised grid, each once with its variants (as search shows
 * them), and a search box that searches only this set. Both are the catalogue's search scoped to
 * the set, which with no words lists the set in its own order: pages of 96 by scrolling, each page
 * with its thumbnails inline, so a page costs one request and not one per tile. Escape clears the
 * box, after closing any open icon details, as in the main search.
 */
export function IconsetView(props: {
  slug: string
  /** The set's own search, kept by the hub while the designer visits other tabs. */
  query: string
  onQuery: (query: string) => void
  /** The style the set is shown in, null for all; kept by the hub with the query. */
  style: string | null
  onStyle: (style: string | null) => void
  actions: GridActions
  onBack: () => void
  /** The same words searched in every set, on the Search tab: the fix for a set that has none of them. */
  onSearchAllSets: (query: string) => void
  escape: EscapeHandler
}) {
  const { iconsets } = useCatalogue()
  const { slug, escape, query, onQuery } = props
  // What the header says comes with the list of sets; the set's own listing of every icon is not needed.
  const iconset = iconsets.data?.iconsets.find((candidate) => candidate.slug === slug)
  const box = useRef<HTMLInputElement>(null)
  const view = useRef<HTMLDivElement>(null)
  const typed = useCallback((text: string) => onQuery(text.slice(0, MAX_QUERY_LENGTH)), [onQuery])

  useEffect(() => {
    escape.current = () => {
      onQuery('')
      box.current?.focus()
    }
    return () => {
      escape.current = null
    }
  }, [escape, onQuery])

  return (
    <div class="ic-view" ref={view}>
      <div class="ic-toolbar">
        <IconButton title="Back to icon sets" aria-label="Back to icon sets" onClick={props.onBack}>
          <IconNavigateBack24 />
        </IconButton>
        {iconset !== undefined ? (
          <div class="ic-set-title">
            <h2 class="ic-panel-title">{iconset.name}</h2>
            <p class="ic-muted">
              {counted(iconset.total_icons, 'icon')} · {iconset.author.name} · {iconset.license.name}
            </p>
          </div>
        ) : null}
      </div>
      {iconsets.status === 'loading' ? <LoadingState label="Loading icons…" /> : null}
      {iconsets.status === 'error' ? <ErrorState message={iconsets.error} onRetry={iconsets.retry} /> : null}
      {iconsets.status === 'ready' && iconset === undefined ? <EmptyState>The catalogue has no icon set “{slug}”.</EmptyState> : null}
      {iconset !== undefined ? (
        <SetSearch
          iconset={iconset}
          query={query}
          style={props.style}
          box={box}
          view={view}
          actions={props.actions}
          onQueryChange={typed}
          onStyleChange={props.onStyle}
          onSearchAllSets={props.onSearchAllSets}
        />
      ) : null}
    </div>
  )
}

/**
 * The set's search box, and the set listed, or searched when the box has words: this set only,
 * paged, with the main search's states and fixes. The box is here, with the search whose results
 * its ↓ waits for (useIntoGrid).
 */
function SetSearch(props: {
  iconset: IconSetSummary
  query: string
  style: string | null
  /** The search box, and the view the box's ↓ goes into the grid of. */
  box: RefObject<HTMLInputElement>
  view: RefObject<HTMLElement>
  actions: GridActions
  onQueryChange: (query: string) => void
  onStyleChange: (style: string | null) => void
  onSearchAllSets: (query: string) => void
}) {
  const { client, styles } = useCatalogue()
  const { iconset, style, onStyleChange: setStyle } = props
  const scope = [iconset.slug]
  // A set drawn in several styles (Phosphor's six weights) is listed and searched in one of them, or all.
  const offeredStyles = useMemo(() => stylesOfSets(styles.data?.styles ?? [], [iconset], scope), [styles.data, iconset])
  const search = useSearch(client, { q: props.query, iconset: scope, style: (style ?? undefined) as StyleSlug | undefined })
  // While a new search loads, the last results stay in view, dimmed.
  const { shown, stale, loadingLabel, grid } = useShownResults(search, `set ${iconset.slug}`)
  // The style the results shown are in, as the catalogue read it: the choice's, once its search has answered.
  const shownStyle = shown.interpreted?.style ?? null
  const styleName = styles.data?.styles.find((candidate) => candidate.slug === shownStyle)?.name ?? shownStyle
  const { retry } = search
  // No words: the set itself, listed. Read from what is shown, which is the last query's until the new one's search starts.
  const listing = shown.query === ''
  const summary = shown.status === 'ready' ? setSummary(shown.total, shown.query, iconset.name, styleName) : ''
  // The set is fixed here; sets named in the query can only be left out of the query.
  const readFilters = { chosenStyle: style, chosenSets: scope, fixedSets: scope, onQueryChange: props.onQueryChange, onSetsChange: () => undefined }
  const intoGrid = useIntoGrid(props.view, search.status === 'ready' && search.query === props.query.trim(), props.query)
  return (
    <Fragment>
      <div class="ic-toolbar">
        <div class="ic-search">
          <SearchBox
            inputRef={props.box}
            label={`Search ${iconset.name}`}
            value={props.query}
            maxLength={MAX_QUERY_LENGTH}
            onValueInput={props.onQueryChange}
            onArrowDown={intoGrid}
          />
        </div>
        {iconset.styles.length > 1 ? (
          <div class="ic-set-style">
            <StyleFilter styles={styles.data?.styles ?? null} offered={offeredStyles} value={style} onChange={setStyle} />
          </div>
        ) : null}
      </div>
      <div class="ic-view">
        <ResultSummary
          text={stale ? loadingLabel : summary}
        />
        {!listing && shown.status === 'ready' && shown.interpreted !== null && shown.total > 0 ? (
          <SearchReading {...readFilters} interpreted={shown.interpreted} suggestion={shown.suggestion} />
        ) : null}
        {shown.status === 'loading' ? <LoadingState label={loadingLabel} /> : null}
        {shown.status === 'error' && shown.error !== null ? <ErrorState message={shown.error} onRetry={retry} /> : null}
        {shown.status === 'ready' && shown.total === 0 ? (
          <EmptyState>
            No icons in {iconset.name} match “{shown.query}”. {tryAnotherWord(shown.query)}.
            {shown.interpreted !== null ? (
              <NoResultFixes {...readFilters} interpreted={shown.interpreted} suggestion={shown.suggestion} onStyleChange={setStyle} />
            ) : null}
            {/* The set is fixed here, so leaving it out is a search of every set, on the Search tab. */}
            <Button fullWidth secondary onClick={() => props.onSearchAllSets(shown.query)}>
              Search all sets for “{shown.query}”
            </Button>
          </EmptyState>
        ) : null}
        {shown.status === 'ready' && shown.total > 0 ? (
          <IconGrid
            {...props.actions}
            // A new search's results start afresh, at the top; its next pages add to the same grid.
            key={shown.request}
            {...grid}
            label={listing ? `Icons in ${iconset.name}` : `Results in ${iconset.name}`}
          />
        ) : null}
        {search.loadingMore ? <LoadingMoreState /> : null}
        {search.moreError !== null ? <MoreErrorState message={search.moreError} onRetry={retry} /> : null}
      </div>
    </Fragment>
  )
}

/** What the set view's line over its grid says: the set listed (in a style, or each drawing once with its variants), or searched. */
function setSummary(total: number, query: string, setName: string, styleName: string | null): string {
  const drawings = counted(total, 'drawing')
  if (query === '') return styleName === null ? `${drawings}, each once with its variants` : `${drawings} in ${styleName}`
  return `${drawings} for “${query}” in ${setName}${styleName === null ? '' : ` ${styleName}`}`
}
