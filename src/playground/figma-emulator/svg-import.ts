/**
 * What `figma.createNodeFromSvg` makes of an SVG, as plain data: the frame size and a tree of
 * nodes that keeps the SVG's structure, as Figma's import does (the root is a FRAME,
 * https://developers.figma.com/docs/plugins/api/properties/figma-createnodefromsvg/, and `<g>`
 * becomes a GROUP). A shape keeps its element's kind where a Figma node type can hold it:
 * RECTANGLE for <rect>, ELLIPSE for <circle>/<ellipse>, LINE for a level <line>, VECTOR for the
 * rest. Which type Figma's importer picks is not documented; these are the emulator's, kept to what
 * the node types can draw: a POLYGON is regular, made of `pointCount` sides (PolygonNode), so the
 * arbitrary points of <polygon> need a VECTOR; a LINE has no height ("must always be given a height
 * of exactly 0", LayoutMixin.resize) and the emulator models no rotation, so only a level <line> is
 * one, and a sloping or upright <line> is a VECTOR.
 * Shapes sit at their geometry's bounds in the frame, with path data relative to them, normalised
 * the way Figma stores paths (absolute M/L/Q/C/Z only), with transforms and the viewBox→size scale
 * applied to paths and stroke weights. Gradients become gradient paints; `clip-path` and `mask`
 * become a GROUP whose first child is the mask shape (`isMask`), as Figma models masks
 * (https://developers.figma.com/docs/plugins/api/properties/nodes-ismask/).
 * Runs in Node and in the browser.
 */
import { parse, type ElementNode, type Node as SvgTreeNode } from 'svg-parser'
import svgpath from 'svgpath'
import { stringToColor } from '@iconify/utils'

export type ImportedShapeType = 'VECTOR' | 'RECTANGLE' | 'ELLIPSE' | 'LINE'

export interface ImportedVector {
  type: ImportedShapeType
  name: string
  /** The bounds of the geometry in the frame; `data` is relative to (x, y). */
  x: number
  y: number
  width: number
  height: number
  /** Figma's VectorPath data: absolute commands separated by spaces. */
  data: string
  windingRule: WindingRule
  fills: Paint[]
  strokes: Paint[]
  strokeWeight: number
  strokeCap: StrokeCap
  strokeJoin: StrokeJoin
  isMask: boolean
}

export interface ImportedGroup {
  type: 'GROUP'
  name: string
  children: ImportedNode[]
}

export type ImportedNode = ImportedVector | ImportedGroup

export interface ImportedSvg {
  width: number
  height: number
  /** The frame's children, in the SVG's structure. */
  children: ImportedNode[]
  /** Every shape, depth first in drawing order (masks included). */
  vectors: ImportedVector[]
}

/** Attributes that cascade from `<svg>`/`<g>` to shapes. */
interface Inherited {
  fill: string
  stroke: string
  strokeWidth: number
  strokeLinecap: string
  strokeLinejoin: string
  fillRule: string
  fillOpacity: number
  strokeOpacity: number
  opacity: number
  transform: string
}

const INITIAL: Inherited = {
  fill: 'black',
  stroke: 'none',
  strokeWidth: 1,
  strokeLinecap: 'butt',
  strokeLinejoin: 'miter',
  fillRule: 'nonzero',
  fillOpacity: 1,
  strokeOpacity: 1,
  opacity: 1,
  transform: ''
}

const NOT_RENDERED = new Set(['defs', 'clipPath', 'mask', 'title', 'desc', 'metadata', 'symbol', 'style', 'linearGradient', 'radialGradient', 'pattern', 'filter'])
const CONTAINERS = new Set(['g', 'svg', 'a', 'switch'])
const SHAPE_TYPES: Record<string, ImportedShapeType> = {
  path: 'VECTOR',
  polyline: 'VECTOR',
  rect: 'RECTANGLE',
  circle: 'ELLIPSE',
  ellipse: 'ELLIPSE',
  line: 'LINE',
  polygon: 'VECTOR'
}

/**
 * Figma does not document its message for SVG it cannot read; plugins in the wild compare with
 * "Failed to convert SVG file", so the emulator's wording is its own and only the `in
 * createNodeFromSvg:` prefix is Figma's (https://developers.figma.com/docs/plugins/api/api-errors/).
 */
function rejection(reason: string): Error {
  return new Error(`in createNodeFromSvg: Failed to import SVG (${reason})`)
}

interface Context {
  ids: Map<string, ElementNode>
  strokeScale: number
}

export function importSvg(svg: string): ImportedSvg {
  if (typeof svg !== 'string' || svg.trim() === '') throw rejection('empty input')
  let tree
  try {
    tree = parse(svg)
  } catch (error) {
    throw rejection(error instanceof Error ? error.message.split('\n')[0] ?? 'malformed' : 'malformed')
  }
  const root = tree.children.find(isElement)
  if (root === undefined || root.tagName !== 'svg') throw rejection('the document is not an <svg>')

  const attributes = propertiesOf(root)
  const viewBox = parseViewBox(attributes['viewBox'])
  const width = parseLength(attributes['width']) ?? viewBox?.width ?? 100
  const height = parseLength(attributes['height']) ?? viewBox?.height ?? 100
  if (!(width > 0 && height > 0)) throw rejection('the SVG has no size')

  const scaleX = viewBox === undefined ? 1 : width / viewBox.width
  const scaleY = viewBox === undefined ? 1 : height / viewBox.height
  const viewBoxTransform = viewBox === undefined ? '' : `scale(${scaleX} ${scaleY}) translate(${-viewBox.x} ${-viewBox.y})`
  const context: Context = { ids: new Map(), strokeScale: Math.sqrt(scaleX * scaleY) }
  collectIds(root, context.ids)

  const children = importChildren(root, inherit({ ...INITIAL, transform: viewBoxTransform }, attributes), context)
  return { width, height, children, vectors: flatten(children) }
}

function flatten(nodes: ImportedNode[]): ImportedVector[] {
  return nodes.flatMap((node) => (node.type === 'GROUP' ? flatten(node.children) : [node]))
}

function collectIds(element: ElementNode, ids: Map<string, ElementNode>): void {
  const id = element.properties?.['id']
  if (id !== undefined) ids.set(String(id), element)
  for (const child of element.children) if (isElement(child)) collectIds(child, ids)
}

function importChildren(element: ElementNode, style: Inherited, context: Context): ImportedNode[] {
  return element.children.flatMap((child) => (isElement(child) ? importElement(child, style, context) : []))
}

/** One element as nodes: none for what draws nothing, a GROUP for containers, a shape otherwise. */
function importElement(element: ElementNode, parentStyle: Inherited, context: Context): ImportedNode[] {
  const tag = String(element.tagName)
  if (NOT_RENDERED.has(tag)) return []
  const attributes = propertiesOf(element)
  if (attributes['display'] === 'none' || attributes['visibility'] === 'hidden') return []
  const style = inherit(parentStyle, attributes)
  let nodes: ImportedNode[]
  if (tag === 'use') {
    const target = context.ids.get((attributes['href'] ?? attributes['xlink:href'] ?? '').replace(/^#/, ''))
    const offset = `translate(${parseFloat(attributes['x'] ?? '0') || 0} ${parseFloat(attributes['y'] ?? '0') || 0})`
    nodes = target === undefined || target === element ? [] : importElement(target, { ...style, transform: `${style.transform} ${offset}` }, context)
  } else if (CONTAINERS.has(tag)) {
    const children = importChildren(element, style, context)
    // Figma drops groups that would be empty.
    nodes = children.length === 0 ? [] : [{ type: 'GROUP', name: attributes['id'] ?? 'Group', children }]
  } else {
    const shape = importShape(element, style, context)
    nodes = shape === null ? [] : [shape]
  }
  return applyMask(nodes, attributes, parentStyle, context)
}

/** `clip-path` and `mask` wrap the content in a group whose first child is the mask shape. */
function applyMask(nodes: ImportedNode[], attributes: Record<string, string>, parentStyle: Inherited, context: Context): ImportedNode[] {
  if (nodes.length === 0) return nodes
  for (const property of ['clip-path', 'mask'] as const) {
    const reference = /url\(\s*#([^)\s]+)\s*\)/.exec(attributes[property] ?? '')?.[1]
    const definition = reference === undefined ? undefined : context.ids.get(reference)
    if (definition === undefined) continue
    // A clip path's shapes are in the user space of the element it clips (clipPathUnits userSpaceOnUse).
    const own = attributes['transform'] ?? ''
    const maskStyle = { ...INITIAL, fill: '#000000', transform: `${parentStyle.transform} ${own}`.trim() }
    const shapes = flatten(importChildren(definition, maskStyle, context))
    const mask = shapes.length === 1 ? shapes[0] : mergeShapes(shapes)
    if (mask === undefined) continue
    nodes = [{ type: 'GROUP', name: property === 'mask' ? 'Mask group' : 'Clip path group', children: [{ ...mask, name: property === 'mask' ? 'Mask' : 'Clip path', isMask: true }, ...nodes] }]
  }
  return nodes
}

/** Several clip shapes clip as their union: one vector holding all their outlines. */
function mergeShapes(shapes: ImportedVector[]): ImportedVector | undefined {
  if (shapes.length === 0) return undefined
  const path = svgpath(shapes.map((shape) => svgpath(shape.data).translate(shape.x, shape.y).toString()).join(' '))
  const bounds = pathBounds(path)
  if (bounds === null) return undefined
  return { ...(shapes[0] as ImportedVector), type: 'VECTOR', ...bounds, data: toFigmaPathData(path.translate(-bounds.x, -bounds.y)) }
}

function importShape(shape: ElementNode, style: Inherited, context: Context): ImportedVector | null {
  const kind = SHAPE_TYPES[String(shape.tagName)]
  const geometry = kind === undefined ? null : shapeToPath(shape)
  if (kind === undefined || geometry === null) return null
  let path
  try {
    path = svgpath(geometry).transform(style.transform).abs().unshort().unarc()
  } catch {
    throw rejection(`bad path data in <${shape.tagName}>`)
  }
  const bounds = pathBounds(path)
  if (bounds === null) return null
  const box = { ...bounds }
  const type = kind === 'LINE' && bounds.height !== 0 ? 'VECTOR' : kind
  return {
    type,
    name: propertiesOf(shape)['id'] ?? type.charAt(0) + type.slice(1).toLowerCase(),
    ...bounds,
    data: toFigmaPathData(path.translate(-bounds.x, -bounds.y)),
    windingRule: style.fillRule === 'evenodd' ? 'EVENODD' : 'NONZERO',
    fills: paints(style.fill, style.fillOpacity * style.opacity, box, style.transform, context),
    strokes: paints(style.stroke, style.strokeOpacity * style.opacity, box, style.transform, context),
    strokeWeight: style.strokeWidth * context.strokeScale,
    strokeCap: style.strokeLinecap === 'round' ? 'ROUND' : style.strokeLinecap === 'square' ? 'SQUARE' : 'NONE',
    strokeJoin: style.strokeLinejoin === 'round' ? 'ROUND' : style.strokeLinejoin === 'bevel' ? 'BEVEL' : 'MITER',
    isMask: false
  }
}

function isElement(node: SvgTreeNode | string): node is ElementNode {
  return typeof node !== 'string' && node.type === 'element'
}

/** Attributes plus declarations from a `style` attribute, which win as in CSS. */
function propertiesOf(element: ElementNode): Record<string, string> {
  const result: Record<string, string> = {}
  for (const [key, value] of Object.entries(element.properties ?? {})) result[key] = String(value)
  for (const declaration of (result['style'] ?? '').split(';')) {
    const [key, value] = declaration.split(':')
    if (key !== undefined && value !== undefined) result[key.trim()] = value.trim()
  }
  return result
}

function inherit(parent: Inherited, attributes: Record<string, string>): Inherited {
  // As browsers read them: a negative stroke width is invalid (the inherited one stands), and an
  // opacity, a number or a percentage, is clamped to 0–1 (https://www.w3.org/TR/css-color-4/#transparency).
  const width = parseFloat(attributes['stroke-width'] ?? '')
  const alpha = (key: string, fallback: number): number => clampUnit(fraction(attributes[key], fallback))
  return {
    fill: attributes['fill'] ?? parent.fill,
    stroke: attributes['stroke'] ?? parent.stroke,
    strokeWidth: Number.isFinite(width) && width >= 0 ? width : parent.strokeWidth,
    strokeLinecap: attributes['stroke-linecap'] ?? parent.strokeLinecap,
    strokeLinejoin: attributes['stroke-linejoin'] ?? parent.strokeLinejoin,
    fillRule: attributes['fill-rule'] ?? parent.fillRule,
    fillOpacity: alpha('fill-opacity', parent.fillOpacity),
    strokeOpacity: alpha('stroke-opacity', parent.strokeOpacity),
    // Opacity does not inherit in SVG but multiplies down the tree, which is what matters for paint.
    opacity: parent.opacity * alpha('opacity', 1),
    transform: `${parent.transform} ${attributes['transform'] ?? ''}`.trim()
  }
}

/** Path data for a basic shape, or null for elements that draw nothing here (text, images, use). */
function shapeToPath(shape: ElementNode): string | null {
  const a = propertiesOf(shape)
  const n = (key: string): number => {
    const value = parseFloat(a[key] ?? '0')
    return Number.isFinite(value) ? value : 0
  }
  switch (shape.tagName) {
    case 'path':
      return a['d'] ?? null
    case 'rect': {
      const [x, y, w, h] = [n('x'), n('y'), n('width'), n('height')]
      if (w <= 0 || h <= 0) return null
      let rx = a['rx'] === undefined ? n('ry') : n('rx')
      let ry = a['ry'] === undefined ? rx : n('ry')
      rx = Math.min(rx, w / 2)
      ry = Math.min(ry, h / 2)
      if (rx <= 0 || ry <= 0) return `M${x} ${y}H${x + w}V${y + h}H${x}Z`
      return (
        `M${x + rx} ${y}H${x + w - rx}A${rx} ${ry} 0 0 1 ${x + w} ${y + ry}V${y + h - ry}` +
        `A${rx} ${ry} 0 0 1 ${x + w - rx} ${y + h}H${x + rx}A${rx} ${ry} 0 0 1 ${x} ${y + h - ry}` +
        `V${y + ry}A${rx} ${ry} 0 0 1 ${x + rx} ${y}Z`
      )
    }
    case 'circle':
      return ellipse(n('cx'), n('cy'), n('r'), n('r'))
    case 'ellipse':
      return ellipse(n('cx'), n('cy'), n('rx'), n('ry'))
    case 'line':
      return `M${n('x1')} ${n('y1')}L${n('x2')} ${n('y2')}`
    case 'polyline':
    case 'polygon': {
      const numbers = (a['points'] ?? '').trim().split(/[\s,]+/).map(Number)
      if (numbers.length < 4 || numbers.some((value) => !Number.isFinite(value))) return null
      const pairs: string[] = []
      for (let i = 0; i + 1 < numbers.length; i += 2) pairs.push(`${numbers[i]} ${numbers[i + 1]}`)
      return `M${pairs.join('L')}${shape.tagName === 'polygon' ? 'Z' : ''}`
    }
    default:
      return null
  }
}

function ellipse(cx: number, cy: number, rx: number, ry: number): string | null {
  if (rx <= 0 || ry <= 0) return null
  return `M${cx - rx} ${cy}A${rx} ${ry} 0 1 0 ${cx + rx} ${cy}A${rx} ${ry} 0 1 0 ${cx - rx} ${cy}Z`
}

function round(value: number): number {
  const rounded = Math.round(value * 1e4) / 1e4
  return Object.is(rounded, -0) ? 0 : rounded
}

/** Serialises an absolute, unshorted, unarced path as Figma does: "M 0 0 L 1 1 C … Z". */
export function toFigmaPathData(path: ReturnType<typeof svgpath>): string {
  const parts: string[] = []
  path.iterate((segment, _index, x, y) => {
    const [command, ...args] = segment
    switch (command) {
      case 'H':
        parts.push(`L ${round(args[0] ?? x)} ${round(y)}`)
        break
      case 'V':
        parts.push(`L ${round(x)} ${round(args[0] ?? y)}`)
        break
      case 'Z':
      case 'z':
        parts.push('Z')
        break
      default:
        parts.push([command, ...args.map(round)].join(' '))
    }
  })
  return parts.join(' ')
}

/** The exact bounds of a normalised path's geometry, curve extrema included; null for an empty path. */
export function pathBounds(path: ReturnType<typeof svgpath>): Box | null {
  const xs: number[] = []
  const ys: number[] = []
  path.iterate((segment, _index, x, y) => {
    const [command, ...a] = segment as [string, ...number[]]
    const n = (i: number) => a[i] ?? 0
    if (command === 'M' || command === 'L') {
      xs.push(n(0))
      ys.push(n(1))
    } else if (command === 'H') {
      xs.push(n(0))
    } else if (command === 'V') {
      ys.push(n(0))
    } else if (command === 'C') {
      xs.push(x, ...cubicExtrema(x, n(0), n(2), n(4)))
      ys.push(y, ...cubicExtrema(y, n(1), n(3), n(5)))
    } else if (command === 'Q') {
      xs.push(x, ...quadraticExtrema(x, n(0), n(2)))
      ys.push(y, ...quadraticExtrema(y, n(1), n(3)))
    }
  })
  if (xs.length === 0 || ys.length === 0) return null
  const x = round(Math.min(...xs))
  const y = round(Math.min(...ys))
  return { x, y, width: round(Math.max(...xs)) - x, height: round(Math.max(...ys)) - y }
}

/** The end point and any turning points of one axis of a cubic Bézier. */
function cubicExtrema(p0: number, p1: number, p2: number, p3: number): number[] {
  const at = (t: number) => (1 - t) ** 3 * p0 + 3 * (1 - t) ** 2 * t * p1 + 3 * (1 - t) * t ** 2 * p2 + t ** 3 * p3
  // B'(t)/3 = a t² + b t + c
  const a = -p0 + 3 * p1 - 3 * p2 + p3
  const b = 2 * (p0 - 2 * p1 + p2)
  const c = p1 - p0
  const roots =
    Math.abs(a) < 1e-12
      ? Math.abs(b) < 1e-12
        ? []
        : [-c / b]
      : b * b - 4 * a * c < 0
        ? []
        : [(-b + Math.sqrt(b * b - 4 * a * c)) / (2 * a), (-b - Math.sqrt(b * b - 4 * a * c)) / (2 * a)]
  return [p3, ...roots.filter((t) => t > 0 && t < 1).map(at)]
}

function quadraticExtrema(p0: number, p1: number, p2: number): number[] {
  const denominator = p0 - 2 * p1 + p2
  const t = Math.abs(denominator) < 1e-12 ? -1 : (p0 - p1) / denominator
  return [p2, ...(t > 0 && t < 1 ? [(1 - t) ** 2 * p0 + 2 * (1 - t) * t * p1 + t ** 2 * p2] : [])]
}

type Box = { x: number; y: number; width: number; height: number }

function paints(value: string, opacity: number, box: Box, transform: string, context: Context): Paint[] {
  const reference = /^url\(\s*#([^)\s]+)\s*\)/.exec(value.trim())?.[1]
  if (reference !== undefined) {
    const gradient = context.ids.get(reference)
    return gradient === undefined ? [] : gradientPaint(gradient, opacity, box, transform, context)
  }
  const color = stringToColor(value)
  // Figma reads currentColor as black, the SVG default.
  if (color === null || color.type === 'current') {
    return value === 'none' ? [] : [solid(0, 0, 0, opacity)]
  }
  if (color.type !== 'rgb') return []
  return [solid(channel(color.r), channel(color.g), channel(color.b), opacity * clampUnit(color.alpha))]
}

/** A colour channel of 0–255 as Figma's 0–1, clamped as browsers clamp rgb(300, 0, 0). */
function channel(value: number): number {
  return clampUnit(value / 255)
}

function clampUnit(value: number): number {
  return Math.min(1, Math.max(0, value))
}

/** A number, or a percentage as a fraction. */
function fraction(value: string | undefined, fallback: number): number {
  if (value === undefined) return fallback
  const number = parseFloat(value)
  if (!Number.isFinite(number)) return fallback
  return value.trim().endsWith('%') ? number / 100 : number
}

/**
 * An SVG gradient as a Figma GradientPaint: stops with their colours, and `gradientTransform`, the
 * inverse of the map from gradient space ((0, .5) → (1, .5) is the gradient line) to the node's
 * unit box (https://developers.figma.com/docs/plugins/api/Paint/#gradientpaint).
 */
function gradientPaint(gradient: ElementNode, opacity: number, box: Box, transform: string, context: Context): Paint[] {
  const tag = String(gradient.tagName)
  if (tag !== 'linearGradient' && tag !== 'radialGradient') return []
  const a = propertiesOf(gradient)
  let stopsFrom: ElementNode = gradient
  const inherited = context.ids.get((a['href'] ?? a['xlink:href'] ?? '').replace(/^#/, ''))
  if (gradient.children.filter(isElement).length === 0 && inherited !== undefined) stopsFrom = inherited
  const gradientStops: ColorStop[] = stopsFrom.children.filter(isElement).flatMap((stop) => {
    const s = propertiesOf(stop)
    const color = stringToColor(s['stop-color'] ?? 'black')
    const rgb = color === null || color.type !== 'rgb' ? { r: 0, g: 0, b: 0, alpha: 1 } : color
    const alpha = clampUnit(rgb.alpha) * clampUnit(fraction(s['stop-opacity'], 1))
    return [{ position: clampUnit(fraction(s['offset'], 0)), color: { r: channel(rgb.r), g: channel(rgb.g), b: channel(rgb.b), a: alpha } }]
  })
  if (gradientStops.length === 0) return []
  const userSpace = a['gradientUnits'] === 'userSpaceOnUse'
  // Points in the node's unit box: bounding-box units already are; user-space points go through the
  // element's transform (which includes the viewBox scale) and then into the box.
  const toUnit = (x: number, y: number): Vector => {
    if (!userSpace) return { x, y }
    const [px = 0, py = 0] = svgpath(`M${x} ${y}`).transform(transform).abs().toString().slice(1).split(/[\s,]+/).filter(Boolean).map(Number)
    return { x: (px - box.x) / Math.max(box.width, 1e-9), y: (py - box.y) / Math.max(box.height, 1e-9) }
  }
  let start: Vector
  let end: Vector
  if (tag === 'linearGradient') {
    start = toUnit(fraction(a['x1'], 0), fraction(a['y1'], 0))
    end = toUnit(fraction(a['x2'], 1), fraction(a['y2'], 0))
  } else {
    const cx = fraction(a['cx'], 0.5)
    const cy = fraction(a['cy'], 0.5)
    start = toUnit(cx, cy)
    end = toUnit(cx + fraction(a['r'], 0.5), cy)
  }
  const dx = end.x - start.x
  const dy = end.y - start.y
  // Gradient space → unit box: (u, v) ↦ start + u·(dx, dy) + (v − ½)·(−dy, dx).
  const forward: Transform = [
    [dx, -dy, start.x + dy / 2],
    [dy, dx, start.y - dx / 2]
  ]
  return [
    {
      type: tag === 'linearGradient' ? 'GRADIENT_LINEAR' : 'GRADIENT_RADIAL',
      gradientStops,
      gradientTransform: invert(forward),
      opacity,
      visible: true,
      blendMode: 'NORMAL'
    }
  ]
}

function invert([[a, c, e], [b, d, f]]: Transform): Transform {
  const det = a * d - b * c || 1e-9
  return [
    [d / det, -c / det, (c * f - d * e) / det],
    [-b / det, a / det, (b * e - a * f) / det]
  ]
}

function solid(r: number, g: number, b: number, opacity: number): SolidPaint {
  return { type: 'SOLID', color: { r, g, b }, opacity, visible: true, blendMode: 'NORMAL' }
}

function parseViewBox(value: string | undefined): { x: number; y: number; width: number; height: number } | undefined {
  if (value === undefined) return undefined
  const numbers = value.trim().split(/[\s,]+/).map(Number)
  if (numbers.length !== 4 || numbers.some((n) => !Number.isFinite(n))) return undefined
  const [x, y, width, height] = numbers as [number, number, number, number]
  return width > 0 && height > 0 ? { x, y, width, height } : undefined
}

/** A length in px; relative units (em, %) fall back to the viewBox like Figma's import. */
function parseLength(value: string | undefined): number | undefined {
  if (value === undefined) return undefined
  const match = /^\s*([0-9.]+(?:e[+-]?\d+)?)\s*(px)?\s*$/i.exec(value)
  if (match === null) return undefined
  const number = Number(match[1])
  return Number.isFinite(number) && number > 0 ? number : undefined
}
