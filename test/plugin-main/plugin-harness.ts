/**
 * Runs the real main thread (src/plugin/main/main.ts) against the Figma emulator, with an
 * in-process stand-in for the UI iframe: messages the UI would send go in through
 * `deliverFromUi`, and everything main posts is recorded.
 */
import { afterEach, vi } from 'vitest'

import type { IconDropMetadata, InsertRequest, OperationResult, PlacedIcon, ReplaceRequest, UiStartData } from '../../src/api/plugin-protocol'
import { createFigmaEmulator, type EmulatorOptions, type FigmaEmulator } from '../../src/playground/figma-emulator'
import { iconSvg } from './icon-svgs'

export interface PluginRun {
  emulator: FigmaEmulator
  figma: PluginAPI
  /** Every `[name, ...args]` main emitted, in order. */
  posted: unknown[][]
  send(name: string, ...args: unknown[]): void
  /** Sends a request and waits for main's OPERATION_RESULT for it. */
  request(name: 'INSERT_ICON' | 'INSERT_ICONS' | 'REPLACE_ICONS', payload: unknown): Promise<OperationResult>
  resultFor(requestId: string): Promise<OperationResult>
  /** The payloads of every message of one name main emitted. */
  emitted(name: string): unknown[]
}

/**
 * Every plugin a test starts is closed after it, as Figma closes one that is done: main's timers (it
 * reads the file's colours every second) stop with it, instead of running on against the `figma` of
 * the next test.
 */
const started: FigmaEmulator[] = []
afterEach(() => {
  for (const emulator of started.splice(0)) if (emulator.closed === null) emulator.figma.closePlugin()
})

let requestCounter = 0
export function nextRequestId(): string {
  requestCounter += 1
  return `test-${requestCounter}`
}

/** `prepare` runs before main, e.g. to make clientStorage fail before main reads it. */
export async function startPlugin(options: EmulatorOptions = {}, prepare?: (figma: PluginAPI) => void): Promise<PluginRun> {
  const posted: unknown[][] = []
  const emulator = createFigmaEmulator({
    viewport: { width: 1000, height: 600, center: { x: 500, y: 300 } },
    ...options,
    ui: { show: () => undefined, post: (message) => void posted.push(message as unknown[]) }
  })
  prepare?.(emulator.figma)
  started.push(emulator)
  return launch(emulator, posted)
}

/** Closes the plugin and runs it again on the same document, as a relaunch button does. */
export async function relaunch(run: PluginRun, command: string): Promise<PluginRun> {
  run.emulator.reopen(command)
  run.posted.length = 0
  return launch(run.emulator, run.posted)
}

async function launch(emulator: FigmaEmulator, posted: unknown[][]): Promise<PluginRun> {
  vi.stubGlobal('figma', emulator.figma)
  vi.stubGlobal('__html__', '<p>The plugin UI</p>')
  // Fresh module state per run: create-figma-plugin's event registry lives in a module.
  vi.resetModules()
  const { default: main } = await import('../../src/plugin/main/main')
  await main()

  const emitted = (name: string) => posted.filter((message) => message[0] === name).map((message) => message[1])
  const resultFor = async (requestId: string) =>
    vi.waitFor(() => {
      const result = (emitted('OPERATION_RESULT') as OperationResult[]).find((candidate) => candidate.requestId === requestId)
      if (result === undefined) throw new Error(`No OPERATION_RESULT for ${requestId} yet`)
      return result
    })
  const send = (name: string, ...args: unknown[]) => emulator.deliverFromUi([name, ...args])
  return {
    emulator,
    figma: emulator.figma,
    posted,
    send,
    emitted,
    resultFor,
    async request(name, payload) {
      send(name, payload)
      return resultFor((payload as { requestId: string }).requestId)
    }
  }
}

/**
 * The data main passed to create-figma-plugin's showUI, which inlines it in the UI's HTML as
 * `const __SHOW_UI_DATA__=…;` for the UI's render function.
 */
export function startData(run: PluginRun): UiStartData {
  const html = run.emulator.ui.html ?? ''
  const match = /const __SHOW_UI_DATA__=(.*?);<p>/.exec(html)
  if (match?.[1] === undefined) throw new Error('main has not shown the UI with start data')
  return JSON.parse(match[1]) as UiStartData
}

/** What the UI sends for "insert this icon": the catalogue's SVG at that size and colour. */
export function insertRequest(prefix: string, name: string, icon: Partial<PlacedIcon> = {}, svgSize?: number): InsertRequest {
  const placed: PlacedIcon = { iconset: prefix, icon: name, style: 'outline', size: 24, color: '#000000', ...icon }
  return { requestId: nextRequestId(), svg: iconSvg(prefix, name, svgSize ?? placed.size, placed.color), icon: placed }
}

export function replaceRequest(items: Array<{ nodeId: string; colorChosen?: boolean; ownColors?: boolean } & InsertRequest>, mode?: ReplaceRequest['mode']): ReplaceRequest {
  return {
    requestId: nextRequestId(),
    ...(mode === undefined ? {} : { mode }),
    items: items.map(({ nodeId, svg, icon, family, colorChosen, ownColors }) => ({
      nodeId,
      svg,
      icon,
      ...(family === undefined ? {} : { family }),
      ...(colorChosen === undefined ? {} : { colorChosen }),
      ...(ownColors === undefined ? {} : { ownColors })
    }))
  }
}

export function dropMetadata(request: InsertRequest): IconDropMetadata {
  return { kind: 'icon-catalogue/icon', requestId: request.requestId, iconset: request.icon.iconset, icon: request.icon.icon }
}

/** A result dropped on the canvas at (x, y) as the UI drops it (the drop, then its SVG), and the node it landed as. */
export async function dropIcon(run: PluginRun, absoluteX: number, absoluteY: number, request: InsertRequest): Promise<SceneNode> {
  run.emulator.dispatchDrop({ absoluteX, absoluteY, dropMetadata: dropMetadata(request) })
  await run.emulator.settle()
  run.send('DROP_CONTENT', request)
  const result = await run.resultFor(request.requestId)
  if (!result.ok) throw new Error(result.message)
  return (await run.figma.getNodeByIdAsync(result.nodeIds[0] ?? '')) as SceneNode
}

/** Inserts an icon as an instance of its component ("Insert as component") and returns the instance, failing the test if main refused. */
export async function insertInstance(run: PluginRun, request: InsertRequest): Promise<InstanceNode> {
  const result = await run.request('INSERT_ICON', { ...request, asComponent: true })
  if (!result.ok) throw new Error(result.message)
  const node = await run.figma.getNodeByIdAsync(result.nodeIds[0] ?? '')
  if (node?.type !== 'INSTANCE') throw new Error(`Expected an instance, got ${node?.type}`)
  return node
}

/** Inserts an icon and returns its node, failing the test if main refused. */
export async function insert(run: PluginRun, request: InsertRequest): Promise<FrameNode> {
  const result = await run.request('INSERT_ICON', request)
  if (!result.ok) throw new Error(result.message)
  const node = await run.figma.getNodeByIdAsync(result.nodeIds[0] ?? '')
  if (node === null || node.type !== 'FRAME') throw new Error('Inserted node missing')
  return node
}
