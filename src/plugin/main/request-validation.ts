/**
 * Checks what arrives from the UI before main acts on it: messages cross a process boundary and a
 * drop can carry anything, so a malformed one gets a clear error instead of a half-done change.
 */
import { isLineJoin } from '../../api/line-joins'
import { isColor, isSize, isStrokeWidth, MAX_INSERT_MANY, MAX_SIZE, MIN_SIZE, STROKE_WIDTH_LIMITS } from '../../api/limits'
import type {
  IconDropMetadata,
  IconPayload,
  InsertManyRequest,
  InsertRequest,
  OutlinedLines,
  PlacedIcon,
  ReplaceRequest
} from '../../api/plugin-protocol'
import { isColorBinding } from './file-colors'

export class InvalidRequestError extends Error {}

function fail(what: string): never {
  throw new InvalidRequestError(`The plugin sent an invalid request: ${what}.`)
}

function record(value: unknown, what: string): Record<string, unknown> {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) fail(`${what} is missing`)
  return value as Record<string, unknown>
}

function text(value: unknown, what: string): string {
  if (typeof value !== 'string' || value.trim() === '') fail(`${what} is missing`)
  return value
}

/** How wide an outlined drawing's lines are and how they join (Look.outline), or a failure. */
function outlinedLines(value: unknown): OutlinedLines {
  const outline = record(value, 'the outlined lines')
  const { width, join } = outline
  if (typeof width !== 'number' || !(width > 0 && width <= MAX_SIZE)) fail(`the outlined lines must be more than 0 and at most ${MAX_SIZE} px wide`)
  if (!isLineJoin(join)) fail('the outlined lines must join round or mitred')
  return { width, join }
}

function placedIcon(value: unknown): PlacedIcon {
  const icon = record(value, 'the icon')
  if (!isSize(icon['size'])) fail(`the size must be a number of px from ${MIN_SIZE} to ${MAX_SIZE}, to hundredths`)
  if (!isColor(icon['color'])) fail('the colour must look like #rrggbb')
  const strokeWidth = icon['strokeWidth']
  if (strokeWidth !== undefined && !isStrokeWidth(strokeWidth)) {
    fail(`the stroke width must be from ${STROKE_WIDTH_LIMITS.min} to ${STROKE_WIDTH_LIMITS.max} px`)
  }
  const binding = icon['binding']
  if (binding !== undefined && !isColorBinding(binding)) fail('the colour binding must name a style or a variable')
  const outline = icon['outline'] === undefined ? undefined : outlinedLines(icon['outline'])
  return {
    ...(strokeWidth === undefined ? {} : { strokeWidth }),
    ...(outline === undefined ? {} : { outline }),
    ...(binding === undefined ? {} : { binding: { kind: binding.kind, id: binding.id } }),
    iconset: text(icon['iconset'], 'the icon set'),
    icon: text(icon['icon'], 'the icon name'),
    style: text(icon['style'], 'the style'),
    size: icon['size'],
    color: icon['color'].toLowerCase()
  }
}

function iconPayload(value: Record<string, unknown>): IconPayload {
  const family = value['family']
  return {
    svg: text(value['svg'], 'the SVG'),
    icon: placedIcon(value['icon']),
    ...(family === undefined ? {} : { family: text(family, 'the icon’s family') })
  }
}

/** An optional flag of a request: a boolean, or absent; `label` names it in the refusal. */
function optionalFlag<K extends string>(request: Record<string, unknown>, key: K, label: string): Partial<Record<K, boolean>> {
  const flag = request[key]
  if (flag === undefined) return {}
  if (typeof flag !== 'boolean') fail(`“${label}” must be true or false`)
  return { [key]: flag } as Partial<Record<K, boolean>>
}

export function parseInsertRequest(value: unknown): InsertRequest {
  const request = record(value, 'the request')
  return { requestId: text(request['requestId'], 'the request id'), ...iconPayload(request), ...optionalFlag(request, 'asComponent', 'as component') }
}

export function parseInsertManyRequest(value: unknown): InsertManyRequest {
  const request = record(value, 'the request')
  const requestId = text(request['requestId'], 'the request id')
  const items = request['items']
  if (!Array.isArray(items) || items.length === 0) fail('there are no icons to insert')
  if (items.length > MAX_INSERT_MANY) fail(`at most ${MAX_INSERT_MANY} icons can be inserted at once`)
  return { requestId, items: items.map((item: unknown) => iconPayload(record(item, 'an icon to insert'))), ...optionalFlag(request, 'asComponent', 'as component') }
}

export function parseReplaceRequest(value: unknown): ReplaceRequest {
  const request = record(value, 'the request')
  const requestId = text(request['requestId'], 'the request id')
  const items = request['items']
  if (!Array.isArray(items) || items.length === 0) fail('there are no icons to change')
  const mode = request['mode'] ?? 'swap'
  if (mode !== 'swap' && mode !== 'replace') fail('the mode must be swap or replace')
  return {
    requestId,
    mode,
    items: items.map((item: unknown) => {
      const entry = record(item, 'an icon to change')
      return {
        nodeId: text(entry['nodeId'], 'the node id'),
        ...iconPayload(entry),
        ...optionalFlag(entry, 'colorChosen', 'colour chosen'),
        ...optionalFlag(entry, 'ownColors', 'own colours')
      }
    })
  }
}

/** Drops that are not ours (files, links) are left to Figma. */
export function isIconDrop(value: unknown): boolean {
  return typeof value === 'object' && value !== null && (value as { kind?: unknown }).kind === 'icon-catalogue/icon'
}

export function parseDropMetadata(value: unknown): IconDropMetadata {
  const metadata = record(value, 'the dropped icon')
  return {
    kind: 'icon-catalogue/icon',
    requestId: text(metadata['requestId'], 'the request id'),
    iconset: text(metadata['iconset'], 'the icon set'),
    icon: text(metadata['icon'], 'the icon')
  }
}

/** The request id of a message too broken to parse, so its failure can still be reported. */
export function requestIdOf(value: unknown): string {
  const id = typeof value === 'object' && value !== null ? (value as { requestId?: unknown }).requestId : undefined
  return typeof id === 'string' ? id : ''
}
