/**
 * URL builders for the catalogue, shared by the service (to write absolute links) and the
 * plugin UI (to call it). Pure string work, safe for the browser bundle.
 */
import type { IconFormat } from './catalogue-schemas'

export interface SearchParams {
  q?: string
  style?: string | null
  offset?: number
  limit?: number
}

export interface RenderParams {
  format: IconFormat
  size?: number
  /** `#rrggbb`, replaces currentColor. */
  color?: string
}

function join(base: string, path: string): string {
  return base.replace(/\/+$/, '') + path
}

function withQuery(url: string, params: Record<string, string | number | null | undefined>): string {
  const query = new URLSearchParams()
  for (const [key, value] of Object.entries(params)) {
    if (value !== undefined && value !== null && value !== '') query.set(key, String(value))
  }
  const text = query.toString()
  return text === '' ? url : `${url}?${text}`
}

export function openapiUrl(base: string): string {
  return join(base, '/openapi.json')
}

export function searchUrl(base: string, params: SearchParams = {}): string {
  return withQuery(join(base, '/search'), {
    q: params.q,
    style: params.style,
    offset: params.offset,
    limit: params.limit
  })
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

export function stylesUrl(base: string): string {
  return join(base, '/styles')
}

export function styleUrl(base: string, style: string): string {
  return join(base, `/styles/${encodeURIComponent(style)}`)
}
