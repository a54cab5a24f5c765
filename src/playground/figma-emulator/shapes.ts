/**
 * Leaf shapes: EmulatedShape (VECTOR, RECTANGLE, ELLIPSE, LINE, POLYGON, STAR) with its outline as
 * path data, EmulatedVector, whose paths a plugin reads and writes, and createShape.
 */
import svgpath from 'svgpath'
import { expectNumber, expectOneOf, expectType, frozenCopy } from './api-values'
import { checkedBoolean, EmulatedSceneNode, Painted, type NodeRegistry, type ShapeType } from './nodes'
import { toFigmaPathData } from './svg-import'

/**
 * A leaf shape: VECTOR, RECTANGLE, ELLIPSE, LINE, POLYGON or STAR. Each keeps its outline as path
 * data, what Figma exposes on every shape as `fillGeometry` (GeometryMixin), so any of them can be
 * drawn and scaled the same way; only a VECTOR exposes it as `vectorPaths` too (EmulatedVector).
 * None has `appendChild`: in Figma only ChildrenMixin nodes do
 * (https://developers.figma.com/docs/plugins/api/ChildrenMixin/).
 *
 * A shape takes no property it does not have: Figma's nodes are not extensible, so writing one a
 * node type lacks throws "Cannot add property …, object is not extensible" (observed for a group's
 * `constraints`: github.com/react-figma/figma-api-stub/issues/20), and reading one is undefined.
 * Subclasses therefore declare no fields of their own.
 */
export class EmulatedShape extends Painted(EmulatedSceneNode) implements Pick<VectorNode, 'fillGeometry' | 'strokeCap' | 'isMask'> {
  private readonly _type: ShapeType
  get type(): ShapeType {
    return this._type
  }
  protected _vectorPaths: VectorPaths = []
  declare strokeCap: StrokeCap
  protected _strokeCap: StrokeCap = 'NONE'
  /** A mask clips the siblings above it in its parent (https://developers.figma.com/docs/plugins/api/properties/nodes-ismask/). */
  declare isMask: boolean
  protected _isMask = false
  static {
    // The values StrokeCap allows in the typings (GeometryMixin.strokeCap).
    this.reportedFields({
      strokeCap: (member, value) => expectOneOf(member, 'strokeCap', value, STROKE_CAPS),
      isMask: checkedBoolean('isMask')
    })
  }

  constructor(registry: NodeRegistry, type: ShapeType, name = shapeName(type)) {
    super(registry, name)
    this._type = type
    Object.preventExtensions(this)
  }

  /** Sets paths and the box they are drawn in without scaling them (resize would). */
  setGeometry(vectorPaths: VectorPaths, width: number, height: number): void {
    this._vectorPaths = vectorPaths
    this._width = width
    this._height = height
    this.registry.changed(this)
  }

  get fillGeometry(): VectorPaths {
    this.alive('get_fillGeometry')
    return frozenCopy(this._vectorPaths)
  }

  /**
   * A LINE "must always be given a height of exactly 0" (LayoutMixin.resize and
   * resizeWithoutConstraints in the typings; https://developers.figma.com/docs/plugins/api/properties/nodes-resize/).
   * Figma's message for it is not published: the wording is the emulator's, in Figma's pattern.
   */
  protected override checkSize(method: string, width: number, height: number): void {
    if (this.type !== 'LINE') return super.checkSize(method, width, height)
    expectNumber(method, 'width', width, 0.01)
    expectNumber(method, 'height', height)
    if (height !== 0) throw new Error(`in ${method}: Expected "height" to have value 0 for a LINE`)
  }

  scaleGeometry(scale: number): void {
    this.scalePaths(scale, scale)
  }
  protected override resizeGeometry(width: number, height: number): void {
    // A straight line has no extent across it; there is nothing to stretch on that axis.
    this.scalePaths(this._width === 0 ? 1 : width / this._width, this._height === 0 ? 1 : height / this._height)
  }
  private scalePaths(sx: number, sy: number): void {
    this._vectorPaths = this._vectorPaths.map((path) => ({
      windingRule: path.windingRule,
      data: toFigmaPathData(svgpath(path.data).scale(sx, sy))
    }))
    this._width *= sx
    this._height *= sy
  }
}

/** A VECTOR, the one shape whose paths a plugin reads and writes as `vectorPaths` (VectorLikeMixin in the typings). */
export class EmulatedVector extends EmulatedShape implements Pick<VectorNode, 'vectorPaths'> {
  constructor(registry: NodeRegistry, name?: string) {
    super(registry, 'VECTOR', name)
  }

  /** A frozen copy, as every getter's (api-values.ts). */
  get vectorPaths(): VectorPaths {
    this.alive('get_vectorPaths')
    return frozenCopy(this._vectorPaths)
  }
  set vectorPaths(value: VectorPaths) {
    this.alive('set_vectorPaths')
    expectType('set_vectorPaths', 'vectorPaths', value, 'array')
    this._vectorPaths = frozenCopy(value)
    this.registry.changed(this, ['vectorNetwork'])
  }
}

/** A shape of `type`: a VECTOR has vector paths of its own to read and write, the others do not. */
export function createShape(registry: NodeRegistry, type: ShapeType, name?: string): EmulatedShape {
  return type === 'VECTOR' ? new EmulatedVector(registry, name) : new EmulatedShape(registry, type, name)
}

const STROKE_CAPS: readonly StrokeCap[] = ['NONE', 'ROUND', 'SQUARE', 'ARROW_LINES', 'ARROW_EQUILATERAL', 'DIAMOND_FILLED', 'TRIANGLE_FILLED', 'CIRCLE_FILLED']

function shapeName(type: ShapeType): string {
  return type.charAt(0) + type.slice(1).toLowerCase()
}
