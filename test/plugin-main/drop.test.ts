/**
 * Dragging a result onto the canvas: where the dropped icon lands, which frame takes it, and which
 * drops are left to Figma.
 */
import { afterEach, describe, expect, it, vi } from 'vitest'

import type { OperationResult } from '../../src/api/plugin-protocol'
import { dropMetadata, insert, insertRequest, startPlugin, type PluginRun } from './plugin-harness'

afterEach(() => void vi.unstubAllGlobals())

function frameAt(run: PluginRun, x: number, y: number, width: number, height: number): FrameNode {
  const frame = run.figma.createFrame()
  frame.x = x
  frame.y = y
  frame.resize(width, height)
  return frame
}

async function drop(run: PluginRun, absoluteX: number, absoluteY: number, metadata: unknown): Promise<{ handledByFigma: boolean }> {
  const handledByFigma = run.emulator.dispatchDrop({ absoluteX, absoluteY, dropMetadata: metadata })
  await run.emulator.settle()
  return { handledByFigma }
}

describe('drag and drop', () => {
  it('inserts the icon centred on the drop point, inside the frame it was dropped on', async () => {
    const run = await startPlugin()
    const frame = frameAt(run, 200, 100, 300, 200)
    const request = insertRequest('lucide', 'house', { size: 24 })
    const { handledByFigma } = await drop(run, 260, 150, dropMetadata(request))

    expect(handledByFigma).toBe(false)
    const result = (await run.resultFor(request.requestId)) as Extract<OperationResult, { ok: true }>
    expect(result.ok).toBe(true)
    const [node] = frame.children
    expect(node?.id).toBe(result.nodeIds[0])
    expect(node?.name).toBe('lucide/house')
    expect([node?.x, node?.y, node?.width]).toEqual([48, 38, 24])
    expect(run.figma.currentPage.selection.map((selected) => selected.id)).toEqual(result.nodeIds)
  })

  it('drops onto the page at the drop point when it lands on empty canvas', async () => {
    const run = await startPlugin()
    const request = insertRequest('lucide', 'star', { size: 32 })
    await drop(run, -500, 40, dropMetadata(request))
    const result = await run.resultFor(request.requestId)
    expect(result.ok).toBe(true)
    const node = run.figma.currentPage.children.find((child) => child.name === 'lucide/star')
    expect([node?.x, node?.y]).toEqual([-516, 24])
  })

  it('drops next to an icon it lands on, in that icon’s frame', async () => {
    const run = await startPlugin()
    const frame = frameAt(run, 0, 0, 200, 200)
    run.emulator.select([frame.id])
    await run.emulator.settle()
    const target = await insert(run, insertRequest('lucide', 'house', { size: 48 }))
    const request = insertRequest('lucide', 'star', { size: 24 })
    await drop(run, 100, 100, dropMetadata(request))
    await run.resultFor(request.requestId)
    expect(frame.children.map((child) => child.name)).toEqual(['lucide/house', 'lucide/star'])
    expect(target.children.every((child) => child.type === 'VECTOR')).toBe(true)
  })

  it('drops into an auto-layout frame at the gap nearest the pointer', async () => {
    const run = await startPlugin()
    const row = frameAt(run, 0, 0, 400, 40)
    row.layoutMode = 'HORIZONTAL'
    row.itemSpacing = 10
    const left = await insert(run, insertRequest('lucide', 'house', { size: 24 }))
    const right = await insert(run, insertRequest('lucide', 'star', { size: 24 }))
    row.appendChild(left)
    row.appendChild(right)
    const request = insertRequest('lucide', 'search', { size: 24 })
    await drop(run, 30, 20, dropMetadata(request))
    await run.resultFor(request.requestId)
    expect(row.children.map((child) => child.name)).toEqual(['lucide/house', 'lucide/search', 'lucide/star'])
    expect(row.children.map((child) => child.x)).toEqual([0, 34, 68])
  })

  it('leaves drops that are not icons from this plugin to Figma', async () => {
    const run = await startPlugin()
    const { handledByFigma } = await drop(run, 0, 0, { kind: 'something-else' })
    expect(handledByFigma).toBe(true)
    expect(run.figma.currentPage.children).toHaveLength(0)
  })

  it('reports a broken drop and inserts nothing', async () => {
    const run = await startPlugin()
    const request = insertRequest('lucide', 'house', { size: 24 })
    const { handledByFigma } = await drop(run, 0, 0, { ...dropMetadata(request), svg: '<svg><g></svg>' })
    expect(handledByFigma).toBe(false)
    const result = await run.resultFor(request.requestId)
    expect(result).toMatchObject({ ok: false, message: expect.stringContaining('Figma could not read the SVG of lucide/house') })
    expect(run.figma.currentPage.children).toHaveLength(0)
    expect(run.emulator.notifications.at(-1)).toMatchObject({ error: true, message: expect.stringContaining('lucide/house') })
  })
})
