/**
 * Undo, as in Figma: everything a plugin does until `figma.commitUndo()` is one step, and one undo
 * by the designer reverts exactly one step. The plugin commits after each action, so one Ctrl+Z
 * takes back the last insert, swap or replace and nothing before it.
 */
import { afterEach, describe, expect, it, vi } from 'vitest'
import { createFigmaEmulator } from '../../src/playground/figma-emulator'
import { insert, insertRequest, replaceRequest, startPlugin } from './plugin-harness'

afterEach(() => void vi.unstubAllGlobals())

describe('the emulator’s undo history', () => {
  it('reverts everything since the last commitUndo as one step, leaving undone nodes removed', () => {
    const { figma, undo } = createFigmaEmulator()
    const first = figma.createFrame()
    figma.commitUndo()
    const second = figma.createFrame()
    const third = figma.createFrame()
    first.name = 'Renamed'
    expect(undo()).toBe(true)
    expect(figma.currentPage.children).toEqual([first])
    expect([second.removed, third.removed]).toEqual([true, true])
    expect(first.name).toBe('Frame')
    expect(undo()).toBe(true)
    expect(first.removed).toBe(true)
    expect(undo()).toBe(false)
  })

  it('brings back a removed node as the same object, in its place', () => {
    const { figma, undo } = createFigmaEmulator()
    const frame = figma.createFrame()
    const child = figma.createFrame()
    frame.appendChild(child)
    figma.commitUndo()
    child.remove()
    undo()
    expect(child.removed).toBe(false)
    expect(child.parent).toBe(frame)
  })

  it('without commitUndo, one undo takes back the whole run', () => {
    const { figma, undo } = createFigmaEmulator()
    figma.createFrame()
    figma.createFrame()
    undo()
    expect(figma.currentPage.children).toHaveLength(0)
  })

  it('triggerUndo reverts to the last commitUndo state', () => {
    const { figma } = createFigmaEmulator()
    const kept = figma.createFrame()
    figma.commitUndo()
    const dropped = figma.createFrame()
    figma.triggerUndo()
    expect(figma.currentPage.children).toEqual([kept])
    expect(dropped.removed).toBe(true)
  })
})

describe('one undo reverts one plugin action', () => {
  it('after two inserts, one undo removes only the second icon', async () => {
    const run = await startPlugin()
    const first = await insert(run, insertRequest('lucide', 'house', { size: 24 }))
    const second = await insert(run, insertRequest('lucide', 'star', { size: 24 }))
    run.emulator.undo()
    expect(second.removed).toBe(true)
    expect(first.removed).toBe(false)
  })

  it('after an insert and a swap, one undo restores the icon as it was before the swap', async () => {
    const run = await startPlugin()
    const node = await insert(run, insertRequest('lucide', 'house', { size: 24 }))
    const result = await run.request('REPLACE_ICONS', replaceRequest([{ nodeId: node.id, ...insertRequest('lucide', 'house', { size: 48 }) }]))
    expect(result.ok).toBe(true)
    expect(node.width).toBe(48)
    run.emulator.undo()
    expect(node.removed).toBe(false)
    expect([node.width, node.getSharedPluginData('iconcatalogue', 'size')]).toEqual([24, '24'])
  })
})
