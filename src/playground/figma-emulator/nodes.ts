/**
 * The emulated node tree. Each class implements the fields of the real node type the plugin uses
 * (checked against @figma/plugin-typings through `implements Pick<…>`), with Figma's geometry rules:
 * x/y are relative to the parent's coordinate space, and a group has none of its own, so its
 * children's x/y are in the group's parent's space and its bounds follow its children.
 * Auto-layout frames place their children (auto-layout.ts computes where); rescale scales sizes, positions, paths and stroke weights.
 */
import svgpath from 'svgpath'
import { stackChildren } from './auto-layout'
import { toFigmaPathData } from './svg-import'

/** The types of nodes that sit on a page. */
export type SceneNodeType = 'FRAME' | 'GROUP' | 'COMPONENT' | 'INSTANCE' | 'SLOT' | 'VECTOR'
export type EmulatedNodeType = 'DOCUMENT' | 'PAGE' | SceneNodeType

/** What nodes need from the document that owns them. */
export interface NodeRegistry {
  nextId(): string
  register(node: EmulatedNode): void
  unregister(node: EmulatedNode): void
  changed(): void
  selectionChanged(): void
}

type PluginDataFields = 'setPluginData' | 'getPluginData' | 'getPluginDataKeys' | 'setRelaunchData' | 'getRelaunchData'
type GeometryFields = 'x' | 'y' | 'width' | 'height' | 'resize' | 'rescale' | 'absoluteTransform' | 'absoluteBoundingBox'

export abstract class EmulatedNode implements Pick<FrameNode, 'id' | 'name' | 'removed' | 'visible' | 'locked' | PluginDataFields> {
  readonly id: string
  abstract readonly type: EmulatedNodeType
  parent: EmulatedContainer | null = null
  visible = true
  locked = false
  protected registry: NodeRegistry
  private _name: string
  private _removed = false
  private readonly pluginData = new Map<string, string>()
  private relaunchData: Record<string, string> = {}

  constructor(registry: NodeRegistry, name: string, id = registry.nextId()) {
    this.registry = registry
    this.id = id
    this._name = name
    registry.register(this)
  }

  get name(): string {
    return this._name
  }
  set name(value: string) {
    this._name = String(value)
    this.registry.changed()
  }

  get removed(): boolean {
    return this._removed
  }

  /** Throws like Figma when a removed node is used. */
  protected alive(): void {
    if (this._removed) throw new Error(`The node with id ${JSON.stringify(this.id)} does not exist`)
  }

  remove(): void {
    this.alive()
    this.parent?.detach(this)
    this.markRemoved()
    this.registry.changed()
  }

  protected markRemoved(): void {
    this._removed = true
    this.registry.unregister(this)
  }

  setPluginData(key: string, value: string): void {
    this.alive()
    if (value === '') this.pluginData.delete(key)
    else this.pluginData.set(key, String(value))
    this.registry.changed()
  }
  getPluginData(key: string): string {
    return this.pluginData.get(key) ?? ''
  }
  getPluginDataKeys(): string[] {
    return [...this.pluginData.keys()]
  }
  setRelaunchData(data: { [command: string]: string }): void {
    this.alive()
    this.relaunchData = { ...data }
    this.registry.changed()
  }
  getRelaunchData(): { [command: string]: string } {
    return { ...this.relaunchData }
  }
}

/** A node with a position and size on the canvas. */
export abstract class EmulatedSceneNode extends EmulatedNode implements Pick<FrameNode, GeometryFields | 'resizeWithoutConstraints'> {
  protected _x = 0
  protected _y = 0
  protected _width = 100
  protected _height = 100
  layoutPositioning: 'AUTO' | 'ABSOLUTE' = 'AUTO'

  get x(): number {
    return this._x
  }
  set x(value: number) {
    this.alive()
    this._x = value
    this.placed()
  }
  get y(): number {
    return this._y
  }
  set y(value: number) {
    this.alive()
    this._y = value
    this.placed()
  }
  get width(): number {
    return this._width
  }
  get height(): number {
    return this._height
  }

  /** Auto-layout owns its children's positions, as in Figma. */
  protected placed(): void {
    if (this.parent instanceof EmulatedFrame && this.parent.layoutMode !== 'NONE') this.parent.layout()
    this.registry.changed()
  }

  resize(width: number, height: number): void {
    this.alive()
    if (!(width >= 0.01 && height >= 0.01)) throw new Error('in resize: Expected width and height to be >= 0.01')
    this.resizeGeometry(width, height)
    this.placed()
  }
  resizeWithoutConstraints(width: number, height: number): void {
    this.resize(width, height)
  }
  protected resizeGeometry(width: number, height: number): void {
    this._width = width
    this._height = height
  }

  rescale(scale: number): void {
    this.alive()
    if (!(scale >= 0.01)) throw new Error('in rescale: Expected scale to be >= 0.01')
    this.scaleGeometry(scale)
    this.placed()
  }
  /** Scales size and content about the node's own top-left corner, which stays put. */
  abstract scaleGeometry(scale: number): void

  /** The absolute position of this node's top-left corner. */
  get absolutePosition(): { x: number; y: number } {
    const origin = this.parent === null ? { x: 0, y: 0 } : this.parent.childOrigin()
    return { x: origin.x + this.x, y: origin.y + this.y }
  }
  get absoluteTransform(): Transform {
    const { x, y } = this.absolutePosition
    return [
      [1, 0, x],
      [0, 1, y]
    ]
  }
  get absoluteBoundingBox(): Rect {
    return { ...this.absolutePosition, width: this.width, height: this.height }
  }
}

export class EmulatedVector
  extends EmulatedSceneNode
  implements Pick<VectorNode, 'vectorPaths' | 'fills' | 'strokes' | 'strokeWeight' | 'strokeCap' | 'strokeJoin'>
{
  readonly type = 'VECTOR'
  vectorPaths: VectorPaths = []
  fills: ReadonlyArray<Paint> = []
  strokes: ReadonlyArray<Paint> = []
  strokeWeight = 1
  strokeCap: StrokeCap = 'NONE'
  strokeJoin: StrokeJoin = 'MITER'

  constructor(registry: NodeRegistry, name = 'Vector') {
    super(registry, name)
  }

  /** Sets paths and the box they are drawn in without scaling them (resize would). */
  setGeometry(vectorPaths: VectorPaths, width: number, height: number): void {
    this.vectorPaths = vectorPaths
    this._width = width
    this._height = height
    this.registry.changed()
  }

  scaleGeometry(scale: number): void {
    this.scalePaths(scale, scale)
    this.strokeWeight *= scale
  }
  protected override resizeGeometry(width: number, height: number): void {
    // A straight line has no extent across it; there is nothing to stretch on that axis.
    this.scalePaths(this._width === 0 ? 1 : width / this._width, this._height === 0 ? 1 : height / this._height)
  }
  private scalePaths(sx: number, sy: number): void {
    this.vectorPaths = this.vectorPaths.map((path) => ({
      windingRule: path.windingRule,
      data: toFigmaPathData(svgpath(path.data).scale(sx, sy))
    }))
    this._width *= sx
    this._height *= sy
  }
}

/** A node that holds children. */
export abstract class EmulatedContainer extends EmulatedSceneNode {
  readonly children: EmulatedSceneNode[] = []

  /** Where children's x/y are measured from, in absolute coordinates. */
  childOrigin(): { x: number; y: number } {
    return this.absolutePosition
  }

  appendChild(child: EmulatedSceneNode): void {
    this.insertChild(this.children.length, child)
  }

  insertChild(index: number, child: EmulatedSceneNode): void {
    this.alive()
    if (child.removed) throw new Error('in insertChild: Cannot add a removed node')
    // Figma lets content into an instance only through its slots (a host may give an instance its slots).
    if (this.isInInstance() && !(this.type === 'INSTANCE' && child.type === 'SLOT')) {
      throw new Error('in insertChild: Cannot move node. New parent is an instance or is inside of an instance')
    }
    if (child === (this as EmulatedSceneNode) || (child instanceof EmulatedContainer && child.isAncestorOf(this))) {
      throw new Error('in insertChild: Cannot move a node into itself or its descendant')
    }
    if (child.parent === this) {
      const current = this.children.indexOf(child)
      this.children.splice(current, 1)
      if (current < index) index -= 1
    } else {
      child.parent?.detach(child)
    }
    const at = Math.max(0, Math.min(index, this.children.length))
    this.children.splice(at, 0, child)
    child.parent = this
    this.childrenChanged()
  }

  /** True for an instance and its content, except what sits in one of its slots. */
  isInInstance(): boolean {
    if (this.type === 'SLOT') return false
    if (this.type === 'INSTANCE') return true
    return this.parent?.isInInstance() ?? false
  }

  isAncestorOf(node: EmulatedSceneNode): boolean {
    for (let parent = node.parent; parent !== null; parent = parent.parent) if (parent === this) return true
    return false
  }

  /** Takes a child out of this node, as when it moves to another parent. */
  detach(child: EmulatedNode): void {
    const index = this.children.indexOf(child as EmulatedSceneNode)
    if (index === -1) return
    this.children.splice(index, 1)
    child.parent = null
    this.childrenChanged()
  }

  protected childrenChanged(): void {
    this.registry.changed()
  }

  protected override markRemoved(): void {
    super.markRemoved()
    for (const child of this.children) childMarkRemoved(child)
  }

  findAll(callback?: (node: EmulatedSceneNode) => boolean): EmulatedSceneNode[] {
    const result: EmulatedSceneNode[] = []
    for (const child of this.children) {
      if (callback === undefined || callback(child)) result.push(child)
      if (child instanceof EmulatedContainer) result.push(...child.findAll(callback))
    }
    return result
  }
}

/** Lets a container mark its subtree removed without widening `markRemoved`. */
function childMarkRemoved(node: EmulatedSceneNode): void {
  ;(node as unknown as { markRemoved(): void }).markRemoved()
}

type AutoLayoutFields =
  | 'layoutMode'
  | 'itemSpacing'
  | 'paddingLeft'
  | 'paddingRight'
  | 'paddingTop'
  | 'paddingBottom'
  | 'primaryAxisSizingMode'
  | 'counterAxisSizingMode'
  | 'counterAxisAlignItems'

/** FRAME, and the frame-like COMPONENT, INSTANCE and SLOT. */
export class EmulatedFrame
  extends EmulatedContainer
  implements Pick<FrameNode, AutoLayoutFields | 'fills' | 'strokes' | 'clipsContent'>
{
  readonly type: 'FRAME' | 'COMPONENT' | 'INSTANCE' | 'SLOT'
  fills: ReadonlyArray<Paint> = [{ type: 'SOLID', color: { r: 1, g: 1, b: 1 }, opacity: 1, visible: true, blendMode: 'NORMAL' }]
  strokes: ReadonlyArray<Paint> = []
  clipsContent = true
  private _layoutMode: 'NONE' | 'HORIZONTAL' | 'VERTICAL' | 'GRID' = 'NONE'
  itemSpacing = 0
  paddingLeft = 0
  paddingRight = 0
  paddingTop = 0
  paddingBottom = 0
  primaryAxisSizingMode: 'FIXED' | 'AUTO' = 'FIXED'
  counterAxisSizingMode: 'FIXED' | 'AUTO' = 'FIXED'
  counterAxisAlignItems: 'MIN' | 'MAX' | 'CENTER' | 'BASELINE' = 'MIN'

  constructor(registry: NodeRegistry, type: EmulatedFrame['type'] = 'FRAME', name = 'Frame') {
    super(registry, name)
    this.type = type
  }

  get layoutMode(): 'NONE' | 'HORIZONTAL' | 'VERTICAL' | 'GRID' {
    return this._layoutMode
  }
  set layoutMode(value: 'NONE' | 'HORIZONTAL' | 'VERTICAL' | 'GRID') {
    this._layoutMode = value
    this.layout()
  }

  protected override childrenChanged(): void {
    this.layout()
    super.childrenChanged()
  }

  /** Auto-layout owns the positions of its visible, non-absolute children, and its size on hugging axes. */
  layout(): void {
    const layoutMode = this._layoutMode
    if (layoutMode !== 'HORIZONTAL' && layoutMode !== 'VERTICAL') return
    const flow = this.children.filter((child) => child.visible && child.layoutPositioning === 'AUTO')
    const laidOut = stackChildren({ ...this, layoutMode, width: this._width, height: this._height }, flow)
    flow.forEach((child, index) => {
      const position = laidOut.positions[index]
      if (position !== undefined) setPosition(child, position.x, position.y)
    })
    this._width = laidOut.width
    this._height = laidOut.height
  }

  protected override resizeGeometry(width: number, height: number): void {
    super.resizeGeometry(width, height)
    this.layout()
  }

  scaleGeometry(scale: number): void {
    this._width *= scale
    this._height *= scale
    for (const child of this.children) {
      setPosition(child, child.x * scale, child.y * scale)
      child.scaleGeometry(scale)
    }
    this.layout()
  }
}

/** Moves a child without asking its auto-layout parent to lay out again. */
function setPosition(node: EmulatedSceneNode, x: number, y: number): void {
  if (node instanceof EmulatedGroup) {
    node.moveBy(x - node.x, y - node.y)
    return
  }
  const fields = node as unknown as { _x: number; _y: number }
  fields._x = x
  fields._y = y
}

export class EmulatedGroup extends EmulatedContainer {
  readonly type = 'GROUP'

  constructor(registry: NodeRegistry, name = 'Group') {
    super(registry, name)
  }

  /** A group has no coordinate space of its own. */
  override childOrigin(): { x: number; y: number } {
    return this.parent === null ? { x: 0, y: 0 } : this.parent.childOrigin()
  }

  private bounds(): { x: number; y: number; width: number; height: number } {
    if (this.children.length === 0) return { x: this._x, y: this._y, width: 0, height: 0 }
    const left = Math.min(...this.children.map((child) => child.x))
    const top = Math.min(...this.children.map((child) => child.y))
    const right = Math.max(...this.children.map((child) => child.x + child.width))
    const bottom = Math.max(...this.children.map((child) => child.y + child.height))
    return { x: left, y: top, width: right - left, height: bottom - top }
  }

  override get x(): number {
    return this.bounds().x
  }
  override set x(value: number) {
    this.alive()
    this.moveBy(value - this.x, 0)
    this.placed()
  }
  override get y(): number {
    return this.bounds().y
  }
  override set y(value: number) {
    this.alive()
    this.moveBy(0, value - this.y)
    this.placed()
  }
  override get width(): number {
    return this.bounds().width
  }
  override get height(): number {
    return this.bounds().height
  }

  moveBy(dx: number, dy: number): void {
    for (const child of this.children) setPosition(child, child.x + dx, child.y + dy)
  }

  protected override resizeGeometry(width: number, height: number): void {
    const { x, y, width: oldWidth, height: oldHeight } = this.bounds()
    if (Math.abs(width / oldWidth - height / oldHeight) > 1e-9) throw new Error('The emulator resizes groups proportionally only')
    this.scaleAbout(width / oldWidth, x, y)
  }

  scaleGeometry(scale: number): void {
    const { x, y } = this.bounds()
    this.scaleAbout(scale, x, y)
  }

  private scaleAbout(scale: number, x: number, y: number): void {
    for (const child of this.children) {
      setPosition(child, x + (child.x - x) * scale, y + (child.y - y) * scale)
      child.scaleGeometry(scale)
    }
  }

  /** Figma deletes a group whose last child leaves it. */
  override detach(child: EmulatedNode): void {
    super.detach(child)
    if (this.children.length === 0 && !this.removed) this.remove()
  }
}

export class EmulatedPage extends EmulatedContainer implements Pick<PageNode, 'name'> {
  readonly type = 'PAGE'
  private _selection: EmulatedSceneNode[] = []

  constructor(registry: NodeRegistry, name = 'Page 1', id?: string) {
    super(registry, name, id)
  }

  /** Only live nodes on this page can be selected; setting it fires `selectionchange` as in Figma. */
  get selection(): EmulatedSceneNode[] {
    return [...this._selection]
  }
  set selection(nodes: ReadonlyArray<EmulatedSceneNode>) {
    const next = [...new Set(nodes)].filter((node) => !node.removed && this.isAncestorOf(node))
    const same = next.length === this._selection.length && next.every((node, index) => node === this._selection[index])
    this._selection = next
    if (!same) this.registry.selectionChanged()
  }

  /** Drops removed nodes from the selection; true when it changed. */
  pruneSelection(): boolean {
    const live = this._selection.filter((node) => !node.removed)
    if (live.length === this._selection.length) return false
    this._selection = live
    this.registry.selectionChanged()
    return true
  }

  override childOrigin(): { x: number; y: number } {
    return { x: 0, y: 0 }
  }

  scaleGeometry(): void {
    throw new Error('A page cannot be scaled')
  }
}

export class EmulatedDocument extends EmulatedNode {
  readonly type = 'DOCUMENT'
  readonly children: EmulatedPage[] = []

  constructor(registry: NodeRegistry, name = 'Untitled') {
    super(registry, name, '0:0')
  }
}
