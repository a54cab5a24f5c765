/**
 * An icon component is one drawing per icon, style and size, reused on the next insert;
 * each instance wears its own colour and stroke width as overrides of its component's layers, which
 * Figma keeps on instance sublayers (InstanceNode: an instance's sublayers can be overridden, and
 * swapComponent "preserves overrides", https://developers.figma.com/docs/plugins/api/properties/InstanceNode-swapcomponent/).
 * A file colour is bound on top by bindIconColor, as for a loose icon.
 */
import type { PlacedIcon } from '../../api/plugin-protocol'
import { drawingColor, drawingPaintedLayers, paintListsOf, samePaints } from './painted-layers'
import { readIconData } from './icon-plugin-data'
import { inColor, notInColor, recolored } from './recolor'
import { wideningOf } from '../shared/stroke-widths'
import { widenOutlines } from './stroke-width'

/**
 * Which of a component's paints an instance wears in its own colour: those in the colour the
 * component was drawn in (none for a multicolour one that kept its own); for a multicolour drawing, every one when the designer chose a colour for
 * it (`paintMulticolor`), else none, so it stays multicolour.
 */
function paintsToRecolor(component: ComponentNode, drawnIn: string | null, color: string, paintMulticolor: boolean): (paint: SolidPaint) => boolean {
  if (drawnIn !== null && drawingColor(component) === drawnIn) return inColor(drawnIn)
  return paintMulticolor ? notInColor(color) : () => false
}

/**
 * Sets each painted layer of `instance`'s drawing to its component layer's paints in the look's
 * colour, and its strokes to the look's width (else the component's), leaving layers that already
 * match alone; outlined lines (Look.outline) are widened to it instead (stroke-width.ts). Starting
 * from the component's layers, not the instance's, drops a colour an earlier look left. Both lists
 * hold the drawing's layers alone (drawingPaintedLayers), so a layer a designer added to the
 * component is neither dressed nor out of step.
 */
export function dressInstance(instance: InstanceNode, component: ComponentNode, look: PlacedIcon, paintMulticolor: boolean): void {
  const drawnIn = readIconData(component)?.color
  if (drawnIn === undefined) return
  const matches = paintsToRecolor(component, drawnIn, look.color, paintMulticolor)
  const originals = drawingPaintedLayers(component)
  const layers = drawingPaintedLayers(instance)
  const { outline, strokeWidth } = look
  const widening = outline !== undefined && strokeWidth !== undefined ? { extra: wideningOf(strokeWidth, outline.width), join: outline.join } : null
  layers.forEach((layer, index) => {
    const original = originals[index]
    if (original === undefined) return
    // Strokes are dressed from the component's, an earlier widening of the instance's own going with
    // them; the look's widening is made again from the fills just dressed (widenOutlines, below).
    for (const [field, paints] of paintListsOf(original)) {
      const dressed = recolored(paints, matches, look.color)
      if (!samePaints(dressed, layer[field])) layer[field] = dressed
    }
    if (widening !== null) return
    const weight = look.strokeWidth ?? ('strokeWeight' in original ? original.strokeWeight : undefined)
    if ('strokeWeight' in layer && typeof weight === 'number' && Array.isArray(layer.strokes) && layer.strokes.length > 0 && layer.strokeWeight !== weight) {
      layer.strokeWeight = weight
    }
  })
  if (widening !== null) widenOutlines(layers, widening.extra, widening.join)
}
