// @vitest-environment happy-dom
/** A drag from the plugin counts as a drop on the canvas only when it ends outside the plugin's window. */
import { describe, expect, it } from 'vitest'
import { droppedOutside } from '../../src/plugin/ui/use-drag-to-canvas'

describe('dragging a result out of the plugin', () => {
  const window = { innerWidth: 360, innerHeight: 600 }

  it('is not a canvas drop when it ends inside the plugin window', () => {
    expect(droppedOutside({ clientX: 10, clientY: 10 }, window)).toBe(false)
    expect(droppedOutside({ clientX: 360, clientY: 600 }, window)).toBe(false)
  })

  it('is a canvas drop when it ends beyond any edge of the window', () => {
    expect(droppedOutside({ clientX: -40, clientY: 300 }, window)).toBe(true)
    expect(droppedOutside({ clientX: 100, clientY: 700 }, window)).toBe(true)
  })
})
