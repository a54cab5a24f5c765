import { Fragment, h, type RefObject } from 'preact'
import { useCallback, useEffect, useMemo, useRef } from 'preact/hooks'

import type { StyleSlug } from '../../api/catalogue-schemas'
import { MAX_QUERY_LENGTH } from '../../api/limits'
import type { RecentIcon } from '../../api/plugin-protocol'
import { queryText } from '../../api/query-text'
import { useCatalogue } from './catalogue-context'
import { useIntoGrid, type GridActions } from './grid-actions'
import { usePreferences } from './preferences-context'
import { IconGrid } from './icon-grid'
import { RecentIcons } from './recent-icons'
import { NoResultFixes, SearchReading, setLeftOutByStyle } from './search-reading'
import { SearchBox } from './search-box'
import { EmptyState, ErrorState, LoadingMoreState, LoadingState, MoreErrorState, quotedQuery, ResultSummary, tryAnotherWord } from './result-states'
import { SetFilter } from './set-filter'
import { StyleFilter, stylesOfSets } from './style-filter'
import { useShownResults } from './use-shown-results'
import { useSearch, type SearchState } from './use-search'
import { counted } from './format'

/**
 * What a listing of no words is called, in its heading and as the grid's name: every icon of the
 * chosen sets (of all without), which the catalogue lists everyday symbols first.
 */
function browseTitle(chosenSets: readonly string[], nameOfSet: (slug: string) => string): string {
  const [only] = chosenSets
  if (only === undefined) return 'All icons'
  return chosenSets.length === 1 ? `All ${nameOfSet(only)} icons` : `All icons of ${chosenSets.length} sets`
}

/** How many drawings the results shown hold, for what; nothing until they are ready. */
function resultsSummary(search: SearchState, styleName: string | null): string {
  if (search.status !== 'ready') return ''
  return `${counted(search.total, 'drawing')}${search.query === '' ? '' : ` for “${search.query}”`}${styleName === null ? '' : ` in ${styleName}`}`
}

/**
 * Why a listing of no words, or a search the filters empty whatever its words, is empty: the
 * filters leave nothing (Heroicons draws no Duotone), so the message names them, and the way out is
 * another of them, not another word.
 */
function nothingToBrowse(setNames: readonly string[], styleName: string | null): string {
  const [first, second] = setNames
  const sets = first === undefined ? 'The catalogue' : second === undefined ? first : setNames.length === 2 ? `${first} and ${second}` : `These ${setNames.length} sets`
  const has = setNames.length > 1 ? 'have' : 'has'
  const fixes = [...(styleName === null ? [] : ['All styles']), ...(first === undefined ? [] : ['another set'])]
  return `${sets} ${has} no icons${styleName === null ? '' : ` in ${styleName}`}.${fixes.length === 0 ? '' : ` Try ${fixes.join(' or ')}.`}`
}

/**
 * The search box, the set and style filters, then the results; with no words typed, the recent
 * icons and every icon of the filters to browse, so the plugin opens on icons rather than a hint.
 */
export function SearchView(props: {
  actions: GridActions
  searchBox: RefObject<HTMLInputElement>
  /** True until the view first shows (as the plugin opens, or on the tab's first visit), not on a later return to the tab. */
  opening: { current: boolean }
  onOpenRecent: (icon: RecentIcon) => void
}) {
  const { client, styles, iconsets, nameOfSet } = useCatalogue()
  const { preferences, update } = usePreferences()
  const { query, style } = preferences
  // A remembered set the catalogue no longer serves is left out rather than failing the search.
  const listed = iconsets.data?.iconsets
  const chosenSets = useMemo(
    () => (listed === undefined ? preferences.iconsets : preferences.iconsets.filter((slug) => listed.some((set) => set.slug === slug))),
    [listed, preferences.iconsets]
  )
  // The style preference is one of the slugs the catalogue listed; the service rejects any other.
  // Remembered sets wait for the list that says which still exist.
  const search = useSearch(
    client,
    { q: query, style: (style ?? undefined) as StyleSlug | undefined, iconset: chosenSets.length === 0 ? undefined : chosenSets },
    { waiting: chosenSets.length > 0 && iconsets.status === 'loading' }
  )
  const offeredStyles = useMemo(
    () => stylesOfSets(styles.data?.styles ?? [], iconsets.data?.iconsets ?? null, chosenSets),
    [styles.data, iconsets.data, chosenSets]
  )
  const setQuery = useCallback((typed: string) => update({ query: typed.slice(0, MAX_QUERY_LENGTH) }), [update])
  const setSets = useCallback((chosen: string[]) => update({ iconsets: chosen }), [update])
  const setStyle = useCallback((chosen: string | null) => update({ style: chosen }), [update])
  // A failure that stopped the search may have stopped the names of sets and styles too.
  const { retry: retrySearch } = search
  const retry = useCallback(() => {
    if (styles.status === 'error') styles.retry()
    if (iconsets.status === 'error') iconsets.retry()
    retrySearch()
  }, [styles, iconsets, retrySearch])
  const view = useRef<HTMLDivElement>(null)
  // Ready to type as soon as the plugin (or this tab) opens. The plugin opens on the remembered
  // query selected, as Figma's search fields do, so typing starts a new search, not "bellheart".
  const { searchBox, opening } = props
  useEffect(() => {
    searchBox.current?.focus()
    if (opening.current) searchBox.current?.select()
    opening.current = false
  }, [searchBox, opening])
  const styleName = styles.data?.styles.find((candidate) => candidate.slug === style)?.name ?? style
  const readFilters = { chosenStyle: style, chosenSets, onQueryChange: setQuery, onSetsChange: setSets }
  // While a new search loads, the last results stay in view, dimmed.
  const { shown, stale, loadingLabel, grid } = useShownResults(search, 'search')
  // The words of the search shown, not those being typed: the listing stays named as such until the words' results replace it.
  const browsing = shown.query === ''
  // None of the sets chosen draws the style chosen: nothing matches whatever the words, so the
  // message names the filters rather than the words (Lucide has no Solid, not no Solid "home").
  const filtersLeaveNothing =
    style !== null && listed !== undefined && chosenSets.length > 0 && chosenSets.every((slug) => !(listed.find((set) => set.slug === slug)?.styles.includes(style) ?? false))
  const browse = browseTitle(chosenSets, nameOfSet)
  const intoGrid = useIntoGrid(view, search.status === 'ready' && search.query === queryText(query), query)
  return (
    <div class="ic-view" ref={view}>
      <div class="ic-toolbar ic-toolbar-stacked">
        <div class="ic-search">
          <SearchBox
            inputRef={searchBox}
            value={query}
            maxLength={MAX_QUERY_LENGTH}
            onValueInput={setQuery}
            onArrowDown={intoGrid}
          />
        </div>
        <div class="ic-filters">
          <SetFilter iconsets={iconsets.data?.iconsets ?? null} value={chosenSets} nameOfSet={nameOfSet} onChange={setSets} />
          <StyleFilter styles={styles.data?.styles ?? null} offered={offeredStyles} value={style} onChange={setStyle} />
        </div>
      </div>
      <ResultSummary
        text={stale ? loadingLabel : resultsSummary(shown, styleName)}
      />
      {shown.status === 'ready' && shown.interpreted !== null && shown.total > 0 ? (
        <SearchReading
          {...readFilters}
          interpreted={shown.interpreted}
          suggestion={shown.suggestion}
          leftOut={setLeftOutByStyle(shown.interpreted.unapplied, style, listed)}
          onStyleChange={setStyle}
        />
      ) : null}
      {browsing ? <RecentIcons onOpen={props.onOpenRecent} /> : null}
      {browsing && shown.status === 'ready' && shown.total > 0 ? (
        <div class="ic-browse-head">
          <h2 class="ic-section-title">{browse}</h2>
          <span class="ic-browse-note">Everyday ones first · type to search</span>
        </div>
      ) : null}
      {shown.status === 'loading' ? <LoadingState label={loadingLabel} /> : null}
      {shown.status === 'error' && shown.error !== null ? (
        <ErrorState message={shown.error} onRetry={retry} />
      ) : null}
      {shown.status === 'ready' && shown.total === 0 ? (
        <EmptyState>
          {browsing || filtersLeaveNothing ? (
            nothingToBrowse(chosenSets.map(nameOfSet), styleName)
          ) : (
            <Fragment>
              No icons match “{quotedQuery(shown.query)}”{styleName === null ? '' : ` in ${styleName}`}. {tryAnotherWord(shown.query)}
              {style === null ? '' : ' or All styles'}.
            </Fragment>
          )}
          {shown.interpreted !== null ? (
            <NoResultFixes
              {...readFilters}
              interpreted={shown.interpreted}
              suggestion={shown.suggestion}
              onStyleChange={setStyle}
            />
          ) : null}
        </EmptyState>
      ) : null}
      {shown.status === 'ready' && shown.total > 0 ? (
        <IconGrid
          {...props.actions}
          // A new search's results start afresh, at the top; its next pages add to the same grid.
          key={shown.request}
          {...grid}
          label={browsing ? browse : 'Search results'}
        />
      ) : null}
      {search.loadingMore ? <LoadingMoreState /> : null}
      {search.moreError !== null ? <MoreErrorState message={search.moreError} onRetry={retry} /> : null}
    </div>
  )
}
