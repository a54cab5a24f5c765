/**
 * What changes the canvas: insert, swap the selected icons' size/style/colour, replace them, and
 * drag onto the canvas. Each fetches what main needs, sends the typed event and tracks the answer.
 */
import { emit } from '@create-figma-plugin/utilities'
import { useCallback } from 'preact/hooks'

import type { IconDetail, IconSummary } from '../../api/catalogue-schemas'
import type {
  IconPayload,
  InsertIconHandler,
  InsertIconsHandler,
  ReplaceIconsHandler,
  ReportErrorHandler,
  SelectedIcon
} from '../../api/plugin-protocol'
import { MAX_SIZE, MIN_SIZE } from '../../api/limits'
import { messageOf } from '../../api/message-of'
import { useCatalogue } from './catalogue-context'
import { counted } from './format'
import { componentFlag, insertedLook, renderPayload, retargetSelection, type SelectionChange } from '../shared/icon-payloads'
import { useNextInsertLook, usePreferences } from './preferences-context'
import { useDragToCanvas } from './use-drag-to-canvas'
import type { useOperations } from './use-operations'

export interface IconRef {
  iconset: string
  slug: string
}

/** An icon with the name designers read ("Bell off"), which progress shows before its details arrive. */
export interface NamedIconRef extends IconRef {
  name: string
}

/** UI-side failures (network, bad response) are told to main too, which shows them with figma.notify. */
export async function reported<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work()
  } catch (error) {
    emit<ReportErrorHandler>('REPORT_ERROR', messageOf(error))
    throw error
  }
}

const SIZE_FIRST = `Set a size from ${MIN_SIZE} to ${MAX_SIZE} px first.`

/**
 * Inserts use the size and colour in the preferences, and each placed icon joins the recent ones.
 * While the size box shows a size it refuses, every way in (Enter, Insert, Insert N icons, a drag)
 * refuses too: inserting at the last good size would surprise.
 */
export function useIconActions(options: {
  operations: ReturnType<typeof useOperations>
  selection: readonly SelectedIcon[]
  /** False while the toolbar's size box holds a size the catalogue refuses. */
  sizeValid: boolean
  /** An insert or replace went through: the icon's details can close. */
  onDone: () => void
}) {
  const { operations, selection, sizeValid, onDone } = options
  const { client, strokeDrawnNow } = useCatalogue()
  const { preferences, remember } = usePreferences()
  const { asComponent } = preferences
  const look = useNextInsertLook()
  const onPlaced = useCallback(
    (payload: IconPayload, name: string) => remember({ iconset: payload.icon.iconset, icon: payload.icon.icon, name, style: payload.icon.style }),
    [remember]
  )

  const insert = useCallback(
    async (target: NamedIconRef) => {
      if (!sizeValid) return operations.fail(SIZE_FIRST)
      const { name } = target
      let inserted: IconPayload | null = null
      const outcome = await operations.run(
        `Inserting ${name}…`,
        () =>
          reported(async () => {
            const [icon, strokeDrawn] = await Promise.all([client.icon(target.iconset, target.slug), strokeDrawnNow()])
            const payload = await renderPayload(client, icon, insertedLook(look, icon, strokeDrawn))
            inserted = payload
            return (requestId: string) => emit<InsertIconHandler>('INSERT_ICON', { requestId, ...payload, ...componentFlag(asComponent) })
          }),
        () => `Inserted ${name} at ${look.size} px`
      )
      if (outcome === 'done' && inserted !== null) {
        onPlaced(inserted, name)
        onDone()
      }
    },
    [client, operations, look, asComponent, strokeDrawnNow, onPlaced, onDone, sizeValid]
  )

  const insertMany = useCallback(
    async (targets: readonly IconRef[]) => {
      if (!sizeValid) {
        operations.fail(SIZE_FIRST)
        return false
      }
      const placed: Array<{ payload: IconPayload; name: string }> = []
      const outcome = await operations.run(
        `Inserting ${counted(targets.length, 'icon')}…`,
        () =>
          reported(async () => {
            const strokeDrawn = await strokeDrawnNow()
            const items = await Promise.all(
              targets.map(async (target) => {
                const icon = await client.icon(target.iconset, target.slug)
                const payload = await renderPayload(client, icon, insertedLook(look, icon, strokeDrawn))
                placed.push({ payload, name: icon.name })
                return payload
              })
            )
            return (requestId: string) => emit<InsertIconsHandler>('INSERT_ICONS', { requestId, items, ...componentFlag(asComponent) })
          }),
        () => `Inserted ${counted(targets.length, 'icon')} at ${look.size} px`
      )
      if (outcome === 'done') for (const { payload, name } of placed) onPlaced(payload, name)
      return outcome === 'done'
    },
    [client, operations, look, asComponent, strokeDrawnNow, onPlaced, sizeValid]
  )

  const changeSelection = useCallback(
    async (change: SelectionChange, label: string, done: string) => {
      const targets = selection
      const outcome = await operations.run(
        label,
        () =>
          reported(async () => {
            const items = await retargetSelection(client, targets, change, await strokeDrawnNow(), look)
            const mode = change.replaceWith === undefined ? 'swap' : 'replace'
            return (requestId: string) => emit<ReplaceIconsHandler>('REPLACE_ICONS', { requestId, items, mode })
          }),
        () => done
      )
      if (outcome === 'done' && change.replaceWith !== undefined) onDone()
      return outcome
    },
    [client, operations, selection, strokeDrawnNow, look, onDone]
  )

  const swap = useCallback(
    (change: SelectionChange) => changeSelection(change, 'Updating selected icons…', 'Updated selected icons'),
    [changeSelection]
  )

  const replaceWith = useCallback(
    (icon: IconDetail) =>
      changeSelection({ replaceWith: icon }, `Replacing with ${icon.name}…`, `Replaced with ${icon.name}`),
    [changeSelection]
  )

  const dragToCanvas = useDragToCanvas({
    client,
    look: () => look,
    asComponent: () => asComponent,
    strokeDrawnNow,
    onDropped: (requestId, icon) => operations.expect(requestId, `Inserted ${icon.name} at ${look.size} px`),
    onRendered: (payload, icon) => onPlaced(payload, icon.name)
  })
  // A drag refused at its start: there is then nothing to drop.
  const drag = {
    onDragStart: (icon: IconSummary, event: DragEvent) => {
      if (sizeValid) return dragToCanvas.onDragStart(icon, event)
      event.preventDefault()
      operations.fail(SIZE_FIRST)
    },
    onDragEnd: dragToCanvas.onDragEnd
  }

  return { insert, insertMany, swap, replaceWith, drag }
}
