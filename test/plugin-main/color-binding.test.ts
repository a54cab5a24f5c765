/**
 * The file's colours in the toolbar: main lists the local solid paint styles and colour variables
 * (a variable in the current page's mode), sends them again when they may have changed, and binds
 * an inserted or swapped icon's paints to the chosen one, so editing the style or switching the
 * variable's mode recolours the icon. A size swap keeps the binding, a hex removes it, and a
 * multicolour icon keeps its own colours.
 */
import { solidHex } from '../support/paints'
import { afterEach, describe, expect, it, vi } from 'vitest'

import type { FileColor, SelectedIcon } from '../../src/api/plugin-protocol'
import { insert, insertRequest, replaceRequest, startData, startPlugin, type PluginRun } from './plugin-harness'

afterEach(() => {
  vi.useRealTimers()
  vi.unstubAllGlobals()
})

/** Main's polls run on these, so a test steps through seconds of them without waiting. */
const fakeClock = () => vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] })

function rgb(hex: string): RGB {
  const channel = (start: number) => parseInt(hex.slice(start, start + 2), 16) / 255
  return { r: channel(1), g: channel(3), b: channel(5) }
}

interface FileSetUp {
  brand: PaintStyle
  ink: Variable
  theme: VariableCollection
  dark: string
}

/** A file with a brand colour style, a gradient style, and a Theme collection with Light and Dark modes. */
function fileWithColors(figma: PluginAPI): FileSetUp {
  const brand = figma.createPaintStyle()
  brand.name = 'Brand/Primary'
  brand.paints = [{ type: 'SOLID', color: rgb('#0f6cbd') }]
  const gradient = figma.createPaintStyle()
  gradient.name = 'Sunset'
  gradient.paints = [{ type: 'GRADIENT_LINEAR', gradientTransform: [[1, 0, 0], [0, 1, 0]], gradientStops: [] }]
  const theme = figma.variables.createVariableCollection('Theme')
  theme.renameMode(theme.defaultModeId, 'Light')
  const dark = theme.addMode('Dark')
  const ink = figma.variables.createVariable('Icon/Ink', theme, 'COLOR')
  ink.setValueForMode(theme.defaultModeId, { ...rgb('#1a1a1a'), a: 1 })
  ink.setValueForMode(dark, { ...rgb('#f5f5f5'), a: 1 })
  const gap = figma.variables.createVariable('Gap', theme, 'FLOAT')
  gap.setValueForMode(theme.defaultModeId, 8)
  return { brand, ink, theme, dark }
}

async function startWithColors(): Promise<{ run: PluginRun; file: FileSetUp }> {
  let file: FileSetUp | undefined
  const run = await startPlugin({}, (figma) => void (file = fileWithColors(figma)))
  if (file === undefined) throw new Error('The file was not set up')
  return { run, file }
}

/** Every visible solid paint of the icon's painted layers, as hex. */
function drawnColors(node: FrameNode): string[] {
  return node
    .findAll((layer) => layer.type !== 'GROUP' && 'fills' in layer)
    .flatMap((layer) => [...((layer as VectorNode).fills as Paint[]), ...((layer as VectorNode).strokes as Paint[])])
    .map(solidHex)
    .filter((hex) => hex !== null)
}

function vectors(node: FrameNode): VectorNode[] {
  return node.findAll((layer) => layer.type === 'VECTOR') as VectorNode[]
}

describe('the file’s colours', () => {
  it('are sent with the start data: solid paint styles, then colour variables with their collection, in the page’s mode', async () => {
    const { run, file } = await startWithColors()
    expect(startData(run).fileColors).toEqual<FileColor[]>([
      { kind: 'style', id: file.brand.id, name: 'Brand/Primary', collection: '', color: '#0f6cbd' },
      { kind: 'variable', id: file.ink.id, name: 'Icon/Ink', collection: 'Theme', color: '#1a1a1a' }
    ])
  })

  it('leave out a colour variable scoped away from an icon’s paints, as Figma’s own picker does', async () => {
    let scoped: Record<string, Variable> = {}
    const run = await startPlugin({}, (figma) => {
      const tokens = figma.variables.createVariableCollection('Tokens')
      const variable = (name: string, scopes: VariableScope[]) => {
        const made = figma.variables.createVariable(name, tokens, 'COLOR')
        made.setValueForMode(tokens.defaultModeId, { ...rgb('#0f6cbd'), a: 1 })
        made.scopes = scopes
        return made
      }
      scoped = {
        shape: variable('Shape', ['SHAPE_FILL']),
        stroke: variable('Stroke', ['STROKE_COLOR']),
        fills: variable('Fills', ['ALL_FILLS']),
        text: variable('Text', ['TEXT_FILL']),
        frame: variable('Frame', ['FRAME_FILL']),
        hidden: variable('Hidden', [])
      }
    })
    expect(scoped.shape?.scopes).toEqual(['SHAPE_FILL'])
    expect(startData(run).fileColors.map((color) => color.name)).toEqual(['Fills', 'Shape', 'Stroke'])
    expect(() => ((scoped.text as Variable).scopes = ['NOT_A_SCOPE' as VariableScope])).toThrow(/scopes must be an array of/)
  })

  it('are sent again when a style changes, and when the UI opens its colour menu', async () => {
    const { run, file } = await startWithColors()
    file.brand.paints = [{ type: 'SOLID', color: rgb('#c50f1f') }]
    await vi.waitFor(() => expect(run.emitted('FILE_COLORS').at(-1)).toContainEqual(expect.objectContaining({ id: file.brand.id, color: '#c50f1f' })))

    run.figma.currentPage.setExplicitVariableModeForCollection(file.theme, file.dark)
    run.send('REFRESH_FILE_COLORS')
    await vi.waitFor(() => expect(run.emitted('FILE_COLORS').at(-1)).toContainEqual(expect.objectContaining({ id: file.ink.id, color: '#f5f5f5' })))
  })
  it('give each variable its value where the next icon goes: in a frame selected in another mode than its page', async () => {
    const { run, file } = await startWithColors()
    const card = run.figma.createFrame()
    card.setExplicitVariableModeForCollection(file.theme, file.dark)
    const label = run.figma.createStar()
    const badge = run.figma.createComponent().createInstance()
    card.appendChild(label)
    card.appendChild(badge)
    const inkIn = () => (run.emitted('FILE_COLORS') as FileColor[][]).at(-1)?.find((color) => color.id === file.ink.id)?.color
    run.figma.currentPage.selection = [card]
    await vi.waitFor(() => expect(inkIn()).toBe('#f5f5f5'))
    // Nothing selected: the page's own mode, the collection's default.
    run.figma.currentPage.selection = []
    await vi.waitFor(() => expect(inkIn()).toBe('#1a1a1a'))
    // A layer that holds no icon sends it into its frame; an instance with no slot, to the page.
    run.figma.currentPage.selection = [label]
    await vi.waitFor(() => expect(inkIn()).toBe('#f5f5f5'))
    run.figma.currentPage.selection = [badge]
    await vi.waitFor(() => expect(inkIn()).toBe('#1a1a1a'))
  })

  it('follow a variable mode switch by themselves: Figma tells the plugin nothing of it, so main reads them every second', async () => {
    fakeClock()
    const { run, file } = await startWithColors()
    const reads = vi.spyOn(run.figma.variables, 'getLocalVariablesAsync')
    // Polls that find nothing new send nothing.
    await vi.advanceTimersByTimeAsync(2_000)
    expect(reads).toHaveBeenCalledTimes(2)
    expect(run.emitted('FILE_COLORS')).toEqual([])

    run.figma.currentPage.setExplicitVariableModeForCollection(file.theme, file.dark)
    await vi.advanceTimersByTimeAsync(1_000)
    expect(run.emitted('FILE_COLORS')).toHaveLength(1)
    expect(run.emitted('FILE_COLORS')[0]).toContainEqual(expect.objectContaining({ id: file.ink.id, color: '#f5f5f5' }))

    // Closing the plugin stops the polls, as Figma cancels a closed plugin's timers.
    run.figma.closePlugin()
    const after = reads.mock.calls.length
    file.ink.setValueForMode(file.dark, { ...rgb('#c50f1f'), a: 1 })
    await vi.advanceTimersByTimeAsync(10_000)
    expect(reads).toHaveBeenCalledTimes(after)
    expect(run.emitted('FILE_COLORS')).toHaveLength(1)
  })
})

describe('the file’s colours, in a file whose colours take long to read', () => {
  it('are read less often, so the reads never take more than a tenth of main’s time', async () => {
    fakeClock()
    const { run } = await startWithColors()
    const { variables } = run.figma
    const read = variables.getLocalVariablesAsync.bind(variables)
    const reads = vi.spyOn(variables, 'getLocalVariablesAsync').mockImplementation(async (type) => {
      await new Promise((resolve) => setTimeout(resolve, 200))
      return read(type)
    })
    await vi.advanceTimersByTimeAsync(1_000)
    expect(reads).toHaveBeenCalledTimes(1)
    // 200 ms a read: the next starts 2 s after it ended (at 3.2 s), not 1 s after (at 2.2 s).
    await vi.advanceTimersByTimeAsync(2_199)
    expect(reads).toHaveBeenCalledTimes(1)
    await vi.advanceTimersByTimeAsync(1)
    expect(reads).toHaveBeenCalledTimes(2)
  })
})

describe('binding an icon to a colour style', () => {
  it('binds the stroked layers of a Lucide icon, so editing the style recolours it', async () => {
    const { run, file } = await startWithColors()
    const node = await insert(run, insertRequest('lucide', 'house', { color: '#0f6cbd', binding: { kind: 'style', id: file.brand.id } }))
    expect(vectors(node).map((layer) => layer.strokeStyleId)).toEqual(vectors(node).map(() => file.brand.id))

    file.brand.paints = [{ type: 'SOLID', color: rgb('#c50f1f') }]
    expect(new Set(drawnColors(node))).toEqual(new Set(['#c50f1f']))
    run.emulator.select([])
    await run.emulator.settle()
    run.emulator.select([node.id])
    await run.emulator.settle()
    expect(run.emitted('SELECTION_CHANGED').at(-1)).toMatchObject<Partial<SelectedIcon>[]>([
      { nodeId: node.id, color: '#c50f1f', binding: { kind: 'style', id: file.brand.id } }
    ])
  })

  it('keeps the binding through a size swap, and a hex colour removes it', async () => {
    const { run, file } = await startWithColors()
    const binding = { kind: 'style' as const, id: file.brand.id }
    const node = await insert(run, insertRequest('lucide', 'house', { color: '#0f6cbd', binding }))

    const bigger = replaceRequest([{ nodeId: node.id, ...insertRequest('lucide', 'house', { size: 48, color: '#0f6cbd', binding }) }])
    expect(await run.request('REPLACE_ICONS', bigger)).toMatchObject({ ok: true })
    expect(node.width).toBe(48)
    expect(new Set(vectors(node).map((layer) => layer.strokeStyleId))).toEqual(new Set([file.brand.id]))

    const plain = replaceRequest([{ nodeId: node.id, ...insertRequest('lucide', 'house', { size: 48, color: '#0f6cbd' }) }])
    expect(await run.request('REPLACE_ICONS', plain)).toMatchObject({ ok: true })
    expect(new Set(vectors(node).map((layer) => layer.strokeStyleId))).toEqual(new Set(['']))
    file.brand.paints = [{ type: 'SOLID', color: rgb('#c50f1f') }]
    expect(new Set(drawnColors(node))).toEqual(new Set(['#0f6cbd']))
  })

  it('binds a Phosphor icon’s widening with its fills, through a width swap, so editing the style recolours both', async () => {
    const { run, file } = await startWithColors()
    const binding = { kind: 'style' as const, id: file.brand.id }
    const outline = { width: 1.5, join: 'round' as const }
    const node = await insert(run, insertRequest('ph', 'house', { color: '#0f6cbd', binding, outline }))
    // A width given later, on the rescale path: the widening strokes are new, and bound too.
    const wider = replaceRequest([{ nodeId: node.id, ...insertRequest('ph', 'house', { color: '#0f6cbd', binding, strokeWidth: 2, outline }) }])
    expect(await run.request('REPLACE_ICONS', wider)).toMatchObject({ ok: true })
    expect(vectors(node).map((layer) => [layer.fillStyleId, layer.strokeStyleId, layer.strokeWeight])).toEqual([[file.brand.id, file.brand.id, 0.5]])
    file.brand.paints = [{ type: 'SOLID', color: rgb('#c50f1f') }]
    expect(new Set(drawnColors(node))).toEqual(new Set(['#c50f1f']))
    await run.emulator.settle()
  })

  it('binds the widening an instance in a colour style takes when its main component is given a width', async () => {
    const { run, file } = await startWithColors()
    const outline = { width: 1.5, join: 'round' as const }
    await run.request('INSERT_ICON', { ...insertRequest('ph', 'house', { color: '#000000', outline }), asComponent: true })
    const result = await run.request('INSERT_ICON', {
      ...insertRequest('ph', 'house', { color: '#0f6cbd', binding: { kind: 'style', id: file.brand.id }, outline }),
      asComponent: true
    })
    const instance = (await run.figma.getNodeByIdAsync(result.ok ? (result.nodeIds[0] ?? '') : '')) as InstanceNode
    const component = (await instance.getMainComponentAsync())!
    await run.figma.setCurrentPageAsync(component.parent as PageNode)
    const wider = replaceRequest([{ nodeId: component.id, ...insertRequest('ph', 'house', { color: '#000000', strokeWidth: 2, outline }) }])
    expect(await run.request('REPLACE_ICONS', wider)).toMatchObject({ ok: true })
    const layers = vectors(instance as unknown as FrameNode)
    expect(layers.map((layer) => [layer.fillStyleId, layer.strokeStyleId, layer.strokeWeight])).toEqual([[file.brand.id, file.brand.id, 0.5]])
    file.brand.paints = [{ type: 'SOLID', color: rgb('#c50f1f') }]
    expect(new Set(drawnColors(instance as unknown as FrameNode))).toEqual(new Set(['#c50f1f']))
    await run.emulator.settle()
  })

  it('binds every icon of a multi-insert', async () => {
    const { run, file } = await startWithColors()
    const binding = { kind: 'style' as const, id: file.brand.id }
    const items = [insertRequest('lucide', 'house', { color: '#0f6cbd', binding }), insertRequest('lucide', 'star', { color: '#0f6cbd', binding })]
    const result = await run.request('INSERT_ICONS', { requestId: 'many-bound', items: items.map(({ svg, icon }) => ({ svg, icon })) })
    expect(result).toMatchObject({ ok: true })
    const nodes = run.figma.currentPage.children as FrameNode[]
    expect(nodes).toHaveLength(2)
    for (const node of nodes) expect(new Set(vectors(node).map((layer) => layer.strokeStyleId))).toEqual(new Set([file.brand.id]))
  })

  it('refuses a style the file no longer has, and inserts nothing', async () => {
    const { run, file } = await startWithColors()
    file.brand.remove()
    const result = await run.request('INSERT_ICON', insertRequest('lucide', 'house', { color: '#0f6cbd', binding: { kind: 'style', id: file.brand.id } }))
    expect(result).toMatchObject({ ok: false, message: 'The colour style chosen in the toolbar is no longer in this file. Choose another colour.' })
    expect(run.figma.currentPage.children).toHaveLength(0)
  })
})

describe('binding an icon to a colour variable', () => {
  it('binds the paints, so switching the page to the Dark mode recolours the icon', async () => {
    const { run, file } = await startWithColors()
    const node = await insert(run, insertRequest('ph', 'house-fill', { style: 'solid', color: '#1a1a1a', binding: { kind: 'variable', id: file.ink.id } }))
    const paints = vectors(node).flatMap((layer) => layer.fills as Paint[])
    expect(paints.every((paint) => paint.type === 'SOLID' && paint.boundVariables?.color?.id === file.ink.id)).toBe(true)
    expect(new Set(drawnColors(node))).toEqual(new Set(['#1a1a1a']))

    run.figma.currentPage.setExplicitVariableModeForCollection(file.theme, file.dark)
    expect(new Set(drawnColors(node))).toEqual(new Set(['#f5f5f5']))
  })

  it('binds an instance’s own paints to a paint style, leaving the shared component unbound', async () => {
    const { run, file } = await startWithColors()
    const plain = await run.request('INSERT_ICON', { ...insertRequest('ph', 'house-fill', { style: 'solid', color: '#000000' }), asComponent: true })
    const bound = await run.request('INSERT_ICON', {
      ...insertRequest('ph', 'house-fill', { style: 'solid', color: '#0f6cbd', binding: { kind: 'style', id: file.brand.id } }),
      asComponent: true
    })
    const [first, second] = await Promise.all([plain, bound].map(async (result) => (await run.figma.getNodeByIdAsync(result.ok ? (result.nodeIds[0] ?? '') : '')) as InstanceNode))
    const component = await second!.getMainComponentAsync()
    expect(await first!.getMainComponentAsync()).toBe(component)
    expect(vectors(component as unknown as FrameNode).map((layer) => layer.fillStyleId)).not.toContain(file.brand.id)
    expect(vectors(second as unknown as FrameNode).every((layer) => layer.fillStyleId === file.brand.id)).toBe(true)
    // An edit to the component updates its instances, overrides kept.
    vectors(component as unknown as FrameNode)[0]!.name = 'Roof'
    file.brand.paints = [{ type: 'SOLID', color: { r: 1, g: 0, b: 0 } }]
    expect(new Set(drawnColors(second as unknown as FrameNode))).toEqual(new Set(['#ff0000']))
    expect(new Set(drawnColors(first as unknown as FrameNode))).toEqual(new Set(['#000000']))
    // Main hears of the edit (stylechange) while the plugin still runs, not after the test.
    await run.emulator.settle()
  })

  it('binds an instance’s own paints to a variable, so it follows the mode', async () => {
    const { run, file } = await startWithColors()
    const binding = { kind: 'variable' as const, id: file.ink.id }
    const result = await run.request('INSERT_ICON', { ...insertRequest('ph', 'house-fill', { style: 'solid', color: '#1a1a1a', binding }), asComponent: true })
    expect(result).toMatchObject({ ok: true })
    const instance = (await run.figma.getNodeByIdAsync(result.ok ? (result.nodeIds[0] ?? '') : '')) as InstanceNode
    expect(instance.type).toBe('INSTANCE')
    const component = await instance.getMainComponentAsync()
    expect(new Set(drawnColors(component as unknown as FrameNode))).toEqual(new Set(['#1a1a1a']))
    run.figma.currentPage.setExplicitVariableModeForCollection(file.theme, file.dark)
    expect(new Set(drawnColors(instance as unknown as FrameNode))).toEqual(new Set(['#f5f5f5']))
  })

  it('leaves a multicolour Twemoji as drawn: only paints in the icon’s colour are bound', async () => {
    const { run, file } = await startWithColors()
    const node = await insert(run, insertRequest('twemoji', 'globe-showing-americas', { size: 36, style: 'color', color: '#1a1a1a', binding: { kind: 'variable', id: file.ink.id } }))
    const before = drawnColors(node)
    run.figma.currentPage.setExplicitVariableModeForCollection(file.theme, file.dark)
    expect(drawnColors(node)).toEqual(before)
    expect(new Set(before).size).toBeGreaterThan(1)
  })

  it('is swapped to another style of the icon with the binding kept', async () => {
    const { run, file } = await startWithColors()
    const binding = { kind: 'variable' as const, id: file.ink.id }
    const node = await insert(run, insertRequest('ph', 'house', { color: '#1a1a1a', binding }))
    const filled = replaceRequest([{ nodeId: node.id, ...insertRequest('ph', 'house-fill', { style: 'solid', color: '#1a1a1a', binding }) }])
    expect(await run.request('REPLACE_ICONS', filled)).toMatchObject({ ok: true })
    run.figma.currentPage.setExplicitVariableModeForCollection(file.theme, file.dark)
    expect(new Set(drawnColors(node))).toEqual(new Set(['#f5f5f5']))
  })
})
