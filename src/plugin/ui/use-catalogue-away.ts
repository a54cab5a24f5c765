import { useEffect, useState } from 'preact/hooks'

import { messageOf } from '../../api/message-of'
import { backoffDelay } from './backoff'
import { isTransient } from './catalogue-client'
import { useCatalogue } from './catalogue-context'

/**
 * Why the catalogue cannot be reached, for a view that shows what the plugin already has (the
 * icon sets' cards) while their sample images fail without a word: it asks the catalogue once as
 * the view opens, again with backoff while it is away and at once on `retry`, and gives null as
 * soon as anything answers.
 */
export function useCatalogueAway(): { message: string; retry: () => void } | null {
  const { client } = useCatalogue()
  const [away, setAway] = useState<string | null>(null)
  const [asked, setAsked] = useState(0)
  useEffect(() => {
    const abort = new AbortController()
    let failures = 0
    let timer: ReturnType<typeof setTimeout> | undefined
    const ask = () =>
      client.reachable(abort.signal).then(
        () => {
          if (!abort.signal.aborted) setAway(null)
        },
        (error: unknown) => {
          if (abort.signal.aborted || !isTransient(error)) return
          setAway(messageOf(error))
          failures += 1
          timer = setTimeout(ask, backoffDelay(failures))
        }
      )
    void ask()
    const stopListening = client.onAnswer(() => setAway(null))
    return () => {
      abort.abort()
      clearTimeout(timer)
      stopListening()
    }
  }, [client, asked])
  return away === null ? null : { message: away, retry: () => setAsked((count) => count + 1) }
}
