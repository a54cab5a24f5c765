/** Turns what `importSvg` read from an SVG into nodes: the frame `figma.createNodeFromSvg` returns. */
import { EmulatedFrame, EmulatedVector, type NodeRegistry } from './nodes'
import { importSvg } from './svg-import'

export function createSvgFrame(registry: NodeRegistry, svg: string): EmulatedFrame {
  const imported = importSvg(svg)
  const frame = new EmulatedFrame(registry, 'FRAME', 'svg')
  frame.fills = []
  frame.clipsContent = false
  frame.resize(imported.width, imported.height)
  for (const spec of imported.vectors) {
    const vector = new EmulatedVector(registry)
    vector.setGeometry([{ windingRule: spec.windingRule, data: spec.data }], spec.width, spec.height)
    vector.x = spec.x
    vector.y = spec.y
    Object.assign(vector, {
      fills: spec.fills,
      strokes: spec.strokes,
      strokeWeight: spec.strokeWeight,
      strokeCap: spec.strokeCap,
      strokeJoin: spec.strokeJoin
    })
    frame.appendChild(vector)
  }
  return frame
}
