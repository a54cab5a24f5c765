/**
 * Draws the emulated page as SVG built with DOM APIs (never markup strings): frames with their
 * fills and clipping, shapes from their own path data, fills (solid or gradient) and strokes, masks
 * clipping the layers above them, all placed through
 * the emulated viewport so what is drawn at the element's centre is `figma.viewport.center`.
 */
import { carriesPluginData, findInSnapshot, type DocumentSnapshot, type NodeSnapshot } from '../figma-emulator/snapshot'

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

function rgb(color: RGB): string {
  return `rgb(${channel(color.r)}, ${channel(color.g)}, ${channel(color.b)})`
}

let gradientCounter = 0

/**
 * Solid and gradient paints as SVG paint values; gradients are added to `defs`, drawn in the
 * node's box from Figma's `gradientTransform` (the inverse of gradient space → unit box).
 */
function drawnPaints(paints: Paint[] | undefined, defs: SVGDefsElement, box: { x: number; y: number; width: number; height: number }): Array<{ color: string; opacity: number }> {
  return (paints ?? []).flatMap((paint) => {
    if (paint.visible === false) return []
    if (paint.type === 'SOLID') return [{ color: rgb(paint.color), opacity: paint.opacity ?? 1 }]
    if (paint.type !== 'GRADIENT_LINEAR' && paint.type !== 'GRADIENT_RADIAL') return []
    const [[a, c, e], [b, d, f]] = paint.gradientTransform
    const det = a * d - b * c || 1e-9
    // Inverse of gradientTransform: gradient space → unit box, then the unit box → canvas.
    const point = (u: number, v: number) => {
      const x = (d * (u - e) - c * (v - f)) / det
      const y = (a * (v - f) - b * (u - e)) / det
      return { x: box.x + x * box.width, y: box.y + y * box.height }
    }
    const id = `gradient-${(gradientCounter += 1)}`
    const start = point(0, 0.5)
    const end = point(1, 0.5)
    const element =
      paint.type === 'GRADIENT_LINEAR'
        ? svgElement('linearGradient', { id, gradientUnits: 'userSpaceOnUse', x1: start.x, y1: start.y, x2: end.x, y2: end.y })
        : svgElement('radialGradient', { id, gradientUnits: 'userSpaceOnUse', cx: start.x, cy: start.y, r: Math.hypot(end.x - start.x, end.y - start.y) })
    for (const stop of paint.gradientStops) {
      element.append(svgElement('stop', { offset: stop.position, 'stop-color': rgb(stop.color), 'stop-opacity': stop.color.a }))
    }
    defs.append(element)
    return [{ color: `url(#${id})`, opacity: paint.opacity ?? 1 }]
  })
}

const LINE_CAPS: Partial<Record<StrokeCap, string>> = { ROUND: 'round', SQUARE: 'square' }
const LINE_JOINS: Record<StrokeJoin, string> = { MITER: 'miter', BEVEL: 'bevel', ROUND: 'round' }

function drawShape(node: NodeSnapshot, defs: SVGDefsElement): SVGGElement {
  const group = svgElement('g', { transform: `translate(${node.absoluteX} ${node.absoluteY})` })
  const box = { x: 0, y: 0, width: node.width, height: node.height }
  const fills = drawnPaints(node.fills, defs, box)
  const strokes = drawnPaints(node.strokes, defs, box)
  for (const path of node.vectorPaths ?? []) {
    const fillRule = path.windingRule === 'EVENODD' ? 'evenodd' : 'nonzero'
    for (const fill of fills) {
      group.append(svgElement('path', { d: path.data, fill: fill.color, 'fill-opacity': fill.opacity, 'fill-rule': fillRule }))
    }
    for (const stroke of strokes) {
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

/** A text layer: its characters on one line in its font and fills, their baseline at 0.9 em. */
function drawText(node: NodeSnapshot, text: NonNullable<NodeSnapshot['text']>, defs: SVGDefsElement): SVGGElement {
  const group = svgElement('g', { transform: `translate(${node.absoluteX} ${node.absoluteY})` })
  for (const fill of drawnPaints(node.fills, defs, { x: 0, y: 0, width: node.width, height: node.height })) {
    const line = svgElement('text', { x: 0, y: text.fontSize * 0.9, 'font-size': text.fontSize, 'font-family': `${text.fontFamily}, sans-serif`, fill: fill.color, 'fill-opacity': fill.opacity })
    line.textContent = text.characters
    group.append(line)
  }
  return group
}

function drawFrame(node: NodeSnapshot, defs: SVGDefsElement): SVGGElement {
  const group = svgElement('g')
  const box = { x: node.absoluteX, y: node.absoluteY, width: node.width, height: node.height }
  for (const fill of drawnPaints(node.fills, defs, box)) {
    group.append(svgElement('rect', { ...box, fill: fill.color, 'fill-opacity': fill.opacity }))
  }
  for (const stroke of drawnPaints(node.strokes, defs, box)) {
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
  content.append(...drawChildren(node.children ?? [], defs))
  group.append(content)
  return group
}

/** Children in order; a mask (`isMask`) is not drawn but clips every sibling above it, as in Figma. */
function drawChildren(children: NodeSnapshot[], defs: SVGDefsElement): SVGGElement[] {
  const maskIndex = children.findIndex((child) => child.isMask === true)
  if (maskIndex === -1) return children.map((child) => drawNode(child, defs))
  const mask = children[maskIndex] as NodeSnapshot
  const clipId = `mask-${mask.id.replace(/[^\w-]/g, '_')}`
  const clip = svgElement('clipPath', { id: clipId })
  for (const path of mask.vectorPaths ?? []) {
    clip.append(svgElement('path', { d: path.data, transform: `translate(${mask.absoluteX} ${mask.absoluteY})`, 'clip-rule': path.windingRule === 'EVENODD' ? 'evenodd' : 'nonzero' }))
  }
  defs.append(clip)
  const masked = svgElement('g', { 'clip-path': `url(#${clipId})` })
  masked.append(...drawChildren(children.slice(maskIndex + 1), defs))
  return [...children.slice(0, maskIndex).map((child) => drawNode(child, defs)), masked]
}

const CONTAINER_TYPES = new Set<NodeSnapshot['type']>(['FRAME', 'GROUP', 'COMPONENT', 'INSTANCE', 'SLOT', 'SECTION'])

function drawNode(node: NodeSnapshot, defs: SVGDefsElement): SVGGElement {
  const drawn =
    node.text !== undefined
      ? drawText(node, node.text, defs)
      : !CONTAINER_TYPES.has(node.type)
        ? drawShape(node, defs)
        : node.type === 'GROUP'
          ? svgElement('g')
          : drawFrame(node, defs)
  if (node.type === 'GROUP') drawn.append(...drawChildren(node.children ?? [], defs))
  drawn.dataset.nodeId = node.id
  drawn.dataset.nodeName = node.name
  if (!node.visible) drawn.setAttribute('display', 'none')
  if (node.opacity !== undefined) drawn.setAttribute('opacity', String(node.opacity))
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
    if (!CONTAINER_TYPES.has(node.type) || node.type === 'GROUP' || carriesPluginData(node)) continue
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
