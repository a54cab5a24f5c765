import { useEffect } from 'preact/hooks'

import { backoffDelay } from './backoff'
import { useCatalogue } from './catalogue-context'
import type { OperationStatus } from './use-operations'

/** The least time between two asks, however many answers come from the browser's cache meanwhile. */
const LEAST_BETWEEN_ASKS_MS = 1000

/**
 * An insert that failed because the catalogue was away leaves its message at the foot of the
 * plugin. This asks the catalogue again with backoff (its cheapest request, past the browser's
 * cache) and calls `back` once it answers, so nothing says "can't reach" after it is back; what
 * takes the message's place still says the insert did not happen (a catalogue slow for one request
 * answers the first probe, a second later, and a message gone that soon is one the designer missed).
 * Any other answer meanwhile (a new search's results) asks at once rather than after the backoff,
 * so the message does not outlive results that came.
 */
export function useClearWhenCatalogueBack(status: OperationStatus, back: () => void): void {
  const { client } = useCatalogue()
  useEffect(() => {
    if (status.error === null || status.catalogueAway !== true) return
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
          if (!abort.signal.aborted) back()
        },
        () => {
          asking = false
          if (!abort.signal.aborted) later()
        }
      )
    }
    const later = () => {
      failures += 1
      timer = setTimeout(ask, backoffDelay(failures))
    }
    later()
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
  }, [status, client, back])
}
