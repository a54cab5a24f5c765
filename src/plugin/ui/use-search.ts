import { useCallback, useEffect, useRef, useState } from 'preact/hooks'

import type { IconSummary, SearchInterpretation, SearchRequest } from '../../api/catalogue-schemas'
import { searchUrl } from '../../api/catalogue-urls'
import { iconKeyOf } from '../../api/icon-key'
import { MAX_LIMIT } from '../../api/limits'
import { backoffDelay } from './backoff'
import { isAbort, isTransient, type CatalogueClient } from './catalogue-client'
import { messageOf } from '../../api/message-of'
import { queryText } from '../../api/query-text'
import { useDebouncedValue } from './use-debounced-value'

export const SEARCH_DEBOUNCE_MS = 200

export interface SearchState {
  status: 'loading' | 'ready' | 'error'
  /** The request it is for, as its URL path and query: the same in every view and every mount; its next pages keep it. */
  request: string
  /** The settled query this state is for; until a new query's search starts, the last one's results still show. */
  query: string
  /** One icon per family: the tiles. */
  icons: IconSummary[]
  /** How many families the search found: the tiles it has in all. */
  total: number
  error: string | null
  loadingMore: boolean
  /** A failed next page; the results already shown stay. */
  moreError: string | null
  /** Whether that page is asked again by itself (the catalogue out of reach for now), its placeholders kept meanwhile. */
  moreRetrying: boolean
  /** No page is left to fetch, even if the catalogue's total counted more than it gave. */
  exhausted: boolean
  /** How the catalogue read the query (the sets and style it applied), and its correction of a misspelt word. */
  interpreted: SearchInterpretation | null
  suggestion: string | null
}

/**
 * How every page is fetched: the most a page holds, one icon per family (the catalogue's
 * families_only: the grid shows each family once, its other styles and sizes in the details), with
 * its thumbnails inline so it costs one request.
 */
const PAGE_OPTIONS = { limit: MAX_LIMIT, svg: true, families_only: true } as const satisfies SearchRequest

/** What the designer asks for; the hook adds the paging. */
export type SearchFilters = Omit<SearchRequest, 'offset' | 'limit'>

interface Paging {
  request: SearchFilters
  nextOffset: number
  exhausted: boolean
}

const NO_PAGES: Paging = { request: {}, nextOffset: 0, exhausted: true }

/** Before the first answer. No words and no filter is a search too: the catalogue lists every icon, everyday ones first. */
const STARTING: SearchState = {
  status: 'loading',
  request: '',
  query: '',
  icons: [],
  total: 0,
  error: null,
  loadingMore: false,
  moreError: null,
  moreRetrying: false,
  exhausted: true,
  interpreted: null,
  suggestion: null
}

function appendNew(existing: IconSummary[], page: IconSummary[]): IconSummary[] {
  const seen = new Set(existing.map(iconKeyOf))
  return [...existing, ...page.filter((icon) => !seen.has(iconKeyOf(icon)))]
}

/**
 * Search as you type. The query text is debounced; every change to the request starts a new
 * generation, and a response from an older generation is dropped, so a slow answer to an old
 * query never replaces a newer one. Pages of 96 are fetched by offset. The hook passes the
 * filters through without naming them, so a new search parameter needs no change here. A
 * transient failure, of the first page or a next one, is retried by itself with backoff, the
 * error staying on screen until results replace it. While `waiting`, it shows as loading and asks nothing.
 */
export function useSearch(client: CatalogueClient, filters: SearchFilters, options: { waiting?: boolean } = {}) {
  // Waiting (for what the filters need checked first) shows as loading and asks nothing yet.
  const waiting = options.waiting === true
  const settledQuery = useDebouncedValue(queryText(filters.q ?? ''), SEARCH_DEBOUNCE_MS)
  const request: SearchFilters = { ...filters, q: settledQuery }
  // The request's URL is its identity: it changes exactly when one of its fields does.
  const requestKey = searchUrl('', request)
  const [state, setState] = useState<SearchState>(STARTING)
  const [attempt, setAttempt] = useState(0)
  const generation = useRef(0)
  const paging = useRef<Paging>(NO_PAGES)
  const controller = useRef<AbortController | null>(null)
  const loadingMore = useRef(false)
  const failures = useRef({ search: '', count: 0 })
  // A failed next page of this generation: how often in a row, and the timer that asks again.
  const moreFailures = useRef(0)
  const moreRetry = useRef<ReturnType<typeof setTimeout> | undefined>(undefined)

  useEffect(() => {
    const current = ++generation.current
    loadingMore.current = false
    moreFailures.current = 0
    const asked = { ...STARTING, request: requestKey, query: settledQuery }
    if (waiting) {
      paging.current = NO_PAGES
      setState(asked)
      return
    }
    if (failures.current.search !== requestKey) failures.current = { search: requestKey, count: 0 }
    const abort = new AbortController()
    let retryTimer: ReturnType<typeof setTimeout> | undefined
    controller.current = abort
    if (failures.current.count === 0) setState(asked)
    client.search({ ...request, ...PAGE_OPTIONS, offset: 0 }, abort.signal).then(
      (result) => {
        if (current !== generation.current) return
        failures.current.count = 0
        const nextOffset = result.offset + result.icons.length
        paging.current = {
          request,
          nextOffset,
          exhausted: result.icons.length === 0 || nextOffset >= result.total
        }
        setState({
          ...asked,
          status: 'ready',
          icons: appendNew([], result.icons),
          total: result.total,
          exhausted: paging.current.exhausted,
          interpreted: result.interpreted,
          suggestion: result.suggestion
        })
      },
      (error: unknown) => {
        if (current !== generation.current || isAbort(error)) return
        setState({ ...asked, status: 'error', error: messageOf(error) })
        if (!isTransient(error)) return
        failures.current.count += 1
        retryTimer = setTimeout(() => setAttempt((count) => count + 1), backoffDelay(failures.current.count))
      }
    )
    return () => {
      abort.abort()
      clearTimeout(retryTimer)
      clearTimeout(moreRetry.current)
    }
    // `requestKey` stands for `request`, which is a new object on every render.
  }, [client, requestKey, attempt, waiting])

  const loadMore = useCallback(() => {
    const page = paging.current
    if (page.exhausted || loadingMore.current || controller.current === null) return
    const current = generation.current
    clearTimeout(moreRetry.current)
    loadingMore.current = true
    // While a failed page is asked again its error stays, as the first page's does, until the page replaces it.
    setState((previous) => ({ ...previous, loadingMore: previous.moreError === null }))
    client
      .search({ ...page.request, ...PAGE_OPTIONS, offset: page.nextOffset }, controller.current.signal)
      .then(
        (result) => {
          if (current !== generation.current) return
          moreFailures.current = 0
          const nextOffset = result.offset + result.icons.length
          paging.current = {
            ...page,
            nextOffset,
            exhausted: result.icons.length === 0 || nextOffset >= result.total
          }
          setState((previous) => ({
            ...previous,
            icons: appendNew(previous.icons, result.icons),
            total: result.total,
            exhausted: paging.current.exhausted,
            loadingMore: false,
            moreError: null,
            moreRetrying: false
          }))
        },
        (error: unknown) => {
          if (current !== generation.current || isAbort(error)) return
          setState((previous) => ({ ...previous, loadingMore: false, moreError: messageOf(error), moreRetrying: isTransient(error) }))
          if (!isTransient(error)) return
          moreFailures.current += 1
          moreRetry.current = setTimeout(() => {
            if (current === generation.current) loadMore()
          }, backoffDelay(moreFailures.current))
        }
      )
      .finally(() => {
        if (current === generation.current) loadingMore.current = false
      })
  }, [client])

  const retry = useCallback(() => {
    if (paging.current.exhausted || state.moreError === null) setAttempt((count) => count + 1)
    else loadMore()
  }, [loadMore, state.moreError])

  // Until the effect above starts the search the filters now ask for, the state is still the last
  // one's: it shows as the new search starting, so no view pairs the new filters with the old
  // results (the last count "in Solid" while the Solid search is on its way).
  const shown = state.request === requestKey ? state : { ...STARTING, request: requestKey, query: settledQuery }
  // Placeholder tiles for the page to come: none once paging is done (a page that repeated icons
  // leaves fewer than the total) or a page failed for good. A page asked again by itself keeps
  // them: taken away, the grid would shrink under a designer scrolled to its end, which jumps back.
  const pending =
    shown.exhausted || (shown.moreError !== null && !shown.moreRetrying) ? 0 : Math.max(0, Math.min(shown.total - shown.icons.length, MAX_LIMIT))
  return { ...shown, pending, loadMore, retry }
}
