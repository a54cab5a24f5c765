/**
 * Failures in the main thread say what went wrong and leave nothing half-done.
 */
import { afterEach, describe, expect, it, vi } from 'vitest'

import { findInSnapshot } from '../../src/playground/figma-emulator'
import { fitToToast, NOTIFY_LIMIT } from '../../src/plugin/main/notify'
import { insert, insertRequest, nextRequestId, replaceRequest, startData, startPlugin, type PluginRun } from './plugin-harness'

afterEach(() => void vi.unstubAllGlobals())

const validItem = { svg: '<svg/>', icon: { iconset: 'lucide', icon: 'house', style: 'outline', size: 24, color: '#000000' } }

function expectReported(run: PluginRun, result: unknown, message: RegExp): void {
  expect(result).toMatchObject({ ok: false, message: expect.stringMatching(message) })
  // Figma's toast shows 100 characters: main cuts a longer message at a word; the UI has it whole.
  const notification = run.emulator.notifications.at(-1)
  expect(notification).toMatchObject({ error: true, truncated: false, message: fitToToast((result as { message: string }).message) })
}

describe('failures say what went wrong and leave nothing half-done', () => {
  it.each([
    ['malformed SVG', '<svg xmlns="http://www.w3.org/2000/svg"><path d="M0 0"'],
    ['an HTML error page', '<!doctype html><html><body>502 Bad Gateway</body></html>'],
    ['a JSON problem', '{"title":"Not Found","status":404}']
  ])('an SVG Figma rejects (%s) inserts nothing', async (_label, svg) => {
    const run = await startPlugin()
    const request = { ...insertRequest('lucide', 'house', { size: 24 }), svg }
    const result = await run.request('INSERT_ICON', request)
    expectReported(run, result, /^Figma could not read the SVG of lucide\/house \(in createNodeFromSvg: /)
    expect(run.figma.currentPage.children).toHaveLength(0)
    expect(run.figma.currentPage.selection).toHaveLength(0)
  })

  it('removes the new node when placing it fails', async () => {
    const run = await startPlugin()
    const frame = run.figma.createFrame()
    run.emulator.select([frame.id])
    await run.emulator.settle()
    // Figma refuses a move into a parent, e.g. one that became read-only.
    vi.spyOn(frame, 'appendChild').mockImplementation(() => {
      throw new Error('Cannot move node')
    })
    const result = await run.request('INSERT_ICON', insertRequest('lucide', 'house', { size: 24 }))
    expectReported(run, result, /^Cannot move node$/)
    expect(run.figma.currentPage.children.map((child) => child.id)).toEqual([frame.id])
  })

  it.each([
    ['no SVG', { svg: '' }, /the SVG is missing/],
    ['size 0', { icon: { iconset: 'lucide', icon: 'house', style: 'outline', size: 0, color: '#000000' } }, /size must be a number of px from 1 to 1024, to hundredths/],
    ['size 2000', { icon: { iconset: 'lucide', icon: 'house', style: 'outline', size: 2000, color: '#000000' } }, /from 1 to 1024/],
    ['a colour name', { icon: { iconset: 'lucide', icon: 'house', style: 'outline', size: 24, color: 'red' } }, /colour must look like #rrggbb/],
    ['no icon', { icon: null }, /the icon is missing/]
  ])('a malformed insert request (%s) is refused with a clear message', async (_label, change, message) => {
    const run = await startPlugin()
    const result = await run.request('INSERT_ICON', { ...insertRequest('lucide', 'house', { size: 24 }), ...change })
    expectReported(run, result, message)
    expect(run.figma.currentPage.children).toHaveLength(0)
  })

  it('a swap of an icon deleted meanwhile says so', async () => {
    const run = await startPlugin()
    const node = await insert(run, insertRequest('lucide', 'house', { size: 24 }))
    node.remove()
    const result = await run.request('REPLACE_ICONS', replaceRequest([{ nodeId: node.id, ...insertRequest('lucide', 'house', { size: 48 }) }]))
    expectReported(run, result, /no longer on the canvas/)
    expect(run.figma.currentPage.children).toHaveLength(0)
  })

  it('a swap of a node that is not a plugin icon is refused', async () => {
    const run = await startPlugin()
    const frame = run.figma.createFrame()
    frame.name = 'Hero'
    const result = await run.request('REPLACE_ICONS', replaceRequest([{ nodeId: frame.id, ...insertRequest('lucide', 'house', { size: 48 }) }]))
    expectReported(run, result, /“Hero” is no longer an icon from this plugin/)
    expect([frame.width, frame.children.length]).toEqual([100, 0])
  })

  it('a swap with one bad drawing changes none of the selected icons', async () => {
    const run = await startPlugin()
    const a = await insert(run, insertRequest('lucide', 'house', { size: 24 }))
    const b = await insert(run, insertRequest('lucide', 'star', { size: 24 }))
    const before = findInSnapshot(run.emulator.snapshot().children, a.id)
    const request = replaceRequest([
      { nodeId: a.id, ...insertRequest('lucide', 'house', { size: 48 }) },
      { nodeId: b.id, ...insertRequest('lucide', 'sparkles', { size: 48 }), svg: '<svg><path></g></svg>' }
    ], 'replace')
    const result = await run.request('REPLACE_ICONS', request)
    expectReported(run, result, /Figma could not read the SVG of lucide\/sparkles/)
    expect(findInSnapshot(run.emulator.snapshot().children, a.id)).toEqual(before)
    expect(run.figma.currentPage.children.map((child) => child.id)).toEqual([a.id, b.id])
  })

  it('a swap that Figma refuses midway leaves no stray frame and no half-resized icon', async () => {
    const run = await startPlugin()
    const icon = await insert(run, insertRequest('lucide', 'house', { size: 24 }))
    const before = findInSnapshot(run.emulator.snapshot().children, icon.id)
    // Figma refuses the new layers (a parent that became read-only, say): the swap fails after resizing the icon.
    vi.spyOn(icon, 'insertChild').mockImplementation(() => {
      throw new Error('Cannot move node')
    })
    const result = await run.request('REPLACE_ICONS', replaceRequest([{ nodeId: icon.id, ...insertRequest('tabler', 'home', { size: 48 }) }], 'replace'))
    expectReported(run, result, /^Cannot move node$/)
    expect(run.figma.currentPage.children.map((child) => child.id)).toEqual([icon.id])
    expect(findInSnapshot(run.emulator.snapshot().children, icon.id)).toEqual(before)
  })

  /** What the designer does between selecting an icon and the swap arriving; the icon to swap after it. */
  type Meanwhile = (run: PluginRun, icon: FrameNode) => Promise<FrameNode>
  const toAnotherPage: Meanwhile = async (run, icon) => {
    await run.figma.setCurrentPageAsync(run.emulator.addPage('Page 2') as unknown as PageNode)
    return icon
  }
  const lock: Meanwhile = async (_run, icon) => {
    icon.locked = true
    return icon
  }
  const intoAnInstance: Meanwhile = async (run, icon) => {
    const component = run.figma.createComponent()
    component.appendChild(icon)
    return component.createInstance().children[0] as FrameNode
  }

  it.each([
    ['on another page', toAnotherPage, /“lucide\/house” is on another page now/],
    ['locked', lock, /“lucide\/house” is locked now/],
    ['inside an instance', intoAnInstance, /“lucide\/house” is inside an instance now/]
  ] as const)('a swap of an icon that is now %s is refused, and changes nothing', async (_label, meanwhile, message) => {
    const run = await startPlugin()
    const inserted = await insert(run, insertRequest('lucide', 'house', { size: 24 }))
    const icon = await meanwhile(run, inserted)
    const before = findInSnapshot(run.emulator.snapshot().children, icon.id)
    const result = await run.request('REPLACE_ICONS', replaceRequest([{ nodeId: icon.id, ...insertRequest('lucide', 'house', { size: 48 }) }]))
    expectReported(run, result, message)
    expect([icon.removed, icon.width]).toEqual([false, 24])
    expect(findInSnapshot(run.emulator.snapshot().children, icon.id)).toEqual(before)
  })

  it.each([
    ['no items', { items: [] }, /no icons to change/],
    ['an unknown mode', { mode: 'merge', items: [{ nodeId: '1:1', ...validItem }] }, /mode must be swap or replace/],
    ['an item without a node id', { items: [validItem] }, /the node id is missing/]
  ])('a malformed replace request (%s) is refused', async (_label, change, message) => {
    const run = await startPlugin()
    const result = await run.request('REPLACE_ICONS', { requestId: nextRequestId(), ...change })
    expectReported(run, result, message)
  })

  it('opens all the same when the file’s colours cannot be read, without them, and says why', async () => {
    const run = await startPlugin({}, (figma) => {
      vi.spyOn(figma, 'getLocalPaintStylesAsync').mockRejectedValue(new Error('Styles are not available'))
    })
    expect(startData(run).fileColors).toEqual([])
    expect(run.emulator.notifications.at(-1)).toMatchObject({ message: "Could not read this file's colours: Styles are not available", error: true })
    expect((await insert(run, insertRequest('lucide', 'house', { size: 24 }))).removed).toBe(false)
  })

  it('errors the UI met before reaching main are shown by Figma too', async () => {
    const run = await startPlugin()
    run.send('REPORT_ERROR', 'The catalogue did not answer. Check that it is running, then retry.')
    expect(run.emulator.notifications).toEqual([
      expect.objectContaining({ message: 'The catalogue did not answer. Check that it is running, then retry.', error: true })
    ])
  })
})

describe('a failure in Figma’s toast, which shows 100 characters (PluginAPI.notify)', () => {
  it('keeps a short message as it is', () => {
    expect(fitToToast('Could not save your settings.')).toBe('Could not save your settings.')
  })

  it('cuts a long one at a word, with an ellipsis, within the limit', () => {
    const message = 'Figma could not read the SVG of lucide/house: the catalogue sent an HTML page (502 Bad Gateway) instead of a drawing'
    const shown = fitToToast(message)
    expect([...shown].length).toBeLessThanOrEqual(NOTIFY_LIMIT)
    expect(shown).toBe('Figma could not read the SVG of lucide/house: the catalogue sent an HTML page (502 Bad Gateway)…')
  })

  it('cuts one long word where it must, and counts characters, not UTF-16 units', () => {
    const shown = fitToToast(`Could not reach ${'🏠'.repeat(120)}`)
    expect([...shown]).toHaveLength(NOTIFY_LIMIT)
    expect(shown.endsWith('🏠…')).toBe(true)
  })

  it('reaches the designer whole in the UI and cut at a word in the toast, where Figma would cut it anywhere', async () => {
    const run = await startPlugin()
    const long = `The catalogue did not answer in time. ${'Check that it is running and that this file may reach it, '.repeat(2)}then retry.`
    run.send('REPORT_ERROR', long)
    const [toast] = run.emulator.notifications
    expect(toast).toMatchObject({ error: true, truncated: false, message: fitToToast(long), timeout: 3_000 })
    expect(toast?.message.endsWith('…')).toBe(true)
  })
})
