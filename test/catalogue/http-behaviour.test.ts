/**
 * HTTP behaviour over real HTTP: problem responses for bad input, 405, CORS on everything,
 * ETag/304, compression, HEAD and preflight, and no 5xx whatever the input.
 */
import { brotliDecompressSync, gunzipSync } from 'node:zlib'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Problem } from '../../src/api/catalogue-schemas'
import { MAX_QUERY_LENGTH } from '../../src/api/limits'
import { startCatalogue, type RunningCatalogue } from '../support/catalogue'
import { rawRequest, type RawRequestOptions, type RawResponse } from '../support/raw-http'

let service: RunningCatalogue
/** The whole catalogue, which the table of bad inputs is asked of too. */
let full: RunningCatalogue

beforeAll(async () => {
  ;[service, full] = await Promise.all([startCatalogue(), startCatalogue({ data: 'full' })])
})

afterAll(async () => {
  await Promise.all([service?.close(), full?.close()])
})

const raw = (path: string, options?: RawRequestOptions) => rawRequest(service.url, path, options)

function expectProblem(response: RawResponse, status: number, code: string): Problem {
  expect(response.status).toBe(status)
  expect(response.headers['content-type']).toMatch(/^application\/problem\+json/)
  expect(response.headers['access-control-allow-origin']).toBe('*')
  const problem = JSON.parse(response.body.toString()) as Problem
  expect(problem).toMatchObject({ status, code, type: expect.any(String), title: expect.any(String) })
  expect(problem.detail.length).toBeGreaterThan(10)
  return problem
}

const BAD_INPUTS: [path: string, status: number, code: string][] = [
  ['/search?q=home&offset=-1', 400, 'invalid_offset'],
  ['/search?q=home&offset=abc', 400, 'invalid_offset'],
  ['/search?q=home&offset=1.5', 400, 'invalid_offset'],
  ['/search?q=home&offset=1e400', 400, 'invalid_offset'],
  ['/search?q=home&offset=', 400, 'invalid_offset'],
  ['/search?q=home&limit=0', 400, 'invalid_limit'],
  ['/search?q=home&limit=97', 400, 'invalid_limit'],
  ['/search?q=home&limit=ten', 400, 'invalid_limit'],
  ['/search?q=home&limit=-1e400', 400, 'invalid_limit'],
  ['/search?style=sparkly', 400, 'unknown_style'],
  ['/search?q=home&style=SOLID', 400, 'unknown_style'],
  [`/search?q=${'a'.repeat(MAX_QUERY_LENGTH + 1)}`, 400, 'query_too_long'],
  ['/search?q=a&q=b', 400, 'repeated_parameter'],
  ['/search?q=home&offset=0&offset=96', 400, 'repeated_parameter'],
  ['/iconsets/lucide/house?format=svg&format=png', 400, 'repeated_parameter'],
  ['/iconsets/lucide/house?format=gif', 400, 'unknown_format'],
  ['/iconsets/lucide/house?format=', 400, 'unknown_format'],
  ['/iconsets/lucide/house?format=%20', 400, 'unknown_format'],
  ['/iconsets/lucide/house?format=png&size=0', 400, 'size_out_of_range'],
  ['/iconsets/lucide/house?format=png&size=1025', 400, 'size_out_of_range'],
  ['/iconsets/lucide/house?format=png&size=99999999999999999999', 400, 'size_out_of_range'],
  // A number has one spelling: plain decimal, no sign, exponent, hex or leading zero.
  ['/iconsets/lucide/house?format=svg&size=-24', 400, 'invalid_size'],
  ['/iconsets/lucide/house?format=png&size=1e400', 400, 'invalid_size'],
  ['/iconsets/lucide/house?format=svg&size=0x10', 400, 'invalid_size'],
  ['/iconsets/lucide/house?format=svg&size=1e1', 400, 'invalid_size'],
  ['/iconsets/lucide/house?format=svg&size=%2B5', 400, 'invalid_size'],
  ['/iconsets/lucide/house?format=svg&size=01', 400, 'invalid_size'],
  ['/iconsets/lucide/house?format=svg&size=%2024', 400, 'invalid_size'],
  ['/search?q=home&limit=0x10', 400, 'invalid_limit'],
  ['/search?q=home&offset=010', 400, 'invalid_offset'],
  ['/iconsets/lucide/house?format=png&size=big', 400, 'invalid_size'],
  ['/iconsets/lucide/house?format=png&size=12.5', 400, 'invalid_size'],
  ['/iconsets/lucide/house?format=svg&color=red', 400, 'invalid_color'],
  ['/iconsets/lucide/house?format=svg&color=%23ff00', 400, 'invalid_color'],
  ['/iconsets/lucide/house?format=svg&color=%23ff', 400, 'invalid_color'],
  ['/iconsets/lucide/house?format=svg&color=%23gggggg', 400, 'invalid_color'],
  ['/iconsets/lucide/house?size=32', 400, 'format_required'],
  ['/iconsets/lucide/house?color=%23000000', 400, 'format_required'],
  ['/%E0%A4%A', 400, 'malformed_url'],
  ['/iconsets/%E0%A4%A/house', 400, 'malformed_url'],
  // The same bytes in the query string as in the path: an overlong '/', a cut escape, no hex.
  ['/search?q=%C0%AF', 400, 'malformed_url'],
  ['/search?q=%E0%A4%A', 400, 'malformed_url'],
  ['/search?q=100%', 400, 'malformed_url'],
  ['/iconsets/lucide/house?format=svg&color=%ZZ', 400, 'malformed_url'],
  ['/iconsets/lucide?junk=%C0%AF', 400, 'malformed_url'],
  // Every route's query, in a value or a name: a lone '%', one hex digit, a cut or overlong sequence, a surrogate, past U+10FFFF.
  ['/?x=%', 400, 'malformed_url'],
  ['/iconsets?%zz', 400, 'malformed_url'],
  ['/iconsets/lucide/equivalents?icons=lucide%3Ahouse%E0%A4%A', 400, 'malformed_url'],
  ['/styles?q%=solid', 400, 'malformed_url'],
  ['/styles/solid?x=%4', 400, 'malformed_url'],
  ['/openapi.json?x=%ED%A0%80', 400, 'malformed_url'],
  ['/healthz?x=%F4%90%80%80', 400, 'malformed_url'],
  ['/readyz?x=%C0%AF', 400, 'malformed_url'],
  ['/search?q=home&%zz=1', 400, 'malformed_url'],
  // Before the query is read at all: a path nothing is at, however its query is spelt.
  ['/nowhere?q=%zz', 404, 'not_found'],
  ['/nowhere', 404, 'not_found'],
  ['/iconsets/lucide/house/extra', 404, 'not_found'],
  ['/iconsets/nope', 404, 'iconset_not_found'],
  ['/iconsets/nope/house', 404, 'iconset_not_found'],
  ['/iconsets/lucide/no-such-icon', 404, 'icon_not_found'],
  ['/iconsets/lucide/no-such-icon?format=png&size=32', 404, 'icon_not_found'],
  ['/iconsets/..', 404, 'iconset_not_found'],
  ['/iconsets/lucide/..%2F..%2Fpackage.json', 404, 'icon_not_found'],
  ['/iconsets/%2E%2E/house', 404, 'iconset_not_found'],
  ['/iconsets/lucide%00/house', 404, 'iconset_not_found'],
  ['/iconsets/lucide/house%00?format=svg', 404, 'icon_not_found'],
  [`/iconsets/${'x'.repeat(400)}`, 404, 'iconset_not_found'],
  ['/styles/sparkly', 404, 'style_not_found'],
  ['/styles/..', 404, 'style_not_found']
]

describe('bad input', () => {
  it.each(BAD_INPUTS)('%s is a %i problem with code %s, of the fixture and of the whole catalogue', async (path, status, code) => {
    for (const running of [service, full]) expectProblem(await rawRequest(running.url, path), status, code)
  })

  it('never answers 5xx to garbage: random paths, parameters and encodings', async () => {
    // Seeded, so a failure names a reproducible input.
    let seed = 20261122
    const random = () => ((seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31)
    const pick = <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)]!
    const pieces = ['', 'lucide', 'house', '..', '.', '%00', '%2F', '%E0%A4%A', '%FF', '%', '%%', '~', 'a'.repeat(300), '%F0%9F%98%80', '\\', 'constructor', '__proto__', 'toString', '*', '?', '#']
    const keys = ['q', 'style', 'offset', 'limit', 'format', 'size', 'color', '__proto__', 'constructor', '']
    const values = ['', '0', '-0', '1e400', '-1', '96', '97', 'NaN', 'Infinity', '0x10', '1.5', 'svg', 'png', 'solid', '%23ffffff', '%00', '%E0%A4%A', '[]', '{}', 'a'.repeat(500)]
    for (let i = 0; i < 300; i++) {
      const base = pick(['/', '/search', '/iconsets', '/styles', '/iconsets/lucide', '/iconsets/lucide/house', '/styles/solid', '/openapi.json'])
      const path = random() < 0.5 ? base : `${base}/${pick(pieces)}${random() < 0.3 ? `/${pick(pieces)}` : ''}`
      const query = Array.from({ length: Math.floor(random() * 4) }, () => `${pick(keys)}=${pick(values)}`).join('&')
      const url = query === '' ? path : `${path}?${query}`
      const response = await raw(url)
      expect(response.status, url).toBeLessThan(500)
      if (response.status >= 400) expect(response.headers['content-type'], url).toMatch(/^application\/problem\+json/)
    }
    expect((await raw('/')).status).toBe(200)
  })

  it('accepts odd but valid text, and ignores unknown query parameters', async () => {
    for (const q of ['%00', '%F0%9F%8F%A0', '..%2F..', '%25%25', '%3Cscript%3E', '+++', 'a'.repeat(MAX_QUERY_LENGTH)]) {
      const response = await raw(`/search?q=${q}`)
      expect(response.status, q).toBe(200)
    }
    expect((await raw('/search?q=home&utm_source=figma')).status).toBe(200)
    // A '%' typed by a designer arrives as %25.
    const percent = await raw('/search?q=100%25')
    expect(percent.status).toBe(200)
    expect((JSON.parse(percent.body.toString()) as { query: string }).query).toBe('100%')
    expect((await raw('/iconsets/lucide/house?format=svg&v=2')).status).toBe(200)
  })

  it('reads a format and a colour with spaces around them as without, as it does a style and a set', async () => {
    const plain = await raw('/iconsets/lucide/house?format=svg&size=24&color=%23ff6600')
    const padded = await raw('/iconsets/lucide/house?format=%20svg%20&size=24&color=+%23ff6600+')
    expect(padded.status).toBe(200)
    expect(padded.headers.etag).toBe(plain.headers.etag)
    expect(padded.body.equals(plain.body)).toBe(true)
  })

  it('refuses bad %-encoding in the query of a HEAD or a preflight as of a GET', async () => {
    for (const path of ['/?x=%zz', '/search?q=%C0%AF', '/iconsets/lucide/house?format=svg&color=%', '/styles/solid?%E0%A4%A']) {
      const head = await raw(path, { method: 'HEAD' })
      expect(head.status, path).toBe(400)
      expect(head.headers['content-type'], path).toMatch(/^application\/problem\+json/)
      const preflight = await raw(path, { method: 'OPTIONS', headers: { origin: 'null', 'access-control-request-method': 'GET' } })
      expect(preflight.body.equals((await raw(path)).body), path).toBe(true)
      expectProblem(preflight, 400, 'malformed_url')
    }
  })

  it('refuses every method but GET, HEAD and OPTIONS with 405 and an Allow header', async () => {
    for (const method of ['POST', 'PUT', 'PATCH', 'DELETE', 'TRACE']) {
      for (const path of ['/', '/search?q=home', '/iconsets/lucide/house', '/nowhere']) {
        const response = await raw(path, { method, headers: { 'content-type': 'application/xml' }, body: method === 'TRACE' ? undefined : '<x/>' })
        expectProblem(response, 405, 'method_not_allowed')
        expect(response.headers.allow).toBe('GET, HEAD, OPTIONS')
      }
    }
  })

  it('answers the asterisk request target only for OPTIONS, with the methods the API allows', async () => {
    const options = await raw('*', { method: 'OPTIONS' })
    expect(options.status).toBe(204)
    expect(options.headers.allow).toBe('GET, HEAD, OPTIONS')
    for (const method of ['GET', 'HEAD']) {
      const refused = await raw('*', { method })
      expect(refused.status).toBe(400)
      expect(refused.headers['content-type']).toContain('application/problem+json')
      if (method === 'GET') expect((JSON.parse(refused.body.toString()) as Problem).code).toBe('malformed_url')
    }
  })

  it('refuses CONNECT with a 405 problem and an Allow header, instead of closing the socket unanswered', async () => {
    const { port } = new URL(service.url)
    const { connect } = await import('node:net')
    const text = await new Promise<string>((resolve, reject) => {
      const socket = connect(Number(port), '127.0.0.1', () => socket.write('CONNECT /search HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n'))
      let received = ''
      socket.on('data', (chunk) => (received += chunk.toString()))
      socket.on('end', () => resolve(received))
      socket.on('error', reject)
    })
    const [head = '', body = ''] = text.split('\r\n\r\n')
    expect(head).toMatch(/^HTTP\/1\.1 405/)
    expect(head.toLowerCase()).toContain('allow: get, head, options')
    expect(head.toLowerCase()).toContain('content-type: application/problem+json')
    expect(head.toLowerCase()).toContain('access-control-allow-origin: *')
    expect((JSON.parse(body) as Problem).code).toBe('method_not_allowed')
    expect((await raw('/')).status).toBe(200)
  })

  it('answers malformed HTTP with a 400 problem and keeps serving', async () => {
    const { port } = new URL(service.url)
    const { connect } = await import('node:net')
    const text = await new Promise<string>((resolve, reject) => {
      const socket = connect(Number(port), '127.0.0.1', () => socket.write('GARBAGE \x00\x01 HTTP/1.1\r\n\r\n'))
      let received = ''
      socket.on('data', (chunk) => (received += chunk.toString()))
      socket.on('end', () => resolve(received))
      socket.on('error', reject)
    })
    expect(text).toMatch(/^HTTP\/1\.1 400/)
    expect(text).toContain('application/problem+json')
    expect((await raw('/')).status).toBe(200)
  })
})

describe('CORS', () => {
  it('allows any origin on successes, errors, 304s and 405s', async () => {
    const ok = await raw('/search?q=home', { headers: { origin: 'null' } })
    expect(ok.headers['access-control-allow-origin']).toBe('*')
    const etag = String(ok.headers.etag)
    const notModified = await raw('/search?q=home', { headers: { origin: 'null', 'if-none-match': etag } })
    expect(notModified.status).toBe(304)
    expect(notModified.headers['access-control-allow-origin']).toBe('*')
    expect((await raw('/nowhere', { headers: { origin: 'null' } })).headers['access-control-allow-origin']).toBe('*')
    expect((await raw('/search?offset=-1', { headers: { origin: 'null' } })).headers['access-control-allow-origin']).toBe('*')
    expect((await raw('/', { method: 'DELETE', headers: { origin: 'null' } })).headers['access-control-allow-origin']).toBe('*')
    const png = await raw('/iconsets/lucide/house?format=png&size=32', { headers: { origin: 'null' } })
    expect(png.headers['access-control-allow-origin']).toBe('*')
  })

  it('lets the null-origin iframe read Retry-After, Allow and ETag, on answers from fastify and from below it', async () => {
    const exposed = (response: RawResponse) =>
      String(response.headers['access-control-expose-headers'] ?? '')
        .toLowerCase()
        .split(/\s*,\s*/)
    const answers = [
      await raw('/search?q=home', { headers: { origin: 'null' } }),
      await raw('/', { method: 'DELETE', headers: { origin: 'null' } }),
      // Refused by the Node server before fastify sees it (http-server.ts).
      await raw('/', { headers: { origin: 'null', expect: 'teapot' } })
    ]
    expect(answers.map((response) => response.status)).toEqual([200, 405, 417])
    for (const response of answers) expect(exposed(response)).toEqual(expect.arrayContaining(['retry-after', 'allow', 'etag']))
  })

  it('answers a preflight from the null-origin Figma iframe', async () => {
    const response = await raw('/search?q=home', {
      method: 'OPTIONS',
      headers: { origin: 'null', 'access-control-request-method': 'GET', 'access-control-request-headers': 'if-none-match' }
    })
    expect(response.status).toBe(204)
    expect(response.headers['access-control-allow-origin']).toBe('*')
    expect(String(response.headers['access-control-allow-methods'])).toContain('GET')
    expect(response.headers.allow).toBe('GET, HEAD, OPTIONS')
    // A plain OPTIONS, not a preflight, is told the methods the path takes (RFC 9110 §9.3.7).
    const plain = await raw('/iconsets', { method: 'OPTIONS' })
    expect([plain.status, plain.headers.allow]).toEqual([204, 'GET, HEAD, OPTIONS'])
    // The same security headers as every other answer.
    expect(response.headers['x-content-type-options']).toBe('nosniff')
    expect(response.headers['content-security-policy']).toContain("frame-ancestors 'none'")
    expect(response.headers['referrer-policy']).toBe('no-referrer')
  })

  it('ignores one trailing slash: the same resource, with the same ETag; two are nothing', async () => {
    for (const [slashed, plain] of [
      ['/iconsets/lucide/house/', '/iconsets/lucide/house'],
      ['/search/?q=home', '/search?q=home'],
      ['/iconsets/', '/iconsets']
    ]) {
      const [a, b] = await Promise.all([raw(slashed!), raw(plain!)])
      expect([a.status, a.headers.etag], slashed).toEqual([200, b.headers.etag])
    }
    expectProblem(await raw('/search//?q=home'), 404, 'not_found')
  })

  it('allows back only the header names a preflight asks for, each once, never what is not a name, on any path', async () => {
    for (const path of ['/search', '/nowhere']) {
      const allowed = async (asked: string) =>
        (await raw(path, { method: 'OPTIONS', headers: { origin: 'null', 'access-control-request-method': 'GET', 'access-control-request-headers': asked } })).headers[
          'access-control-allow-headers'
        ]
      expect(await allowed('If-None-Match, x-trace,if-none-match'), path).toBe('if-none-match, x-trace')
      expect(await allowed('<script>, foo bar, x-ok'), path).toBe('x-ok')
      expect(await allowed('<script>, foo bar'), path).toBeUndefined()
      expect(await allowed(''), path).toBeUndefined()
      expect(String(await allowed(Array.from({ length: 500 }, (_, index) => `x-${index}`).join(','))).split(', '), path).toHaveLength(32)
    }
  })

  it('answers OPTIONS on a path the API does not serve with the same 404 problem as GET', async () => {
    for (const path of ['/nowhere', '/iconsets/lucide/house/extra', '/search/more']) {
      const preflight = await raw(path, { method: 'OPTIONS', headers: { origin: 'null', 'access-control-request-method': 'GET' } })
      expectProblem(preflight, 404, 'not_found')
      expect(preflight.body.equals((await raw(path)).body)).toBe(true)
    }
    for (const path of ['/', '/iconsets/lucide', '/iconsets/lucide/house?format=svg', '/styles/solid', '/healthz', '/openapi.json']) {
      expect((await raw(path, { method: 'OPTIONS' })).status, path).toBe(204)
    }
  })
})

describe('caching', () => {
  const PATHS = ['/', '/search?q=home', '/iconsets', '/iconsets/lucide', '/iconsets/lucide/house', '/iconsets/lucide/house?format=svg&size=32', '/iconsets/lucide/house?format=png&size=32', '/styles', '/styles/solid', '/openapi.json']

  it.each(PATHS)('%s carries an ETag and Cache-Control, and If-None-Match gets a 304', async (path) => {
    const first = await raw(path)
    expect(first.status).toBe(200)
    const etag = first.headers.etag as string
    expect(etag).toMatch(/^(W\/)?"[^"]+"$/)
    expect(first.headers['cache-control']).toMatch(/max-age=\d+/)
    const again = await raw(path, { headers: { 'if-none-match': etag } })
    expect(again.status).toBe(304)
    expect(again.body.length).toBe(0)
    expect(again.headers.etag).toBe(etag)
    expect((await raw(path, { headers: { 'if-none-match': `"other", W/${etag}` } })).status).toBe(304)
    expect((await raw(path, { headers: { 'if-none-match': '"stale"' } })).status).toBe(200)
  })

  it.each(PATHS)('%s is sent for an If-Match of its ETag or *, and refused with a 412 problem for another (RFC 9110 §13.1.1)', async (path) => {
    const etag = (await raw(path)).headers.etag as string
    for (const holds of [etag, `"other", ${etag}`, '*']) expect((await raw(path, { headers: { 'if-match': holds } })).status, holds).toBe(200)
    // Compared strongly: a weak tag never matches.
    for (const fails of ['"other"', `W/${etag}`]) {
      const refused = await raw(path, { headers: { 'if-match': fails } })
      expect(refused.status, fails).toBe(412)
      expect(refused.headers['content-type']).toMatch(/^application\/problem\+json/)
      expect((JSON.parse(refused.body.toString()) as { code: string }).code).toBe('precondition_failed')
      expect(refused.headers.etag).toBeUndefined()
      // Nor named as the file the icon would be saved as: a problem saved is no SVG or PNG.
      expect(refused.headers['content-disposition']).toBeUndefined()
    }
  })

  it('refuses an If-Match of another ETag on a PNG rendered for that very request, and keeps serving', async () => {
    // A size asked for nowhere else, so the PNG is rendered (on the worker pool) for this request.
    const path = '/iconsets/lucide/house?format=png&size=77'
    const refused = await raw(path, { headers: { 'if-match': '"other"' } })
    expect(refused.status).toBe(412)
    expect(refused.headers['content-disposition']).toBeUndefined()
    expect((JSON.parse(refused.body.toString()) as { code: string }).code).toBe('precondition_failed')
    expect((await raw(path)).status).toBe(200)
  })

  it('compresses JSON and SVG with br or gzip as the client accepts, from a large set listing to a single icon', async () => {
    for (const path of ['/iconsets/lucide', '/search', '/openapi.json', '/iconsets/lucide/house?format=svg&size=24', '/iconsets/lucide/house']) {
      const identity = await raw(path)
      expect(identity.headers['content-encoding']).toBeUndefined()
      const gzip = await raw(path, { headers: { 'accept-encoding': 'gzip' } })
      expect(gzip.headers['content-encoding'], path).toBe('gzip')
      expect(gunzipSync(gzip.body).equals(identity.body)).toBe(true)
      const br = await raw(path, { headers: { 'accept-encoding': 'gzip, deflate, br' } })
      expect(br.headers['content-encoding'], path).toBe('br')
      expect(brotliDecompressSync(br.body).equals(identity.body)).toBe(true)
      expect(br.headers.vary).toMatch(/accept-encoding/i)
      // Each coding's bytes are another representation, with their own strong ETag (RFC 9110 §8.8.3).
      expect(new Set([identity.headers.etag, gzip.headers.etag, br.headers.etag]).size, path).toBe(3)
      // A 304 only for the ETag of the coding this request gets, as nginx compares them.
      for (const [coding, etag] of [['gzip', gzip.headers.etag], ['br', br.headers.etag]]) {
        expect((await raw(path, { headers: { 'accept-encoding': String(coding), 'if-none-match': String(etag) } })).status, `${path} with ${etag}`).toBe(304)
        expect((await raw(path, { headers: { 'if-none-match': String(etag) } })).status, `${path} with ${etag} and no coding`).toBe(200)
      }
    }
  })

  it('does not compress PNGs, and honours q=0', async () => {
    const png = await raw('/iconsets/lucide/house?format=png&size=512', { headers: { 'accept-encoding': 'gzip, br' } })
    expect(png.headers['content-encoding']).toBeUndefined()
    const refused = await raw('/iconsets/lucide', { headers: { 'accept-encoding': 'br;q=0, gzip' } })
    expect(refused.headers['content-encoding']).toBe('gzip')
  })

  it('answers HEAD with the headers of GET and no body', async () => {
    const get = await raw('/iconsets/lucide')
    const head = await raw('/iconsets/lucide', { method: 'HEAD' })
    expect(head.status).toBe(200)
    expect(head.body.length).toBe(0)
    expect(head.headers.etag).toBe(get.headers.etag)
    expect(head.headers['content-type']).toBe(get.headers['content-type'])
  })

  it('answers a conditional HEAD with a 304 that carries no length but the 200\'s (RFC 9110 §8.6), in each coding', async () => {
    for (const path of ['/iconsets/lucide', '/search?q=home', '/iconsets/lucide/house?format=png&size=48']) {
      for (const coding of ['identity', 'br']) {
        const headers = { 'accept-encoding': coding }
        const get = await raw(path, { headers })
        const head = await raw(path, { method: 'HEAD', headers: { ...headers, 'if-none-match': String(get.headers.etag) } })
        expect(head.status, `${path} in ${coding}`).toBe(304)
        expect(head.body.length, `${path} in ${coding}`).toBe(0)
        expect(head.headers['content-length'], `${path} in ${coding}`).toBe(String(get.body.length))
        expect(head.headers.etag, `${path} in ${coding}`).toBe(get.headers.etag)
      }
    }
  })
})
