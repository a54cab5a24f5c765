/**
 * An icon component is one drawing per icon, style and size, "reused on the next insert" (issue 12);
 * each instance wears its own colour and stroke width as overrides of its component's layers, which
 * Figma keeps on instance sublayers (InstanceNode: an instance's sublayers can be overridden, and
 * swapComponent "preserves overrides", https://developers.figma.com/docs/plugins/api/properties/InstanceNode-swapcomponent/).
 * A file colour is bound on top by bindIconColor, as for a loose icon.
 */
import type { PlacedIcon } from '../../api/plugin-protocol'
import { paintedLayers } from './file-colors'
import { readIconData } from './icon-plugin-data'
import { inColor, recolored } from './recolor'

const differ = (a: unknown, b: unknown): boolean => JSON.stringify(a) !== JSON.stringify(b)

/**
 * Sets each painted layer of `instance` to its component layer's paints in the look's colour, and
 * its strokes to the look's width (else the component's), leaving layers that already match alone.
 * Starting from the component's layers, not the instance's, drops a colour an earlier look left.
 */
export function dressInstance(instance: InstanceNode, component: ComponentNode, look: PlacedIcon): void {
  const drawnIn = readIconData(component)?.color
  if (drawnIn === undefined) return
  const originals = paintedLayers(component)
  paintedLayers(instance).forEach((layer, index) => {
    const original = originals[index]
    if (original === undefined) return
    for (const field of ['fills', 'strokes'] as const) {
      const paints = original[field]
      if (!Array.isArray(paints)) continue
      const dressed = recolored(paints as readonly Paint[], inColor(drawnIn), look.color)
      if (differ(dressed, layer[field])) layer[field] = dressed
    }
    const weight = look.strokeWidth ?? ('strokeWeight' in original ? original.strokeWeight : undefined)
    if ('strokeWeight' in layer && typeof weight === 'number' && Array.isArray(layer.strokes) && layer.strokes.length > 0 && layer.strokeWeight !== weight) {
      layer.strokeWeight = weight
    }
  })
}
