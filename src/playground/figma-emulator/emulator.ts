/**
 * `createFigmaEmulator` builds a fake `figma` global: the subset of the plugin API this plugin uses,
 * with method types taken from @figma/plugin-typings. The host (a vitest test, or the playground page)
 * plays Figma's part: it shows the UI, carries messages, makes drops and selects nodes.
 *
 * This module only wires the concerns together: nodes (nodes.ts), SVG import (svg-nodes.ts),
 * events (events.ts), undo (undo.ts), the viewport (viewport.ts), the UI bridge (plugin-ui.ts), client storage
 * (client-storage.ts) and drops (drop.ts).
 */
import { expectOneOf, expectType } from './api-values'
import { EmulatedBooleanOperation } from './boolean-operations'
import { createClientStorage, type StorageOptions } from './client-storage'
import { createStar } from './created-shapes'
import { createComponentFromNode, createComponentRules, EmulatedComponent, EmulatedInstance, owningInstance } from './components'
import { dropEvent, dropEventNodeAt, dropTargetAt, type DropInput } from './drop'
import { createChangeLog } from './document-changes'
import { createEventHub, PLUGIN_EVENTS } from './events'
import { propertiesOfFields } from './node-fields'
import { EmulatedContainer, EmulatedDocument, EmulatedFrame, EmulatedGroup, EmulatedPage, EmulatedSceneNode, type EmulatedNode, type NodeRegistry } from './nodes'
import { createPaintStyles } from './paint-styles'
import { createQuickActions, type QuickActions } from './parameters'
import { createPluginTimers, type PluginTimers } from './plugin-timers'
import { createPluginUi, type UiHost, type UiState } from './plugin-ui'
import { EmulatedSection } from './sections'
import { snapshotContents, snapshotData, snapshotNode, snapshotPage, type DocumentSnapshot, type PageContents } from './snapshot'
import { createSvgFrame } from './svg-nodes'
import { createLoadedFonts, EmulatedText } from './text-nodes'
import { createUndoHistory } from './undo'
import { createVariableStore, type VariableStore } from './variables'
import { createViewport, type EmulatedViewportAPI, type ViewportOptions } from './viewport'

export type { DropInput } from './drop'
export type { UiHost } from './plugin-ui'
export type { QuickActionInput, QuickActions, Suggestion } from './parameters'

export interface EmulatorOptions {
  ui?: UiHost
  /**
   * `figma.command`: '' for a plain run, or a relaunch button's command such as 'swap': "The string
   * that will be passed as figma.command when the plugin is run after the button is clicked"
   * (https://developers.figma.com/docs/plugins/api/properties/nodes-setrelaunchdata/).
   */
  command?: string
  /** The visible canvas in screen px, and where it looks. */
  viewport?: ViewportOptions
  /** clientStorage contents to start with, and a hook to persist them (e.g. to localStorage). */
  storage?: StorageOptions
  /** The manifest's `id` (default 'icon-catalogue'): private plugin data belongs to it. */
  pluginId?: string
  /** The manifest's `documentAccess`; 'dynamic-page' (this plugin's, and the default) refuses sync look-ups. */
  documentAccess?: 'dynamic-page' | null
  /** A file of a Starter team, which may have at most 3 pages (PluginAPI.createPage in the typings). */
  starterPlan?: boolean
}

export interface RecordedNotification {
  /** What the toast shows: at most NOTIFY_LIMIT characters of what the plugin passed. */
  message: string
  /** Whether Figma cut the message the plugin passed. */
  truncated: boolean
  error: boolean
  /** ms, or Infinity for a toast that stays until the plugin closes. */
  timeout: number
  cancelled: boolean
}

const NOTIFY_LIMIT = 100
const STARTER_PAGES = 3
const DEFAULT_NOTIFY_TIMEOUT_MS = 3_000

export interface FigmaEmulator {
  /** The `figma` global to install before running main. */
  figma: PluginAPI
  document: EmulatedDocument
  page: EmulatedPage
  /** A message posted by the UI (`parent.postMessage({ pluginMessage })`) reaching main. */
  deliverFromUi(message: unknown): void
  /** A drop on the canvas (`pluginDrop` from the UI, placed by the host); false when a handler took it. The event's node is what Figma reports, often the page. */
  dispatchDrop(drop: DropInput): boolean
  /** The designer selecting nodes, by id (fires `selectionchange`). */
  select(ids: string[]): void
  /** The deepest unlocked node that can hold children at a canvas point, else the page: what a drag outlines. */
  dropTargetAt(absoluteX: number, absoluteY: number): EmulatedContainer
  screenToCanvas(point: Vector): Vector
  canvasToScreen(point: Vector): Vector
  setViewportSize(width: number, height: number): void
  getNode(id: string): EmulatedNode | null
  snapshot(): DocumentSnapshot
  /** Every page of the file with its nodes, loaded or not (the plugin's Icons page, say). */
  pages(): PageContents[]
  notifications: RecordedNotification[]
  storageEntries(): Record<string, unknown>
  ui: UiState
  closed: { message?: string } | null
  /** Main's setTimeout, setInterval and their clears, for a host to give it: closePlugin cancels them. */
  timers: PluginTimers
  /**
   * The designer's own hold on the viewport and the file's variables (panning, a mode switch), which
   * work whether or not the plugin runs: `figma` stops working once the plugin closes.
   */
  viewport: EmulatedViewportAPI
  variables: VariableStore['api']
  /** Called (batched per microtask) after the document, selection or viewport changes. */
  subscribe(listener: () => void): () => void
  /** Another page in the file, not loaded under dynamic-page until the plugin loads it. */
  addPage(name: string): EmulatedPage
  /** The designer switching pages (fires currentpagechange, then selectionchange). */
  switchPage(page: EmulatedPage): void
  /** Scene set-up for hosts: nodes figma.create* has no call for. */
  createInstance(name?: string): InstanceNode
  createSlot(instance: InstanceNode, name?: string): SlotNode
  /**
   * Closes the plugin if it runs and lets it run again on the same document, as Figma does for a
   * relaunch button (`command` 'swap') or the menu (''). The host then runs main again.
   */
  reopen(command?: string, pluginId?: string): void
  /** Resolves once pending events (selectionchange, change listeners) have run. */
  settle(): Promise<void>
  /**
   * The designer's Delete: removes the selected layers as one undo step. A layer of an instance is
   * left as it is, as Figma will not delete one (`remove` refuses it), and the others still go.
   */
  deleteSelection(): void
  /** The designer's Ctrl+Z: reverts one undo step; false when there is nothing to undo. */
  undo(): boolean
  /** Closes the open undo step, as around a designer's own edit. */
  commitUndo(): void
  /** Forgets the undo history, as for a file just opened (after the host's set-up). */
  clearUndoHistory(): void
  /**
   * Quick Actions: after `reopen(command)` for a command with parameters, `quickActions.begin()`,
   * run main, then `input(key, query)` per keystroke and `run(command, values)` on Enter.
   */
  quickActions: QuickActions
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
  const timers = createPluginTimers()
  // A font loaded by figma.loadFontAsync stays so for the plugin's run; a relaunch loads its own.
  const fonts = createLoadedFonts()
  const dynamicPage = options.documentAccess !== null
  let counter = 1
  let pluginId = options.pluginId ?? 'icon-catalogue'

  // documentchange and nodechange: one report per batch; what a documentchange callback itself
  // changes is never reported (https://developers.figma.com/docs/plugins/api/properties/figma-on/).
  const changes = createChangeLog()
  let changesQueued = false
  let insideDocumentChange = false
  let allPagesLoaded = !dynamicPage
  /**
   * "You must first call loadAllPagesAsync to access this event" under dynamic-page (figma-on), by
   * `on` or `once` alike; the wording of the error is the emulator's.
   */
  function refuseUnloadedDocumentChange(method: 'on' | 'once', name: string): void {
    if (name === 'documentchange' && !allPagesLoaded) {
      throw new Error(`in ${method}: Cannot register a documentchange handler with documentAccess: dynamic-page before calling figma.loadAllPagesAsync()`)
    }
  }
  const components = createComponentRules(dynamicPage)
  function reportChanges(): void {
    if (changesQueued) return
    changesQueued = true
    events.queue(() => {
      changesQueued = false
      const batch = changes.take()
      if (batch === null) return
      insideDocumentChange = true
      try {
        events.fire('documentchange', { documentChanges: batch.documentChanges })
      } finally {
        insideDocumentChange = false
      }
      for (const [changedPage, nodeChanges] of batch.byPage) changedPage.dispatchNodeChanges(nodeChanges)
    })
  }

  const registry: NodeRegistry = {
    nextId: () => `1:${counter++}`,
    register: (node) => {
      quickActions.host.refuseInQueryMode('create')
      nodes.set(node.id, node)
      if (insideDocumentChange || components.isQuiet()) return
      changes.created(node)
      reportChanges()
    },
    unregister: (node) => {
      nodes.delete(node.id)
      page.pruneSelection()
    },
    changed: (node, properties) => {
      if (node !== undefined) quickActions.host.refuseInQueryMode(`set_${properties?.[0] ?? 'property'}`)
      events.changed()
      if (node !== undefined) components.edited(node)
      if (node === undefined || properties === undefined || components.isQuiet()) return
      // Set by the plugin, in a documentchange handler too: an override, though such a change is not reported.
      owningInstance(node)?.overridden(node, properties)
      if (insideDocumentChange) return
      changes.property(node, properties)
      reportChanges()
    },
    currentPage: () => page,
    deleted: (node) => {
      events.changed()
      if (insideDocumentChange) return
      changes.deleted(node)
      reportChanges()
    },
    // `selectionchange` is for the current page's selection (https://developers.figma.com/docs/plugins/api/properties/figma-on/):
    // setting another page's, which a plugin may, tells no one.
    selectionChanged: (changed) => (changed === page ? events.selectionChanged() : events.changed()),
    moved: () => {
      for (const each of document.children) each.pruneSelection()
    },
    holdingInstances: components.holding,
    addToCurrentPage: (node) => page.appendChild(node),
    pluginId: () => pluginId,
    get paints() {
      return paintStyles.binder
    }
  }

  // Styles, variables and Quick Actions: paint-styles.ts, variables.ts, parameters.ts.
  const pageOf = (node: unknown): EmulatedPage | null => {
    let current = node as EmulatedNode | null
    while (current !== null && !(current instanceof EmulatedPage)) current = current.owner
    return current
  }
  // A node resolves each collection in the mode chosen nearest to it: on itself, else on the
  // nearest frame, group or section holding it that chose one, else on its page
  // (https://developers.figma.com/docs/plugins/api/properties/nodes-setexplicitvariablemodeforcollection/).
  const modesOf = (node: unknown): Record<string, string> => {
    const modes: Record<string, string> = {}
    for (let current = node as EmulatedNode | null; current !== null; current = current.owner) {
      if (!(current instanceof EmulatedSceneNode)) continue
      for (const [collection, mode] of Object.entries(current.modesChosenHere)) modes[collection] ??= mode
    }
    return modes
  }
  const variables = createVariableStore({ dynamicPage, modesOf, changed: () => registry.changed() })
  const paintStyles = createPaintStyles({
    dynamicPage,
    variables,
    changed: () => registry.changed(),
    styleChanged: (change) => events.queue(() => void events.fire('stylechange', { styleChanges: [change] }))
  })
  const quickActions = createQuickActions({ fireRun: (event) => void events.fire('run', event), changed: () => registry.changed() })

  const document = new EmulatedDocument(registry)
  let page = new EmulatedPage(registry, 'Page 1', '0:1')
  document.addPage(page)

  /** A page of the file; under dynamic-page only the current one starts loaded. */
  function addPage(name: string, loaded: boolean): EmulatedPage {
    const added = new EmulatedPage(registry, name, undefined, loaded)
    document.addPage(added)
    return added
  }

  /** Figma fires currentpagechange and then selectionchange for the new page's selection (figma-on). */
  function switchTo(next: EmulatedPage): void {
    if (next === page) return
    page = next
    page.loaded = true
    events.pageChanged()
  }

  /**
   * An undo is a change like any other: Figma reports it to documentchange and nodechange, and a
   * selected node it takes away to selectionchange (https://developers.figma.com/docs/plugins/api/properties/figma-on/).
   * The document as the history compares it holds the pages' and the document's own names and plugin
   * data besides the layers: renaming a page or setting data on `figma.root` is a change like any
   * other, which commitUndo makes a step of its own (figma-commitundo).
   */
  const history = createUndoHistory(
    nodes,
    () => JSON.stringify({ ...snapshotData(document), pages: document.children.map((each) => ({ ...snapshotData(each), children: each.contents.map(snapshotNode) })) }),
    {
      removing(made) {
        const gone = new Set(made)
        // Only the top-most node of what goes is reported, as for any removal.
        for (const node of made) if (node.owner === null || !gone.has(node.owner)) changes.deleted(node)
      },
      restored(revived, changedFields) {
        // Straight to the change log: through the registry, a restored sublayer would count as a new override.
        for (const node of revived) changes.created(node)
        for (const [node, fields] of changedFields) changes.property(node, propertiesOfFields(fields))
        reportChanges()
        page.pruneSelection()
        registry.changed()
      }
    }
  )

  const viewport = createViewport(
    options.viewport,
    (targets) =>
      targets
        .map((target) => asEmulated(target))
        .filter((node): node is EmulatedSceneNode => node instanceof EmulatedSceneNode && !node.removed)
        .map((node) => node.absoluteBoundingBox),
    registry.changed
  )
  const storage = createClientStorage(options.storage, () => pluginId)
  const pluginUi = createPluginUi(options.ui)
  const notifications: RecordedNotification[] = []

  /**
   * A new group or boolean operation of `children`, made at `index` in `parent` (the end by
   * default), with the children moved into it in order (PluginAPI.group in the typings). Every move
   * is checked first, in the name of `method`, so a refused one leaves nothing made; the messages are
   * the reference's "Possible error cases" (https://developers.figma.com/docs/plugins/api/properties/figma-group);
   * union, subtract, intersect and exclude take the same arguments and get the same messages.
   */
  function combine<T extends EmulatedGroup>(method: string, children: ReadonlyArray<BaseNode>, parent: BaseNode & ChildrenMixin, index: number | undefined, make: () => T): T {
    const members = children.map((child) => asEmulated(child))
    if (members.length === 0) throw new Error(`in ${method}: First argument must be an array of at least one node`)
    const container = asEmulated(parent)
    if (!(container instanceof EmulatedContainer)) throw new Error(`in ${method}: The parent cannot hold children`)
    const at = index ?? container.contents.length
    const page = pageOf(container)
    for (const member of members) {
      if (pageOf(member) !== page) throw new Error(`in ${method}: Grouped nodes must be in the same page as the parent`)
      // A member goes inside the new node, which goes at `at` in the container: what the container refuses, the new node would.
      container.refuseMove(method, at, member)
    }
    const made = make()
    container.move(method, at, made)
    for (const member of members as EmulatedSceneNode[]) made.move(method, made.contents.length, member)
    return made
  }

  function booleanOperation(method: string, operation: BooleanOperationNode['booleanOperation'], children: ReadonlyArray<BaseNode>, parent: BaseNode & ChildrenMixin, index?: number): BooleanOperationNode {
    const made = combine(method, children, parent, index, () => new EmulatedBooleanOperation(registry, operation))
    made.paintLikeMembers(made.contents)
    return asFigma<BooleanOperationNode>(made)
  }

  function appendToPage<T extends EmulatedSceneNode>(node: T): T {
    page.appendChild(node)
    return node
  }

  const lookUp = (id: string): BaseNode | null => {
    const node = nodes.get(id)
    return node === undefined ? null : asFigma<BaseNode>(node)
  }
  /**
   * "If the manifest contains "documentAccess": "dynamic-page", this function will throw"
   * (https://developers.figma.com/docs/plugins/api/properties/figma-getnodebyid/; message from
   * https://developers.figma.com/docs/plugins/api/api-errors/).
   */
  const getNodeById = (id: string): BaseNode | null => {
    if (dynamicPage) throw new Error('in getNodeById: Cannot call with documentAccess: dynamic-page. Use figma.getNodeByIdAsync() instead')
    return lookUp(id)
  }
  /**
   * "The message to show. It is limited to 100 characters. Longer messages will be truncated";
   * the timeout "defaults to 3 seconds when not specified" (PluginAPI.notify in the typings).
   */
  const notify = (message: string, notifyOptions?: NotificationOptions): NotificationHandler => {
    expectType('notify', 'message', message, 'string')
    const record: RecordedNotification = {
      message: [...message].slice(0, NOTIFY_LIMIT).join(''),
      truncated: [...message].length > NOTIFY_LIMIT,
      error: notifyOptions?.error === true,
      timeout: notifyOptions?.timeout ?? DEFAULT_NOTIFY_TIMEOUT_MS,
      cancelled: false
    }
    notifications.push(record)
    registry.changed()
    return { cancel: () => void (record.cancelled = true) }
  }

  let skipInvisibleInstanceChildren = false
  const api = {
    apiVersion: '1.0.0',
    editorType: 'figma',
    mode: 'default',
    command: options.command ?? '',
    root: asFigma<DocumentNode>(document),
    // Kept, not applied: the emulator's findAll visits every layer, as Figma does with the default (false).
    get skipInvisibleInstanceChildren() {
      return skipInvisibleInstanceChildren
    },
    set skipInvisibleInstanceChildren(value: boolean) {
      expectType('set_skipInvisibleInstanceChildren', 'skipInvisibleInstanceChildren', value, 'boolean')
      skipInvisibleInstanceChildren = value
    },
    get currentPage() {
      return asFigma<PageNode>(page)
    },
    set currentPage(next: PageNode) {
      // https://developers.figma.com/docs/plugins/api/properties/figma-currentpage/
      if (dynamicPage) throw new Error('in set_currentPage: Cannot call with documentAccess: dynamic-page. Use figma.setCurrentPageAsync() instead')
      switchTo(asEmulated<EmulatedPage>(next))
    },
    setCurrentPageAsync: (async (next: PageNode) => switchTo(asEmulated<EmulatedPage>(next))) satisfies PluginAPI['setCurrentPageAsync'],
    loadAllPagesAsync: (async () => {
      for (const each of document.children) each.loaded = true
      allPagesLoaded = true
    }) satisfies PluginAPI['loadAllPagesAsync'],
    createPage: (() => {
      // The error PluginAPI.createPage's typings quote for a Starter-plan file.
      if (options.starterPlan === true && document.children.length >= STARTER_PAGES) {
        throw new Error('The Starter plan only comes with 3 pages. Upgrade to Professional for unlimited pages.')
      }
      return asFigma<PageNode>(addPage(`Page ${document.children.length + 1}`, true))
    }) satisfies PluginAPI['createPage'],
    viewport: viewport.api,
    clientStorage: storage.api,
    ui: pluginUi.api,
    ...paintStyles.api,
    variables: variables.api,
    parameters: quickActions.api,
    on: ((name: Parameters<typeof events.on>[0], callback: Parameters<typeof events.on>[1]) => {
      expectOneOf('on', 'type', name, PLUGIN_EVENTS)
      refuseUnloadedDocumentChange('on', name)
      events.on(name, callback)
    }) as PluginAPI['on'],
    once: ((name: Parameters<typeof events.once>[0], callback: Parameters<typeof events.once>[1]) => {
      expectOneOf('once', 'type', name, PLUGIN_EVENTS)
      refuseUnloadedDocumentChange('once', name)
      events.once(name, callback)
    }) as PluginAPI['once'],
    off: ((name: Parameters<typeof events.off>[0], callback: Parameters<typeof events.off>[1]) => {
      expectOneOf('off', 'type', name, PLUGIN_EVENTS)
      events.off(name, callback)
    }) as PluginAPI['off'],
    createNodeFromSvg: ((svg: string) => asFigma<FrameNode>(appendToPage(createSvgFrame(registry, svg)))) satisfies PluginAPI['createNodeFromSvg'],
    createFrame: (() => asFigma<FrameNode>(appendToPage(new EmulatedFrame(registry)))) satisfies PluginAPI['createFrame'],
    createComponent: (() => asFigma<ComponentNode>(appendToPage(new EmulatedComponent(registry, components)))) satisfies PluginAPI['createComponent'],
    createSection: (() => asFigma<SectionNode>(appendToPage(new EmulatedSection(registry)))) satisfies PluginAPI['createSection'],
    createComponentFromNode: ((node: SceneNode) =>
      asFigma<ComponentNode>(createComponentFromNode(registry, components, asEmulated(node)))) satisfies PluginAPI['createComponentFromNode'],
    group: ((children: ReadonlyArray<BaseNode>, parent: BaseNode & ChildrenMixin, index?: number) =>
      asFigma<GroupNode>(combine('group', children, parent, index, () => new EmulatedGroup(registry)))) satisfies PluginAPI['group'],
    union: ((children: ReadonlyArray<BaseNode>, parent: BaseNode & ChildrenMixin, index?: number) =>
      booleanOperation('union', 'UNION', children, parent, index)) satisfies PluginAPI['union'],
    subtract: ((children: ReadonlyArray<BaseNode>, parent: BaseNode & ChildrenMixin, index?: number) =>
      booleanOperation('subtract', 'SUBTRACT', children, parent, index)) satisfies PluginAPI['subtract'],
    intersect: ((children: ReadonlyArray<BaseNode>, parent: BaseNode & ChildrenMixin, index?: number) =>
      booleanOperation('intersect', 'INTERSECT', children, parent, index)) satisfies PluginAPI['intersect'],
    exclude: ((children: ReadonlyArray<BaseNode>, parent: BaseNode & ChildrenMixin, index?: number) =>
      booleanOperation('exclude', 'EXCLUDE', children, parent, index)) satisfies PluginAPI['exclude'],
    createStar: (() => asFigma<StarNode>(appendToPage(createStar(registry)))) satisfies PluginAPI['createStar'],
    createText: (() => asFigma<TextNode>(appendToPage(new EmulatedText(registry, fonts)))) satisfies PluginAPI['createText'],
    loadFontAsync: ((font: FontName) => fonts.load('loadFontAsync', font)) satisfies PluginAPI['loadFontAsync'],
    commitUndo: (() => history.commit()) satisfies PluginAPI['commitUndo'],
    // "Triggers an undo action. Reverts to the last commitUndo() state" (PluginAPI.triggerUndo in the
    // typings). With nothing changed since that commit, what an undo action then reverts is not
    // published; an undo action is what Ctrl+Z does, which reverts the step before, so the emulator
    // does that: the stricter reading, under which a plugin must not trigger an undo for nothing.
    triggerUndo: (() => void history.undo()) satisfies PluginAPI['triggerUndo'],
    getNodeById: getNodeById satisfies PluginAPI['getNodeById'],
    getNodeByIdAsync: (async (id: string) => lookUp(id)) satisfies PluginAPI['getNodeByIdAsync'],
    notify: notify satisfies PluginAPI['notify'],
    showUI: ((html, showOptions) => {
      quickActions.host.refuseInQueryMode('showUI')
      pluginUi.showUI(html, showOptions)
    }) satisfies PluginAPI['showUI'],
    closePlugin: ((message?: string) => {
      if (emulator.closed !== null) return
      if (message !== undefined) notify(message)
      events.fire('close')
      emulator.closed = message === undefined ? {} : { message }
      // A closed plugin hears nothing more; a later run registers its own handlers.
      pluginUi.closeForGood()
      quickActions.host.clear()
      events.clear()
      timers.cancelAll()
      for (const each of document.children) each.clearListeners()
    }) satisfies PluginAPI['closePlugin']
  }

  /**
   * "Calling figma.closePlugin() disables callbacks and Figma APIs. It does not, however, abort the
   * plugin": a later `figma.currentPage` "will throw an exception because access to
   * figma.currentPage has been disabled" (PluginAPI.closePlugin in the typings). Every member of
   * `figma` throws once the plugin is closed, with the emulator's wording, as Figma publishes none;
   * a relaunch (reopen) gives the next run a working `figma` again.
   */
  const refuseWhenClosed = (access: 'get' | 'set', property: string | symbol): void => {
    if (emulator.closed !== null && typeof property === 'string') {
      throw new Error(`in ${access}_${property}: The plugin has been closed: figma.closePlugin() disabled the plugin API`)
    }
  }
  const figma = new Proxy(api, {
    get(target, property, receiver) {
      refuseWhenClosed('get', property)
      return Reflect.get(target, property, receiver) as unknown
    },
    // Of `figma`'s own members only `currentPage` has a setter (PluginAPI in the typings: the rest are
    // readonly); a write to another does not take, and in strict code throws a TypeError, as a
    // write to a property with only a getter does.
    set(target, property, value, receiver) {
      refuseWhenClosed('set', property)
      if (Object.getOwnPropertyDescriptor(target, property)?.set === undefined) return false
      return Reflect.set(target, property, value, receiver)
    },
    has(target, property) {
      refuseWhenClosed('get', property)
      return Reflect.has(target, property)
    }
  })

  const emulator: FigmaEmulator = {
    figma: figma as unknown as PluginAPI,
    document,
    get page() {
      return page
    },
    addPage: (name) => addPage(name, !dynamicPage),
    switchPage: (next) => switchTo(next),
    deliverFromUi: pluginUi.deliver,
    dispatchDrop(drop) {
      const target = drop.node ?? dropEventNodeAt(page, drop.absoluteX, drop.absoluteY)
      return !events.fire('drop', dropEvent(target, drop)).some((result) => result === false)
    },
    select(ids) {
      // The designer clicks only what is on the page they see.
      page.selection = ids.map((id) => nodes.get(id)).filter((node): node is EmulatedSceneNode => node instanceof EmulatedSceneNode && !node.removed && page.isAncestorOf(node))
    },
    dropTargetAt: (absoluteX, absoluteY) => dropTargetAt(page, absoluteX, absoluteY),
    screenToCanvas: viewport.screenToCanvas,
    canvasToScreen: viewport.canvasToScreen,
    setViewportSize: viewport.setScreenSize,
    getNode: (id) => nodes.get(id) ?? null,
    snapshot: () => snapshotPage(page, { center: viewport.api.center, zoom: viewport.api.zoom, bounds: viewport.api.bounds }),
    pages: () => document.children.map(snapshotContents),
    notifications,
    storageEntries: storage.entries,
    ui: pluginUi.state,
    closed: null,
    timers,
    viewport: viewport.api,
    variables: variables.api,
    subscribe: events.subscribe,
    createInstance(name = 'Instance') {
      return asFigma<InstanceNode>(appendToPage(new EmulatedInstance(registry, components, null, name)))
    },
    createSlot(instance, name = 'Slot') {
      const slot = new EmulatedFrame(registry, 'SLOT', name)
      slot.fills = []
      asEmulated<EmulatedFrame>(instance).appendChild(slot)
      return asFigma<SlotNode>(slot)
    },
    reopen(command = '', nextPluginId = pluginId) {
      if (emulator.closed === null) api.closePlugin()
      api.command = command
      pluginId = nextPluginId
      fonts.forget()
      emulator.closed = null
    },
    settle: events.settle,
    deleteSelection() {
      history.commit()
      for (const node of page.selection) if (node.deletable) node.remove()
      history.commit()
    },
    undo: () => history.undo(),
    commitUndo: () => history.commit(),
    clearUndoHistory: () => history.clear(),
    quickActions: quickActions.host
  }
  return emulator
}
