/**
 * The fast path reads a search URL only where it reads it as the route's validation would: plain
 * parameters, each well-formed and in range. Everything else is left to the framework (undefined).
 */
import { describe, expect, it } from 'vitest'
import type { SearchRequest } from '../../src/api/catalogue-schemas'
import { SEARCH_FIELDS, searchUrl } from '../../src/api/catalogue-urls'
import { readSearchUrl } from '../../src/catalogue/search-url'

describe('readSearchUrl', () => {
  it('reads plain search URLs, with the defaults validation fills in', () => {
    expect(readSearchUrl('/search')).toStrictEqual({ offset: 0, limit: 96 })
    expect(readSearchUrl('/search?q=arrow+left')).toStrictEqual({ q: 'arrow left', offset: 0, limit: 96 })
    expect(readSearchUrl('/search?q=caf%C3%A9&style=solid&offset=24&limit=12&svg=true')).toStrictEqual({
      q: 'café',
      style: 'solid',
      svg: true,
      offset: 24,
      limit: 12
    })
    // The plugin's grid asks for families alone: its every search is a new URL.
    expect(readSearchUrl('/search?families_only=true&limit=96&q=home&svg=true')).toStrictEqual({
      q: 'home',
      svg: true,
      families_only: true,
      offset: 0,
      limit: 96
    })
    expect(readSearchUrl('/search?iconset=lucide&iconset=ph%2Ctabler&style=')).toStrictEqual({
      style: '',
      iconset: ['lucide', 'ph,tabler'],
      offset: 0,
      limit: 96
    })
  })

  it('reads every parameter the URL builders write, so that none sends a search to the framework', () => {
    const every: Required<SearchRequest> = { q: 'a', style: 'solid', iconset: ['lucide'], offset: 1, limit: 2, svg: true, families_only: true }
    expect(Object.keys(every).sort()).toStrictEqual(Object.keys(SEARCH_FIELDS).sort())
    expect(readSearchUrl(searchUrl('', every))).toStrictEqual(every)
  })

  it.each([
    ['another path', '/searches?q=a'],
    ['a trailing slash', '/search/?q=a'],
    ['an unknown parameter', '/search?q=a&utm_source=x'],
    ['a parameter given twice', '/search?q=a&q=b'],
    ['a parameter without a value', '/search?q'],
    ['an encoded parameter name', '/search?%71=a'],
    ['bad %-encoding', '/search?q=%E0%A4%A'],
    ['an overlong UTF-8 escape', '/search?q=%C0%AF'],
    ['a fragment', '/search?q=a#b'],
    ['an unknown style', '/search?style=glossy'],
    ['a loose number', '/search?offset=01'],
    ['a signed number', '/search?offset=-1'],
    ['a limit of 0', '/search?limit=0'],
    ['a limit above 96', '/search?limit=97'],
    ['a number too long to be exact', '/search?offset=1234567890123456'],
    ['svg as 1', '/search?svg=1'],
    ['families_only given twice', '/search?families_only=true&families_only=false'],
    ['a query over 200 characters', `/search?q=${'a'.repeat(201)}`],
    ['41 sets', `/search?${Array.from({ length: 41 }, (_, i) => `iconset=s${i}`).join('&')}`]
  ])('leaves %s to the framework', (_, url) => {
    expect(readSearchUrl(url)).toBeUndefined()
  })
})
