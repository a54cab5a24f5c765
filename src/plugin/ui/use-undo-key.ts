import { emit } from '@create-figma-plugin/utilities'
import { useEffect } from 'preact/hooks'

import type { UndoHandler } from '../../api/plugin-protocol'

/** Input types the designer types text into, where Cmd/Ctrl+Z takes back typing, as in any field. */
const TEXT_INPUTS: ReadonlySet<string> = new Set(['text', 'search', 'number', 'email', 'url', 'tel', 'password'])

function editsText(target: EventTarget | null): boolean {
  if (target instanceof HTMLTextAreaElement) return true
  if (target instanceof HTMLInputElement) return TEXT_INPUTS.has(target.type)
  return target instanceof HTMLElement && target.isContentEditable
}

/** Cmd+Z on a Mac, Ctrl+Z elsewhere, without Shift (redo, which no plugin can ask Figma for) or Alt. */
function isUndoKey(event: KeyboardEvent): boolean {
  return event.key.toLowerCase() === 'z' && (event.metaKey || event.ctrlKey) && !event.shiftKey && !event.altKey
}

/**
 * Cmd/Ctrl+Z undoes on the canvas while focus is in the plugin, outside a text field: Figma passes
 * no key from a plugin's window to the canvas, so right after Enter inserts from the grid the
 * designer's undo would otherwise do nothing. In a text field the key takes back the typing. The
 * undo goes once the insert or swap under way, and any change waiting behind it, has reached main
 * (`beforeUndo`): one pressed while a drawing is still coming would otherwise undo the step before it,
 * and then the icon would land.
 */
export function useUndoKey(beforeUndo: () => Promise<void>): void {
  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.defaultPrevented || !isUndoKey(event) || editsText(event.target)) return
      event.preventDefault()
      void beforeUndo().then(() => emit<UndoHandler>('UNDO'))
    }
    window.addEventListener('keydown', onKeyDown)
    return () => window.removeEventListener('keydown', onKeyDown)
  }, [beforeUndo])
}
