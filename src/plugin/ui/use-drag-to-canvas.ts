import { emit } from '@create-figma-plugin/utilities'
import { useCallback, useRef } from 'preact/hooks'

import { iconKeyOf } from '../../api/icon-key'
import type { IconSummary } from '../../api/catalogue-schemas'
import type { DropContentHandler, DropFailedHandler, IconDropMetadata, IconPayload, InsertLook } from '../../api/plugin-protocol'
import type { CatalogueClient } from './catalogue-client'
import { messageOf } from '../../api/message-of'
import { componentFlag, insertedLook, renderPayload, type StrokeDrawn } from '../shared/icon-payloads'
import { nextRequestId } from './use-operations'

/**
 * A drag that ends outside the plugin window was dropped on the canvas; one that ends inside it
 * was not, and must not insert anything.
 */
export function droppedOutside(event: Pick<DragEvent, 'clientX' | 'clientY'>, window: { innerWidth: number; innerHeight: number }): boolean {
  return event.clientX < 0 || event.clientY < 0 || event.clientX > window.innerWidth || event.clientY > window.innerHeight
}

/**
 * Drag a result onto the canvas. The drop is posted the moment the drag ends, with only which icon
 * it is, so Figma places it where the pointer is now; the SVG, fetched as the drag started,
 * follows as DROP_CONTENT (or DROP_FAILED) when it is ready.
 */
export function useDragToCanvas(options: {
  client: CatalogueClient
  look: () => InsertLook
  /** Whether the drop goes in as an instance of the icon's component, read when it lands. */
  asComponent: () => boolean
  strokeDrawnNow: () => Promise<StrokeDrawn>
  /** `content` settles when the drawing has been fetched and rendered for the drop, or could not be. */
  onDropped: (requestId: string, icon: IconSummary, content: Promise<IconPayload>) => void
  onRendered: (payload: IconPayload, icon: IconSummary) => void
}) {
  const latest = useRef(options)
  latest.current = options
  const pending = useRef<Promise<IconPayload> | null>(null)

  const onDragStart = useCallback((icon: IconSummary, event: DragEvent) => {
    event.dataTransfer?.setData('text/plain', iconKeyOf(icon))
    if (event.dataTransfer) event.dataTransfer.effectAllowed = 'copy'
    const { client, look, strokeDrawnNow } = latest.current
    const next = look()
    const payload = Promise.all([client.icon(icon.iconset, icon.slug), strokeDrawnNow()]).then(([detail, strokeDrawn]) =>
      renderPayload(client, detail, insertedLook(next, detail, strokeDrawn))
    )
    // Rejections are reported after the drop, when the designer has actually dropped the icon.
    payload.catch(() => undefined)
    pending.current = payload
  }, [])

  const onDragEnd = useCallback((icon: IconSummary, event: DragEvent) => {
    const payload = pending.current
    pending.current = null
    if (payload === null || !droppedOutside(event, window)) return
    const requestId = nextRequestId()
    const dropMetadata: IconDropMetadata = { kind: 'icon-catalogue/icon', requestId, iconset: icon.iconset, icon: icon.slug }
    window.parent.postMessage({ pluginDrop: { clientX: event.clientX, clientY: event.clientY, files: [], dropMetadata } }, '*')
    latest.current.onDropped(requestId, icon, payload)
    payload.then(
      (content) => {
        latest.current.onRendered(content, icon)
        emit<DropContentHandler>('DROP_CONTENT', { requestId, ...content, ...componentFlag(latest.current.asComponent()) })
      },
      (error: unknown) => emit<DropFailedHandler>('DROP_FAILED', { requestId, message: messageOf(error) })
    )
  }, [])

  return { onDragStart, onDragEnd }
}
