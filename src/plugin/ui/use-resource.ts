import { useCallback, useEffect, useRef, useState } from 'preact/hooks'

import { messageOf } from '../../api/message-of'
import { backoffDelay } from './backoff'
import { isAbort, isTransient } from './catalogue-client'

export type Resource<T> =
  | { status: 'loading'; data: null; error: null }
  | { status: 'ready'; data: T; error: null }
  | { status: 'error'; data: null; error: string }

const LOADING = { status: 'loading', data: null, error: null } as const

/**
 * Loads one catalogue resource for as long as `key` stays the same, and answers only for that key:
 * from the render where the key changes, what was loaded for another reads as loading. After a transient failure
 * (catalogue away, slow or failing) it tries again by itself with backoff, keeping the error on
 * screen until an answer replaces it; Retry tries at once.
 */
export function useResource<T>(
  key: string | null,
  load: (signal: AbortSignal) => Promise<T>
): Resource<T> & { retry: () => void } {
  const [loaded, setLoaded] = useState<{ key: string | null; resource: Resource<T> }>({ key, resource: LOADING })
  const [attempt, setAttempt] = useState(0)
  const failures = useRef({ key, count: 0 })
  useEffect(() => {
    if (key === null) return
    if (failures.current.key !== key) failures.current = { key, count: 0 }
    const abort = new AbortController()
    let retryTimer: ReturnType<typeof setTimeout> | undefined
    const setResource = (resource: Resource<T>) => setLoaded({ key, resource })
    if (failures.current.count === 0) setResource(LOADING)
    load(abort.signal).then(
      (data) => {
        if (abort.signal.aborted) return
        failures.current.count = 0
        setResource({ status: 'ready', data, error: null })
      },
      (error: unknown) => {
        if (abort.signal.aborted || isAbort(error)) return
        setResource({ status: 'error', data: null, error: messageOf(error) })
        if (!isTransient(error)) return
        failures.current.count += 1
        retryTimer = setTimeout(() => setAttempt((count) => count + 1), backoffDelay(failures.current.count))
      }
    )
    return () => {
      abort.abort()
      clearTimeout(retryTimer)
    }
    // `load` is a fresh closure every render; `key` says when it asks for something else.
  }, [key, attempt])
  const retry = useCallback(() => setAttempt((count) => count + 1), [])
  return { ...(loaded.key === key ? loaded.resource : LOADING), retry }
}
