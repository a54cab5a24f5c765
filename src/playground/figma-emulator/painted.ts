/**
 * Painted, the class mixin for a node's fills and strokes (GeometryMixin), which shapes, boolean
 * operations, frames, sections and text all have, and the fields behind them.
 */
import { checkedPaints, expectNumber, expectOneOf, frozenCopy } from './api-values'
import type { EmulatedSceneNode } from './nodes'

/** A scene node class, as a class mixin takes it: TypeScript requires the `any[]` of a mixin's constructor. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type SceneNodeClass = abstract new (...args: any[]) => EmulatedSceneNode

type PaintFields = 'fills' | 'strokes' | 'strokeWeight' | 'strokeJoin' | 'strokeAlign' | 'fillStyleId' | 'strokeStyleId' | 'setFillStyleIdAsync' | 'setStrokeStyleIdAsync'

/** The fields behind a Painted node's paints and strokes, as paintLike copies them and an instance follows them (components.ts). */
export const PAINT_FIELDS: readonly string[] = ['_fills', '_fillStyleId', '_strokes', '_strokeStyleId', '_strokeWeight', '_strokeJoin', '_strokeAlign']

const STROKE_JOINS: readonly StrokeJoin[] = ['MITER', 'BEVEL', 'ROUND']
const STROKE_ALIGNS: ReadonlyArray<VectorNode['strokeAlign']> = ['CENTER', 'INSIDE', 'OUTSIDE']

/**
 * Fills, strokes, the paint styles they are bound to, and the stroke's weight, join and alignment:
 * GeometryMixin in the typings (MinimalFillsMixin and MinimalStrokesMixin), which shapes, boolean
 * operations and frames all have. A stroke is centred on the geometry unless aligned otherwise
 * (https://developers.figma.com/docs/plugins/api/properties/nodes-strokealign/); a frame's is
 * inside (EmulatedFrame). What they show is the bound style's paints, with bound variables resolved for the
 * node's page (paint-styles.ts). The fields are flat, on the node itself, because undo (undo.ts)
 * checkpoints a node's own fields, node-fields.ts names the property each holds, and an instance's
 * layers copy them and keep overrides of them by name (components.ts).
 */
export function Painted<Base extends SceneNodeClass>(Base: Base) {
  abstract class PaintedNode extends Base implements Pick<VectorNode, PaintFields> {
    protected _fills: ReadonlyArray<Paint> = []
    protected _strokes: ReadonlyArray<Paint> = []
    protected _strokeWeight = 1
    protected _strokeJoin: StrokeJoin = 'MITER'
    protected _strokeAlign: VectorNode['strokeAlign'] = 'CENTER'
    protected _fillStyleId = ''
    protected _strokeStyleId = ''

    get fills(): ReadonlyArray<Paint> {
      this.alive('get_fills')
      return frozenCopy(this.registry.paints.read(this, this._fills, this._fillStyleId))
    }
    set fills(value: ReadonlyArray<Paint>) {
      this.alive('set_fills')
      this._fills = checkedPaints('fills', value)
      // Paints set directly replace the style's (node-properties/#fillstyleid).
      this._fillStyleId = ''
      this.registry.changed(this, ['fills'])
    }
    get strokes(): ReadonlyArray<Paint> {
      this.alive('get_strokes')
      return frozenCopy(this.registry.paints.read(this, this._strokes, this._strokeStyleId))
    }
    set strokes(value: ReadonlyArray<Paint>) {
      this.alive('set_strokes')
      this._strokes = checkedPaints('strokes', value)
      this._strokeStyleId = ''
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

    get strokeJoin(): StrokeJoin {
      this.alive('get_strokeJoin')
      return this._strokeJoin
    }
    set strokeJoin(value: StrokeJoin) {
      this.alive('set_strokeJoin')
      this._strokeJoin = expectOneOf('set_strokeJoin', 'strokeJoin', value, STROKE_JOINS)
      this.registry.changed(this, ['strokeJoin'])
    }
    get strokeAlign(): VectorNode['strokeAlign'] {
      this.alive('get_strokeAlign')
      return this._strokeAlign
    }
    set strokeAlign(value: VectorNode['strokeAlign']) {
      this.alive('set_strokeAlign')
      this._strokeAlign = expectOneOf('set_strokeAlign', 'strokeAlign', value, STROKE_ALIGNS)
      this.registry.changed(this, ['strokeAlign'])
    }

    get fillStyleId(): string {
      this.alive('get_fillStyleId')
      return this._fillStyleId
    }
    set fillStyleId(styleId: string) {
      this.registry.paints.refuseSyncStyleSetter('fillStyleId', 'setFillStyleIdAsync')
      this.bindStyle('fills', styleId, 'set_fillStyleId')
    }
    get strokeStyleId(): string {
      this.alive('get_strokeStyleId')
      return this._strokeStyleId
    }
    set strokeStyleId(styleId: string) {
      this.registry.paints.refuseSyncStyleSetter('strokeStyleId', 'setStrokeStyleIdAsync')
      this.bindStyle('strokes', styleId, 'set_strokeStyleId')
    }
    async setFillStyleIdAsync(styleId: string): Promise<void> {
      this.bindStyle('fills', styleId, 'setFillStyleIdAsync')
    }
    async setStrokeStyleIdAsync(styleId: string): Promise<void> {
      this.bindStyle('strokes', styleId, 'setStrokeStyleIdAsync')
    }
    override scaleLengths(scale: number): void {
      super.scaleLengths(scale)
      this._strokeWeight *= scale
    }

    /** Takes another node's paints as they are set, bound styles and variables included, not as they are drawn. */
    paintLike(source: PaintedNode): void {
      this._fills = source._fills
      this._fillStyleId = source._fillStyleId
      this._strokes = source._strokes
      this._strokeStyleId = source._strokeStyleId
      this._strokeWeight = source._strokeWeight
      this._strokeJoin = source._strokeJoin
      this._strokeAlign = source._strokeAlign
    }

    /** Binds to a style, keeping its paints as the node's own should it be detached; '' detaches. */
    private bindStyle(field: 'fills' | 'strokes', styleId: string, method: string): void {
      this.alive(method)
      const paints = this.registry.paints.paintsOfStyle(method, styleId)
      if (field === 'fills') {
        if (paints !== null) this._fills = paints
        this._fillStyleId = styleId
      } else {
        if (paints !== null) this._strokes = paints
        this._strokeStyleId = styleId
      }
      this.registry.changed(this, [field === 'fills' ? 'fillStyleId' : 'strokeStyleId'])
    }
  }
  return PaintedNode
}

/** Any node with fills and strokes of its own. */
export type PaintedNode = InstanceType<ReturnType<typeof Painted>>
