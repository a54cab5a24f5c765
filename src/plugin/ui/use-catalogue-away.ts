import { useEffect, useState } from 'preact/hooks'

import { useCatalogue } from './catalogue-context'
import { watchUntilReachable } from './use-clear-when-back'

/**
 * Why the catalogue cannot be reached, for a view that shows what the plugin already has (the
 * icon sets' cards) while their sample images fail without a word: it asks the catalogue as the
 * view opens and at once on `retry`, then as watchUntilReachable does, and gives null once it answers.
 */
export function useCatalogueAway(): { message: string; retry: () => void } | null {
  const { client } = useCatalogue()
  const [away, setAway] = useState<string | null>(null)
  const [asked, setAsked] = useState(0)
  useEffect(() => watchUntilReachable(client, { now: true, onBack: () => setAway(null), onAway: setAway }), [client, asked])
  return away === null ? null : { message: away, retry: () => setAsked((count) => count + 1) }
}
