/** Turns what `importSvg` read from an SVG into nodes: the frame `figma.createNodeFromSvg` returns. */
import { createShape, EmulatedContainer, EmulatedFrame, EmulatedGroup, type NodeRegistry } from './nodes'
import { importSvg, type ImportedNode } from './svg-import'

export function createSvgFrame(registry: NodeRegistry, svg: string): EmulatedFrame {
  const imported = importSvg(svg)
  const frame = new EmulatedFrame(registry, 'FRAME', 'svg')
  frame.fills = []
  frame.clipsContent = false
  frame.resize(imported.width, imported.height)
  for (const node of imported.children) build(registry, node, frame)
  return frame
}

/** Adds one imported node to `parent`; x/y are the frame's, which a group's children share. */
function build(registry: NodeRegistry, spec: ImportedNode, parent: EmulatedContainer): void {
  if (spec.type === 'GROUP') {
    const group = new EmulatedGroup(registry, spec.name)
    parent.appendChild(group)
    for (const child of spec.children) build(registry, child, group)
    return
  }
  const shape = createShape(registry, spec.type, spec.name)
  shape.setGeometry([{ windingRule: spec.windingRule, data: spec.data }], spec.width, spec.height)
  Object.assign(shape, {
    fills: spec.fills,
    strokes: spec.strokes,
    strokeWeight: spec.strokeWeight,
    strokeCap: spec.strokeCap,
    strokeJoin: spec.strokeJoin,
    isMask: spec.isMask
  })
  parent.appendChild(shape)
  shape.x = spec.x
  shape.y = spec.y
}
