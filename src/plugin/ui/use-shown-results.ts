import { useRef } from 'preact/hooks'

import type { GridPlace } from './grid-places'
import type { IconGridProps } from './icon-grid'
import type { useSearch } from './use-search'

type Search = ReturnType<typeof useSearch>

/**
 * The results a view shows: the search's own, or, while a new search loads, the last results it
 * had, so the grid stays in view (dimmed and busy: `stale`) instead of emptying to a spinner at
 * every pause in typing, as the best icon plugins keep theirs. A failed search shows its error;
 * before the first results, and after a search that found none (whose "No icons match" would
 * speak of the words no longer typed), the spinner shows. Also what the view's grid takes of them (a stale
 * grid asks for no next page), and what its summary line says while the new search loads.
 */
export function useShownResults(
  search: Search,
  view: string
): { shown: Search; stale: boolean; loadingLabel: string; grid: Pick<IconGridProps, 'icons' | 'total' | 'pending' | 'stale' | 'place' | 'onEndReached'> } {
  const last = useRef<Search | null>(null)
  if (search.status === 'ready') last.current = search.total > 0 ? search : null
  else if (search.status === 'error') last.current = null
  const stale = search.status === 'loading' && last.current !== null
  const shown = stale ? (last.current as Search) : search
  const place: GridPlace = { view, request: shown.request }
  return {
    shown,
    stale,
    loadingLabel: search.query === '' ? 'Loading icons…' : 'Searching…',
    grid: stale
      ? { icons: shown.icons, total: shown.total, pending: 0, stale, place }
      : { icons: shown.icons, total: shown.total, pending: shown.pending, stale, place, onEndReached: search.loadMore }
  }
}
