import { useCallback, useEffect, useState } from 'preact/hooks'

import { isAbort } from './catalogue-client'
import { messageOf } from '../../api/message-of'

export type Resource<T> =
  | { status: 'loading'; data: null; error: null }
  | { status: 'ready'; data: T; error: null }
  | { status: 'error'; data: null; error: string }

/** Loads one catalogue resource for as long as `key` stays the same, with a retry after a failure. */
export function useResource<T>(
  key: string | null,
  load: (signal: AbortSignal) => Promise<T>
): Resource<T> & { retry: () => void } {
  const [resource, setResource] = useState<Resource<T>>({ status: 'loading', data: null, error: null })
  const [attempt, setAttempt] = useState(0)
  useEffect(() => {
    if (key === null) return
    const abort = new AbortController()
    setResource({ status: 'loading', data: null, error: null })
    load(abort.signal).then(
      (data) => {
        if (!abort.signal.aborted) setResource({ status: 'ready', data, error: null })
      },
      (error: unknown) => {
        if (!abort.signal.aborted && !isAbort(error)) setResource({ status: 'error', data: null, error: messageOf(error) })
      }
    )
    return () => abort.abort()
    // `load` is a fresh closure every render; `key` says when it asks for something else.
  }, [key, attempt])
  const retry = useCallback(() => setAttempt((count) => count + 1), [])
  return { ...resource, retry }
}
