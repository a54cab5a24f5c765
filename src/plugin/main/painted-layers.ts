/**
 * Where an icon's colour is seen: the layers whose paints are drawn, and the one colour they show.
 * Colour reading (the selection, file colours) and recolouring all start here, so they agree on
 * which layers count: of an icon frame, component or instance, those of its drawing, not the
 * layers a designer added inside it (a badge), which the plugin never paints, strokes or reads.
 */
import { DATA_NAMESPACE } from './shared-data'

/** Set on each layer of a drawing the plugin made (see markDrawing). */
const DRAWING_KEY = 'drawing'

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

/** The same for some of an icon's layers and what they hold. */
function paintedAmong(layers: readonly SceneNode[]): PaintedLayer[] {
  return layers.flatMap((layer) => [...(isPainted(layer) ? [layer] : []), ...(layer.type === 'BOOLEAN_OPERATION' ? [] : paintedLayers(layer))])
}

/** Whether two lists of paints are the same paints, bindings and all. */
export function samePaints(a: unknown, b: unknown): boolean {
  return JSON.stringify(a) === JSON.stringify(b)
}

/** A painted layer's fills and strokes, each with its field; a list of mixed paints (figma.mixed) is left out. */
export function paintListsOf(layer: PaintedLayer): Array<['fills' | 'strokes', readonly Paint[]]> {
  return (['fills', 'strokes'] as const).flatMap((field) => {
    const paints = layer[field]
    return Array.isArray(paints) ? [[field, paints as readonly Paint[]] as ['fills' | 'strokes', readonly Paint[]]] : []
  })
}

/**
 * The one solid colour the icon's drawing shows (`#rrggbb`), whatever colours layers a designer
 * added show (see drawingPaintedLayers); null for a multicolour, gradient or unpainted drawing,
 * even where one of its own colours is the look's: it has no currentColor to take a colour, and
 * the toolbar then says "Original".
 */
export function drawingColor(node: SceneNode): string | null {
  const colors = new Set<string>()
  for (const layer of drawingPaintedLayers(node)) {
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
 * Marks the layers of a new drawing as the plugin's, so that a redraw (another style, native size
 * or icon) replaces them and leaves any layer the designer added beside them (a badge). Shared
 * plugin data, as the icon's identity is, so a duplicate of the icon carries the marks too.
 */
export function markDrawing(node: FrameNode): void {
  for (const layer of node.children) layer.setSharedPluginData(DATA_NAMESPACE, DRAWING_KEY, '1')
}

/**
 * The layers of the node's drawing: those marked, or all of them in an icon drawn before the marks.
 * An instance's layers carry its component's marks: "getPluginData and getSharedPluginData ...
 * inherit from components when accessed from an instance" (Version 1, Update 19,
 * https://developers.figma.com/docs/plugins/updates/page/12/).
 */
export function drawingLayers(node: FrameNode | ComponentNode | InstanceNode): SceneNode[] {
  const marked = node.children.filter((layer) => layer.getSharedPluginData(DATA_NAMESPACE, DRAWING_KEY) !== '')
  return marked.length > 0 ? marked : [...node.children]
}

/** The painted layers of the icon's drawing: an icon frame's, component's or instance's marked layers and what they hold. */
export function drawingPaintedLayers(node: SceneNode): PaintedLayer[] {
  return node.type === 'FRAME' || node.type === 'COMPONENT' || node.type === 'INSTANCE' ? paintedAmong(drawingLayers(node)) : paintedLayers(node)
}
