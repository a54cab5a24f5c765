/**
 * `createFigmaEmulator` builds a fake `figma` global: the subset of the plugin API this plugin uses,
 * with method types taken from @figma/plugin-typings. The host (a vitest test, or the playground page)
 * plays Figma's part: it shows the UI, carries messages, makes drops and selects nodes.
 *
 * This module only wires the concerns together: nodes (nodes.ts), SVG import (svg-nodes.ts),
 * events (events.ts), the viewport (viewport.ts), the UI bridge (plugin-ui.ts), client storage
 * (client-storage.ts) and drops (drop.ts).
 */
import { createClientStorage, type StorageOptions } from './client-storage'
import { dropEvent, dropTargetAt, type DropInput } from './drop'
import { createEventHub } from './events'
import { EmulatedContainer, EmulatedDocument, EmulatedFrame, EmulatedGroup, EmulatedPage, EmulatedSceneNode, type EmulatedNode, type NodeRegistry } from './nodes'
import { createPluginUi, type UiHost, type UiState } from './plugin-ui'
import { snapshotPage, type DocumentSnapshot } from './snapshot'
import { createSvgFrame } from './svg-nodes'
import { createViewport, type ViewportOptions } from './viewport'

export type { DropInput } from './drop'
export type { UiHost } from './plugin-ui'

export interface EmulatorOptions {
  ui?: UiHost
  /** `figma.command`: '' for a plain run, or a relaunch button's command such as 'swap'. */
  command?: string
  /** The visible canvas in screen px, and where it looks. */
  viewport?: ViewportOptions
  /** clientStorage contents to start with, and a hook to persist them (e.g. to localStorage). */
  storage?: StorageOptions
}

export interface RecordedNotification {
  message: string
  error: boolean
  timeout?: number
  cancelled: boolean
}

export interface FigmaEmulator {
  /** The `figma` global to install before running main. */
  figma: PluginAPI
  document: EmulatedDocument
  page: EmulatedPage
  /** A message posted by the UI (`parent.postMessage({ pluginMessage })`) reaching main. */
  deliverFromUi(message: unknown): void
  /** A drop on the canvas (`pluginDrop` from the UI, placed by the host); false when a handler took it. */
  dispatchDrop(drop: DropInput): boolean
  /** The designer selecting nodes, by id (fires `selectionchange`). */
  select(ids: string[]): void
  /** The deepest node that can hold children at a canvas point, else the page: Figma's drop target. */
  dropTargetAt(absoluteX: number, absoluteY: number): EmulatedContainer
  screenToCanvas(point: Vector): Vector
  canvasToScreen(point: Vector): Vector
  setViewportSize(width: number, height: number): void
  getNode(id: string): EmulatedNode | null
  snapshot(): DocumentSnapshot
  notifications: RecordedNotification[]
  storageEntries(): Record<string, unknown>
  ui: UiState
  closed: { message?: string } | null
  /** Called (batched per microtask) after the document, selection or viewport changes. */
  subscribe(listener: () => void): () => void
  /** Scene set-up for hosts: nodes figma.create* has no call for. */
  createInstance(name?: string): InstanceNode
  createSlot(instance: InstanceNode, name?: string): SlotNode
  /**
   * Closes the plugin if it runs and lets it run again on the same document, as Figma does for a
   * relaunch button (`command` 'swap') or the menu (''). The host then runs main again.
   */
  reopen(command?: string): void
  /** Resolves once pending events (selectionchange, change listeners) have run. */
  settle(): Promise<void>
}

/** The boundary where emulated nodes are handed out as the real types they implement. */
function asFigma<T>(node: EmulatedNode): T {
  return node as unknown as T
}

function asEmulated<T extends EmulatedNode = EmulatedNode>(node: BaseNode | EmulatedNode): T {
  return node as unknown as T
}

export function createFigmaEmulator(options: EmulatorOptions = {}): FigmaEmulator {
  const nodes = new Map<string, EmulatedNode>()
  const events = createEventHub()
  let counter = 1

  const registry: NodeRegistry = {
    nextId: () => `1:${counter++}`,
    register: (node) => void nodes.set(node.id, node),
    unregister: (node) => {
      nodes.delete(node.id)
      page.pruneSelection()
    },
    changed: events.changed,
    selectionChanged: events.selectionChanged
  }

  const document = new EmulatedDocument(registry)
  const page = new EmulatedPage(registry, 'Page 1', '0:1')
  document.children.push(page)

  const viewport = createViewport(
    options.viewport,
    (targets) =>
      targets
        .map((target) => asEmulated(target))
        .filter((node): node is EmulatedSceneNode => node instanceof EmulatedSceneNode && !node.removed)
        .map((node) => node.absoluteBoundingBox),
    registry.changed
  )
  const storage = createClientStorage(options.storage)
  const pluginUi = createPluginUi(options.ui)
  const notifications: RecordedNotification[] = []

  function appendToPage<T extends EmulatedSceneNode>(node: T): T {
    page.appendChild(node)
    return node
  }

  const getNodeById = (id: string): BaseNode | null => {
    const node = nodes.get(id)
    return node === undefined ? null : asFigma<BaseNode>(node)
  }
  const notify = (message: string, notifyOptions?: NotificationOptions): NotificationHandler => {
    const record: RecordedNotification = { message, error: notifyOptions?.error === true, timeout: notifyOptions?.timeout, cancelled: false }
    notifications.push(record)
    registry.changed()
    return { cancel: () => void (record.cancelled = true) }
  }

  const api = {
    apiVersion: '1.0.0',
    editorType: 'figma',
    mode: 'default',
    command: options.command ?? '',
    root: asFigma<DocumentNode>(document),
    get currentPage() {
      return asFigma<PageNode>(page)
    },
    viewport: viewport.api,
    clientStorage: storage.api,
    ui: pluginUi.api,
    on: events.on,
    once: events.once,
    off: events.off,
    createNodeFromSvg: ((svg: string) => asFigma<FrameNode>(appendToPage(createSvgFrame(registry, svg)))) satisfies PluginAPI['createNodeFromSvg'],
    createFrame: (() => asFigma<FrameNode>(appendToPage(new EmulatedFrame(registry)))) satisfies PluginAPI['createFrame'],
    createComponent: (() => asFigma<ComponentNode>(appendToPage(new EmulatedFrame(registry, 'COMPONENT', 'Component')))) satisfies PluginAPI['createComponent'],
    group: ((children: ReadonlyArray<BaseNode>, parent: BaseNode & ChildrenMixin, index?: number) => {
      const members = children.map(asEmulated).filter((node): node is EmulatedSceneNode => node instanceof EmulatedSceneNode)
      if (members.length === 0) throw new Error('in group: Cannot group an empty list of nodes')
      const container = asEmulated(parent)
      if (!(container instanceof EmulatedContainer)) throw new Error('in group: The parent cannot hold children')
      const group = new EmulatedGroup(registry)
      container.insertChild(index ?? container.children.length, group)
      for (const member of members) group.appendChild(member)
      return asFigma<GroupNode>(group)
    }) satisfies PluginAPI['group'],
    getNodeById: getNodeById satisfies PluginAPI['getNodeById'],
    getNodeByIdAsync: (async (id: string) => getNodeById(id)) satisfies PluginAPI['getNodeByIdAsync'],
    notify: notify satisfies PluginAPI['notify'],
    showUI: pluginUi.showUI satisfies PluginAPI['showUI'],
    closePlugin: ((message?: string) => {
      if (emulator.closed !== null) return
      if (message !== undefined) notify(message)
      events.fire('close')
      emulator.closed = message === undefined ? {} : { message }
      // A closed plugin hears nothing more; a later run registers its own handlers.
      pluginUi.closeForGood()
      events.clear()
    }) satisfies PluginAPI['closePlugin']
  }

  const emulator: FigmaEmulator = {
    figma: api as unknown as PluginAPI,
    document,
    page,
    deliverFromUi: pluginUi.deliver,
    dispatchDrop(drop) {
      const target = drop.node ?? emulator.dropTargetAt(drop.absoluteX, drop.absoluteY)
      return !events.fire('drop', dropEvent(target, drop)).some((result) => result === false)
    },
    select(ids) {
      page.selection = ids.map((id) => nodes.get(id)).filter((node): node is EmulatedSceneNode => node instanceof EmulatedSceneNode)
    },
    dropTargetAt: (absoluteX, absoluteY) => dropTargetAt(page, absoluteX, absoluteY),
    screenToCanvas: viewport.screenToCanvas,
    canvasToScreen: viewport.canvasToScreen,
    setViewportSize: viewport.setScreenSize,
    getNode: (id) => nodes.get(id) ?? null,
    snapshot: () => snapshotPage(page, { center: viewport.api.center, zoom: viewport.api.zoom, bounds: viewport.api.bounds }),
    notifications,
    storageEntries: storage.entries,
    ui: pluginUi.state,
    closed: null,
    subscribe: events.subscribe,
    createInstance(name = 'Instance') {
      return asFigma<InstanceNode>(appendToPage(new EmulatedFrame(registry, 'INSTANCE', name)))
    },
    createSlot(instance, name = 'Slot') {
      const slot = new EmulatedFrame(registry, 'SLOT', name)
      slot.fills = []
      asEmulated<EmulatedFrame>(instance).appendChild(slot)
      return asFigma<SlotNode>(slot)
    },
    reopen(command = '') {
      api.closePlugin()
      api.command = command
      emulator.closed = null
    },
    settle: events.settle
  }
  return emulator
}
