import { useEffect } from 'preact/hooks'

import { messageOf } from '../../api/message-of'
import { backoffDelay } from './backoff'
import type { CatalogueClient } from './catalogue-client'
import { useCatalogue } from './catalogue-context'
import type { OperationStatus } from './use-operations'

/** The least time between two asks, however many answers come from the browser's cache meanwhile. */
const LEAST_BETWEEN_ASKS_MS = 1000

/**
 * Asks the catalogue whether it answers (its cheapest request, past the browser's cache) until it
 * does, then calls `onBack` once: at once if `now`, else after the first backoff (a failure was just
 * heard), then with backoff, each failure told to `onAway`. Any other answer meanwhile (a new
 * search's results, perhaps from the browser's cache) has it ask at once rather than after the
 * backoff. Returns what stops it.
 */
export function watchUntilReachable(client: CatalogueClient, options: { now: boolean; onBack: () => void; onAway?: (message: string) => void }): () => void {
  const abort = new AbortController()
  let failures = 0
  let timer: ReturnType<typeof setTimeout> | undefined
  let asking = false
  let askedAt = Date.now()
  const ask = () => {
    asking = true
    askedAt = Date.now()
    client.reachable(abort.signal).then(
      () => {
        if (!abort.signal.aborted) options.onBack()
      },
      (error: unknown) => {
        asking = false
        if (abort.signal.aborted) return
        options.onAway?.(messageOf(error))
        later()
      }
    )
  }
  const later = () => {
    failures += 1
    timer = setTimeout(ask, backoffDelay(failures))
  }
  if (options.now) ask()
  else later()
  const stopListening = client.onAnswer(() => {
    if (asking) return
    clearTimeout(timer)
    timer = setTimeout(ask, Math.max(0, askedAt + LEAST_BETWEEN_ASKS_MS - Date.now()))
  })
  return () => {
    abort.abort()
    clearTimeout(timer)
    stopListening()
  }
}

/**
 * An insert that failed because the catalogue was away leaves its message at the foot of the
 * plugin. This watches for the catalogue (watchUntilReachable) and calls `back` once it answers, so
 * nothing says "can't reach" after it is back; what takes the message's place still says the insert
 * did not happen (a catalogue slow for one request answers the first probe, a second later, and a
 * message gone that soon is one the designer missed).
 */
export function useClearWhenCatalogueBack(status: OperationStatus, back: () => void): void {
  const { client } = useCatalogue()
  useEffect(() => {
    if (status.error === null || status.catalogueAway !== true) return
    return watchUntilReachable(client, { now: false, onBack: back })
  }, [status, client, back])
}
