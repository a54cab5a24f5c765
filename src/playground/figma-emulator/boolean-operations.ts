/**
 * Boolean operations: figma.union, subtract, intersect and exclude (PluginAPI in the typings: "The
 * arguments to `union` are the same as in PluginAPI.group"). The nodes move into a new
 * BOOLEAN_OPERATION node, laid out as a group: its children share its parent's coordinates and it
 * fits them (DimensionAndPositionMixin.relativeTransform). What is drawn is its own fills and
 * strokes on the combined outline; its children's paints are not seen. It starts with those of the
 * top layer, or the bottom one for subtract ("Boolean operations",
 * https://help.figma.com/hc/en-us/articles/360039957534-Boolean-operations).
 *
 * The emulator keeps the paints only: no combined outline (fillGeometry), and no paint styles or
 * variables on the operation itself.
 */
import { checkedPaints, expectNumber, frozenCopy } from './api-values'
import { EmulatedGroup, EmulatedShape, type EmulatedSceneNode, type NodeRegistry } from './nodes'

type Operation = BooleanOperationNode['booleanOperation']

export class EmulatedBooleanOperation extends EmulatedGroup implements Pick<BooleanOperationNode, 'booleanOperation' | 'fills' | 'strokes' | 'strokeWeight'> {
  private _fills: ReadonlyArray<Paint> = []
  private _strokes: ReadonlyArray<Paint> = []
  private _strokeWeight = 1

  constructor(
    registry: NodeRegistry,
    public booleanOperation: Operation
  ) {
    super(registry, booleanOperation.charAt(0) + booleanOperation.slice(1).toLowerCase(), 'BOOLEAN_OPERATION')
  }

  get fills(): ReadonlyArray<Paint> {
    this.alive('get_fills')
    return frozenCopy(this._fills)
  }
  set fills(value: ReadonlyArray<Paint>) {
    this.alive('set_fills')
    this._fills = checkedPaints('fills', value)
    this.registry.changed(this, ['fills'])
  }
  get strokes(): ReadonlyArray<Paint> {
    this.alive('get_strokes')
    return frozenCopy(this._strokes)
  }
  set strokes(value: ReadonlyArray<Paint>) {
    this.alive('set_strokes')
    this._strokes = checkedPaints('strokes', value)
    this.registry.changed(this, ['strokes'])
  }
  get strokeWeight(): number {
    this.alive('get_strokeWeight')
    return this._strokeWeight
  }
  set strokeWeight(value: number) {
    this.alive('set_strokeWeight')
    this._strokeWeight = expectNumber('set_strokeWeight', 'strokeWeight', value, 0)
    this.registry.changed(this, ['strokeWeight'])
  }

  /** Takes its paints from the layer that gives them, as the editor does. */
  paintLike(members: readonly EmulatedSceneNode[]): void {
    const source = this.booleanOperation === 'SUBTRACT' ? members[0] : members[members.length - 1]
    if (source instanceof EmulatedShape || source instanceof EmulatedBooleanOperation) {
      this._fills = source.fills
      this._strokes = source.strokes
      this._strokeWeight = source.strokeWeight
    }
  }
}
