/**
 * `createFigmaEmulator` builds a fake `figma` global: the subset of the plugin API this plugin uses,
 * with method types taken from @figma/plugin-typings. The host (a vitest test, or the playground page)
 * plays Figma's part: it shows the UI, carries messages, makes drops and selects nodes.
 */
import { EmulatedContainer, EmulatedDocument, EmulatedFrame, EmulatedGroup, EmulatedPage, EmulatedSceneNode, EmulatedVector, type EmulatedNode, type NodeRegistry } from './nodes'
import { snapshotPage, type DocumentSnapshot } from './snapshot'
import { importSvg } from './svg-import'

/** How the emulated plugin reaches its UI; in the browser this is the iframe, in tests an in-process stand-in. */
export interface UiHost {
  show(html: string, options: ShowUIOptions): void
  /** A message from main (`figma.ui.postMessage`), to deliver as `{ pluginMessage }` to the UI. */
  post(message: unknown): void
  resize?(width: number, height: number): void
  hide?(): void
  close?(): void
}

export interface EmulatorOptions {
  ui?: UiHost
  /** `figma.command`: '' for a plain run, or a relaunch button's command such as 'swap'. */
  command?: string
  /** The visible canvas in screen px, and where it looks. */
  viewport?: { width: number; height: number; center?: Vector; zoom?: number }
  /** clientStorage contents to start with, and a hook to persist them (e.g. to localStorage). */
  storage?: { initial?: Record<string, unknown>; onChange?(entries: Record<string, unknown>): void }
}

export interface RecordedNotification {
  message: string
  error: boolean
  timeout?: number
  cancelled: boolean
}

/** A drop as the host sees it: a canvas point (and optionally the node it landed on). */
export interface DropInput {
  absoluteX: number
  absoluteY: number
  node?: EmulatedNode
  dropMetadata?: unknown
  items?: DropItem[]
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
  ui: { shown: boolean; visible: boolean; html: string | null; options: ShowUIOptions | null; width: number; height: number }
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

type EventName = 'selectionchange' | 'drop' | 'run' | 'close' | 'currentpagechange'
type Listener = (...args: never[]) => unknown
type MessageHandler = (pluginMessage: unknown, props: OnMessageProperties) => void

/** The boundary where emulated nodes are handed out as the real types they implement. */
function asFigma<T>(node: EmulatedNode): T {
  return node as unknown as T
}

function clone<T>(value: T): T {
  return value === undefined ? value : structuredClone(value)
}

export function createFigmaEmulator(options: EmulatorOptions = {}): FigmaEmulator {
  const nodes = new Map<string, EmulatedNode>()
  const changeListeners = new Set<() => void>()
  const events = new Map<EventName, Array<{ callback: Listener; once: boolean }>>()
  const messageHandlers: Array<{ callback: MessageHandler; once: boolean }> = []
  let counter = 1
  let changeQueued = false
  let selectionQueued = false
  let pending: Promise<void> = Promise.resolve()

  // A failing handler is logged, as Figma logs plugin errors, and never stalls later events.
  const queue = (task: () => void): void => {
    pending = pending.then(task).catch((error: unknown) => console.error(error))
  }

  const fire = (name: EventName, ...args: unknown[]): unknown[] =>
    (events.get(name) ?? []).slice().map((entry) => {
      if (entry.once) off(name, entry.callback)
      return (entry.callback as (...a: unknown[]) => unknown)(...args)
    })

  const registry: NodeRegistry = {
    nextId: () => `1:${counter++}`,
    register: (node) => void nodes.set(node.id, node),
    unregister: (node) => {
      nodes.delete(node.id)
      page.pruneSelection()
    },
    changed: () => {
      if (changeQueued) return
      changeQueued = true
      queue(() => {
        changeQueued = false
        for (const listener of changeListeners) listener()
      })
    },
    selectionChanged: () => {
      registry.changed()
      if (selectionQueued) return
      selectionQueued = true
      // Figma tells the plugin about selection changes asynchronously, once per batch.
      queue(() => {
        selectionQueued = false
        fire('selectionchange')
      })
    }
  }

  const document = new EmulatedDocument(registry)
  const page = new EmulatedPage(registry, 'Page 1', '0:1')
  document.children.push(page)

  const screen = { width: options.viewport?.width ?? 1200, height: options.viewport?.height ?? 800 }
  let center: Vector = { ...(options.viewport?.center ?? { x: 0, y: 0 }) }
  let zoom = options.viewport?.zoom ?? 1

  const storage = new Map<string, unknown>(Object.entries(clone(options.storage?.initial ?? {})))
  const storageEntries = (): Record<string, unknown> => clone(Object.fromEntries(storage))
  const notifications: RecordedNotification[] = []
  const uiState: FigmaEmulator['ui'] = { shown: false, visible: false, html: null, options: null, width: 300, height: 200 }

  function on(name: EventName, callback: Listener): void {
    events.set(name, [...(events.get(name) ?? []), { callback, once: false }])
  }
  function once(name: EventName, callback: Listener): void {
    events.set(name, [...(events.get(name) ?? []), { callback, once: true }])
  }
  function off(name: EventName, callback: Listener): void {
    events.set(
      name,
      (events.get(name) ?? []).filter((entry) => entry.callback !== callback)
    )
  }

  const viewport: Pick<ViewportAPI, 'center' | 'zoom' | 'bounds' | 'scrollAndZoomIntoView'> = {
    get center() {
      return { ...center }
    },
    set center(value: Vector) {
      center = { x: value.x, y: value.y }
      registry.changed()
    },
    get zoom() {
      return zoom
    },
    set zoom(value: number) {
      zoom = Math.min(256, Math.max(0.02, value))
      registry.changed()
    },
    get bounds() {
      const width = screen.width / zoom
      const height = screen.height / zoom
      return { x: center.x - width / 2, y: center.y - height / 2, width, height }
    },
    scrollAndZoomIntoView(targets: ReadonlyArray<BaseNode>) {
      const boxes = targets
        .map((target) => asEmulated(target))
        .filter((node): node is EmulatedSceneNode => node instanceof EmulatedSceneNode && !node.removed)
        .map((node) => node.absoluteBoundingBox)
      if (boxes.length === 0) return
      const left = Math.min(...boxes.map((box) => box.x))
      const top = Math.min(...boxes.map((box) => box.y))
      const right = Math.max(...boxes.map((box) => box.x + box.width))
      const bottom = Math.max(...boxes.map((box) => box.y + box.height))
      center = { x: (left + right) / 2, y: (top + bottom) / 2 }
      // Fit with a margin, within Figma's zoom limits.
      zoom = Math.min(256, Math.max(0.02, 0.8 * Math.min(screen.width / Math.max(right - left, 1), screen.height / Math.max(bottom - top, 1))))
      registry.changed()
    }
  }

  const clientStorage: Pick<ClientStorageAPI, 'getAsync' | 'setAsync' | 'deleteAsync' | 'keysAsync'> = {
    getAsync: async (key) => clone(storage.get(key)),
    setAsync: async (key, value) => {
      storage.set(key, clone(value))
      options.storage?.onChange?.(storageEntries())
    },
    deleteAsync: async (key) => {
      storage.delete(key)
      options.storage?.onChange?.(storageEntries())
    },
    keysAsync: async () => [...storage.keys()]
  }

  const ui: Pick<UIAPI, 'postMessage' | 'onmessage' | 'on' | 'once' | 'off' | 'resize' | 'show' | 'hide' | 'close'> = {
    postMessage(message: unknown) {
      if (!uiState.shown) throw new Error('in postMessage: No UI to post to; call figma.showUI first')
      options.ui?.post(clone(message))
    },
    onmessage: undefined,
    on: (_type, callback) => void messageHandlers.push({ callback, once: false }),
    once: (_type, callback) => void messageHandlers.push({ callback, once: true }),
    off: (_type, callback) => {
      const index = messageHandlers.findIndex((entry) => entry.callback === callback)
      if (index !== -1) messageHandlers.splice(index, 1)
    },
    resize(width: number, height: number) {
      uiState.width = width
      uiState.height = height
      options.ui?.resize?.(width, height)
    },
    show() {
      uiState.visible = true
    },
    hide() {
      uiState.visible = false
      options.ui?.hide?.()
    },
    close() {
      uiState.shown = false
      uiState.visible = false
      options.ui?.close?.()
    }
  }

  function asEmulated<T extends EmulatedNode = EmulatedNode>(node: BaseNode | EmulatedNode): T {
    return node as unknown as T
  }

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
    viewport,
    clientStorage,
    ui,
    on,
    once,
    off,
    createNodeFromSvg: ((svg: string) => {
      const imported = importSvg(svg)
      const frame = new EmulatedFrame(registry, 'FRAME', 'svg')
      frame.fills = []
      frame.clipsContent = false
      frame.resize(imported.width, imported.height)
      for (const spec of imported.vectors) {
        const vector = new EmulatedVector(registry)
        vector.setGeometry([{ windingRule: spec.windingRule, data: spec.data }], spec.width, spec.height)
        vector.x = spec.x
        vector.y = spec.y
        Object.assign(vector, {
          fills: spec.fills,
          strokes: spec.strokes,
          strokeWeight: spec.strokeWeight,
          strokeCap: spec.strokeCap,
          strokeJoin: spec.strokeJoin
        })
        frame.appendChild(vector)
      }
      return asFigma<FrameNode>(appendToPage(frame))
    }) satisfies PluginAPI['createNodeFromSvg'],
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
    showUI: ((html: string, showOptions?: ShowUIOptions) => {
      const shownOptions = { ...(showOptions ?? {}) }
      Object.assign(uiState, {
        shown: true,
        visible: shownOptions.visible !== false,
        html,
        options: shownOptions,
        width: shownOptions.width ?? 300,
        height: shownOptions.height ?? 200
      })
      options.ui?.show(html, shownOptions)
    }) satisfies PluginAPI['showUI'],
    closePlugin: ((message?: string) => {
      if (emulator.closed !== null) return
      if (message !== undefined) notify(message)
      fire('close')
      emulator.closed = message === undefined ? {} : { message }
      ui.close()
      // A closed plugin hears nothing more; a later run registers its own handlers.
      events.clear()
      messageHandlers.length = 0
      ui.onmessage = undefined
    }) satisfies PluginAPI['closePlugin']
  }

  const emulator: FigmaEmulator = {
    figma: api as unknown as PluginAPI,
    document,
    page,
    deliverFromUi(message) {
      const props = { origin: 'null' } as OnMessageProperties
      ui.onmessage?.(message, props)
      for (const entry of messageHandlers.slice()) {
        if (entry.once) messageHandlers.splice(messageHandlers.indexOf(entry), 1)
        entry.callback(message, props)
      }
    },
    dispatchDrop(drop) {
      const target = drop.node ?? emulator.dropTargetAt(drop.absoluteX, drop.absoluteY)
      const origin = target instanceof EmulatedSceneNode && target.type !== 'PAGE' ? target.absolutePosition : { x: 0, y: 0 }
      const event: DropEvent = {
        node: asFigma<SceneNode>(target),
        x: drop.absoluteX - origin.x,
        y: drop.absoluteY - origin.y,
        absoluteX: drop.absoluteX,
        absoluteY: drop.absoluteY,
        items: drop.items ?? [],
        files: [],
        dropMetadata: clone(drop.dropMetadata)
      }
      return !fire('drop', event).some((result) => result === false)
    },
    select(ids) {
      page.selection = ids.map((id) => nodes.get(id)).filter((node): node is EmulatedSceneNode => node instanceof EmulatedSceneNode)
    },
    dropTargetAt(absoluteX, absoluteY) {
      const hit = (container: EmulatedContainer): EmulatedContainer | null => {
        for (const child of [...container.children].reverse()) {
          if (!(child instanceof EmulatedContainer) || !child.visible || child.locked) continue
          const box = child.absoluteBoundingBox
          const inside = absoluteX >= box.x && absoluteX <= box.x + box.width && absoluteY >= box.y && absoluteY <= box.y + box.height
          if (!inside) continue
          const deeper = hit(child)
          if (deeper !== null) return deeper
          // An instance takes content only through its slots.
          return child.type === 'INSTANCE' ? null : child
        }
        return null
      }
      return hit(page) ?? page
    },
    screenToCanvas: (point) => ({ x: viewport.bounds.x + point.x / zoom, y: viewport.bounds.y + point.y / zoom }),
    canvasToScreen: (point) => ({ x: (point.x - viewport.bounds.x) * zoom, y: (point.y - viewport.bounds.y) * zoom }),
    setViewportSize(width, height) {
      screen.width = width
      screen.height = height
      registry.changed()
    },
    getNode: (id) => nodes.get(id) ?? null,
    snapshot: () => snapshotPage(page, { center: { ...center }, zoom, bounds: viewport.bounds }),
    notifications,
    storageEntries,
    ui: uiState,
    closed: null,
    subscribe(listener) {
      changeListeners.add(listener)
      return () => void changeListeners.delete(listener)
    },
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
    async settle() {
      let seen: Promise<void> | undefined
      while (seen !== pending) {
        seen = pending
        await pending
      }
    }
  }
  return emulator
}
