/**
 * What changes the canvas: insert, swap the selected icons' size/style/colour, replace them, and
 * drag onto the canvas. Each fetches what main needs, sends the typed event and tracks the answer.
 */
import { emit } from '@create-figma-plugin/utilities'
import { useCallback } from 'preact/hooks'

import type { IconDetail, IconSummary } from '../../api/catalogue-schemas'
import type {
  ColorBinding,
  FileColor,
  IconPayload,
  InsertIconHandler,
  InsertIconsHandler,
  ReplaceIconsHandler,
  ReportErrorHandler,
  SelectedIcon
} from '../../api/plugin-protocol'
import { messageOf } from '../../api/message-of'
import { useCatalogue } from './catalogue-context'
import { counted, swappedMessage } from './format'
import { insertedMessage } from '../shared/insert-message'
import { componentFlag, insertedLook, renderPayload, retargetSelection, type SelectionChange } from '../shared/icon-payloads'
import { keepDrawings, type KeptDrawings } from '../shared/kept-drawings'
import { sameBinding } from '../shared/color-binding'
import { changedBy } from './selection-look'
import { useNextInsertLook, usePreferences } from './preferences-context'
import { useDragToCanvas } from './use-drag-to-canvas'
import type { Outcome, useOperations } from './use-operations'

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

/**
 * Inserts use the size and colour in the preferences, and each placed icon joins the recent ones.
 * While a toolbar box shows a value it refuses (a size, a colour, a stroke width), every way in
 * (Enter, Insert, Insert N icons, a drag) refuses too: inserting in the last good one would surprise.
 */
export function useIconActions(options: {
  operations: ReturnType<typeof useOperations>
  selection: readonly SelectedIcon[]
  /** Why nothing can be inserted while a toolbar box holds a value it refuses (LookToolbar), else null. */
  entryProblem: string | null
  /** An insert or replace went through: the icon's details can close. */
  onDone: () => void
  /** Several icons (the picked ones) went in together, inserted or dragged: the picks are done with. */
  onSeveralPlaced: () => void
  /** What the icons were drawn as before, noted before each change (kept-drawings.ts). */
  kept: KeptDrawings
  /** The file's colours, which a swap's message names. */
  fileColors: readonly FileColor[]
}) {
  const { operations, selection, entryProblem, onDone, onSeveralPlaced, kept, fileColors } = options
  const { client, strokeOfNow, strokeOf, nameOfStyle } = useCatalogue()
  const { preferences, remember } = usePreferences()
  const { asComponent } = preferences
  const look = useNextInsertLook()
  const onPlaced = useCallback(
    (payload: IconPayload, name: string) => remember({ iconset: payload.icon.iconset, icon: payload.icon.icon, name, style: payload.icon.style }),
    [remember]
  )

  const insert = useCallback(
    (target: NamedIconRef) => {
      if (entryProblem !== null) return operations.fail(entryProblem)
      const { name } = target
      const attempt = async (): Promise<void> => {
        let inserted: IconPayload | null = null
        const outcome = await operations.run(
          `Inserting ${name}…`,
          () =>
            reported(async () => {
              const [icon, strokes] = await Promise.all([client.icon(target.iconset, target.slug), strokeOfNow()])
              const payload = await renderPayload(client, icon, insertedLook(look, icon, strokes))
              inserted = payload
              return (requestId: string) => emit<InsertIconHandler>('INSERT_ICON', { requestId, ...payload, ...componentFlag(asComponent) })
            }),
          (placed) => insertedMessage(name, look.size, placed),
          attempt
        )
        if (outcome === 'done' && inserted !== null) {
          onPlaced(inserted, name)
          onDone()
        }
      }
      return attempt()
    },
    [client, operations, look, asComponent, strokeOfNow, onPlaced, onDone, entryProblem]
  )

  const insertMany = useCallback(
    (targets: readonly IconRef[]) => {
      if (entryProblem !== null) return operations.fail(entryProblem)
      const attempt = async (): Promise<void> => {
        const placed: Array<{ payload: IconPayload; name: string }> = []
        const outcome = await operations.run(
          `Inserting ${counted(targets.length, 'icon')}…`,
          () =>
            reported(async () => {
              const strokes = await strokeOfNow()
              const items = await Promise.all(
                targets.map(async (target) => {
                  const icon = await client.icon(target.iconset, target.slug)
                  const payload = await renderPayload(client, icon, insertedLook(look, icon, strokes))
                  placed.push({ payload, name: icon.name })
                  return payload
                })
              )
              return (requestId: string) => emit<InsertIconsHandler>('INSERT_ICONS', { requestId, items, ...componentFlag(asComponent) })
            }),
          () => insertedMessage(counted(targets.length, 'icon'), look.size, 1),
          attempt
        )
        if (outcome !== 'done') return
        for (const { payload, name } of placed) onPlaced(payload, name)
        onSeveralPlaced()
      }
      return attempt()
    },
    [client, operations, look, asComponent, strokeOfNow, onPlaced, onSeveralPlaced, entryProblem]
  )

  const changeSelection = useCallback(
    (change: SelectionChange, label: string, done: (nodes: number) => string) => {
      const targets = selection
      const attempt = async (): Promise<Outcome> => {
        const outcome = await operations.run(
          label,
          () =>
            reported(async () => {
              const strokes = await strokeOfNow()
              keepDrawings(kept, targets, strokes)
              const items = await retargetSelection(client, targets, change, strokes, look, kept)
              const mode = change.replaceWith === undefined ? 'swap' : 'replace'
              return (requestId: string) => emit<ReplaceIconsHandler>('REPLACE_ICONS', { requestId, items, mode })
            }),
          done,
          attempt
        )
        if (outcome === 'done' && change.replaceWith !== undefined) onDone()
        return outcome
      }
      return attempt()
    },
    [client, operations, selection, strokeOfNow, look, onDone, kept]
  )

  const swap = useCallback(
    (change: SelectionChange) => {
      const changed = changedBy(change, selection, (icon) => strokeOf({ iconset: icon.iconset, style: icon.style, slug: icon.icon }) !== undefined)
      const names = { style: nameOfStyle, fileColor: (binding: ColorBinding) => fileColors.find((color) => sameBinding(color, binding))?.name }
      // None changed, by the selection the UI has: it may not yet be the one a swap before this made
      // (a held ↑ then ↓), so main's count of the icons it redrew is said instead.
      return changeSelection(change, 'Updating selected icons…', (nodes) => swappedMessage(change, changed === 0 ? nodes : changed, names))
    },
    [changeSelection, selection, strokeOf, nameOfStyle, fileColors]
  )

  const replaceWith = useCallback(
    (icon: IconDetail) =>
      changeSelection({ replaceWith: icon }, `Replacing with ${icon.name}…`, () => `Replaced with ${icon.name}`),
    [changeSelection]
  )

  const dragToCanvas = useDragToCanvas({
    client,
    look: () => look,
    asComponent: () => asComponent,
    strokeOfNow,
    onDropped: (requestId, icons, content) => {
      const [one] = icons
      const several = icons.length > 1 || one === undefined
      operations.expect(requestId, insertedMessage(several ? counted(icons.length, 'icon') : one.name, look.size, 1), content, several ? onSeveralPlaced : undefined)
    },
    onRendered: (payloads, icons) => payloads.forEach((payload, index) => onPlaced(payload, icons[index]?.name ?? payload.icon.icon))
  })
  // A drag refused at its start: there is then nothing to drop.
  const drag = {
    onDragStart: (icons: readonly IconSummary[], event: DragEvent) => {
      if (entryProblem === null) return dragToCanvas.onDragStart(icons, event)
      event.preventDefault()
      operations.fail(entryProblem)
    },
    onDragEnd: dragToCanvas.onDragEnd
  }

  return { insert, insertMany, swap, replaceWith, drag }
}
