/**
 * "Insert icon" from Quick Actions: the real main thread (src/plugin/main/quick-insert.ts) against
 * the emulator and a real catalogue over HTTP. Typing suggests the catalogue's icons, by set and
 * style name, without touching the document, and an empty query the recent icons; Enter inserts the chosen one at the remembered size, colour, file colour
 * and stroke width, as one undo step, and closes the plugin. An unreachable catalogue is an error
 * in the suggestions, or a notification and a close with no node left behind.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest'

import { DEFAULT_PREFERENCES, type Preferences } from '../../src/api/plugin-protocol'
import { createFigmaEmulator, type FigmaEmulator, type NodeSnapshot, type QuickActionInput } from '../../src/playground/figma-emulator'
import { startCatalogue, type RunningCatalogue } from '../support/catalogue'

const COMMAND = 'src/plugin/main/quick-insert.ts--default'
let catalogue: RunningCatalogue

beforeAll(async () => {
  catalogue = await startCatalogue()
})
afterAll(() => catalogue.close())
afterEach(() => void vi.unstubAllGlobals())

/** Runs the command as Figma does for Quick Actions: main in query mode, with the catalogue at `url`. */
async function quickInsert(preferences: Partial<Preferences> = {}, url = catalogue.url, prepare?: (figma: PluginAPI) => void): Promise<FigmaEmulator> {
  const emulator = createFigmaEmulator({
    command: COMMAND,
    viewport: { width: 1000, height: 600, center: { x: 500, y: 300 } },
    storage: { initial: { preferences: { ...DEFAULT_PREFERENCES, ...preferences } } }
  })
  prepare?.(emulator.figma)
  emulator.clearUndoHistory()
  vi.stubGlobal('figma', emulator.figma)
  vi.stubGlobal('__ICON_CATALOGUE_URL__', url)
  vi.resetModules()
  emulator.quickActions.begin()
  const { default: main } = await import('../../src/plugin/main/quick-insert')
  main()
  return emulator
}

async function answered(shown: QuickActionInput): Promise<QuickActionInput> {
  await vi.waitFor(() => expect(shown.suggestions !== null || shown.error !== null).toBe(true), { timeout: 10_000 })
  return shown
}

async function closed(emulator: FigmaEmulator): Promise<void> {
  await vi.waitFor(() => expect(emulator.closed).not.toBeNull(), { timeout: 10_000 })
}

describe('Insert icon from Quick Actions', () => {
  it('suggests the catalogue’s icons while the designer types, changing nothing on the canvas', async () => {
    const emulator = await quickInsert()
    const shown = emulator.quickActions.input('icon', 'house')
    expect(shown.loadingMessage).toBe('Searching the Icon Catalogue…')
    const { suggestions } = await answered(shown)
    expect(suggestions?.length).toBeGreaterThan(3)
    expect(suggestions?.[0]).toMatchObject({ data: { iconset: expect.any(String), slug: expect.any(String) } })
    expect(suggestions?.[0]?.icon).toMatch(/^<svg[\s>]/)
    expect((await answered(emulator.quickActions.input('icon', '  '))).suggestions).toEqual([])
    expect(emulator.figma.currentPage.children).toHaveLength(0)
  })

  it('names each suggestion’s set and style as the plugin window does', async () => {
    const emulator = await quickInsert()
    const { suggestions } = await answered(emulator.quickActions.input('icon', 'lucide house'))
    const house = suggestions?.find((each) => (each.data as { slug: string }).slug === 'house')
    expect(house?.name).toBe('House · Lucide · Outline')
  })

  it('suggests the recent icons, newest first, before anything is typed, named with their style as typed suggestions are', async () => {
    const recent = [
      { iconset: 'ph', icon: 'house-fill', name: 'House', style: 'solid' },
      { iconset: 'lucide', icon: 'star', name: 'Star' }
    ]
    const emulator = await quickInsert({ recent })
    const { suggestions } = await answered(emulator.quickActions.input('icon', ''))
    // An entry stored before the list kept styles is named without one.
    expect(suggestions).toEqual([
      { name: 'House · Phosphor · Solid', data: { iconset: 'ph', slug: 'house-fill' } },
      { name: 'Star · Lucide', data: { iconset: 'lucide', slug: 'star' } }
    ])
  })

  it('names sets and styles by their slugs when the catalogue cannot list them', async () => {
    const emulator = await quickInsert({ recent: [{ iconset: 'ph', icon: 'house', name: 'House' }] }, 'http://127.0.0.1:9')
    const { suggestions } = await answered(emulator.quickActions.input('icon', ''))
    expect(suggestions).toEqual([{ name: 'House · ph', data: { iconset: 'ph', slug: 'house' } }])
  })

  it('inserts one into each of several selected frames, and says so as it closes', async () => {
    let frames: FrameNode[] = []
    const emulator = await quickInsert({ size: 32 }, catalogue.url, (figma) => {
      frames = [figma.createFrame(), figma.createFrame()]
      figma.currentPage.selection = frames
    })
    const { suggestions } = await answered(emulator.quickActions.input('icon', 'lucide house'))
    emulator.quickActions.run(COMMAND, { icon: suggestions?.find((each) => (each.data as { slug: string }).slug === 'house')?.data })
    await closed(emulator)
    expect(frames.map((frame) => frame.children.map((child) => child.name))).toEqual([['lucide/house'], ['lucide/house']])
    expect(emulator.closed).toEqual({ message: 'Inserted House at 32 px in each of 2 selected frames' })
  })

  it('inserts the chosen icon at the remembered size and colour, as one undo step, and closes', async () => {
    const emulator = await quickInsert({ size: 32, color: '#0f6cbd' })
    const { suggestions } = await answered(emulator.quickActions.input('icon', 'lucide house'))
    const chosen = suggestions?.find((each) => (each.data as { slug: string }).slug === 'house')
    expect(chosen).toBeDefined()
    emulator.quickActions.run(COMMAND, { icon: chosen?.data })
    await closed(emulator)

    const [node] = emulator.snapshot().children
    expect(node).toMatchObject({ name: 'lucide/house', width: 32, height: 32, sharedPluginData: { iconcatalogue: { color: '#0f6cbd', size: '32' } } })
    expect(emulator.snapshot().selection).toEqual([node?.id])
    expect(emulator.closed).toEqual({ message: 'Inserted House at 32 px' })
    expect((emulator.storageEntries()['preferences'] as Preferences).recent[0]).toEqual({ iconset: 'lucide', icon: 'house', name: 'House', style: 'outline' })
    expect(emulator.undo()).toBe(true)
    expect(emulator.snapshot().children).toEqual([])
  })

  it('binds the icon to the remembered file colour and applies the remembered stroke width', async () => {
    let inkId = ''
    const emulator = await quickInsert({ strokeWidth: 1.5 }, catalogue.url, (figma) => {
      const theme = figma.variables.createVariableCollection('Theme')
      const ink = figma.variables.createVariable('Icon/Ink', theme, 'COLOR')
      ink.setValueForMode(theme.defaultModeId, { r: 0.1, g: 0.1, b: 0.1, a: 1 })
      inkId = ink.id
    })
    const stored = emulator.storageEntries()['preferences'] as Preferences
    await emulator.figma.clientStorage.setAsync('preferences', { ...stored, colorBinding: { kind: 'variable', id: inkId } })
    emulator.quickActions.run(COMMAND, { icon: { iconset: 'lucide', slug: 'house' } })
    await closed(emulator)

    const flatten = (nodes: NodeSnapshot[]): NodeSnapshot[] => nodes.flatMap((node) => [node, ...flatten(node.children ?? [])])
    const layers = flatten(emulator.snapshot().children).filter((layer) => (layer.strokes?.length ?? 0) > 0)
    expect(layers.length).toBeGreaterThan(0)
    for (const layer of layers) {
      expect(layer.strokeWeight).toBe(1.5)
      expect(layer.strokes?.[0]).toMatchObject({ color: { r: 0.1, g: 0.1, b: 0.1 }, boundVariables: { color: { id: inkId } } })
    }
  })

  it('shows an unreachable catalogue as an error in the suggestions', async () => {
    const emulator = await quickInsert({}, 'http://127.0.0.1:9')
    const shown = await answered(emulator.quickActions.input('icon', 'house'))
    expect(shown.error).toBe("Can't reach the icon catalogue at http://127.0.0.1:9. Check that it is running, then try again.")
  })

  it('notifies and closes with nothing on the canvas when the icon cannot be fetched at Enter', async () => {
    const emulator = await quickInsert({}, 'http://127.0.0.1:9')
    emulator.quickActions.run(COMMAND, { icon: { iconset: 'lucide', slug: 'house' } })
    await closed(emulator)
    expect(emulator.notifications.at(-1)).toMatchObject({ error: true, message: expect.stringMatching(/^Could not insert lucide\/house: Can't reach the icon catalogue/) })
    expect(emulator.snapshot().children).toEqual([])
  })
})
