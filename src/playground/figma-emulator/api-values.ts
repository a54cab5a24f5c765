/**
 * Values crossing the plugin API, as Figma hands them out and takes them in:
 * - What a getter returns is a frozen copy, new on every read: `selection.push(node)` throws
 *   "object is not extensible", `node.fills[0].color.r = 1` throws "Cannot assign to read only
 *   property", and a change needs a whole new value, cloned, edited and assigned
 *   (https://developers.figma.com/docs/plugins/editing-properties/; `readonly` in the typings of
 *   ChildrenMixin.children, PageNode.selection and MinimalFillsMixin.fills).
 * - What a setter is given is type-checked, with the message pattern of
 *   https://developers.figma.com/docs/plugins/api/api-errors/ (`in set_opacity: Expected "opacity"
 *   to have type number but got string instead`). Observed in Figma for paints: `in set_fills:
 *   Expected "fills.[0].color.r" to have type number but got NaN instead`
 *   (github.com/DWilliames/google-sheets-sync-figma/issues/6); for a range: `in resize: Expected
 *   "height" to have value >= 0.01` (github.com/DirectedEdges/specs-plugin-1/issues/38). Figma
 *   publishes no wording for an unknown paint type or a value that is not a list; those are ours.
 */
import type { EmulatedNode } from './nodes'

/** A new array of the same nodes, frozen: the nodes are live, the list is a copy. */
export function frozenList<T>(items: readonly T[]): readonly T[] {
  return Object.freeze([...items])
}

/** A deep copy of plain data (paints, their colours, stops and transforms), frozen all the way down. */
export function frozenCopy<T>(value: T): T {
  if (typeof value !== 'object' || value === null) return value
  const copy = Array.isArray(value)
    ? value.map((item: unknown) => frozenCopy(item))
    : Object.fromEntries(Object.entries(value).map(([key, item]) => [key, frozenCopy(item as unknown)]))
  return Object.freeze(copy) as T
}

/** A value's type as Figma's messages name it. */
function typeName(value: unknown): string {
  if (Number.isNaN(value)) return 'NaN'
  if (value === null) return 'null'
  if (Array.isArray(value)) return 'array'
  return typeof value
}

type TypeName = 'number' | 'string' | 'boolean' | 'object' | 'array'

/** Throws Figma's type error unless `value` has `type` (a number that is NaN does not). */
export function expectType(member: string, path: string, value: unknown, type: TypeName): void {
  const actual = typeName(value)
  if (actual !== type) throw new Error(`in ${member}: Expected "${path}" to have type ${type} but got ${actual} instead`)
}

/** A number within [min, max], else Figma's range error. */
export function expectNumber(member: string, path: string, value: unknown, min = -Infinity, max = Infinity): number {
  expectType(member, path, value, 'number')
  const number = value as number
  if (number < min) throw new Error(`in ${member}: Expected "${path}" to have value >= ${min}`)
  if (number > max) throw new Error(`in ${member}: Expected "${path}" to have value <= ${max}`)
  return number
}

/** One of a property's named values (an enum in the typings), else an error in the emulator's wording. */
export function expectOneOf<T extends string>(member: string, path: string, value: unknown, values: readonly T[]): T {
  if (!(values as readonly unknown[]).includes(value)) {
    throw new Error(`in ${member}: Expected "${path}" to be one of ${values.join(', ')} but got ${JSON.stringify(value) ?? String(value)} instead`)
  }
  return value as T
}

const PAINT_TYPES: readonly Paint['type'][] = [
  'SOLID',
  'GRADIENT_LINEAR',
  'GRADIENT_RADIAL',
  'GRADIENT_ANGULAR',
  'GRADIENT_DIAMOND',
  'IMAGE',
  'VIDEO',
  'PATTERN',
  'SHADER'
]

/** The fields each kind of paint takes (SolidPaint, GradientPaint and RGBWithColorSpace in the typings). */
const SOLID_FIELDS: ReadonlySet<string> = new Set(['type', 'color', 'visible', 'opacity', 'blendMode', 'boundVariables'])
const COLOR_FIELDS: ReadonlySet<string> = new Set(['r', 'g', 'b', 'sourceColor'])
const GRADIENT_FIELDS: ReadonlySet<string> = new Set(['type', 'gradientTransform', 'gradientStops', 'visible', 'opacity', 'blendMode'])

/**
 * Figma checks a paint's fields strictly. Its published reference gives no message; these are the
 * messages plugin authors report: a colour with an alpha, `{r, g, b, a}`, "Unrecognized key(s) in
 * object: 'a' at [0].color" (as CSS's rgba() suggests), and a gradient without its transform
 * "Required value missing at gradientTransform".
 */
function expectKnownFields(member: string, at: string, value: object, fields: ReadonlySet<string>): void {
  const unknown = Object.keys(value).filter((key) => !fields.has(key))
  if (unknown.length > 0) throw new Error(`in ${member}: Unrecognized key(s) in object: ${unknown.map((key) => `'${key}'`).join(', ')} at ${at}`)
}

/** Paints given to `set_<name>` (fills, strokes), checked, and kept as a frozen copy of them. */
export function checkedPaints(name: 'fills' | 'strokes', value: unknown): ReadonlyArray<Paint> {
  const member = `set_${name}`
  expectType(member, name, value, 'array')
  ;(value as unknown[]).forEach((paint, index) => {
    const at = `${name}.[${index}]`
    expectType(member, at, paint, 'object')
    const { type, opacity, visible, color } = paint as Record<string, unknown>
    expectType(member, `${at}.type`, type, 'string')
    expectOneOf(member, `${at}.type`, type, PAINT_TYPES)
    if (opacity !== undefined) expectNumber(member, `${at}.opacity`, opacity, 0, 1)
    if (visible !== undefined) expectType(member, `${at}.visible`, visible, 'boolean')
    if (type === 'SOLID') {
      expectKnownFields(member, `[${index}]`, paint as object, SOLID_FIELDS)
      expectType(member, `${at}.color`, color, 'object')
      expectKnownFields(member, `[${index}].color`, color as object, COLOR_FIELDS)
      for (const channel of ['r', 'g', 'b'] as const) expectNumber(member, `${at}.color.${channel}`, (color as RGB)[channel], 0, 1)
    }
    if ((type as string).startsWith('GRADIENT_')) {
      expectKnownFields(member, `[${index}]`, paint as object, GRADIENT_FIELDS)
      for (const field of ['gradientTransform', 'gradientStops']) {
        if ((paint as Record<string, unknown>)[field] === undefined) throw new Error(`in ${member}: Required value missing at [${index}].${field}`)
      }
    }
  })
  return frozenCopy(value as ReadonlyArray<Paint>)
}

type ValueClass = abstract new (...args: never[]) => object

const PLAIN_PROTOTYPES = new Set<unknown>([Object.prototype, Array.prototype, null])

/**
 * Where in `value` (a path such as `value.recent[2].at`) something sits that is not plain data
 * (objects, arrays, strings, numbers, booleans, null, undefined) nor an instance of one of
 * `allowed`; null when there is nothing of the kind. clientStorage and messages to and from the UI
 * each take such data and a class or two more (figma-clientStorage, creating-ui). A value that
 * contains itself is not data either: its path is where the cycle closes.
 */
export function foreignValueAt(value: unknown, path: string, allowed: readonly ValueClass[], enclosing = new Set<object>()): string | null {
  if (value === null || value === undefined || ['string', 'number', 'boolean'].includes(typeof value)) return null
  if (typeof value !== 'object') return path
  if (allowed.some((kind) => value instanceof kind)) return null
  if (!PLAIN_PROTOTYPES.has(Object.getPrototypeOf(value)) || enclosing.has(value)) return path
  enclosing.add(value)
  for (const [key, item] of Object.entries(value)) {
    const found = foreignValueAt(item, Array.isArray(value) ? `${path}[${key}]` : `${path}.${key}`, allowed, enclosing)
    if (found !== null) return found
  }
  enclosing.delete(value)
  return null
}

/** The boundary where emulated nodes are handed out as the real types they implement, and taken back. */
export function asFigma<T>(node: EmulatedNode): T {
  return node as unknown as T
}

export function asEmulated<T extends EmulatedNode = EmulatedNode>(node: BaseNode | EmulatedNode): T {
  return node as unknown as T
}
