/**
 * The main thread's own door to the catalogue, for Quick Actions, which run without the UI. Figma's
 * sandbox `fetch` takes a string URL and plain-object headers and has no AbortController or
 * URLSearchParams (https://developers.figma.com/docs/plugins/api/properties/global-fetch/), so URLs
 * come from the shared builders (src/api/catalogue-urls.ts, which need neither) and a timeout races
 * the request. The manifest's networkAccess applies here as
 * in the UI (https://developers.figma.com/docs/plugins/making-network-requests/).
 */
import type { IconDetail, IconSetList, SearchResult, StyleList } from '../../api/catalogue-schemas'
import { iconsetsUrl, iconUrl, searchUrl, stylesUrl } from '../../api/catalogue-urls'
import { isSvgText, notSvgMessage } from '../../api/svg-text'
import { isIconDetail, isIconSetList, isSearchPage, isStyleList, withFamilies, type Guard } from '../shared/response-shapes'

declare const __ICON_CATALOGUE_URL__: string | undefined

export const MAIN_TIMEOUT_MS = 10_000

/** The catalogue base URL: a host's override (the playground runs the catalogue elsewhere), else the one baked in at build time. */
export function mainCatalogueUrl(): string {
  if (typeof __ICON_CATALOGUE_URL__ === 'string' && __ICON_CATALOGUE_URL__ !== '') return __ICON_CATALOGUE_URL__
  return CATALOGUE_URL
}

export interface MainCatalogue {
  search(text: string, limit: number): Promise<SearchResult>
  icon(iconset: string, slug: string): Promise<IconDetail>
  iconsets(): Promise<IconSetList>
  styles(): Promise<StyleList>
  svg(iconset: string, slug: string, render: { size: number; color: string }): Promise<string>
}

export function createMainCatalogue(baseUrl: string, timeoutMs = MAIN_TIMEOUT_MS): MainCatalogue {
  const base = baseUrl.replace(/\/+$/, '')
  const unreachable = `Can't reach the icon catalogue at ${base}. Check that it is running, then try again.`

  /** The body of `url` as `read` takes it, within the timeout from asking to the last byte: a body that stalls fails as a silent server does. */
  async function get<T>(url: string, accept: string, read: (response: Awaited<ReturnType<typeof fetch>>) => Promise<T>): Promise<T> {
    let timer: ReturnType<typeof setTimeout> | undefined
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Error(`The icon catalogue did not answer within ${timeoutMs / 1000} s. Try again.`)), timeoutMs)
    })
    const answer = async () => {
      const response = await fetch(url, { headers: { accept } }).catch(() => Promise.reject(new Error(unreachable)))
      if (!response.ok) throw new Error(`The icon catalogue answered ${response.status} for ${url.slice(base.length)}.`)
      return read(response)
    }
    try {
      return await Promise.race([answer(), timeout])
    } finally {
      clearTimeout(timer)
    }
  }

  async function getJson<T>(url: string, guard: Guard<T>, what: string): Promise<T> {
    const body = await get(url, 'application/json', (response) => response.json() as Promise<unknown>)
    if (!guard(body)) throw new Error(`The icon catalogue sent ${what} in an unexpected shape.`)
    return body
  }

  return {
    search: async (text, limit) => withFamilies(await getJson(searchUrl(base, { limit, q: text, svg: true, families_only: true }), isSearchPage, 'search results')),
    icon: (iconset, slug) => getJson(iconUrl(base, iconset, slug), isIconDetail, 'an icon'),
    iconsets: () => getJson(iconsetsUrl(base), isIconSetList, 'the list of icon sets'),
    styles: () => getJson(stylesUrl(base), isStyleList, 'the list of styles'),
    async svg(iconset, slug, render) {
      const text = await get(iconUrl(base, iconset, slug, { format: 'svg', size: render.size, color: render.color }), 'image/svg+xml', (response) => response.text())
      if (!isSvgText(text)) throw new Error(notSvgMessage(iconset, slug))
      return text
    }
  }
}
