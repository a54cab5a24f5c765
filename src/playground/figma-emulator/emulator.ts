/**
 * `createFigmaEmulator` builds a fake `figma` global: the subset of the plugin API this plugin uses,
 * with method types taken from @figma/plugin-typings. The host (a vitest test, or the playground page)
 * plays Figma's part: it shows the UI, carries messages, makes drops and selects nodes.
 *
 * This module only wires the concerns together: nodes (nodes.ts) and the calls that make them
 * (node-creation.ts), events (events.ts), undo (undo.ts), the viewport (viewport.ts), the UI bridge
 * (plugin-ui.ts), client storage (client-storage.ts), notifications (notifications.ts), drops
 * (drop.ts) and the API refusing all once the plugin has closed (closed-api.ts).
 */
import { asEmulated, asFigma, expectOneOf, expectType } from './api-values'
import { closedWith } from './closed-api'
import { createClientStorage, type StorageOptions } from './client-storage'
import { createComponentRules, EmulatedInstance, owningInstance } from './components'
import { dropEvent, dropEventNodeAt, dropTargetAt, type DropInput } from './drop'
import { createChangeLog } from './document-changes'
import { createEventHub, PLUGIN_EVENTS } from './events'
import { createNodeCalls } from './node-creation'
import { propertiesOfFields } from './node-fields'
import { EmulatedContainer, EmulatedDocument, EmulatedFrame, EmulatedPage, EmulatedSceneNode, type EmulatedNode, type NodeRegistry } from './nodes'
import { createNotifications, type RecordedNotification } from './notifications'
import { createPaintStyles } from './paint-styles'
import { createQuickActions, type QuickActions } from './parameters'
import { createPluginTimers, type PluginTimers } from './plugin-timers'
import { createPluginUi, type UiHost, type UiState } from './plugin-ui'
import { snapshotContents, snapshotData, snapshotNode, snapshotPage, type DocumentSnapshot, type PageContents } from './snapshot'
import { createLoadedFonts } from './text-nodes'
import { createUndoHistory } from './undo'
import { createVariableStore, type VariableStore } from './variables'
import { createViewport, type EmulatedViewportAPI, type ViewportOptions } from './viewport'

export type { DropInput } from './drop'
export type { RecordedNotification } from './notifications'
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

const STARTER_PAGES = 3

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
  const nodeCalls = createNodeCalls(registry, components, fonts)
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
  const { notify, notifications } = createNotifications(() => registry.changed())

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
    ...nodeCalls.api,
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

  const figma = closedWith(api, () => emulator.closed !== null)

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
      return asFigma<InstanceNode>(nodeCalls.appendToPage(new EmulatedInstance(registry, components, null, name)))
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
