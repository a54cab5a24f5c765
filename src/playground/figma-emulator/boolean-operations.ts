/**
 * Boolean operations: figma.union, subtract, intersect and exclude (PluginAPI in the typings: "The
 * arguments to `union` are the same as in PluginAPI.group"). The nodes move into a new
 * BOOLEAN_OPERATION node, laid out as a group: its children share its parent's coordinates and it
 * fits them (DimensionAndPositionMixin.relativeTransform). What is drawn is its own fills and
 * strokes on the combined outline; its children's paints are not seen. "The layer at the top of the
 * layer hierarchy will be used to determine the object's fill, stroke, and effect properties", the
 * one at the bottom for subtract ("Boolean operations",
 * https://help.figma.com/hc/en-us/articles/360039957534-Boolean-operations). A paint style is how a
 * layer's fill or stroke is set, so the emulator takes that layer's style bindings with its paints.
 *
 * The emulator keeps the paints and their styles, but draws no combined outline (fillGeometry).
 */
import { expectOneOf } from './api-values'
import { EmulatedGroup, EmulatedShape, Painted, type EmulatedSceneNode, type NodeRegistry } from './nodes'

type Operation = BooleanOperationNode['booleanOperation']
const OPERATIONS: readonly Operation[] = ['UNION', 'INTERSECT', 'SUBTRACT', 'EXCLUDE']

/** Its paints, and the styles they are bound to, are a shape's: BooleanOperationNode has GeometryMixin (DefaultShapeMixin in the typings). */
export class EmulatedBooleanOperation extends Painted(EmulatedGroup) implements Pick<BooleanOperationNode, 'booleanOperation'> {
  declare booleanOperation: Operation
  protected _booleanOperation: Operation
  static {
    this.reportedFields({ booleanOperation: (member, value) => expectOneOf(member, 'booleanOperation', value, OPERATIONS) })
  }

  constructor(registry: NodeRegistry, operation: Operation) {
    super(registry, operation.charAt(0) + operation.slice(1).toLowerCase(), 'BOOLEAN_OPERATION')
    this._booleanOperation = operation
  }

  /** Takes its paints from the layer that gives them, as the editor does. */
  paintLikeMembers(members: readonly EmulatedSceneNode[]): void {
    const source = this.booleanOperation === 'SUBTRACT' ? members[0] : members[members.length - 1]
    if (source instanceof EmulatedShape || source instanceof EmulatedBooleanOperation) this.paintLike(source)
    this.registry.changed(this)
  }
}
