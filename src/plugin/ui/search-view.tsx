import { SearchTextbox } from '@create-figma-plugin/ui'
import { h, type Ref } from 'preact'
import { useCallback } from 'preact/hooks'

import type { StyleSlug } from '../../api/catalogue-schemas'
import { MAX_QUERY_LENGTH } from '../../api/limits'
import type { RecentIcon } from '../../api/plugin-protocol'
import { useCatalogue } from './catalogue-context'
import type { GridActions } from './grid-actions'
import { usePreferences } from './preferences-context'
import { IconGrid } from './icon-grid'
import { RecentIcons } from './recent-icons'
import { NoResultFixes, SearchReading } from './search-reading'
import { EmptyState, ErrorState, LoadingState } from './result-states'
import { StyleFilter } from './style-filter'
import { useSearch } from './use-search'
import { formatCount } from './format'

/** The search box and style filter, then recent icons (before any search) or the results. */
export function SearchView(props: { actions: GridActions; searchBox: Ref<HTMLInputElement>; onOpenRecent: (icon: RecentIcon) => void }) {
  const { client, styles, iconsets } = useCatalogue()
  const { preferences, update } = usePreferences()
  const { query, style } = preferences
  // The style preference is one of the slugs the catalogue listed; the service rejects any other.
  const search = useSearch(client, { q: query, style: (style ?? undefined) as StyleSlug | undefined })
  const setQuery = useCallback((typed: string) => update({ query: typed.slice(0, MAX_QUERY_LENGTH) }), [update])
  // A failure that stopped the search may have stopped the names of sets and styles too.
  const { retry: retrySearch } = search
  const retry = useCallback(() => {
    if (styles.status === 'error') styles.retry()
    if (iconsets.status === 'error') iconsets.retry()
    retrySearch()
  }, [styles, iconsets, retrySearch])
  const styleName = styles.data?.styles.find((candidate) => candidate.slug === style)?.name ?? style
  return (
    <div class="ic-view">
      <div class="ic-toolbar">
        <div class="ic-search">
          <SearchTextbox
            ref={props.searchBox}
            aria-label="Search icons"
            placeholder="Search icons"
            value={query}
            clearOnEscapeKeyDown
            onValueInput={setQuery}
          />
        </div>
        <StyleFilter styles={styles.data?.styles ?? null} value={style} onChange={(chosen) => update({ style: chosen })} />
      </div>
      <p class="ic-summary" role="status" aria-live="polite">
        {search.status === 'ready'
          ? `${formatCount(search.total)} ${search.total === 1 ? 'icon' : 'icons'}${
              search.settledQuery === '' ? '' : ` for “${search.settledQuery}”`
            }${styleName === null ? '' : ` in ${styleName}`}`
          : ''}
      </p>
      {search.status === 'ready' && search.interpreted !== null && search.total > 0 ? (
        <SearchReading interpreted={search.interpreted} chosenStyle={style} suggestion={search.suggestion} onQueryChange={setQuery} />
      ) : null}
      {search.status === 'idle' ? (
        <div class="ic-idle">
          <RecentIcons onOpen={props.onOpenRecent} />
          <EmptyState>Type to search free icons, or pick a style.</EmptyState>
        </div>
      ) : null}
      {search.status === 'loading' ? <LoadingState label="Searching…" /> : null}
      {search.status === 'error' && search.error !== null ? (
        <ErrorState message={search.error} onRetry={retry} />
      ) : null}
      {search.status === 'ready' && search.total === 0 ? (
        <EmptyState>
          No icons match “{search.settledQuery}”{styleName === null ? '' : ` in ${styleName}`}. Try another word
          {style === null ? '' : ' or All styles'}.
          {search.interpreted !== null ? (
            <NoResultFixes
              interpreted={search.interpreted}
              chosenStyle={style}
              suggestion={search.suggestion}
              onQueryChange={setQuery}
              onStyleChange={(chosen) => update({ style: chosen })}
            />
          ) : null}
        </EmptyState>
      ) : null}
      {search.status === 'ready' && search.total > 0 ? (
        <IconGrid
          {...props.actions}
          icons={search.icons}
          total={search.total}
          label="Search results"
          onEndReached={search.loadMore}
        />
      ) : null}
      {search.loadingMore ? <LoadingState label="Loading more…" /> : null}
      {search.moreError !== null ? <ErrorState message={search.moreError} onRetry={retry} /> : null}
    </div>
  )
}
