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

/** The layers of an icon whose paints are seen: every painted kind but masks, which only clip. */
export function paintedLayers(node: SceneNode): PaintedLayer[] {
  if (!('findAll' in node)) return []
  return node
    .findAll((layer) => PAINTED.has(layer.type) && !('isMask' in layer && layer.isMask))
    .filter((layer): layer is PaintedLayer => 'fills' in layer && 'strokes' in layer)
}

/** The one solid colour every painted layer uses (`#rrggbb`), or null for multicolour, gradient or unpainted icons. */
export function drawnColor(node: SceneNode): string | null {
  const colors = new Set<string>()
  for (const layer of paintedLayers(node)) {
    for (const list of [layer.fills, layer.strokes]) {
      if (!Array.isArray(list)) continue
      for (const paint of list as readonly Paint[]) {
        if (paint.visible === false) continue
        if (paint.type !== 'SOLID') return null
        colors.add(hexOf(paint.color))
      }
    }
  }
  return colors.size === 1 ? ([...colors][0] ?? null) : null
}
