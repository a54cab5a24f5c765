import { useEffect } from 'preact/hooks'

import { backoffDelay } from './backoff'
import { useCatalogue } from './catalogue-context'
import type { OperationStatus } from './use-operations'

/**
 * An insert that failed because the catalogue was away leaves its message at the foot of the
 * plugin. This asks the catalogue again with backoff (its cheapest request, past the browser's
 * cache) and calls `back` once it answers, so nothing says "can't reach" after it is back; what
 * takes the message's place still says the insert did not happen (a catalogue slow for one request
 * answers the first probe, a second later, and a message gone that soon is one the designer missed).
 */
export function useClearWhenCatalogueBack(status: OperationStatus, back: () => void): void {
  const { client } = useCatalogue()
  useEffect(() => {
    if (status.error === null || status.catalogueAway !== true) return
    const abort = new AbortController()
    let failures = 0
    let timer: ReturnType<typeof setTimeout> | undefined
    const probe = () => {
      failures += 1
      timer = setTimeout(() => {
        client.reachable(abort.signal).then(
          () => {
            if (!abort.signal.aborted) back()
          },
          () => {
            if (!abort.signal.aborted) probe()
          }
        )
      }, backoffDelay(failures))
    }
    probe()
    return () => {
      abort.abort()
      clearTimeout(timer)
    }
  }, [status, client, back])
}
