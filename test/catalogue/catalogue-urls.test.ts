/**
 * The URL builders write query strings by hand, for speed, exactly as URLSearchParams would:
 * form encoding, spaces as '+', blank and false values left out, lists joined by commas; and
 * without URLSearchParams or URL, which Figma's main-thread sandbox has not.
 */
import { afterEach, describe, expect, it, vi } from 'vitest'
import type { SearchRequest } from '../../src/api/catalogue-schemas'
import { iconUrl, SEARCH_FIELDS, searchUrl } from '../../src/api/catalogue-urls'

function asUrlSearchParams(base: string, request: SearchRequest): string {
  const params = new URLSearchParams()
  const fields = request as Record<string, unknown>
  for (const key of Object.keys(fields).sort()) {
    const value = fields[key]
    const text = Array.isArray(value) ? value.join(',') : value
    if (text !== undefined && text !== null && text !== '' && text !== false) params.set(key, String(text))
  }
  const query = params.toString()
  return `${base}/search${query === '' ? '' : `?${query}`}`
}

afterEach(() => void vi.unstubAllGlobals())

describe('searchUrl', () => {
  const texts = ['arrow left', 'café', 'x+y', 'a&b=c', "!'()~*._-", '', 'mdi:account-circle', '100%', '\u{1F600}', 'lone \ud800 half', 'tab\there', '#hash', '/slash?']
  it.each(texts)('writes %j as URLSearchParams would', (q) => {
    for (const style of [undefined, 'solid', ''] as const) {
      for (const request of [{ q, style }, { q, style, offset: 5, limit: 12, iconset: ['lucide', 'ph,tabler'], svg: true }, { q, svg: false }]) {
        expect(searchUrl('https://icons.example/api', request)).toBe(asUrlSearchParams('https://icons.example/api', request))
      }
    }
  })

  it.each(texts)('writes %j without URLSearchParams or URL, as the main thread must', (q) => {
    const request = { q, iconset: ['lucide'], svg: true }
    const expected = asUrlSearchParams('https://icons.example/api', request)
    vi.stubGlobal('URLSearchParams', undefined)
    vi.stubGlobal('URL', undefined)
    expect(searchUrl('https://icons.example/api', request)).toBe(expected)
    expect(iconUrl('', 'lucide', 'house', { format: 'svg', size: 24, color: '#0f6cbd' })).toBe('/iconsets/lucide/house?format=svg&size=24&color=%230f6cbd')
  })

  it('writes the fields in name order, whichever order they were set in', () => {
    expect(Object.keys(SEARCH_FIELDS)).toEqual(Object.keys(SEARCH_FIELDS).sort())
    expect(searchUrl('', { svg: true, q: 'home', limit: 5, iconset: ['ph'], style: 'solid', offset: 10 })).toBe(
      '/search?iconset=ph&limit=5&offset=10&q=home&style=solid&svg=true'
    )
  })

  it('writes no field a search request does not have', () => {
    const withJunk = { q: 'home', offset: 2, foo: 'bar', callback: 'x' } as SearchRequest
    expect(searchUrl('', withJunk)).toBe('/search?offset=2&q=home')
  })
})
