import { on } from '@create-figma-plugin/utilities'
import { useLayoutEffect, useRef } from 'preact/hooks'

import type { FileColorsHandler, IconsInSelectionHandler, OperationResultHandler, SelectionChangedHandler, SelectionNoteHandler } from '../../api/plugin-protocol'

export interface PluginEventHandlers {
  onSelectionChanged: SelectionChangedHandler['handler']
  onIconsInSelection: IconsInSelectionHandler['handler']
  onSelectionNote: SelectionNoteHandler['handler']
  onOperationResult: OperationResultHandler['handler']
  onFileColors?: FileColorsHandler['handler']
}

/**
 * Listens to what main sends after start-up. Layout effects run as the first render commits,
 * before the frame's load event, so a message main sent while the UI was loading finds its
 * handler. The handlers may change every render; the subscriptions don't.
 */
export function usePluginEvents(handlers: PluginEventHandlers): void {
  const latest = useRef(handlers)
  latest.current = handlers
  useLayoutEffect(() => {
    const unsubscribe = [
      on<SelectionChangedHandler>('SELECTION_CHANGED', (selection) => latest.current.onSelectionChanged(selection)),
      on<IconsInSelectionHandler>('ICONS_IN_SELECTION', (icons) => latest.current.onIconsInSelection(icons)),
      on<SelectionNoteHandler>('SELECTION_NOTE', (note) => latest.current.onSelectionNote(note)),
      on<OperationResultHandler>('OPERATION_RESULT', (result) => latest.current.onOperationResult(result)),
      on<FileColorsHandler>('FILE_COLORS', (colors) => latest.current.onFileColors?.(colors))
    ]
    return () => unsubscribe.forEach((off) => off())
  }, [])
}
