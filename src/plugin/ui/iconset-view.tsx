import { IconButton, IconNavigateBack24 } from '@create-figma-plugin/ui'
import { h } from 'preact'
import { useCallback, useEffect, useRef } from 'preact/hooks'

import type { IconSetDetail } from '../../api/catalogue-schemas'
import { MAX_QUERY_LENGTH } from '../../api/limits'
import { useCatalogue } from './catalogue-context'
import { intoGrid, type GridActions } from './grid-actions'
import { IconGrid } from './icon-grid'
import { NoResultFixes, SearchReading } from './search-reading'
import { SearchBox } from './search-box'
import { EmptyState, ErrorState, LoadingState } from './result-states'
import { useResource } from './use-resource'
import { useSearch } from './use-search'
import { counted } from './format'

/** What Escape does in a view with its own search box, when no icon details are open. */
export type EscapeHandler = { current: (() => void) | null }

/**
 * One icon set: every icon of it in the virtualised grid, and a search box that searches only this
 * set (pages of 96 by scrolling, as the main search). Escape clears that box, after closing any
 * open icon details, as in the main search.
 */
export function IconsetView(props: {
  slug: string
  /** The set's own search, kept by the hub while the designer visits other tabs. */
  query: string
  onQuery: (query: string) => void
  actions: GridActions
  onBack: () => void
  escape: EscapeHandler
}) {
  const { client } = useCatalogue()
  const { slug, escape, query, onQuery } = props
  const iconset = useResource(slug, (signal) => client.iconset(slug, signal))
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
        {iconset.status === 'ready' ? (
          <div class="ic-set-title">
            <h2 class="ic-panel-title">{iconset.data.name}</h2>
            <p class="ic-muted">
              {counted(iconset.data.total_icons, 'icon')} · {iconset.data.author.name} · {iconset.data.license.name}
            </p>
          </div>
        ) : null}
      </div>
      {iconset.status === 'ready' ? (
        <div class="ic-toolbar">
          <div class="ic-search">
            <SearchBox
              inputRef={box}
              label={`Search ${iconset.data.name}`}
              value={query}
              maxLength={MAX_QUERY_LENGTH}
              onValueInput={typed}
              onArrowDown={intoGrid(view)}
            />
          </div>
        </div>
      ) : null}
      {iconset.status === 'loading' ? <LoadingState label="Loading icons…" /> : null}
      {iconset.status === 'error' ? <ErrorState message={iconset.error} onRetry={iconset.retry} /> : null}
      {iconset.status === 'ready' && query.trim() === '' ? (
        <IconGrid
          {...props.actions}
          icons={iconset.data.icons}
          total={iconset.data.icons.length}
          label={`Icons in ${iconset.data.name}`}
        />
      ) : null}
      {iconset.status === 'ready' && query.trim() !== '' ? (
        <SetSearch iconset={iconset.data} query={query} actions={props.actions} onQueryChange={typed} />
      ) : null}
    </div>
  )
}

/** The set's own search: results of this set only, paged, with the main search's states and fixes. */
function SetSearch(props: { iconset: IconSetDetail; query: string; actions: GridActions; onQueryChange: (query: string) => void }) {
  const { client } = useCatalogue()
  const { iconset } = props
  const scope = [iconset.slug]
  const search = useSearch(client, { q: props.query, iconset: scope })
  const { retry } = search
  // The set is fixed here; sets named in the query can only be left out of the query.
  const readFilters = { chosenStyle: null, chosenSets: scope, fixedSets: scope, onQueryChange: props.onQueryChange, onSetsChange: () => undefined }
  return (
    <div class="ic-view">
      <p class="ic-summary" role="status" aria-live="polite">
        {search.status === 'ready' ? `${counted(search.total, 'icon')} for “${search.settledQuery}” in ${iconset.name}` : ''}
      </p>
      {search.status === 'ready' && search.interpreted !== null && search.total > 0 ? (
        <SearchReading {...readFilters} interpreted={search.interpreted} suggestion={search.suggestion} />
      ) : null}
      {search.status === 'loading' ? <LoadingState label="Searching…" /> : null}
      {search.status === 'error' && search.error !== null ? <ErrorState message={search.error} onRetry={retry} /> : null}
      {search.status === 'ready' && search.total === 0 ? (
        <EmptyState>
          No icons in {iconset.name} match “{search.settledQuery}”. Try another word.
          {search.interpreted !== null ? (
            <NoResultFixes {...readFilters} interpreted={search.interpreted} suggestion={search.suggestion} onStyleChange={() => undefined} />
          ) : null}
        </EmptyState>
      ) : null}
      {search.status === 'ready' && search.total > 0 ? (
        <IconGrid
          {...props.actions}
          icons={search.icons}
          total={search.total}
          pending={search.pending}
          label={`Results in ${iconset.name}`}
          onEndReached={search.loadMore}
        />
      ) : null}
      {search.loadingMore ? <LoadingState label="Loading more…" /> : null}
      {search.moreError !== null ? <ErrorState message={search.moreError} onRetry={retry} /> : null}
    </div>
  )
}
