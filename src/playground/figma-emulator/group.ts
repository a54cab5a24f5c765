/**
 * EmulatedGroup: a group, or a boolean operation, which has no coordinate space of its own: its
 * children's x/y are in its parent's space, and its bounds follow its children.
 */
import { expectNumber } from './api-values'
import { EmulatedContainer, setPosition, type EmulatedNode, type NodeRegistry } from './nodes'

/** A group, or a boolean operation, which lays out its children as a group does (boolean-operations.ts). */
export class EmulatedGroup extends EmulatedContainer {
  private readonly _type: 'GROUP' | 'BOOLEAN_OPERATION'
  get type(): 'GROUP' | 'BOOLEAN_OPERATION' {
    return this._type
  }

  constructor(registry: NodeRegistry, name = 'Group', type: EmulatedGroup['type'] = 'GROUP') {
    super(registry, name)
    this._type = type
  }

  /** A group has no coordinate space of its own. */
  override childOrigin(): { x: number; y: number } {
    return this.owner === null ? { x: 0, y: 0 } : this.owner.childOrigin()
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
    this.alive('get_x')
    return this.bounds().x
  }
  override set x(value: number) {
    this.alive('set_x')
    this.refuseGeometryOverride('set_x')
    expectNumber('set_x', 'x', value)
    this.moveBy(value - this.x, 0)
    this.placed(['x'])
  }
  override get y(): number {
    this.alive('get_y')
    return this.bounds().y
  }
  override set y(value: number) {
    this.alive('set_y')
    this.refuseGeometryOverride('set_y')
    expectNumber('set_y', 'y', value)
    this.moveBy(0, value - this.y)
    this.placed(['y'])
  }
  override get width(): number {
    this.alive('get_width')
    return this.bounds().width
  }
  override get height(): number {
    this.alive('get_height')
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
