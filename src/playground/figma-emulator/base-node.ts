/**
 * The base of the node tree: the node types, what a node needs from the document that owns it
 * (NodeRegistry), and EmulatedNode, what every node has (id, name, visibility, lock, removal, and
 * private and shared plugin data and relaunch data). Node classes are imported through nodes.ts,
 * which fixes the order the node modules are evaluated in.
 */
import { expectType } from './api-values'
import type { EmulatedContainer, EmulatedDocument, EmulatedPage, EmulatedSceneNode } from './nodes'
import type { PaintBinder } from './paint-styles'

/** The types of nodes that sit on a page. */
export type ShapeType = 'VECTOR' | 'RECTANGLE' | 'ELLIPSE' | 'LINE' | 'POLYGON' | 'STAR'
export type SceneNodeType = 'FRAME' | 'GROUP' | 'BOOLEAN_OPERATION' | 'COMPONENT' | 'INSTANCE' | 'SLOT' | 'SECTION' | 'TEXT' | ShapeType
export type EmulatedNodeType = 'DOCUMENT' | 'PAGE' | SceneNodeType

/** What nodes need from the document that owns them. */
export interface NodeRegistry {
  nextId(): string
  /** A node was made (reported as CREATE if it is the top of what was made). */
  register(node: EmulatedNode): void
  unregister(node: EmulatedNode): void
  /**
   * Something changed: with a node, something in it, which instances of a component it is part of
   * follow (components.ts); with properties too, a PROPERTY_CHANGE for documentchange/nodechange.
   */
  changed(node?: EmulatedNode, properties?: NodeChangeProperty[]): void
  /** A node was removed on purpose (reported as DELETE). */
  deleted(node: EmulatedNode): void
  /** Puts a node just made onto the current page, where Figma's create calls put theirs. */
  addToCurrentPage(node: EmulatedSceneNode): void
  /** The running plugin's manifest id, which owns its private plugin data. */
  pluginId(): string
  /** A node moved: a page's selection may no longer hold it (EmulatedPage.pruneSelection). */
  moved(): void
  /** A page's selection changed (the current page's is told as `selectionchange`). */
  selectionChanged(page: EmulatedPage): void
  /** The page the designer is on. */
  currentPage(): EmulatedPage
  /** Runs `work` with no instance following its component meanwhile (components.ts, ComponentRules.holding). */
  holdingInstances<T>(work: () => T): T
  /** Styles and variables a shape's paints are bound to (paint-styles.ts, variables.ts). */
  paints: PaintBinder
}

type PluginDataFields =
  | 'setPluginData'
  | 'getPluginData'
  | 'getPluginDataKeys'
  | 'setSharedPluginData'
  | 'getSharedPluginData'
  | 'getSharedPluginDataKeys'
  | 'setRelaunchData'
  | 'getRelaunchData'

const MAX_RELAUNCH_DESCRIPTION = 1000

/** One flat map for every owner's entries, so copies of it are copies of the data. */
const entryKey = (owner: string, key: string): string => `${owner}\u0000${key}`

/**
 * "The total size of your entry (`pluginId`, `key`, `value`) cannot exceed 100 kB", and of a shared
 * one (`namespace`, `key`, `value`) likewise (PluginDataMixin.setPluginData and setSharedPluginData in
 * the typings). Since May 2025 Figma does not save a larger entry and shows an error (Figma's notice
 * quoted in https://github.com/tolgee/figma-plugin/issues/56). Its text is not published: the
 * message is the emulator's. Sizes are UTF-8 bytes, and a kB 1000 of them, the stricter reading.
 */
const PLUGIN_DATA_ENTRY_LIMIT_BYTES = 100_000
const utf8 = new TextEncoder()

/** `owner` is the plugin id of a private entry, the namespace of a shared one. */
function refuseLargeEntry(method: 'setPluginData' | 'setSharedPluginData', owner: string, key: string, value: string): void {
  const size = utf8.encode(owner + String(key) + value).byteLength
  if (size > PLUGIN_DATA_ENTRY_LIMIT_BYTES) {
    const parts = method === 'setPluginData' ? 'plugin id, key and value' : 'namespace, key and value'
    throw new Error(`in ${method}: The total size of an entry (${parts}) cannot exceed 100 kB; this one is ${size} bytes`)
  }
}

function requireString(method: string, name: string, value: unknown): void {
  // Figma's type-error pattern (https://developers.figma.com/docs/plugins/api/api-errors/).
  if (typeof value !== 'string') throw new Error(`in ${method}: Expected "${name}" to have type string but got ${typeof value} instead`)
}

export abstract class EmulatedNode implements Pick<FrameNode, 'id' | 'name' | 'removed' | 'visible' | 'locked' | PluginDataFields> {
  private readonly _id: string
  abstract readonly type: EmulatedNodeType
  /**
   * The container holding the node, for the emulator's own bookkeeping, which reads it on a removed
   * node too; a plugin reads `parent`, which Figma refuses on a removed node and never lets it write.
   */
  owner: EmulatedContainer | null = null
  protected registry: NodeRegistry
  private _visible = true
  private _locked = false
  private _name: string
  private _removed = false
  /** Private entries by plugin id, and shared ones by namespace (PluginDataMixin). */
  private readonly pluginData = new Map<string, string>()
  private readonly sharedPluginData = new Map<string, string>()
  private relaunchData: Record<string, string> = {}
  /**
   * For an instance, its main component; for an instance's sublayer, the component's layer it
   * mirrors. Plugin data not set on the node itself is read from it (components.ts).
   */
  counterpart: EmulatedNode | null = null

  constructor(registry: NodeRegistry, name: string, id = registry.nextId()) {
    this.registry = registry
    this._id = id
    this._name = name
    registry.register(this)
  }

  get name(): string {
    this.alive('get_name')
    return this._name
  }
  set name(value: string) {
    this.alive('set_name')
    expectType('set_name', 'name', value, 'string')
    this._name = value
    this.registry.changed(this, ['name'])
  }

  get visible(): boolean {
    this.alive('get_visible')
    return this._visible
  }
  set visible(value: boolean) {
    this.alive('set_visible')
    expectType('set_visible', 'visible', value, 'boolean')
    this._visible = value
    this.layoutChanged(['visible'])
  }

  /** Locks the node against the designer only; plugins still write to it (SceneNodeMixin.locked). */
  get locked(): boolean {
    this.alive('get_locked')
    return this._locked
  }
  set locked(value: boolean) {
    this.alive('set_locked')
    expectType('set_locked', 'locked', value, 'boolean')
    this._locked = value
    this.registry.changed(this, ['locked'])
  }

  /** A change that can move things in an auto-layout parent. */
  protected layoutChanged(properties: NodeChangeProperty[]): void {
    this.registry.changed(this, properties)
  }

  /** A held sublayer of an instance may have gone with its component's layer since it was last read. */
  get removed(): boolean {
    this.refresh()
    return this._removed
  }

  /**
   * Whether the node is marked removed, read without bringing it up to date. The emulator's own
   * bookkeeping (undo, the change log, the selection, a component's instances) reads this: it runs
   * while the document is half restored or being reported, where an instance following its
   * component would read layers not yet brought back.
   */
  get markedRemoved(): boolean {
    return this._removed
  }

  /**
   * Brings the node up to date before it is read or written. An instance follows its main component
   * (components.ts); a sublayer of one, which mirrors a layer of the component (its counterpart), asks
   * its instance, so one the plugin held on to reads the component as it is now, not as it was.
   */
  protected refresh(): void {
    if (this.counterpart !== null) this.owner?.refresh()
  }

  /**
   * Throws like Figma when a removed node is used: `in get_parent: The node with id "1:91" does not
   * exist` (observed: github.com/react-figma/react-figma/issues/87). The getters and setters of a
   * node's properties and its methods start here, so here the node is brought up to date first: the
   * update may be what removed it. The plain fields `id` and `type` do not, and stay readable on a
   * removed node; nor do getRelaunchData and absolutePosition (whose reads of x and y do).
   */
  // Getters alone: Figma never lets a plugin write a node's id, type or parent (readonly in the typings).
  get id(): string {
    return this._id
  }

  get parent(): EmulatedContainer | EmulatedDocument | null {
    this.alive('get_parent')
    return this.owner
  }

  protected alive(member: string): void {
    this.refresh()
    if (this._removed) throw new Error(`in ${member}: The node with id ${JSON.stringify(this.id)} does not exist`)
  }

  /**
   * Whether Figma lets the node be deleted: not a layer of an instance, which its main component
   * decides, though a slot of one is the designer's (observed: github.com/DWilliames/google-sheets-sync-figma/issues/104).
   */
  get deletable(): boolean {
    return !(this.owner?.isInInstance() === true && (this.type as string) !== 'SLOT')
  }

  remove(): void {
    this.alive('remove')
    // Figma's message for a layer it will not let a plugin delete (https://developers.figma.com/docs/plugins/api/api-errors).
    if (!this.deletable) throw new Error('in remove: Removing this node is not allowed')
    // Reported while the node still knows its page.
    this.registry.deleted(this)
    this.owner?.detach(this)
    this.markRemoved()
  }

  protected markRemoved(): void {
    this._removed = true
    this.registry.unregister(this)
  }

  /** Private to the plugin id: another id (a published copy) reads nothing (PluginDataMixin.setPluginData). */
  setPluginData(key: string, value: string): void {
    this.alive('setPluginData')
    requireString('setPluginData', 'value', value)
    refuseLargeEntry('setPluginData', this.registry.pluginId(), key, value)
    const entry = entryKey(this.registry.pluginId(), key)
    if (value === '') this.pluginData.delete(entry)
    else this.pluginData.set(entry, value)
    this.registry.changed(this, ['pluginData'])
  }
  getPluginData(key: string): string {
    this.alive('getPluginData')
    return this.entry('pluginData', entryKey(this.registry.pluginId(), key)) ?? ''
  }
  getPluginDataKeys(): string[] {
    this.alive('getPluginDataKeys')
    const prefix = entryKey(this.registry.pluginId(), '')
    return this.entryKeys('pluginData')
      .filter((entry) => entry.startsWith(prefix))
      .map((entry) => entry.slice(prefix.length))
  }

  /**
   * Readable by every plugin; "namespace must be at least 3 alphanumeric characters"
   * (https://developers.figma.com/docs/plugins/api/node-properties/#setsharedplugindata; the
   * emulator's wording of the error).
   */
  setSharedPluginData(namespace: string, key: string, value: string): void {
    this.alive('setSharedPluginData')
    if (typeof namespace !== 'string' || !/^[A-Za-z0-9_]{3,}$/.test(namespace)) {
      throw new Error('in setSharedPluginData: The namespace must be at least 3 alphanumeric characters')
    }
    requireString('setSharedPluginData', 'value', value)
    refuseLargeEntry('setSharedPluginData', namespace, key, value)
    const entry = entryKey(namespace, key)
    if (value === '') this.sharedPluginData.delete(entry)
    else this.sharedPluginData.set(entry, value)
    this.registry.changed(this, ['pluginData'])
  }
  getSharedPluginData(namespace: string, key: string): string {
    this.alive('getSharedPluginData')
    return this.entry('sharedPluginData', entryKey(namespace, key)) ?? ''
  }
  getSharedPluginDataKeys(namespace: string): string[] {
    this.alive('getSharedPluginDataKeys')
    const prefix = entryKey(namespace, '')
    return this.entryKeys('sharedPluginData')
      .filter((entry) => entry.startsWith(prefix))
      .map((entry) => entry.slice(prefix.length))
  }
  /**
   * The node's own entry, else its counterpart's: "getPluginData and getSharedPluginData ...
   * inherit from components when accessed from an instance" (Version 1, Update 19,
   * https://developers.figma.com/docs/plugins/updates/page/12/).
   */
  private entry(store: 'pluginData' | 'sharedPluginData', key: string): string | undefined {
    return this[store].get(key) ?? this.counterpart?.entry(store, key)
  }
  private entryKeys(store: 'pluginData' | 'sharedPluginData'): string[] {
    return [...new Set([...this[store].keys(), ...(this.counterpart?.entryKeys(store) ?? [])])]
  }
  /** Every shared namespace with entries, for snapshots. */
  sharedNamespaces(): string[] {
    return [...new Set(this.entryKeys('sharedPluginData').map((entry) => entry.split('\u0000')[0] as string))]
  }
  /**
   * Replaces all previous relaunch data (`{}` clears it); a description over 1000 characters throws
   * (BaseNodeMixin.setRelaunchData in the typings; the wording is the emulator's).
   */
  setRelaunchData(data: { [command: string]: string }): void {
    this.alive('setRelaunchData')
    expectType('setRelaunchData', 'relaunchData', data, 'object')
    for (const [command, description] of Object.entries(data)) {
      expectType('setRelaunchData', `relaunchData.${command}`, description, 'string')
      if (description.length > MAX_RELAUNCH_DESCRIPTION) {
        throw new Error(`in setRelaunchData: The description of ${JSON.stringify(command)} is longer than ${MAX_RELAUNCH_DESCRIPTION} characters`)
      }
    }
    this.relaunchData = { ...data }
    this.registry.changed(this)
  }
  getRelaunchData(): { [command: string]: string } {
    return { ...this.relaunchData }
  }
}
