/**
 * What a person does on the canvas, as in Figma: click to select (shift adds), scroll to pan,
 * ctrl/cmd + scroll to zoom about the pointer, Escape to deselect, Delete to remove, ctrl/cmd + Z
 * to undo one step, and drag a
 * plugin result over it (which outlines the frame it would land in).
 */
import type { FigmaEmulator } from '../figma-emulator/emulator'
import { selectionTargetAt } from './click-selection'

export interface CanvasInputOptions {
  element: HTMLElement
  emulator: FigmaEmulator
  /** Page coordinates to the canvas element's, or null outside it. */
  toLocal(clientX: number, clientY: number): { x: number; y: number } | null
  /** Outlines the drop target under a page point during a drag; nulls clear it. */
  showDropTarget(clientX: number | null, clientY: number | null): void
}

export function attachCanvasInput({ element, emulator, toLocal, showDropTarget }: CanvasInputOptions): void {
  element.addEventListener('click', (event) => {
    const local = toLocal(event.clientX, event.clientY)
    if (local === null) return
    const target = selectionTargetAt(emulator.snapshot().children, emulator.screenToCanvas(local))
    const current = emulator.snapshot().selection
    if (target === null) emulator.select(event.shiftKey ? current : [])
    else if (event.shiftKey) emulator.select(current.includes(target.id) ? current.filter((id) => id !== target.id) : [...current, target.id])
    else emulator.select([target.id])
  })
  // Scroll pans, ctrl/cmd + scroll (and pinch) zooms about the pointer, as on Figma's canvas.
  element.addEventListener(
    'wheel',
    (event) => {
      event.preventDefault()
      const viewport = emulator.viewport
      const local = toLocal(event.clientX, event.clientY)
      if (!(event.ctrlKey || event.metaKey) || local === null) {
        viewport.center = { x: viewport.center.x + event.deltaX / viewport.zoom, y: viewport.center.y + event.deltaY / viewport.zoom }
        return
      }
      const anchor = emulator.screenToCanvas(local)
      viewport.zoom = viewport.zoom * Math.exp(-event.deltaY / 200)
      // Keep the canvas point under the pointer where it was.
      const moved = emulator.screenToCanvas(local)
      viewport.center = { x: viewport.center.x + anchor.x - moved.x, y: viewport.center.y + anchor.y - moved.y }
    },
    { passive: false }
  )
  // Escape clears the selection; Delete or Backspace removes the selected layers Figma lets go, as one undo step;
  // ctrl/cmd + Z undoes one step.
  document.addEventListener('keydown', (event) => {
    if (event.target instanceof HTMLElement && event.target.closest('input, select, textarea') !== null) return
    if (event.key === 'Escape') emulator.select([])
    if (event.key === 'Delete' || event.key === 'Backspace') emulator.deleteSelection()
    if ((event.ctrlKey || event.metaKey) && !event.shiftKey && event.key.toLowerCase() === 'z') {
      event.preventDefault()
      emulator.undo()
    }
  })
  // Accepting the drag lets the browser end it as a drop here; the plugin's dragend then reports it.
  element.addEventListener('dragover', (event) => {
    event.preventDefault()
    if (event.dataTransfer !== null) event.dataTransfer.dropEffect = 'copy'
    showDropTarget(event.clientX, event.clientY)
  })
  element.addEventListener('dragleave', (event) => {
    if (!(event.relatedTarget instanceof Node && element.contains(event.relatedTarget))) showDropTarget(null, null)
  })
  element.addEventListener('drop', (event) => {
    event.preventDefault()
    showDropTarget(null, null)
  })
}
