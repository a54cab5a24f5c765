import { useEffect } from 'preact/hooks'

import { renderPayload } from '../shared/icon-payloads'
import { useCatalogue } from './catalogue-context'
import { useNextInsertLook } from './preferences-context'

/** How long an icon and the next insert's size and colour stay before the drawing Insert sends is asked for. */
export const PREFETCH_DELAY_MS = 150

/**
 * Asks for what an insert of `target` would send (its details, and its SVG text at the next
 * insert's size and colour), which the client keeps and shares (catalogue-client's answers), so
 * Insert (or Enter on a tile) finds it there and waits only for the canvas: a round trip or two
 * to the catalogue less. For the icon whose details are open, or the tile the keyboard is on; null
 * for none. Asked once the icon and the look have stayed PREFETCH_DELAY_MS, so arrowing across
 * tiles or typing a size asks for none of those on the way, and what is in view goes first. A
 * failure is let go: the client forgets it, and the insert asks again and says what went wrong.
 */
export function usePrefetchedInsert(target: { iconset: string; slug: string } | null): void {
  const { client } = useCatalogue()
  const { size, color } = useNextInsertLook()
  const iconset = target?.iconset
  const slug = target?.slug
  useEffect(() => {
    if (iconset === undefined || slug === undefined) return
    const timer = setTimeout(() => {
      client
        .icon(iconset, slug)
        .then((detail) => renderPayload(client, detail, { style: detail.style, size, color }))
        .catch(() => undefined)
    }, PREFETCH_DELAY_MS)
    return () => clearTimeout(timer)
  }, [client, iconset, slug, size, color])
}
