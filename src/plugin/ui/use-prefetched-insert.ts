import { useEffect } from 'preact/hooks'

import type { IconDetail } from '../../api/catalogue-schemas'
import { renderPayload } from '../shared/icon-payloads'
import { useCatalogue } from './catalogue-context'

/** How long the details and the next insert's size and colour stay before insert's drawing is asked for. */
export const PREFETCH_DELAY_MS = 150

/**
 * Asks for the drawing Insert would send while the icon's details are open: its SVG text at the
 * next insert's size and colour, which the client keeps and shares (catalogue-client's SVG texts),
 * so a click on Insert finds it there and waits only for the canvas, a round trip to the
 * catalogue less. Asked once the icon and the look have stayed PREFETCH_DELAY_MS, so a size being
 * typed asks for none of the sizes on the way, and the details' own preview goes first. A failure
 * is let go: the client forgets it, and Insert asks again and says what went wrong.
 */
export function usePrefetchedInsert(icon: IconDetail, size: number, color: string): void {
  const { client } = useCatalogue()
  useEffect(() => {
    const timer = setTimeout(() => {
      renderPayload(client, icon, { style: icon.style, size, color }).catch(() => undefined)
    }, PREFETCH_DELAY_MS)
    return () => clearTimeout(timer)
  }, [client, icon, size, color])
}
