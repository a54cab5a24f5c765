import { SearchTextbox } from '@create-figma-plugin/ui'
import { h, type Ref } from 'preact'

import type { StyleSummary } from '../../api/catalogue-schemas'
import { MAX_QUERY_LENGTH } from '../../api/limits'
import type { RecentIcon } from '../../api/plugin-protocol'
import type { GridActions } from './grid-actions'
import { IconGrid } from './icon-grid'
import { RecentIcons } from './recent-icons'
import { EmptyState, ErrorState, LoadingState } from './result-states'
import { StyleFilter } from './style-filter'
import type { useSearch } from './use-search'
import { formatCount } from './format'

export function SearchView(props: {
  query: string
  style: string | null
  styles: readonly StyleSummary[] | null
  search: ReturnType<typeof useSearch>
  recent: readonly RecentIcon[]
  baseUrl: string
  actions: GridActions
  searchBox: Ref<HTMLInputElement>
  onQueryChange: (query: string) => void
  onStyleChange: (style: string | null) => void
  onOpenRecent: (icon: RecentIcon) => void
}) {
  const { search } = props
  const styleName = props.styles?.find((style) => style.slug === props.style)?.name ?? props.style
  return (
    <div class="ic-view">
      <div class="ic-toolbar">
        <div class="ic-search">
          <SearchTextbox
            ref={props.searchBox}
            aria-label="Search icons"
            placeholder="Search icons"
            value={props.query}
            clearOnEscapeKeyDown
            onValueInput={(query) => props.onQueryChange(query.slice(0, MAX_QUERY_LENGTH))}
          />
        </div>
        <StyleFilter styles={props.styles} value={props.style} onChange={props.onStyleChange} />
      </div>
      <p class="ic-summary" role="status" aria-live="polite">
        {search.status === 'ready'
          ? `${formatCount(search.total)} ${search.total === 1 ? 'icon' : 'icons'}${
              search.settledQuery === '' ? '' : ` for “${search.settledQuery}”`
            }${styleName === null ? '' : ` in ${styleName}`}`
          : ''}
      </p>
      {search.status === 'idle' ? (
        <div class="ic-idle">
          <RecentIcons
            recent={props.recent}
            baseUrl={props.baseUrl}
            ink={props.actions.ink}
            nameOfSet={props.actions.nameOfSet}
            onOpen={props.onOpenRecent}
          />
          <EmptyState>Type to search free icons, or pick a style.</EmptyState>
        </div>
      ) : null}
      {search.status === 'loading' ? <LoadingState label="Searching…" /> : null}
      {search.status === 'error' && search.error !== null ? (
        <ErrorState message={search.error} onRetry={search.retry} />
      ) : null}
      {search.status === 'ready' && search.total === 0 ? (
        <EmptyState>
          No icons match “{search.settledQuery}”{styleName === null ? '' : ` in ${styleName}`}. Try another word
          {props.style === null ? '' : ' or All styles'}.
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
      {search.moreError !== null ? <ErrorState message={search.moreError} onRetry={search.retry} /> : null}
    </div>
  )
}
