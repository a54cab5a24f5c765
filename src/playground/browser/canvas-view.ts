/**
 * Draws the emulated page as SVG built with DOM APIs (never markup strings): frames with their
 * fills and clipping, and vectors from their own path data, fills and strokes, all placed through
 * the emulated viewport so what is drawn at the element's centre is `figma.viewport.center`.
 */
import { findInSnapshot, type DocumentSnapshot, type NodeSnapshot } from '../figma-emulator/snapshot'

export interface ElementSize {
  width: number
  height: number
}

const SVG_NS = 'http://www.w3.org/2000/svg'

function svgElement<K extends keyof SVGElementTagNameMap>(
  tag: K,
  attributes: Record<string, string | number> = {}
): SVGElementTagNameMap[K] {
  const element = document.createElementNS(SVG_NS, tag)
  for (const [name, value] of Object.entries(attributes)) element.setAttribute(name, String(value))
  return element
}

function channel(value: number): number {
  return Math.round(Math.min(1, Math.max(0, value)) * 255)
}

/** Only solid paints are drawn; icons from SVG carry nothing else. */
function solidPaints(paints: Paint[] | undefined): Array<{ color: string; opacity: number }> {
  return (paints ?? [])
    .filter((paint): paint is SolidPaint => paint.type === 'SOLID' && paint.visible !== false)
    .map((paint) => ({
      color: `rgb(${channel(paint.color.r)}, ${channel(paint.color.g)}, ${channel(paint.color.b)})`,
      opacity: paint.opacity ?? 1
    }))
}

const LINE_CAPS: Partial<Record<StrokeCap, string>> = { ROUND: 'round', SQUARE: 'square' }
const LINE_JOINS: Record<StrokeJoin, string> = { MITER: 'miter', BEVEL: 'bevel', ROUND: 'round' }

function drawVector(node: NodeSnapshot): SVGGElement {
  const group = svgElement('g', { transform: `translate(${node.absoluteX} ${node.absoluteY})` })
  for (const path of node.vectorPaths ?? []) {
    const fillRule = path.windingRule === 'EVENODD' ? 'evenodd' : 'nonzero'
    for (const fill of solidPaints(node.fills)) {
      group.append(svgElement('path', { d: path.data, fill: fill.color, 'fill-opacity': fill.opacity, 'fill-rule': fillRule }))
    }
    for (const stroke of solidPaints(node.strokes)) {
      group.append(
        svgElement('path', {
          d: path.data,
          fill: 'none',
          stroke: stroke.color,
          'stroke-opacity': stroke.opacity,
          'stroke-width': node.strokeWeight ?? 1,
          'stroke-linecap': LINE_CAPS[node.strokeCap ?? 'NONE'] ?? 'butt',
          'stroke-linejoin': LINE_JOINS[node.strokeJoin ?? 'MITER']
        })
      )
    }
  }
  return group
}

function drawFrame(node: NodeSnapshot, defs: SVGDefsElement): SVGGElement {
  const group = svgElement('g')
  const box = { x: node.absoluteX, y: node.absoluteY, width: node.width, height: node.height }
  for (const fill of solidPaints(node.fills)) {
    group.append(svgElement('rect', { ...box, fill: fill.color, 'fill-opacity': fill.opacity }))
  }
  for (const stroke of solidPaints(node.strokes)) {
    group.append(svgElement('rect', { ...box, fill: 'none', stroke: stroke.color, 'stroke-opacity': stroke.opacity }))
  }
  const content = svgElement('g')
  if (node.clipsContent === true) {
    const clipId = `clip-${node.id.replace(/[^\w-]/g, '_')}`
    const clip = svgElement('clipPath', { id: clipId })
    clip.append(svgElement('rect', box))
    defs.append(clip)
    content.setAttribute('clip-path', `url(#${clipId})`)
  }
  content.append(...(node.children ?? []).map((child) => drawNode(child, defs)))
  group.append(content)
  return group
}

function drawNode(node: NodeSnapshot, defs: SVGDefsElement): SVGGElement {
  const drawn =
    node.type === 'VECTOR'
      ? drawVector(node)
      : node.type === 'GROUP'
        ? svgElement('g')
        : drawFrame(node, defs)
  if (node.type === 'GROUP') drawn.append(...(node.children ?? []).map((child) => drawNode(child, defs)))
  drawn.dataset.nodeId = node.id
  drawn.dataset.nodeName = node.name
  if (!node.visible) drawn.setAttribute('display', 'none')
  return drawn
}

function outline(node: NodeSnapshot, className: string): SVGRectElement {
  return svgElement('rect', { x: node.absoluteX, y: node.absoluteY, width: node.width, height: node.height, class: className })
}

/** `dropTarget`: the node a drag in progress would land in, outlined like Figma does. */
export function renderCanvas(svg: SVGSVGElement, snapshot: DocumentSnapshot, element: ElementSize, dropTarget: string | null = null): void {
  const { center, zoom } = snapshot.viewport
  const defs = svgElement('defs')
  const world = svgElement('g', {
    transform: `translate(${element.width / 2 - center.x * zoom} ${element.height / 2 - center.y * zoom}) scale(${zoom})`
  })
  // Top-level frames are labelled above their top-left corner, at a size that ignores zoom.
  for (const node of snapshot.children) {
    if (node.type === 'VECTOR' || node.type === 'GROUP' || Object.keys(node.pluginData).length > 0) continue
    const label = svgElement('text', { x: node.absoluteX, y: node.absoluteY - 6 / zoom, 'font-size': 11 / zoom, class: 'frame-label' })
    label.textContent = node.name
    world.append(label)
  }
  world.append(...snapshot.children.map((node) => drawNode(node, defs)))
  for (const id of snapshot.selection) {
    const node = findInSnapshot(snapshot.children, id)
    if (node !== undefined) world.append(outline(node, 'selection-outline'))
  }
  const target = dropTarget === null ? undefined : findInSnapshot(snapshot.children, dropTarget)
  if (target !== undefined) world.append(outline(target, 'drop-outline'))
  svg.replaceChildren(defs, world)
}
