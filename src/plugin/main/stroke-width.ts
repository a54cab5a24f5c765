/**
 * A designer's stroke width, in px at the icon's size. Figma's rescale (and so every size swap)
 * scales stroke weights with the icon, so the width is set again after every resize; it is
 * kept in the icon's plugin data for that. Only painted layers that have strokes get one.
 * https://developers.figma.com/docs/plugins/api/properties/nodes-strokeweight/
 *
 * A drawing whose set outlined its lines into filled shapes (Phosphor, Material Symbols) has no
 * stroke to set: its lines are widened instead, each filled layer stroked in its own fill, centred
 * on its edges ("the center of the stroke falls exactly on the geometry",
 * https://developers.figma.com/docs/plugins/api/properties/nodes-strokealign/), by what the width
 * adds to the lines' own. For Phosphor's round ends and joins that is the very drawing a wider
 * stroke would make; a narrower width than the lines' own leaves them as drawn.
 */
import type { OutlinedLines, PlacedIcon, RecordedIcon } from '../../api/plugin-protocol'
import { wideningOf } from '../shared/stroke-widths'
import { drawingPaintedLayers, samePaints, type PaintedLayer } from './painted-layers'

/** The drawing's layers whose strokes are seen: the painted ones (as colour reading counts them) that have strokes. */
function strokedLayers(node: SceneNode): PaintedLayer[] {
  return drawingPaintedLayers(node).filter((layer) => Array.isArray(layer.strokes) && layer.strokes.length > 0)
}

const JOINS: Record<OutlinedLines['join'], StrokeJoin> = { round: 'ROUND', miter: 'MITER' }

/**
 * The paints a filled layer's widening strokes in: its visible fills but patterns, which Figma sets
 * as strokes only through setStrokesAsync (https://developers.figma.com/docs/plugins/api/properties/nodes-strokes/).
 */
function wideningPaints(layer: PaintedLayer): Paint[] {
  return Array.isArray(layer.fills) ? (layer.fills as readonly Paint[]).filter((paint) => paint.visible !== false && paint.type !== 'PATTERN') : []
}

/**
 * Widens the outlined lines of `layers` by `extra` px (stroked in their fills, centred), or takes a
 * widening away when `extra` is 0. A layer's strokes count as its widening only when they are its
 * fills' paints (bound as they are), or, for an instance's layers, its component's layers' strokes
 * (`component`, in the same order), which it takes unless it has its own: in the component's
 * colour, not the instance's. Any other strokes, and a layer with nothing to stroke in, are left as they are.
 */
export function widenOutlines(layers: readonly PaintedLayer[], extra: number, join: OutlinedLines['join'], component: readonly PaintedLayer[] = []): void {
  layers.forEach((layer, index) => {
    const paints = wideningPaints(layer)
    const strokes = Array.isArray(layer.strokes) ? (layer.strokes as readonly Paint[]) : null
    if (paints.length === 0 || strokes === null) return
    const inFills = strokes.length > 0 && samePaints(strokes, paints)
    const inherited = strokes.length > 0 && component[index] !== undefined && samePaints(strokes, component[index].strokes)
    if (extra === 0) {
      if (inFills || inherited) layer.strokes = []
      return
    }
    if (!inFills && !inherited && strokes.length > 0) return
    if (!inFills) layer.strokes = paints
    layer.strokeWeight = extra
    layer.strokeJoin = JOINS[join]
    layer.strokeAlign = 'CENTER'
  })
}

/**
 * Gives the node's drawing the icon's stroke width. A width is kept in the record even where no
 * layer took it: a stroke-drawn style holds the odd filled drawing (MingCute's abs-line), and the
 * designer's width goes on to the next stroked one.
 */
export function applyStrokeWidth(node: FrameNode | ComponentNode, icon: PlacedIcon): void {
  const { strokeWidth, outline } = icon
  if (strokeWidth === undefined) return
  if (outline !== undefined) return widenOutlines(drawingPaintedLayers(node), wideningOf(strokeWidth, outline.width), outline.join)
  for (const layer of strokedLayers(node)) layer.strokeWeight = strokeWidth
}

/**
 * The look's outlined lines, else those the node's drawing was recorded with when it is the same
 * drawing, scaled to the look's size: where the UI could not say them (the list of sets had not
 * come), a width is then still a widening, never a stroke weight laid on the widening.
 */
export function withRecordedOutline(icon: PlacedIcon, recorded: RecordedIcon): PlacedIcon {
  const { outline } = recorded
  if (icon.outline !== undefined || outline === undefined || recorded.iconset !== icon.iconset || recorded.icon !== icon.icon || recorded.style !== icon.style) return icon
  return { ...icon, outline: { ...outline, width: (outline.width * icon.size) / recorded.size } }
}

/**
 * Binds widening strokes to the colour style their fills are bound to, as bindIconColor binds a
 * look's; for a widening made where no look's binding follows (an instance of a redrawn component).
 */
export async function bindWideningToFillStyles(layers: readonly PaintedLayer[]): Promise<void> {
  for (const layer of layers) {
    const style = layer.fillStyleId
    const widening = Array.isArray(layer.strokes) && layer.strokes.length > 0 && samePaints(layer.strokes, wideningPaints(layer))
    if (typeof style === 'string' && style !== '' && layer.strokeStyleId !== style && widening) await layer.setStrokeStyleIdAsync(style)
  }
}

/** The one stroke weight an icon's stroked layers show, or undefined when it has none or several. */
export function shownStrokeWidth(node: SceneNode): number | undefined {
  const weights = new Set(strokedLayers(node).map((layer) => layer.strokeWeight))
  const [weight] = weights
  return weights.size === 1 && typeof weight === 'number' ? weight : undefined
}
