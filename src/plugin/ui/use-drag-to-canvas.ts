import { useCallback, useRef } from 'preact/hooks'

import { iconKey } from '../../api/icon-key'
import type { IconSummary } from '../../api/catalogue-schemas'
import type { IconDropMetadata, IconPayload } from '../../api/plugin-protocol'
import type { CatalogueClient } from './catalogue-client'
import { messageOf } from '../../api/message-of'
import { renderPayload, strokeWidthFor, type StrokeDrawn } from './icon-payloads'
import { nextRequestId } from './use-operations'

/** A drag that ends outside the plugin window was dropped on the canvas. */
function droppedOutside(event: DragEvent): boolean {
  return event.clientX < 0 || event.clientY < 0 || event.clientX > window.innerWidth || event.clientY > window.innerHeight
}

/**
 * Drag a result onto the canvas. The SVG is fetched as the drag starts, so it is usually ready
 * when the drag ends; Figma then delivers `pluginDrop` to main's drop handler.
 */
export function useDragToCanvas(options: {
  client: CatalogueClient
  look: () => { size: number; color: string; strokeWidth: number | null }
  strokeDrawn: StrokeDrawn
  onDropped: (requestId: string, payload: IconPayload, icon: IconSummary) => void
  onError: (message: string) => void
}) {
  const latest = useRef(options)
  latest.current = options
  const pending = useRef<Promise<IconPayload> | null>(null)

  const onDragStart = useCallback((icon: IconSummary, event: DragEvent) => {
    event.dataTransfer?.setData('text/plain', iconKey(icon.iconset, icon.slug))
    if (event.dataTransfer) event.dataTransfer.effectAllowed = 'copy'
    const { client, look, strokeDrawn } = latest.current
    const { size, color, strokeWidth } = look()
    const payload = client.icon(icon.iconset, icon.slug).then((detail) =>
      renderPayload(client, detail, {
        style: detail.style,
        size,
        color,
        ...strokeWidthFor(strokeDrawn, detail.iconset, detail.style, strokeWidth)
      })
    )
    // Rejections are reported at dragend, when the designer has actually dropped the icon.
    payload.catch(() => undefined)
    pending.current = payload
  }, [])

  const onDragEnd = useCallback((icon: IconSummary, event: DragEvent) => {
    const payload = pending.current
    pending.current = null
    if (payload === null || !droppedOutside(event)) return
    const { clientX, clientY } = event
    payload.then(
      (content) => {
        const requestId = nextRequestId()
        const dropMetadata: IconDropMetadata = { kind: 'icon-catalogue/icon', requestId, ...content }
        latest.current.onDropped(requestId, content, icon)
        window.parent.postMessage({ pluginDrop: { clientX, clientY, files: [], dropMetadata } }, '*')
      },
      (error: unknown) => latest.current.onError(messageOf(error))
    )
  }, [])

  return { onDragStart, onDragEnd }
}
