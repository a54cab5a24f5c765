/**
 * URL builders for the catalogue, shared by the service (to write absolute links) and the
 * plugin UI (to call it). Pure string work, safe for the browser bundle.
 */
import type { IconFormat, SearchRequest } from './catalogue-schemas'

export interface RenderParams {
  format: IconFormat
  size?: number
  /** `#rrggbb`, replaces currentColor. */
  color?: string
}

function join(base: string, path: string): string {
  return base.replace(/\/+$/, '') + path
}

type QueryValue = string | number | boolean | readonly string[] | null | undefined

/** Blank and false values are left out; a list is one comma-separated value. */
function withQuery(url: string, params: Readonly<Record<string, QueryValue>>): string {
  const query = new URLSearchParams()
  for (const [key, value] of Object.entries(params)) {
    const text = Array.isArray(value) ? value.join(',') : value
    if (text !== undefined && text !== null && text !== '' && text !== false) query.set(key, String(text))
  }
  const text = query.toString()
  return text === '' ? url : `${url}?${text}`
}

export function openapiUrl(base: string): string {
  return join(base, '/openapi.json')
}

/**
 * Every field of the request, in name order, so one request always has one URL (one cache entry)
 * whichever order its fields were set in.
 */
export function searchUrl(base: string, request: SearchRequest = {}): string {
  const fields: Record<string, QueryValue> = request
  const ordered = Object.fromEntries(Object.keys(fields).sort().map((key) => [key, fields[key]]))
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
    icons: icons.map((icon) => `${icon.iconset}:${icon.icon}`)
  })
}

export function stylesUrl(base: string): string {
  return join(base, '/styles')
}

export function styleUrl(base: string, style: string): string {
  return join(base, `/styles/${encodeURIComponent(style)}`)
}
