// @vitest-environment happy-dom
/**
 * The designer's keys on the playground's canvas act as in Figma: Delete removes the selected
 * layers Figma lets go, as one undo step, and Ctrl+Z takes that step back.
 */
import { describe, expect, it } from 'vitest'
import { attachCanvasInput } from '../../src/playground/browser/canvas-input'
import { createFigmaEmulator } from '../../src/playground/figma-emulator'

function canvasWith() {
  const emulator = createFigmaEmulator()
  const element = document.createElement('div')
  document.body.append(element)
  attachCanvasInput({ element, emulator, toLocal: () => null, showDropTarget: () => {} })
  const press = (key: string, modifiers: KeyboardEventInit = {}) => document.dispatchEvent(new KeyboardEvent('keydown', { key, ...modifiers }))
  return { emulator, figma: emulator.figma, press }
}

describe('the Delete key', () => {
  it('skips a layer of an instance, which Figma will not delete, and removes the rest as one undo step', () => {
    const { emulator, figma, press } = canvasWith()
    const component = figma.createComponent()
    component.appendChild(figma.createFrame())
    const instance = component.createInstance()
    const layer = instance.children[0] as FrameNode
    const before = figma.createFrame()
    const after = figma.createFrame()
    figma.commitUndo()
    emulator.select([before.id, layer.id, after.id])
    press('Delete')
    expect([before.removed, layer.removed, after.removed]).toEqual([true, false, true])
    press('z', { ctrlKey: true })
    expect([before.removed, after.removed]).toEqual([false, false])
    expect(component.removed).toBe(false)
  })

  it('removes a frame asked to be selected with a layer of its own (the selection keeps the frame), the layer going with it, and one Ctrl+Z brings both back', () => {
    const { emulator, figma, press } = canvasWith()
    const frame = figma.createFrame()
    const child = figma.createFrame()
    frame.appendChild(child)
    const other = figma.createFrame()
    figma.commitUndo()
    emulator.select([frame.id, child.id, other.id])
    expect(figma.currentPage.selection).toEqual([frame, other])
    press('Delete')
    expect([frame.removed, child.removed, other.removed]).toEqual([true, true, true])
    press('z', { ctrlKey: true })
    expect([frame.removed, child.removed, other.removed]).toEqual([false, false, false])
    expect(child.parent).toBe(frame)
  })
})
