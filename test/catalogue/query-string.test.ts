/**
 * The router's query string parser reads a well-formed query as fastify's default parser
 * (fast-querystring) does, and marks one with bad %-encoding anywhere, name or value, as malformed
 * instead of keeping the escapes as they were typed. It takes the spaces from around a value picked
 * from a list or written as a code (style, format, color), and from around nothing else.
 */
import fastQuerystring from 'fast-querystring'
import { describe, expect, it } from 'vitest'
import { MALFORMED_QUERY, parseQueryString } from '../../src/catalogue/query-string'

/** A parse as a plain object, to compare (both parsers make objects without a prototype). */
const plain = (parsed: object) => ({ ...parsed })

describe('parseQueryString', () => {
  it.each([
    ['', {}],
    ['q=home', { q: 'home' }],
    ['q=arrow+left', { q: 'arrow left' }],
    ['q=caf%C3%A9&style=solid', { q: 'café', style: 'solid' }],
    ['q=100%25', { q: '100%' }],
    ['q=%2B5', { q: '+5' }],
    ['iconset=lucide&iconset=ph&iconset=tabler', { iconset: ['lucide', 'ph', 'tabler'] }],
    ['q=a&q=', { q: ['a', ''] }],
    ['q', { q: '' }],
    ['q=', { q: '' }],
    ['=x', { '': 'x' }],
    ['a=b=c', { a: 'b=c' }],
    ['&&q=a&&', { q: 'a' }],
    ['%71=a', { q: 'a' }],
    ['my+key=1', { 'my key': '1' }],
    ['q=%F0%9F%8F%A0', { q: '🏠' }]
  ])('reads %j as fastify would', (query, expected) => {
    expect(plain(parseQueryString(query))).toStrictEqual(expected)
    expect(plain(parseQueryString(query))).toStrictEqual(plain(fastQuerystring.parse(query)))
  })

  it('takes the spaces from around a style, a format and a colour, and leaves a query, a number and a boolean as typed', () => {
    expect(plain(parseQueryString('style=+solid+&format=%20svg%09&color=%20%23f60&q=+home+&size=+24&svg=true+&style=%20'))).toStrictEqual({
      style: ['solid', ''],
      format: 'svg',
      color: '#f60',
      q: ' home ',
      size: ' 24',
      svg: 'true '
    })
  })

  it('makes __proto__ and constructor names like any other', () => {
    const parsed = parseQueryString('__proto__=x&constructor=y')
    expect(Object.getPrototypeOf(parsed)).toBeNull()
    expect(Object.entries(parsed)).toStrictEqual([
      ['__proto__', 'x'],
      ['constructor', 'y']
    ])
  })

  it('agrees with fastify on every well-formed query made of awkward pieces', () => {
    // Seeded, so a failure names a reproducible query.
    let seed = 20261126
    const random = () => ((seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31)
    const pieces = ['', 'q', 'a', '=', '&', '+', '%20', '%25', '%26', '%3D', '%2B', '%C3%A9', '%F0%9F%98%80', '%00', '__proto__', 'x']
    for (let i = 0; i < 2000; i++) {
      const query = Array.from({ length: Math.floor(random() * 8) }, () => pieces[Math.floor(random() * pieces.length)]).join('')
      expect(plain(parseQueryString(query)), query).toStrictEqual(plain(fastQuerystring.parse(query)))
    }
  })

  it.each([
    ['a lone %', 'q=100%'],
    ['a % and one hex digit', 'q=%4'],
    ['no hex after %', 'q=%zz'],
    ['a cut UTF-8 sequence', 'q=%E0%A4%A'],
    ['an overlong UTF-8 /', 'q=%C0%AF'],
    ['an encoded surrogate', 'q=%ED%A0%80'],
    ['a code point past U+10FFFF', 'q=%F4%90%80%80'],
    ['bad encoding in a name', 'q%=a'],
    ['bad encoding in a name without a value', 'q=a&%zz'],
    ['bad encoding after good pairs', 'q=home&style=solid&junk=%C0%AF']
  ])('marks %s as malformed', (_, query) => {
    expect(parseQueryString(query)).toBe(MALFORMED_QUERY)
  })
})
