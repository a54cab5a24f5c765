import { useRef } from 'preact/hooks'

import type { SearchState } from './use-search'

/**
 * The results a view shows: the search's own, or, while a new search loads, the last results it
 * had, so the grid stays in view (dimmed and busy: `stale`) instead of emptying to a spinner at
 * every pause in typing, as the best icon plugins keep theirs. A failed search shows its error;
 * before the first results, the spinner shows.
 */
export function useShownResults<Search extends Pick<SearchState, 'status'>>(search: Search): { shown: Search; stale: boolean } {
  const last = useRef<Search | null>(null)
  if (search.status === 'ready') last.current = search
  else if (search.status === 'error') last.current = null
  const stale = search.status === 'loading' ? last.current : null
  return stale === null ? { shown: search, stale: false } : { shown: stale, stale: true }
}
