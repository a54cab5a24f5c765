import { useCallback, useEffect, useRef, useState } from 'preact/hooks'

import type { IconSummary } from '../../api/catalogue-schemas'
import { MAX_LIMIT } from '../../api/page-limits'
import { backoffDelay } from './backoff'
import { isAbort, isTransient, type CatalogueClient } from './catalogue-client'
import { messageOf } from './format'
import { useDebouncedValue } from './use-debounced-value'

export const SEARCH_DEBOUNCE_MS = 200

export interface SearchState {
  status: 'idle' | 'loading' | 'ready' | 'error'
  icons: IconSummary[]
  total: number
  error: string | null
  loadingMore: boolean
  /** A failed next page; the results already shown stay. */
  moreError: string | null
}

interface Paging {
  query: string
  style: string | null
  nextOffset: number
  exhausted: boolean
}

const IDLE: SearchState = { status: 'idle', icons: [], total: 0, error: null, loadingMore: false, moreError: null }

const keyOf = (icon: IconSummary) => `${icon.iconset}/${icon.slug}`

function appendNew(existing: IconSummary[], page: IconSummary[]): IconSummary[] {
  const seen = new Set(existing.map(keyOf))
  return [...existing, ...page.filter((icon) => !seen.has(keyOf(icon)))]
}

/**
 * Search as you type. The query is debounced; every new query or style starts a new generation,
 * and a response from an older generation is dropped, so a slow answer to an old query never
 * replaces a newer one. Pages of 96 are fetched by offset. A transient failure is retried by
 * itself with backoff, the error staying on screen until results replace it.
 */
export function useSearch(client: CatalogueClient, query: string, style: string | null) {
  const settledQuery = useDebouncedValue(query.trim(), SEARCH_DEBOUNCE_MS)
  const [state, setState] = useState<SearchState>(IDLE)
  const [attempt, setAttempt] = useState(0)
  const generation = useRef(0)
  const paging = useRef<Paging>({ query: '', style: null, nextOffset: 0, exhausted: true })
  const controller = useRef<AbortController | null>(null)
  const loadingMore = useRef(false)
  const failures = useRef({ search: '', count: 0 })

  useEffect(() => {
    const current = ++generation.current
    loadingMore.current = false
    if (settledQuery === '' && style === null) {
      paging.current = { query: '', style: null, nextOffset: 0, exhausted: true }
      setState(IDLE)
      return
    }
    const search = JSON.stringify([settledQuery, style])
    if (failures.current.search !== search) failures.current = { search, count: 0 }
    const abort = new AbortController()
    let retryTimer: ReturnType<typeof setTimeout> | undefined
    controller.current = abort
    if (failures.current.count === 0) setState({ ...IDLE, status: 'loading' })
    client.search({ q: settledQuery, style, offset: 0, limit: MAX_LIMIT }, abort.signal).then(
      (result) => {
        if (current !== generation.current) return
        failures.current.count = 0
        const nextOffset = result.offset + result.icons.length
        paging.current = {
          query: settledQuery,
          style,
          nextOffset,
          exhausted: result.icons.length === 0 || nextOffset >= result.total
        }
        setState({ ...IDLE, status: 'ready', icons: appendNew([], result.icons), total: result.total })
      },
      (error: unknown) => {
        if (current !== generation.current || isAbort(error)) return
        setState({ ...IDLE, status: 'error', error: messageOf(error) })
        if (!isTransient(error)) return
        failures.current.count += 1
        retryTimer = setTimeout(() => setAttempt((count) => count + 1), backoffDelay(failures.current.count))
      }
    )
    return () => {
      abort.abort()
      clearTimeout(retryTimer)
    }
  }, [client, settledQuery, style, attempt])

  const loadMore = useCallback(() => {
    const page = paging.current
    if (page.exhausted || loadingMore.current || controller.current === null) return
    const current = generation.current
    loadingMore.current = true
    setState((previous) => ({ ...previous, loadingMore: true, moreError: null }))
    client
      .search({ q: page.query, style: page.style, offset: page.nextOffset, limit: MAX_LIMIT }, controller.current.signal)
      .then(
        (result) => {
          if (current !== generation.current) return
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
            loadingMore: false
          }))
        },
        (error: unknown) => {
          if (current !== generation.current || isAbort(error)) return
          setState((previous) => ({ ...previous, loadingMore: false, moreError: messageOf(error) }))
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

  return { ...state, settledQuery, loadMore, retry }
}
