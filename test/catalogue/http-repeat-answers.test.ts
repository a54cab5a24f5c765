/**
 * A request answered before from the response cache is answered again without the framework's
 * routing and hooks: the same status, headers and bytes as the first time, for every kind of
 * cached answer and encoding; conditional requests, HEAD, other spellings and a process shutting
 * down are answered as before.
 */
import { connect } from 'node:net'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { Lifecycle } from '../../src/catalogue/lifecycle'
import { startCatalogue, type RunningCatalogue } from '../support/catalogue'
import { rawRequest, type RawResponse } from '../support/raw-http'

let service: RunningCatalogue

beforeAll(async () => {
  service = await startCatalogue()
})

afterAll(async () => {
  await service?.close()
})

const send = rawRequest

/** Headers but the ones Node writes per response (the date). */
function headersOf(response: RawResponse): Record<string, string | string[] | undefined> {
  const { date: _date, ...rest } = response.headers
  return rest
}

const REPEATED = [
  '/',
  '/iconsets',
  '/iconsets/lucide',
  '/iconsets/lucide/house',
  '/iconsets/lucide/house?format=svg&size=32',
  '/iconsets/lucide/house?format=png&size=64',
  '/iconsets/twemoji/calendar?format=svg&size=512&color=%23e11d48',
  '/styles',
  '/styles/solid',
  '/search?q=arrow',
  '/search?limit=96&q=arrow',
  '/search?limit=12&offset=12&q=heart&svg=true'
]

describe('a request answered before', () => {
  it.each(REPEATED)('%s: the same status, headers and bytes every time, in every encoding', async (path) => {
    for (const headers of [{}, { 'accept-encoding': 'gzip, deflate, br' }, { 'accept-encoding': 'gzip' }, { origin: 'null' }] as Array<Record<string, string>>) {
      const first = await send(service.url, path, { headers })
      expect(first.status).toBe(200)
      for (let again = 0; again < 3; again++) {
        const repeat = await send(service.url, path, { headers })
        expect(repeat.status).toBe(200)
        expect(headersOf(repeat)).toStrictEqual(headersOf(first))
        expect(repeat.body.equals(first.body)).toBe(true)
      }
    }
  })

  it('still answers If-None-Match with a 304 and HEAD with headers only', async () => {
    const path = '/search?q=house'
    const first = await send(service.url, path)
    await send(service.url, path)
    const conditional = await send(service.url, path, { headers: { 'if-none-match': String(first.headers.etag) } })
    expect(conditional.status).toBe(304)
    expect(conditional.body.length).toBe(0)
    const head = await send(service.url, path, { method: 'HEAD' })
    expect(head.status).toBe(200)
    expect(head.body.length).toBe(0)
    expect(head.headers.etag).toBe(first.headers.etag)
  })

  it('still refuses bad %-encoding added to a URL answered before', async () => {
    for (const path of ['/iconsets/lucide/house?format=svg&size=32', '/styles/solid', '/search?q=arrow']) {
      await send(service.url, path)
      await send(service.url, path)
      const refused = await send(service.url, `${path}${path.includes('?') ? '&' : '?'}x=%C0%AF`)
      expect(refused.status, path).toBe(400)
      expect(JSON.parse(refused.body.toString())).toMatchObject({ code: 'malformed_url' })
    }
  })

  it('still refuses other methods, and an HTTP/1.1 request without Host', async () => {
    await send(service.url, '/iconsets')
    expect((await send(service.url, '/iconsets', { method: 'DELETE' })).status).toBe(405)
    const { port } = new URL(service.url)
    const answer = await new Promise<string>((resolve, reject) => {
      const socket = connect(Number(port), '127.0.0.1', () => socket.end('GET /iconsets HTTP/1.1\r\nConnection: close\r\n\r\n'))
      let text = ''
      socket.on('data', (chunk: Buffer) => (text += chunk.toString()))
      socket.on('end', () => resolve(text))
      socket.on('error', reject)
    })
    expect(answer).toMatch(/^HTTP\/1\.1 400 /)
    expect(answer).toContain('"missing_host"')
  })

  it('is a 503 problem once the process is shutting down, like any other request', async () => {
    const lifecycle = new Lifecycle()
    const draining = await startCatalogue({ catalogue: service.catalogue, lifecycle })
    try {
      expect((await send(draining.url, '/search?q=star')).status).toBe(200)
      expect((await send(draining.url, '/search?q=star')).status).toBe(200)
      void lifecycle.drain()
      const refused = await send(draining.url, '/search?q=star')
      expect(refused.status).toBe(503)
      expect(refused.headers['content-type']).toMatch(/^application\/problem\+json/)
      expect(refused.headers['access-control-allow-origin']).toBe('*')
    } finally {
      await draining.close()
    }
  })
})

/** Searches a designer might type, each URL asked here for the first time. */
const NEW_SEARCHES = [
  '/search?q=calendar+check',
  '/search?q=calendar%20plus&limit=12',
  '/search?limit=5&offset=10&q=arrow%20left',
  '/search?q=home&style=solid',
  '/search?q=home&style=',
  '/search?iconset=lucide&iconset=ph&q=star',
  '/search?iconset=lucide%2Cfluent&q=heart',
  '/search?q=caf%C3%A9',
  '/search?q=mdi%3Aaccount-circle',
  '/search?q=serach',
  '/search?q=qqqzzz',
  '/search?limit=3&q=bell&svg=true',
  '/search?q=bell&svg=false',
  '/search?offset=100000&q=arrow',
  '/search'
]

describe('a search URL never asked before', () => {
  // Each URL once, alternately asking for compression.
  const cases = NEW_SEARCHES.map((path, index) => ({ path, headers: (index % 2 === 0 ? {} : { 'accept-encoding': 'gzip, br' }) as Record<string, string> }))

  it.each(cases)('$path $headers: the same status, headers and bytes as the framework gives it', async ({ path, headers }) => {
    // Once one search has been answered, new search URLs are answered without the framework; a
    // conditional request still goes through it, and gets the whole answer for an ETag that does not match.
    await send(service.url, '/search?q=warm')
    const first = await send(service.url, path, { headers })
    const framework = await send(service.url, path, { headers: { ...headers, 'if-none-match': '"another"' } })
    expect(first.status).toBe(200)
    expect(headersOf(first)).toStrictEqual(headersOf(framework))
    expect(first.body.equals(framework.body)).toBe(true)
  })

  it.each(['/search?q=%C0%AF', '/search?q=%E0%A4%A', '/search?q=50%', '/search?q=%zz', '/search?q=%ED%A0%80', '/search?q%=home', '/search?q=home&%'])(
    '%s: bad %%-encoding is refused the same, status, headers and bytes, with or without the framework',
    async (path) => {
      await send(service.url, '/search?q=warm')
      const first = await send(service.url, path)
      const framework = await send(service.url, path, { headers: { 'if-none-match': '"another"' } })
      expect(first.status).toBe(400)
      expect(JSON.parse(first.body.toString())).toMatchObject({ code: 'malformed_url' })
      expect(headersOf(first)).toStrictEqual(headersOf(framework))
      expect(first.body.equals(framework.body)).toBe(true)
    }
  )

  it('leaves what it does not read to the framework, which answers as before', async () => {
    await send(service.url, '/search?q=warm')
    const unknownSet = await send(service.url, '/search?q=home&iconset=nope')
    expect(unknownSet.status).toBe(400)
    expect(JSON.parse(unknownSet.body.toString()).code).toBe('unknown_iconset')
    const loose = await send(service.url, '/search?q=home&offset=01')
    expect(loose.status).toBe(400)
    const junk = await send(service.url, '/search?q=lamp&utm_source=x')
    const plain = await send(service.url, '/search?q=lamp')
    expect(junk.status).toBe(200)
    expect(junk.body.equals(plain.body)).toBe(true)
  })

  it('writes no junk parameter into the links of a page that junk asked for first', async () => {
    const junk = await send(service.url, '/search?q=arrow&limit=1&offset=1&utm_source=x')
    const page = JSON.parse(junk.body.toString()) as { next: string | null; previous: string | null }
    expect(page.next).toMatch(/\/search\?limit=1&offset=2&q=arrow$/)
    expect(page.previous).toMatch(/\/search\?limit=1&q=arrow$/)
    const plain = await send(service.url, '/search?limit=1&offset=1&q=arrow')
    expect(plain.body.equals(junk.body)).toBe(true)
  })
})
