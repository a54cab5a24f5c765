/**
 * Where an icon's colour is seen: the layers whose paints are drawn, and the one colour they show.
 * Colour reading (the selection, file colours) and recolouring all start here, so they agree on
 * which layers count.
 */

/** Every kind of layer an SVG import or the designer can paint: shapes, lines and boolean operations. */
const PAINTED: ReadonlySet<NodeType> = new Set<NodeType>(['VECTOR', 'BOOLEAN_OPERATION', 'RECTANGLE', 'ELLIPSE', 'LINE', 'POLYGON', 'STAR'])

export type PaintedLayer = SceneNode & MinimalFillsMixin & MinimalStrokesMixin

export function hexOf(color: RGB): string {
  const channel = (value: number) => Math.round(value * 255).toString(16).padStart(2, '0')
  return `#${channel(color.r)}${channel(color.g)}${channel(color.b)}`
}

function isPainted(layer: SceneNode): layer is PaintedLayer {
  return PAINTED.has(layer.type) && !('isMask' in layer && layer.isMask) && 'fills' in layer && 'strokes' in layer
}

/**
 * The layers of an icon whose paints are seen, depth first in drawing order: every painted kind but
 * masks, which only clip, and the children of boolean operations, which give only their outline:
 * the operation's own paints are drawn ("Boolean groups are treated as a single shape layer and
 * share fill and stroke properties", https://help.figma.com/hc/en-us/articles/360039957534-Boolean-operations).
 */
export function paintedLayers(node: SceneNode): PaintedLayer[] {
  return 'children' in node ? paintedAmong(node.children) : []
}

/** The same for some of an icon's layers and what they hold (a drawing's, see drawingLayers). */
function paintedAmong(layers: readonly SceneNode[]): PaintedLayer[] {
  return layers.flatMap((layer) => [...(isPainted(layer) ? [layer] : []), ...(layer.type === 'BOOLEAN_OPERATION' ? [] : paintedLayers(layer))])
}

/** A painted layer's fills and strokes, each with its field; a list of mixed paints (figma.mixed) is left out. */
export function paintListsOf(layer: PaintedLayer): Array<['fills' | 'strokes', readonly Paint[]]> {
  return (['fills', 'strokes'] as const).flatMap((field) => {
    const paints = layer[field]
    return Array.isArray(paints) ? [[field, paints as readonly Paint[]] as ['fills' | 'strokes', readonly Paint[]]] : []
  })
}

/** The one solid colour every painted layer uses (`#rrggbb`), or null for multicolour, gradient or unpainted icons. */
export function drawnColor(node: SceneNode): string | null {
  return colorOf(paintedLayers(node))
}

/** The one solid colour some of an icon's layers show, as drawnColor reads it. */
export function colorAmong(layers: readonly SceneNode[]): string | null {
  return colorOf(paintedAmong(layers))
}

function colorOf(painted: readonly PaintedLayer[]): string | null {
  const colors = new Set<string>()
  for (const layer of painted) {
    for (const [, list] of paintListsOf(layer)) {
      for (const paint of list) {
        if (paint.visible === false) continue
        if (paint.type !== 'SOLID') return null
        colors.add(hexOf(paint.color))
      }
    }
  }
  return colors.size === 1 ? ([...colors][0] ?? null) : null
}

/**
 * Whether the icon is drawn in `color` (`#rrggbb`) alone: whether the colour it was rendered or
 * painted in reached it. A multicolour drawing has no currentColor to take it, so it does not,
 * even where one of its own colours happens to be that one: the toolbar then says "Own colours".
 */
export function wearsColor(node: SceneNode, color: string): boolean {
  return drawnColor(node) === color
}

/** Whether any layer of the icon shows `color` (`#rrggbb`) in a visible solid paint. */
export function showsColor(node: SceneNode, color: string): boolean {
  return paintedLayers(node).some((layer) =>
    paintListsOf(layer).some(([, list]) => list.some((paint) => paint.type === 'SOLID' && paint.visible !== false && hexOf(paint.color) === color))
  )
}
