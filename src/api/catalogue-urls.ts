/**
 * URL builders for the catalogue, shared by the service (to write absolute links) and the
 * plugin UI and main thread (to call it). Pure string work, safe for the browser bundle and for
 * Figma's main-thread sandbox, which has no URL or URLSearchParams.
 */
import type { IconFormat, RenderQuery, SearchRequest } from './catalogue-schemas'
import { iconifyId } from './icon-key'

/** A render query (the route's schema, RenderQuery) that names its format. */
export type RenderParams = RenderQuery & { format: IconFormat }

function join(base: string, path: string): string {
  return base.replace(/\/+$/, '') + path
}

type QueryValue = string | number | boolean | readonly string[] | null | undefined

/** Text that form encoding (URLSearchParams) leaves as it is, but for spaces, which become '+'. */
const PLAIN = /^[A-Za-z0-9 *._-]*$/

/** Characters encodeURIComponent leaves as they are but form encoding escapes. */
const FORM_ESCAPED = /[!'()~]/g

/** The text with every unpaired surrogate replaced by U+FFFD, as URLSearchParams encodes it (encodeURIComponent throws). */
function wellFormed(text: string): string {
  let result = ''
  for (let index = 0; index < text.length; index++) {
    const unit = text.charCodeAt(index)
    if (unit >= 0xd800 && unit <= 0xdbff && (text.charCodeAt(index + 1) & 0xfc00) === 0xdc00) {
      result += text.slice(index, index + 2)
      index++
    } else result += unit >= 0xd800 && unit <= 0xdfff ? '\ufffd' : text.charAt(index)
  }
  return result
}

/** As URLSearchParams writes a value (application/x-www-form-urlencoded), without URLSearchParams, which Figma's main thread has not. */
function formEncoded(text: string): string {
  if (PLAIN.test(text)) return text.replace(/ /g, '+')
  let encoded: string
  try {
    encoded = encodeURIComponent(text)
  } catch {
    encoded = encodeURIComponent(wellFormed(text))
  }
  return encoded.replace(FORM_ESCAPED, (character) => `%${character.charCodeAt(0).toString(16).toUpperCase()}`).replace(/%20/g, '+')
}

/**
 * Blank and false values are left out; a list is one comma-separated value. Written by hand, as
 * URLSearchParams would write it: every search answer links its next and previous pages.
 */
function withQuery(url: string, params: Readonly<Record<string, QueryValue>>): string {
  let query = ''
  for (const key in params) {
    const value = params[key]
    const text = Array.isArray(value) ? value.join(',') : value
    if (text === undefined || text === null || text === '' || text === false) continue
    query += `${query === '' ? '?' : '&'}${formEncoded(key)}=${formEncoded(String(text))}`
  }
  return url + query
}

export function openapiUrl(base: string): string {
  return join(base, '/openapi.json')
}

/** A search request's fields, in name order; a Record, so the compiler insists on every field and no other. */
export const SEARCH_FIELDS: Readonly<Record<keyof SearchRequest, true>> = { families_only: true, iconset: true, limit: true, offset: true, q: true, style: true, svg: true }

/**
 * Every field of the request, in name order, so one request always has one URL (one cache entry)
 * whichever order its fields were set in; and nothing else, so a parameter the service does not
 * know (kept on a validated request) never reaches a link it writes.
 */
export function searchUrl(base: string, request: SearchRequest = {}): string {
  const ordered: Record<string, QueryValue> = {}
  for (const field in SEARCH_FIELDS) ordered[field] = request[field as keyof SearchRequest]
  return withQuery(join(base, '/search'), ordered)
}

export function iconsetsUrl(base: string): string {
  return join(base, '/iconsets')
}

export function iconsetUrl(base: string, iconset: string): string {
  return join(base, `/iconsets/${encodeURIComponent(iconset)}`)
}

export function iconUrl(base: string, iconset: string, icon: string, render?: RenderParams): string {
  const url = join(base, `/iconsets/${encodeURIComponent(iconset)}/${encodeURIComponent(icon)}`)
  return render === undefined ? url : withQuery(url, { format: render.format, size: render.size, color: render.color })
}

/** The equivalents in `iconset` of the icons, each named as its Iconify id (set:icon). */
export function equivalentsUrl(base: string, iconset: string, icons: ReadonlyArray<{ iconset: string; icon: string }>): string {
  return withQuery(join(base, `/iconsets/${encodeURIComponent(iconset)}/equivalents`), {
    icons: icons.map(iconifyId)
  })
}

export function stylesUrl(base: string): string {
  return join(base, '/styles')
}

export function styleUrl(base: string, style: string): string {
  return join(base, `/styles/${encodeURIComponent(style)}`)
}

/**
 * A list parameter's values (repeated, or separated by commas: `iconset=a,b` as `iconset=a&iconset=b`),
 * each once in first-given order, trimmed, blanks dropped.
 */
export function listValues(values: readonly string[]): string[] {
  return [...new Set(values.flatMap((value) => value.split(',')).map((item) => item.trim()))].filter((item) => item !== '')
}

/** How many items a list parameter was given, repeated or separated by commas alike, repeats counted: what its limit counts. */
export function listItemCount(values: readonly string[]): number {
  return values.reduce((count, value) => count + value.split(',').filter((item) => item.trim() !== '').length, 0)
}
