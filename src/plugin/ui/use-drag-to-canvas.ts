import { emit } from '@create-figma-plugin/utilities'
import { useCallback, useRef } from 'preact/hooks'

import { iconKeyOf } from '../../api/icon-key'
import type { IconSummary } from '../../api/catalogue-schemas'
import type { DropContentHandler, DropContentsHandler, DropFailedHandler, IconDropMetadata, IconPayload, InsertLook } from '../../api/plugin-protocol'
import type { CatalogueClient } from './catalogue-client'
import { messageOf } from '../../api/message-of'
import { componentFlag, insertedLook, renderPayload, type StrokeOf } from '../shared/icon-payloads'
import { nextRequestId } from './use-operations'

/**
 * A drag that ends outside the plugin window was dropped on the canvas; one that ends inside it
 * was not, and must not insert anything.
 */
export function droppedOutside(event: Pick<DragEvent, 'clientX' | 'clientY'>, window: { innerWidth: number; innerHeight: number }): boolean {
  return event.clientX < 0 || event.clientY < 0 || event.clientX > window.innerWidth || event.clientY > window.innerHeight
}

/**
 * Drag a result onto the canvas: the icon dragged, or, when it is one of several picked icons, all
 * of them, as Enter on it inserts them all. The drop is posted the moment the drag ends, with only
 * which icon it is, so Figma places it where the pointer is now; the SVGs, fetched as the drag
 * started, follow as DROP_CONTENT (several: DROP_CONTENTS), or DROP_FAILED, when they are ready.
 */
export function useDragToCanvas(options: {
  client: CatalogueClient
  look: () => InsertLook
  /** Whether the drop goes in as instances of the icons' components, read when it lands. */
  asComponent: () => boolean
  strokeOfNow: () => Promise<StrokeOf>
  /** `content` settles when the drawings have been fetched and rendered for the drop, or could not be. */
  onDropped: (requestId: string, icons: readonly IconSummary[], content: Promise<IconPayload[]>) => void
  onRendered: (payloads: readonly IconPayload[], icons: readonly IconSummary[]) => void
}) {
  const latest = useRef(options)
  latest.current = options
  const pending = useRef<{ icons: readonly IconSummary[]; payloads: Promise<IconPayload[]> } | null>(null)

  /** `icons`: what the drag carries, the dragged icon alone or every picked icon in the order picked. */
  const onDragStart = useCallback((icons: readonly IconSummary[], event: DragEvent) => {
    event.dataTransfer?.setData('text/plain', icons.map(iconKeyOf).join('\n'))
    if (event.dataTransfer) event.dataTransfer.effectAllowed = 'copy'
    const { client, look, strokeOfNow } = latest.current
    const next = look()
    const drawn = strokeOfNow()
    const payloads = Promise.all(
      icons.map((icon) =>
        Promise.all([client.icon(icon.iconset, icon.slug), drawn]).then(([detail, strokeOf]) => renderPayload(client, detail, insertedLook(next, detail, strokeOf)))
      )
    )
    // Rejections are reported after the drop, when the designer has actually dropped the icons.
    payloads.catch(() => undefined)
    pending.current = { icons, payloads }
  }, [])

  const onDragEnd = useCallback((icon: IconSummary, event: DragEvent) => {
    const carried = pending.current
    pending.current = null
    if (carried === null || !droppedOutside(event, window)) return
    const { icons, payloads } = carried
    const requestId = nextRequestId()
    const dropMetadata: IconDropMetadata = { kind: 'icon-catalogue/icon', requestId, iconset: icon.iconset, icon: icon.slug }
    window.parent.postMessage({ pluginDrop: { clientX: event.clientX, clientY: event.clientY, files: [], dropMetadata } }, '*')
    latest.current.onDropped(requestId, icons, payloads)
    payloads.then(
      (items) => {
        latest.current.onRendered(items, icons)
        const flag = componentFlag(latest.current.asComponent())
        const [one] = items
        if (items.length === 1 && one !== undefined) emit<DropContentHandler>('DROP_CONTENT', { requestId, ...one, ...flag })
        else emit<DropContentsHandler>('DROP_CONTENTS', { requestId, items, ...flag })
      },
      (error: unknown) => emit<DropFailedHandler>('DROP_FAILED', { requestId, message: messageOf(error) })
    )
  }, [])

  return { onDragStart, onDragEnd }
}
