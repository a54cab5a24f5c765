/**
 * EmulatedContainer, a node that holds children: moving nodes in and out of it with Figma's
 * refusals, finding nodes under it, and the helpers that place a child without laying it out again
 * (setPosition) and tell whether a node holds a component (holdsComponent).
 */
import { expectNumber, frozenList } from './api-values'
import type { Cell } from './grid-layout'
import { EmulatedGroup, EmulatedSceneNode, type EmulatedNode } from './nodes'

/** The instances among `node` and its layers, those of instances in it included. */
function instancesIn(node: EmulatedNode): EmulatedNode[] {
  const layers = node instanceof EmulatedContainer ? [node, ...node.findAll()] : [node]
  return layers.filter((layer) => layer.type === 'INSTANCE')
}

/**
 * The main component of an instance. An instance's counterpart is its main component; a copy of a
 * nested instance among an instance's layers has the component's layer it mirrors (components.ts),
 * whose own counterpart leads on to the component.
 */
function mainComponentOf(instance: EmulatedNode): EmulatedNode | null {
  let current = instance.counterpart
  while (current !== null && current.type !== 'COMPONENT') current = current.counterpart
  return current
}

/** Whether the node is a component or has one among its layers: neither may go inside a component. */
export function holdsComponent(node: EmulatedSceneNode): boolean {
  return node.type === 'COMPONENT' || (node instanceof EmulatedContainer && node.findAll((layer) => layer.type === 'COMPONENT').length > 0)
}

/** A node that holds children. */
export abstract class EmulatedContainer extends EmulatedSceneNode {
  /** The children, for the emulator's own bookkeeping; the plugin reads `children`. */
  readonly contents: EmulatedSceneNode[] = []

  /** A frozen copy, new on every read (api-values.ts). */
  get children(): readonly EmulatedSceneNode[] {
    this.alive('get_children')
    return frozenList(this.contents)
  }

  /** Where children's x/y are measured from, in absolute coordinates. */
  childOrigin(): { x: number; y: number } {
    return this.absolutePosition
  }

  appendChild(child: EmulatedSceneNode): void {
    this.move('appendChild', this.contents.length, child)
  }

  insertChild(index: number, child: EmulatedSceneNode): void {
    this.move('insertChild', index, child)
  }

  /**
   * Figma's refusals of a move of `child` to `index` here, with its messages, in the order the
   * reference lists its "Possible error cases"
   * (https://developers.figma.com/docs/plugins/api/properties/nodes-appendchild,
   * https://developers.figma.com/docs/plugins/api/properties/nodes-insertchild). `method` is the one
   * the plugin called: group and the boolean operations move nodes too, and list the same cases
   * (https://developers.figma.com/docs/plugins/api/properties/figma-group).
   */
  refuseMove(method: string, index: number, child: EmulatedNode): void {
    this.alive(method)
    const refuse = (reason: string): never => {
      throw new Error(`in ${method}: ${reason}`)
    }
    if (child.removed) refuse(`The node with id ${JSON.stringify(child.id)} does not exist`)
    // Figma documents only the message for an index past the end. For one below 0 the emulator gives
    // Figma's range pattern (api-errors), for a fraction words of its own; Figma publishes neither.
    expectNumber(method, 'index', index, 0)
    if (!Number.isInteger(index)) refuse('Expected "index" to be an integer')
    if (index > this.contents.length) refuse('Cannot insert node at index greater than the number of existing siblings')
    if (child.type === 'DOCUMENT') refuse('Cannot move node. Node is the scene root, which cannot be reparented')
    if (child === (this as EmulatedNode) || (child instanceof EmulatedContainer && child.isAncestorOf(this))) {
      refuse('Cannot move node. Doing so would create a parenting cycle')
    }
    // Only the document holds pages, and the emulator gives it no appendChild: a page moves nowhere.
    if (child.type === 'PAGE') refuse('Cannot move node. Nodes other than the root node cannot have children of type PAGE')
    // Content reaches an instance only through its slots (a host may give an instance its slots).
    if (this.isInInstance() && !(this.type === 'INSTANCE' && child.type === 'SLOT')) {
      refuse('Cannot move node. New parent is an instance or is inside of an instance')
    }
    if (child.owner !== null && child.owner !== this && child.owner.isInInstance()) refuse('Cannot move node. Node is inside of an instance')
    const component = this.enclosingComponent()
    if (component !== null && instancesIn(child).some((instance) => mainComponentOf(instance) === component)) {
      refuse('Cannot move node. Reparenting would create a component cycle')
    }
    if (component !== null && holdsComponent(child as EmulatedSceneNode)) {
      refuse('Cannot move node. Reparenting would create a component inside a component')
    }
  }

  /** Moves `child` to `index` here once refuseMove lets it, for `method` (see refuseMove). */
  move(method: string, index: number, child: EmulatedSceneNode, requested?: Cell): void {
    this.refuseMove(method, index, child)
    const cell = this.cellFor(method, child, requested)
    if (child.owner === this) {
      const current = this.contents.indexOf(child)
      this.contents.splice(current, 1)
      if (current < index) index -= 1
    } else {
      child.owner?.detach(child)
    }
    this.contents.splice(Math.min(index, this.contents.length), 0, child)
    child.owner = this
    child.gridCell = cell
    this.childrenChanged()
    this.registry.changed(child, ['parent'])
    this.registry.moved()
  }

  /** The grid cell a child arriving (or moving) here takes: none, but in a GRID frame. Throws to refuse the move. */
  protected cellFor(_method: string, _child: EmulatedSceneNode, _requested?: Cell): Cell | null {
    return null
  }

  /** The component this node is or sits in; null outside components. */
  enclosingComponent(): EmulatedContainer | null {
    if (this.type === 'COMPONENT') return this
    return this.owner?.enclosingComponent() ?? null
  }

  /** True for an instance and its content, except what sits in one of its slots. */
  isInInstance(): boolean {
    if (this.type === 'SLOT') return false
    if (this.type === 'INSTANCE') return true
    return this.owner?.isInInstance() ?? false
  }

  isAncestorOf(node: EmulatedSceneNode): boolean {
    for (let parent = node.owner; parent !== null; parent = parent.owner) if (parent === this) return true
    return false
  }

  /**
   * Puts `replacement` in `child`'s place, in its cell in a grid, and removes `child`, with nothing
   * laid out again: a node converted in place (createComponentFromNode).
   */
  replaceChild(child: EmulatedSceneNode, replacement: EmulatedSceneNode): void {
    this.contents.splice(this.contents.indexOf(child), 0, replacement)
    replacement.owner = this
    replacement.gridCell = child.gridCell
    child.remove()
  }

  /** Takes every child of `source`, in its order and cells, as they were: a node converted in place. */
  adoptChildren(source: EmulatedContainer): void {
    for (const child of source.contents.splice(0)) {
      this.contents.push(child)
      child.owner = this
      this.registry.changed(child, ['parent'])
    }
  }

  /** Takes a child out of this node, as when it moves to another parent. */
  detach(child: EmulatedNode): void {
    const index = this.contents.indexOf(child as EmulatedSceneNode)
    if (index === -1) return
    this.contents.splice(index, 1)
    child.owner = null
    ;(child as EmulatedSceneNode).gridCell = null
    this.childrenChanged()
  }

  protected childrenChanged(): void {
    this.registry.changed(this)
  }

  /**
   * Scales the node's size, and its children's places and content, about its top-left corner: a
   * node with a coordinate space of its own (a frame, a section), where a group has none.
   */
  protected scaleBoxAndContents(scale: number): void {
    this._width *= scale
    this._height *= scale
    for (const child of this.children) {
      setPosition(child, child.x * scale, child.y * scale)
      child.scaleGeometry(scale)
    }
  }

  override scaleLengths(scale: number): void {
    super.scaleLengths(scale)
    for (const child of this.contents) child.scaleLengths(scale)
  }

  protected override markRemoved(): void {
    super.markRemoved()
    for (const child of this.contents) childMarkRemoved(child)
  }

  findAll(callback?: (node: EmulatedSceneNode) => boolean): EmulatedSceneNode[] {
    const result: EmulatedSceneNode[] = []
    for (const child of this.children) {
      if (callback === undefined || callback(child)) result.push(child)
      if (child instanceof EmulatedContainer) result.push(...child.findAll(callback))
    }
    return result
  }

  /**
   * The descendants meeting every criterion given, in findAll's order: one of the types, any of the
   * keys in this plugin's private data (any key when none is named), any of the keys in a shared
   * namespace (https://developers.figma.com/docs/plugins/api/FindAllCriteria/).
   */
  findAllWithCriteria(criteria: FindAllCriteria<NodeType[]>): EmulatedSceneNode[] {
    const { types, pluginData, sharedPluginData } = criteria
    if (types === undefined && pluginData === undefined && sharedPluginData === undefined) {
      throw new Error('in findAllWithCriteria: At least one criteria must be specified')
    }
    const hasAny = (present: string[], wanted: readonly string[] | undefined) =>
      wanted === undefined || wanted.length === 0 ? present.length > 0 : wanted.some((key) => present.includes(key))
    return this.findAll(
      (node) =>
        (types === undefined || (types as readonly string[]).includes(node.type)) &&
        (pluginData === undefined || hasAny(node.getPluginDataKeys(), pluginData.keys)) &&
        (sharedPluginData === undefined || hasAny(node.getSharedPluginDataKeys(sharedPluginData.namespace), sharedPluginData.keys))
    )
  }
}

/** Lets a container mark its subtree removed without widening `markRemoved`. */
function childMarkRemoved(node: EmulatedSceneNode): void {
  ;(node as unknown as { markRemoved(): void }).markRemoved()
}

/** Moves a child without asking its auto-layout parent to lay out again. */
export function setPosition(node: EmulatedSceneNode, x: number, y: number): void {
  if (node instanceof EmulatedGroup) {
    node.moveBy(x - node.x, y - node.y)
    return
  }
  const fields = node as unknown as { _x: number; _y: number }
  fields._x = x
  fields._y = y
}
