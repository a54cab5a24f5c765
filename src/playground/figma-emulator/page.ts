/**
 * The top of the tree: EmulatedPage (its children once loaded, its selection, and its nodechange
 * listeners) and EmulatedDocument, which holds the pages.
 */
import { frozenList } from './api-values'
import { EmulatedContainer, EmulatedNode, EmulatedSceneNode, type NodeRegistry } from './nodes'

type NodeChangeListener = (event: NodeChangeEvent) => void

export class EmulatedPage
  extends EmulatedContainer
  implements Pick<PageNode, 'name' | 'loadAsync' | 'explicitVariableModes' | 'setExplicitVariableModeForCollection'>
{
  get type(): 'PAGE' {
    return 'PAGE'
  }
  /** The document once the page is in it: a page's parent (PageNode.parent in the typings). */
  document: EmulatedDocument | null = null
  private _selection: EmulatedSceneNode[] = []
  /** Under dynamic-page only the current page starts loaded (migrating-to-dynamic-loading). */
  loaded: boolean
  private nodeChangeListeners: Array<{ callback: NodeChangeListener; once: boolean }> = []

  constructor(registry: NodeRegistry, name = 'Page 1', id?: string, loaded = true) {
    super(registry, name, id)
    this.loaded = loaded
  }

  /**
   * The documented refusal for an unloaded page's children
   * (https://developers.figma.com/docs/plugins/api/api-errors/); the emulator's own code reads
   * `contents` instead, so it never trips over it.
   */
  override get children(): readonly EmulatedSceneNode[] {
    this.alive('get_children')
    this.requireLoaded('')
    return super.children
  }

  /**
   * "If the manifest contains "documentAccess": "dynamic-page", and the node is a PageNode, you must
   * first call loadAsync to access this function"
   * (https://developers.figma.com/docs/plugins/api/properties/nodes-appendchild/,
   * https://developers.figma.com/docs/plugins/api/properties/nodes-insertchild/). Figma publishes
   * no message of its own for these; the emulator gives the children's, after the method's name
   * (the one the plugin called: group moves nodes too).
   */
  override refuseMove(method: string, index: number, child: EmulatedNode): void {
    this.requireLoaded(`in ${method}: `)
    super.refuseMove(method, index, child)
  }

  /**
   * Searching an unloaded page is refused as reading its children is ("you must first call
   * loadAsync", https://developers.figma.com/docs/plugins/migrating-to-dynamic-loading/), in the
   * name of the method called, as Figma names the member in its errors (api-errors).
   */
  override findAll(callback?: (node: EmulatedSceneNode) => boolean): EmulatedSceneNode[] {
    this.requireLoaded('in findAll: ')
    return super.findAll(callback)
  }
  override findAllWithCriteria(criteria: FindAllCriteria<NodeType[]>): EmulatedSceneNode[] {
    this.requireLoaded('in findAllWithCriteria: ')
    return super.findAllWithCriteria(criteria)
  }

  private requireLoaded(prefix: string): void {
    if (!this.loaded) {
      throw new Error(`${prefix}Cannot access children on a page that has not been explicitly loaded. Remember to call await page.loadAsync() or await figma.loadAllPagesAsync() first`)
    }
  }

  async loadAsync(): Promise<void> {
    this.loaded = true
  }

  override get parent(): EmulatedDocument | null {
    this.alive('get_parent')
    return this.document
  }

  /**
   * Takes the page out of the document (figma.root.children), its layers with it. Figma publishes
   * nothing on removing the page the designer is on, which would leave `figma.currentPage` removed
   * (and a document with no page, for its only one): the emulator refuses it, in its own words.
   */
  override remove(): void {
    this.alive('remove')
    if (this.registry.currentPage() === this) throw new Error('in remove: Cannot remove the current page; switch to another page first')
    this.registry.deleted(this)
    this.document?.detachPage(this)
    this.markRemoved()
  }

  /** `page.on('nodechange')` (https://developers.figma.com/docs/plugins/api/PageNode/#on). */
  on(_type: 'nodechange', callback: NodeChangeListener): void {
    this.nodeChangeListeners.push({ callback, once: false })
  }
  once(_type: 'nodechange', callback: NodeChangeListener): void {
    this.nodeChangeListeners.push({ callback, once: true })
  }
  off(_type: 'nodechange', callback: NodeChangeListener): void {
    this.nodeChangeListeners = this.nodeChangeListeners.filter((entry) => entry.callback !== callback)
  }
  /** Delivers one batch of this page's changes. */
  dispatchNodeChanges(nodeChanges: NodeChange[]): void {
    for (const entry of this.nodeChangeListeners.slice()) {
      if (entry.once) this.off('nodechange', entry.callback)
      entry.callback({ nodeChanges })
    }
  }
  /** A closed plugin hears nothing more. */
  clearListeners(): void {
    this.nodeChangeListeners = []
  }

  /** Only live nodes on this page can be selected; setting it fires `selectionchange` as in Figma. */
  get selection(): readonly EmulatedSceneNode[] {
    this.alive('get_selection')
    return frozenList(this._selection)
  }
  set selection(nodes: ReadonlyArray<EmulatedSceneNode>) {
    this.alive('set_selection')
    const unique = [...new Set(nodes)]
    for (const node of unique) this.checkSelectable(node)
    // Never a node and its descendant (https://developers.figma.com/docs/plugins/api/PageNode/#selection).
    const next = withoutDescendants(unique)
    // The selection is a set: the same nodes in another order are no change, and fire nothing.
    const same = next.length === this._selection.length && next.every((node) => this._selection.includes(node))
    this._selection = next
    if (!same) this.registry.selectionChanged(this)
  }

  /**
   * What Figma refuses in a selection, with its messages ("Possible error cases",
   * https://developers.figma.com/docs/plugins/api/properties/PageNode-selection/): the document,
   * a page, and a node on another page, such as one placed after the designer switched page. A
   * removed node is on no page, and throws as any use of one does.
   */
  private checkSelectable(node: EmulatedNode): void {
    if (node.type === 'DOCUMENT') throw new Error('in set_selection: Cannot select the document node')
    if (node.type === 'PAGE') throw new Error('in set_selection: Cannot select the page node')
    if (node.removed) throw new Error(`in set_selection: The node with id ${JSON.stringify(node.id)} does not exist`)
    if (!(node instanceof EmulatedSceneNode && this.isAncestorOf(node))) throw new Error('in set_selection: The selection of a page can only include nodes in that page')
  }

  /**
   * Drops what the selection can no longer hold: a removed node, one moved to another page, and one
   * moved into another selected node, which is then "indirectly selected, and is no longer in
   * figma.currentPage.selection" (PluginAPI.on's `selectionchange` in @figma/plugin-typings). True
   * when it changed.
   */
  pruneSelection(): boolean {
    const held = withoutDescendants(this._selection).filter((node) => !node.markedRemoved && this.isAncestorOf(node))
    if (held.length === this._selection.length) return false
    this._selection = held
    this.registry.selectionChanged(this)
    return true
  }

  override childOrigin(): { x: number; y: number } {
    return { x: 0, y: 0 }
  }

  scaleGeometry(): void {
    throw new Error('A page cannot be scaled')
  }
}

/** The nodes less any inside another of them: a selection holds a node, not also what it holds. */
function withoutDescendants(nodes: readonly EmulatedSceneNode[]): EmulatedSceneNode[] {
  return nodes.filter((node) => !nodes.some((other) => other instanceof EmulatedContainer && other !== node && other.isAncestorOf(node)))
}

export class EmulatedDocument extends EmulatedNode {
  get type(): 'DOCUMENT' {
    return 'DOCUMENT'
  }
  private readonly pages: EmulatedPage[] = []

  constructor(registry: NodeRegistry, name = 'Untitled') {
    super(registry, name, '0:0')
  }

  /** Every page, loaded or not, as a frozen copy (DocumentNode.children). */
  get children(): readonly EmulatedPage[] {
    this.alive('get_children')
    return frozenList(this.pages)
  }

  /** A page added to the file (the designer's doing, not the plugin's). */
  addPage(page: EmulatedPage): void {
    this.pages.push(page)
    page.document = this
  }

  detachPage(page: EmulatedPage): void {
    this.pages.splice(this.pages.indexOf(page), 1)
    this.registry.changed()
  }
}

/** The page a node is on, or null for one not in the document (removed, or made and never placed). */
export function pageOf(node: EmulatedNode): EmulatedPage | null {
  for (let current: EmulatedNode | null = node; current !== null; current = current.owner) {
    if (current instanceof EmulatedPage) return current
  }
  return null
}
