import { emit, on } from '@create-figma-plugin/utilities'
import { useEffect, useRef } from 'preact/hooks'

import type {
  InitHandler,
  OperationResultHandler,
  SelectionChangedHandler,
  UiReadyHandler
} from '../../api/plugin-protocol'

export interface PluginEventHandlers {
  onInit: InitHandler['handler']
  onSelectionChanged: SelectionChangedHandler['handler']
  onOperationResult: OperationResultHandler['handler']
}

/**
 * Listens to everything main sends, then says UI_READY, so that main's INIT answer always finds
 * its handler. The handlers may change every render; the subscriptions don't.
 */
export function usePluginEvents(handlers: PluginEventHandlers): void {
  const latest = useRef(handlers)
  latest.current = handlers
  useEffect(() => {
    const unsubscribe = [
      on<InitHandler>('INIT', (init) => latest.current.onInit(init)),
      on<SelectionChangedHandler>('SELECTION_CHANGED', (selection) => latest.current.onSelectionChanged(selection)),
      on<OperationResultHandler>('OPERATION_RESULT', (result) => latest.current.onOperationResult(result))
    ]
    emit<UiReadyHandler>('UI_READY')
    return () => unsubscribe.forEach((off) => off())
  }, [])
}
