/**
 * The service under hostile but ordinary traffic, over real HTTP and raw sockets: junk parameters
 * and other spellings do not grow the response cache, errors are never validated by ETag, encodings
 * are negotiated as RFC 9110 says, slow and stuck clients are cut off, what Node's parser refuses
 * is a problem, every response carries security headers, a problem never echoes raw input, and a
 * shutdown ends by its deadline whatever the clients do, resetting the connections still open then.
 */
import { createServer, type Server } from 'node:http'
import { connect, type AddressInfo, type Socket } from 'node:net'
import { setFlagsFromString } from 'node:v8'
import { runInNewContext } from 'node:vm'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import type { Problem } from '../../src/api/catalogue-schemas'
import { iconUrl, searchUrl } from '../../src/api/catalogue-urls'
import { MAX_LOGGED_URL } from '../../src/catalogue/access-log'
import { headOf, representation, RepresentationCache, type Representation } from '../../src/catalogue/http-caching'
import { answerStarting, createCatalogueServer, keepServingThroughErrors } from '../../src/catalogue/http-server'
import { Lifecycle } from '../../src/catalogue/lifecycle'
import { RenderPool, type RenderOwner } from '../../src/catalogue/render-pool'
import { API_CONTENT_SECURITY_POLICY } from '../../src/catalogue/security-headers'
import { armExitWatchdog, shutDownGracefully } from '../../src/catalogue/shutdown'
import { startCatalogue, type RunningCatalogue } from '../support/catalogue'

const cache = new RepresentationCache(64 * 1024 * 1024)
let service: RunningCatalogue

beforeAll(async () => {
  service = await startCatalogue({ cache, timeouts: { headersTimeoutMs: 1_000, idleTimeoutMs: 1_000 } })
})

afterAll(async () => {
  await service?.close()
})

interface RawAnswer {
  status: number
  head: string
  body: string
}

function openSocket(port = service.port): Promise<Socket> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1', () => resolve(socket))
    socket.once('error', reject)
  })
}

/** Everything the server writes until it closes the connection, split into status, head and body. */
function answerOf(socket: Socket): Promise<RawAnswer> {
  return new Promise((resolve) => {
    let text = ''
    socket.setEncoding('utf8')
    socket.on('data', (chunk: string) => (text += chunk))
    socket.on('error', () => undefined)
    socket.once('close', () => {
      const [head = '', body = ''] = text.split('\r\n\r\n')
      resolve({ status: Number(/^HTTP\/1\.1 (\d{3})/.exec(head)?.[1] ?? 0), head: head.toLowerCase(), body })
    })
  })
}

/**
 * The answer to a request `head` from a catalogue whose whole-request timeout is short, its body
 * trickling in a byte every 200 ms and never all coming.
 */
async function answerToTrickledBody(head: string): Promise<RawAnswer> {
  const slow = await startCatalogue({ catalogue: service.catalogue, timeouts: { headersTimeoutMs: 1_000, requestTimeoutMs: 1_500, idleTimeoutMs: 1_000 } })
  try {
    const socket = await openSocket(slow.port)
    const answer = answerOf(socket)
    socket.write(head)
    const trickle = setInterval(() => socket.writable && socket.write('x'), 200)
    try {
      return await answer
    } finally {
      clearInterval(trickle)
    }
  } finally {
    await slow.close()
  }
}

async function rawExchange(request: string, port = service.port): Promise<RawAnswer> {
  const socket = await openSocket(port)
  const answer = answerOf(socket)
  socket.write(request)
  return answer
}

function expectRawProblem(answer: RawAnswer, status: number, code: string): void {
  expect(answer.status).toBe(status)
  expect(answer.head).toContain('content-type: application/problem+json')
  expect(answer.head).toContain('access-control-allow-origin: *')
  expect(answer.head).toContain('x-content-type-options: nosniff')
  // The security headers every answer has, though no route or hook wrote this one.
  expect(answer.head).toContain('referrer-policy: no-referrer')
  expect(answer.head).toContain(`content-security-policy: ${API_CONTENT_SECURITY_POLICY.toLowerCase()}`)
  expect((JSON.parse(answer.body) as Problem).code).toBe(code)
}

/** Resolves when the server's end of the next connection it accepts is closed. */
function nextConnectionClosed(server: Server): Promise<void> {
  return new Promise((resolve) => server.once('connection', (socket: Socket) => socket.once('close', () => resolve())))
}

/** A service of its own for a shutdown test, and a client connected to it that reads nothing until resumed. */
async function startWithSilentClient(): Promise<{ lifecycle: Lifecycle; stopping: RunningCatalogue; socket: Socket; closed: Promise<void> }> {
  const lifecycle = new Lifecycle()
  const stopping = await startCatalogue({ catalogue: service.catalogue, lifecycle })
  /** When the service's end of the client's connection closes. */
  const closed = nextConnectionClosed(stopping.server)
  const socket = connect(stopping.port, '127.0.0.1')
  socket.on('error', () => undefined)
  socket.pause()
  await new Promise((resolve) => socket.once('connect', resolve))
  return { lifecycle, stopping, socket, closed }
}

/**
 * The TCP states (as /proc/net/tcp spells them: 04 is FIN-WAIT-1) the kernel still holds for the
 * connection between these local ports. Linux only: elsewhere the read fails, and so does the test,
 * rather than passing on an empty table.
 */
async function kernelSocketStates(serverPort: number, clientPort: number): Promise<string[]> {
  const { readFile } = await import('node:fs/promises')
  const hex = (port: number) => port.toString(16).toUpperCase().padStart(4, '0')
  const table = await readFile('/proc/net/tcp', 'utf8')
  return table
    .split('\n')
    .slice(1)
    .map((line) => line.trim().split(/\s+/))
    .filter(([, local = '', remote = '']) => local.endsWith(`:${hex(serverPort)}`) && remote.endsWith(`:${hex(clientPort)}`))
    .map(([, , , state = '']) => state)
}

/** What the heap holds once V8's collector has run: what is still reachable. */
function heapHeld(): number {
  setFlagsFromString('--expose-gc')
  const collect = runInNewContext('gc') as () => void
  setFlagsFromString('--no-expose-gc')
  collect()
  collect()
  return process.memoryUsage().heapUsed
}

/** 300 pipelined requests for an 80 kB set, uncompressed: far more than the socket buffers hold. */
const FAR_MORE_THAN_SOCKETS_HOLD = 'GET /iconsets/ph HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n'.repeat(300)

/** The junk of the report: just under Node's 16 kB header limit, so the request is still valid. */
function junk(seed: number, length = 15_000): string {
  return `${seed}-${'x'.repeat(length)}`
}

describe('the response cache', () => {
  it('does not grow with junk parameters: only the parameters that change the answer are its key', async () => {
    const urls = ['/search?q=home', '/iconsets/lucide/house?format=svg&size=24', '/iconsets/lucide/house', '/styles/solid', '/iconsets/ph']
    // Twice: a search answer is kept from its second asking.
    for (const url of [...urls, ...urls]) expect((await fetch(`${service.url}${url}`)).status).toBe(200)
    const held = cache.heldBytes
    for (let i = 0; i < 40; i++) {
      const url = urls[i % urls.length] as string
      const response = await fetch(`${service.url}${url}${url.includes('?') ? '&' : '?'}junk=${junk(i)}`)
      expect(response.status).toBe(200)
      await response.arrayBuffer()
    }
    expect(cache.heldBytes).toBe(held)
  })

  it('keeps no junk parameter alive through the words of the searches it remembers', async () => {
    const heapAfter = async (junkLength: number, round: string) => {
      for (let i = 0; i < 400; i++) {
        // Words long enough that V8 would cut them from the URL as views of it, not copies.
        const url = `${service.url}/search?q=lighthouse${round}${i}&junk=${'x'.repeat(junkLength)}`
        for (const asked of [1, 2]) expect([asked, (await fetch(url)).status]).toEqual([asked, 200])
      }
      return heapHeld()
    }
    const before = await heapAfter(0, 'plain')
    const withoutJunk = (await heapAfter(0, 'other')) - before
    const withJunk = (await heapAfter(14_000, 'junk')) - before - withoutJunk
    // Each search's URL kept alive would be 400 × 14 kB = 5.6 MB.
    expect(withJunk).toBeLessThan(3 * 1024 * 1024)
  })

  it('stays within its budget however many downloads, each with a file name of its own, it remembers', async () => {
    const budget = 256 * 1024
    const small = new RepresentationCache(budget)
    const downloads = await startCatalogue({ catalogue: service.catalogue, cache: small })
    const heapAfter = async (from: number, count: number) => {
      for (let shade = from; shade < from + count; shade++) {
        // As the URL builders spell it, so that the cache remembers it; its Content-Disposition names the colour.
        const url = iconUrl(downloads.url, 'lucide', 'house', { format: 'svg', size: 48, color: `#${shade.toString(16).padStart(6, '0')}` })
        const response = await fetch(url)
        expect([response.status, response.headers.get('content-disposition')?.includes(shade.toString(16).padStart(6, '0'))]).toEqual([200, true])
        await response.arrayBuffer()
      }
      return heapHeld()
    }
    try {
      const filled = await heapAfter(0, 1_000)
      const grown = (await heapAfter(1_000, 5_000)) - filled
      expect(small.heldBytes).toBeLessThanOrEqual(budget)
      // Once full, the cache only replaces what it holds; each download's file name kept for good would be about 6 MB.
      expect(grown).toBeLessThan(3 * 1024 * 1024)
    } finally {
      await downloads.close()
    }
  })

  it.each([
    ['held by its route', (_: RepresentationCache, answer: Representation) => answer],
    [
      'kept under its key',
      (cache: RepresentationCache, answer: Representation) => {
        cache.get('["svg","lucide","house",48]', () => answer)
        return '["svg","lucide","house",48]'
      }
    ]
  ])('forgets the head it made for a download’s URL with the URL, however long the answer (%s) stays', (_kind, target) => {
    const small = new RepresentationCache(64 * 1024)
    const held = representation('<svg xmlns="http://www.w3.org/2000/svg"/>'.repeat(40), 'image/svg+xml', 'public, max-age=60')
    const download = ['content-disposition', 'inline; filename="lucide-house-48.svg"']
    const answer = target(small, held)
    small.remember('/iconsets/lucide/house?format=svg&size=48', answer, download)
    const remembered = small.recall('/iconsets/lucide/house?format=svg&size=48') ?? expect.fail('the URL was not remembered')
    headOf(held, remembered.routeHeaders, null, held.body)
    expect(held.heads.has(remembered.routeHeaders)).toBe(true)
    // More URLs than the budget holds, with only the route's shared headers: the first, least recent, goes.
    for (let i = 0; i < 400; i++) {
      small.remember(`/iconsets/lucide/house-${i}`, answer, ['access-control-allow-origin', '*'])
      // The answer itself stays in use.
      if (typeof answer === 'string') small.lookup(answer)
    }
    expect(small.recall('/iconsets/lucide/house?format=svg&size=48')).toBeUndefined()
    if (typeof answer === 'string') expect(small.lookup(answer)).toBe(held)
    expect(held.heads.has(remembered.routeHeaders)).toBe(false)
  })

  it('keeps one entry for every spelling of the same answer', async () => {
    const first = await fetch(`${service.url}/iconsets/lucide/house?format=svg&size=48&color=%23AA00FF`)
    const held = cache.heldBytes
    // CSS's short form is the same colour: #a0f is #aa00ff.
    const spellings = ['color=%23aa00ff&size=48&format=svg', 'format=svg&size=48&color=%23aA00Ff&utm_source=x', 'format=svg&size=48&color=%23AA00FF&', 'format=svg&size=48&color=%23A0f']
    for (const query of spellings) {
      const response = await fetch(`${service.url}/iconsets/lucide/house?${query}`)
      expect(response.headers.get('etag')).toBe(first.headers.get('etag'))
      await response.arrayBuffer()
    }
    expect(cache.heldBytes).toBe(held)
  })

  it.each([
    // A drawing's own size is what comes without one: Phosphor's 256.
    ['the size a drawing comes at anyway', '/iconsets/ph/star?format=png', ['/iconsets/ph/star?format=png&size=256']],
    // Twemoji's drawings have no currentColor: a colour changes nothing in them.
    ['colours a drawing cannot take', '/iconsets/twemoji/red-heart?format=png&size=64', ['&color=%23111111', '&color=%23222222'].map((colour) => `/iconsets/twemoji/red-heart?format=png&size=64${colour}`)]
  ])('keeps one entry, and renders once, for %s', async (_kind, first, others) => {
    const answer = await fetch(`${service.url}${first}`)
    const bytes = Buffer.from(await answer.arrayBuffer())
    const entry = cache.recall(first)?.entry ?? expect.fail(`${first} was not kept`)
    for (const url of others) {
      const response = await fetch(`${service.url}${url}`)
      expect([response.status, response.headers.get('etag')]).toEqual([200, answer.headers.get('etag')])
      expect(Buffer.from(await response.arrayBuffer()).equals(bytes)).toBe(true)
      // The URL is remembered as another way to the same answer, not as an answer of its own.
      expect(cache.recall(url)?.entry).toBe(entry)
    }
  })

  it('counts keys and bodies against its budget, and stays within it', async () => {
    const small = new RepresentationCache(256 * 1024)
    const tiny = await startCatalogue({ catalogue: service.catalogue, cache: small })
    try {
      for (let q = 0; q < 120; q++) {
        // Each twice, as a search answer is kept from its second asking.
        const response = await fetch(`${tiny.url}/search?q=${'a'.repeat(150)}${q >> 1}&limit=96`)
        await response.arrayBuffer()
      }
      expect(small.heldBytes).toBeGreaterThan(0)
      expect(small.heldBytes).toBeLessThanOrEqual(256 * 1024)
    } finally {
      await tiny.close()
    }
  })

  // Node hands out small buffers as views of a larger memory (an 8 kB pool, zlib's 16 kB output
  // chunk) that a view keeps alive whole: a 100-byte brotli body counted as 100 bytes held 16 kB.
  it('holds what it counts: each small body it keeps, and each compressed copy, in memory of its own size', async () => {
    // As the shared URL builders write them: the spellings the cache remembers.
    const urls = [iconUrl('', 'lucide', 'house', { format: 'svg', size: 48 }), iconUrl('', 'lucide', 'house'), searchUrl('', { q: 'house', limit: 2 })]
    for (const encoding of ['br', 'gzip']) {
      // Twice: a search answer is kept from its second asking.
      for (const url of [...urls, ...urls]) {
        const response = await fetch(`${service.url}${url}`, { headers: { 'accept-encoding': encoding } })
        expect([response.status, response.headers.get('content-encoding')]).toEqual([200, encoding])
        await response.arrayBuffer()
      }
    }
    for (const url of urls) {
      const { body, encoded } = cache.recall(url)?.entry ?? expect.fail(`${url} was not kept`)
      const kept = [body, encoded.br, encoded.gzip] as Buffer[]
      expect(kept.map((bytes) => bytes.length).every((length) => length > 0 && length < 4096)).toBe(true)
      expect(kept.map((bytes) => bytes.buffer.byteLength)).toEqual(kept.map((bytes) => bytes.length))
    }
  })

  it('counts all the memory the icon records it joins pages from hold, whatever the process makes between them', () => {
    const records = new RepresentationCache(64 * 1024 * 1024)
    const pieces: Buffer[] = []
    for (let icon = 0; icon < 400; icon++) {
      pieces.push(records.fragment('record', { icon }, () => JSON.stringify({ icon, name: `icon ${icon}`, tags: 'x'.repeat(900) })))
      // What other requests make meanwhile from Node's shared pool: a log line, a small body.
      Buffer.from('y'.repeat(3000))
    }
    records.countFragments()
    const held = new Set(pieces.map((piece) => piece.buffer))
    expect(records.heldBytes).toBeGreaterThanOrEqual([...held].reduce((bytes, memory) => bytes + memory.byteLength, 0))
  })
})

describe('errors and validators', () => {
  it.each([
    ['a 404', '/nowhere', {}, 404],
    ['a 400', '/search?limit=0', {}, 400],
    ['a 405', '/', { method: 'DELETE' }, 405]
  ] as const)('never gives %s an ETag, so If-None-Match cannot turn it into a 304', async (_name, path, init, status) => {
    for (const condition of ['*', '"anything"']) {
      const response = await fetch(`${service.url}${path}`, { ...init, headers: { 'if-none-match': condition } })
      expect(response.status).toBe(status)
      expect(response.headers.get('etag')).toBeNull()
      expect(response.headers.get('cache-control')).toBe('no-store')
    }
  })
})

describe('Accept-Encoding', () => {
  it.each([
    ['br;q=0', null],
    ['br;q=0, gzip', 'gzip'],
    ['gzip;q=0, br', 'br'],
    ['BR', 'br'],
    ['GZip', 'gzip'],
    ['gzip;q=0.5, br;q=0.8', 'br'],
    ['*;q=0', null],
    ['identity', null],
    // `*` stands only for the codings not listed (RFC 9110 §12.5.3): it never takes back a q=0.
    ['br;q=0, *', 'gzip'],
    ['*, br;q=0', 'gzip'],
    ['br;q=0, gzip;q=0, *;q=1', null],
    ['*', 'br'],
    ['x-gzip', 'gzip'],
    ['gzip;q=0.5, identity', null],
    ['gzip, identity;q=0.5', 'gzip'],
    ['br;q=abc, gzip', 'gzip'],
    ['br;q=1e0, gzip;q=0.5', 'gzip'],
    ['br;q=0.001, gzip;q=0', 'br']
  ])('%s gets %s', async (header, encoding) => {
    const response = await fetch(`${service.url}/iconsets/lucide`, { headers: { 'accept-encoding': header } })
    expect(response.status).toBe(200)
    expect(response.headers.get('content-encoding')).toBe(encoding)
    await response.arrayBuffer()
  })
})

describe('slow, stuck and odd clients', () => {
  it('answers headers trickled slower than the headers timeout with a 408 problem', async () => {
    const socket = await openSocket()
    const answer = answerOf(socket)
    socket.write('GET / HTTP/1.1\r\nHost: 127.0.0.1\r\n')
    const trickle = setInterval(() => socket.writable && socket.write('X-Slow: a\r\n'), 200)
    try {
      const late = await answer
      expectRawProblem(late, 408, 'request_timeout')
      expect((JSON.parse(late.body) as Problem).detail).toBe('The request headers did not arrive in time.')
    } finally {
      clearInterval(trickle)
    }
  })

  it('closes the connection of a client that never reads its response with a reset, so the kernel keeps nothing for it', async () => {
    const closed = nextConnectionClosed(service.server)
    const socket = await openSocket()
    socket.pause()
    socket.on('error', () => undefined)
    socket.write(FAR_MORE_THAN_SOCKETS_HOLD)
    await closed
    // A FIN would queue behind the answers the client never read: the service's end of the
    // connection would stay in FIN-WAIT-1 with its full send buffer. A reset leaves nothing.
    expect(await kernelSocketStates(service.port, socket.localPort!)).toEqual([])
    socket.destroy()
  })

  it('keeps a connection on which requests keep coming, for longer than the idle timeout', async () => {
    const socket = await openSocket()
    let closed = false
    socket.on('close', () => (closed = true))
    let answers = 0
    let answered: () => void = () => undefined
    socket.on('data', (chunk: Buffer) => {
      answers += chunk.toString('latin1').split('HTTP/1.1 200 OK').length - 1
      answered()
    })
    const answerCount = (count: number) =>
      new Promise<void>((resolve, reject) => {
        answered = () => (answers >= count ? resolve() : undefined)
        socket.once('close', () => reject(new Error(`closed after ${answers} of ${count} answers`)))
        answered()
      })
    // A request 300 ms after each answer until the connection has lived 2.5 s, with the idle
    // timeout at 1 s: something moves all along. Each answer is awaited, however long it takes.
    const began = performance.now()
    let sent = 0
    while (performance.now() - began < 2_500) {
      socket.write('GET /healthz HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n')
      sent += 1
      await answerCount(sent)
      expect(answers).toBe(sent)
      await new Promise((resolve) => setTimeout(resolve, 300))
      expect(closed).toBe(false)
    }
    expect(sent).toBeGreaterThanOrEqual(2)
    socket.destroy()
  })

  it('answers an HTTP/1.1 request without Host with a problem', async () => {
    expectRawProblem(await rawExchange('GET / HTTP/1.1\r\nConnection: close\r\n\r\n'), 400, 'missing_host')
  })

  it('answers two Host lines, or a Host that is no host, with a problem (RFC 9112 §3.2), also for a URL answered before', async () => {
    // Asked once properly first, so that the fast path knows the URL.
    expect((await fetch(`${service.url}/iconsets/lucide/house`)).status).toBe(200)
    for (const head of ['Host: a\r\nHost: b', 'Host: bad host', 'Host: a/b']) {
      expectRawProblem(await rawExchange(`GET /iconsets/lucide/house HTTP/1.1\r\n${head}\r\nConnection: close\r\n\r\n`), 400, 'malformed_request')
    }
    for (const host of ['127.0.0.1:8080', '[::1]:80', 'icons.example', '']) {
      expect((await rawExchange(`GET /iconsets/lucide/house HTTP/1.1\r\nHost: ${host}\r\nConnection: close\r\n\r\n`)).status, host).toBe(200)
    }
  })

  it('answers a Transfer-Encoding that does not end in chunked with a problem, and closes the connection (RFC 9112 §6.3)', async () => {
    for (const coding of ['gzip', 'identity', 'chunked, gzip']) {
      const socket = await openSocket()
      const answer = answerOf(socket)
      const closed = new Promise((resolve) => socket.once('close', resolve))
      // A second request behind it is never read as one: its framing is lost.
      socket.write(`GET /healthz HTTP/1.1\r\nHost: a\r\nTransfer-Encoding: ${coding}\r\n\r\nGET /healthz HTTP/1.1\r\nHost: a\r\n\r\n`)
      const answered = await answer
      expectRawProblem(answered, 400, 'malformed_request')
      expect((JSON.parse(answered.body) as Problem).detail, coding).toMatch(/must end in chunked/)
      expect(answered.head).toContain('connection: close')
      await closed
    }
    // Chunked beside a Content-Length, a smuggling attempt: the problem says what is wrong with it.
    const both = await rawExchange('GET /healthz HTTP/1.1\r\nHost: a\r\nContent-Length: 5\r\nTransfer-Encoding: chunked\r\n\r\n0\r\n\r\n')
    expectRawProblem(both, 400, 'malformed_request')
    expect((JSON.parse(both.body) as Problem).detail).toMatch(/without a Content-Length/)
    // A coding before chunked is one the API cannot undo: the client's to change, so a 4xx that says which coding to send.
    const undoable = await rawExchange('GET /healthz HTTP/1.1\r\nHost: a\r\nTransfer-Encoding: gzip, chunked\r\n\r\n0\r\n\r\n')
    expectRawProblem(undoable, 400, 'not_implemented')
    expect((JSON.parse(undoable.body) as Problem).detail).toBe('Only chunked transfer coding is accepted, not "gzip, chunked".')
    expect(undoable.head).toContain('connection: close')
  })

  it('answers a method HTTP does not define with a 405 problem and Allow, as any other method, and a version other than HTTP/1.x with a 400 that names the version to send', async () => {
    for (const method of ['FOO', 'BREW', 'get']) {
      const refused = await rawExchange(`${method} /search?q=home HTTP/1.1\r\nHost: a\r\nConnection: close\r\n\r\n`)
      expectRawProblem(refused, 405, 'method_not_allowed')
      expect(refused.head, method).toMatch(/^allow: GET, HEAD, OPTIONS$/im)
    }
    // Asked once properly first, so that the fast path knows the URL.
    expect((await fetch(`${service.url}/iconsets/lucide/house`)).status).toBe(200)
    for (const version of ['2.0', '3.0', '1.2', '0.9']) {
      const refused = await rawExchange(`GET /iconsets/lucide/house HTTP/${version}\r\nHost: a\r\nConnection: close\r\n\r\n`)
      expectRawProblem(refused, 400, 'http_version_not_supported')
      expect((JSON.parse(refused.body) as Problem).detail, version).toBe(`HTTP/${version} is not spoken here; send HTTP/1.1.`)
    }
    // So is the preface of a client that speaks HTTP/2 without asking first (RFC 9113 §3.4).
    const preface = await rawExchange('PRI * HTTP/2.0\r\n\r\nSM\r\n\r\n')
    expectRawProblem(preface, 400, 'http_version_not_supported')
    expect((JSON.parse(preface.body) as Problem).detail).toBe('HTTP/2.0 is not spoken here; send HTTP/1.1.')
    // Garbage is no version: a 400.
    expectRawProblem(await rawExchange('GET /iconsets/lucide/house HTTP/x.y\r\nHost: a\r\nConnection: close\r\n\r\n'), 400, 'malformed_request')
    // HTTP/1.1 ended by a bare LF is a malformed line, not another version.
    expectRawProblem(await rawExchange('GET / HTTP/1.1\nHost: a\nConnection: close\n\n'), 400, 'malformed_request')
  })

  it('reads garbage after a good request on the same connection as garbage, not as a method: its answer, then a 400', async () => {
    for (const garbage of ['GARBAGE', 'HELLO WORLD', '\x01\x02\x03']) {
      const socket = await openSocket()
      let text = ''
      socket.setEncoding('utf8')
      socket.on('data', (chunk: string) => (text += chunk))
      const closed = new Promise((resolve) => socket.once('close', resolve))
      socket.write(`GET /healthz HTTP/1.1\r\nHost: a\r\n\r\n${garbage}\r\n\r\n`)
      await closed
      const [first = '', second = ''] = text.split(/(?=HTTP\/1\.1 \d{3} )/)
      expect(first, garbage).toMatch(/^HTTP\/1\.1 200 /)
      expect(second, garbage).toMatch(/^HTTP\/1\.1 400 /)
      expect((JSON.parse(second.slice(second.indexOf('\r\n\r\n') + 4)) as Problem).code, garbage).toBe('malformed_request')
    }
  })

  it('refuses a #fragment in the request target, which would otherwise join the query', async () => {
    const answer = await rawExchange('GET /search?q=a#b HTTP/1.1\r\nHost: a\r\nConnection: close\r\n\r\n')
    expect(answer.status).toBe(400)
    expect((JSON.parse(answer.body) as Problem).code).toBe('malformed_url')
  })

  it('answers a GET whose unasked-for body trickles past the request timeout once, then ends the connection with no 408 after it', async () => {
    const { head, body } = await answerToTrickledBody('GET /healthz HTTP/1.1\r\nHost: a\r\nContent-Length: 1000\r\n\r\n')
    expect(head).toMatch(/^http\/1\.1 200 /)
    expect(body).not.toContain('HTTP/1.1 408')
  })

  it('answers a body a route is still reading that trickles past the request timeout with a 408 that says the body was late', async () => {
    // OPTIONS is a method fastify reads a body for: the headers are in, the body never all comes.
    const late = await answerToTrickledBody('OPTIONS /search HTTP/1.1\r\nHost: a\r\nContent-Type: text/plain\r\nContent-Length: 1000\r\n\r\n')
    expectRawProblem(late, 408, 'request_timeout')
    expect((JSON.parse(late.body) as Problem).detail).toBe('The request body did not arrive in time.')
  })

  it('answers an Expect it cannot meet with a problem', async () => {
    expectRawProblem(await rawExchange('GET / HTTP/1.1\r\nHost: a\r\nExpect: teapot\r\nConnection: close\r\n\r\n'), 417, 'expectation_failed')
  })

  it('answers malformed HTTP with a problem', async () => {
    expectRawProblem(await rawExchange('GET / HTTP/1.1\r\nHost a\r\n\r\n'), 400, 'malformed_request')
  })

  it('answers a malformed body a route is still reading with a problem, once', async () => {
    // OPTIONS is a method fastify reads a body for: nothing is answered before the body has come.
    const answer = await rawExchange('OPTIONS / HTTP/1.1\r\nHost: a\r\nContent-Type: application/json\r\nTransfer-Encoding: chunked\r\n\r\nzz\r\n')
    expectRawProblem(answer, 400, 'malformed_request')
    expect(answer.body).not.toContain('HTTP/1.1')
  })

  it.each([
    ['a chunk size that is no number', 'zz\r\nnot a chunk\r\n'],
    ['a chunk longer than its size', '1\r\nab\r\n'],
    ['a bad trailer', '0\r\nbad trailer\r\n\r\n']
  ])('answers a request once when its body turns out malformed after the answer went out: %s', async (_, body) => {
    // A GET's body is ignored, so / is answered from its head; the bad chunk comes after.
    const socket = await openSocket()
    let text = ''
    socket.setEncoding('utf8')
    socket.on('data', (chunk: string) => (text += chunk))
    const closed = new Promise((resolve) => socket.once('close', resolve))
    socket.write('GET / HTTP/1.1\r\nHost: a\r\nTransfer-Encoding: chunked\r\n\r\n')
    await vi.waitFor(() => expect(text).toContain('\r\n\r\n'))
    socket.write(body)
    await closed
    // A second status line would follow the first answer's body on the same line.
    expect(text.match(/HTTP\/1\.1 \d{3}/g)).toEqual(['HTTP/1.1 200'])
  })
})

describe('security headers and problem details', () => {
  // '/%FC' and the like fail in fastify's router, before any hook: they must get the headers too.
  it.each(['/', '/search?q=home', '/iconsets/lucide/house?format=svg', '/nowhere', '/openapi.json', '/%FC', '/iconsets/%E0%A4%A/house'])('%s has CORS, nosniff, a Referrer-Policy and a CSP that forbids framing', async (path) => {
    const response = await fetch(`${service.url}${path}`)
    expect(response.headers.get('access-control-allow-origin')).toBe('*')
    expect(response.headers.get('x-content-type-options')).toBe('nosniff')
    expect(response.headers.get('referrer-policy')).toBe('no-referrer')
    expect(response.headers.get('content-security-policy')).toContain("frame-ancestors 'none'")
    await response.arrayBuffer()
  })

  it.each([
    ['markup in a path', `/iconsets/${encodeURIComponent('<img src=x onerror=alert(1)>')}`, 404],
    ['markup in a parameter', `/search?style=${encodeURIComponent('<script>alert(1)</script>')}`, 400],
    ['a 15 kB path', `/nowhere/${'a'.repeat(15_000)}`, 404],
    ['a 15 kB parameter', `/iconsets/lucide/house?format=svg&size=${'9'.repeat(15_000)}`, 400],
    ['a 15 kB slug', `/iconsets/${'a'.repeat(15_000)}`, 404]
  ])('echoes %s only as a short escaped excerpt', async (_name, path, status) => {
    const response = await fetch(`${service.url}${path}`)
    expect(response.status).toBe(status)
    const problem = (await response.json()) as Problem
    expect(problem.detail.length).toBeLessThan(200)
    expect(problem.detail).not.toMatch(/[<>]/)
  })

  it('cuts an excerpt between characters, never inside an emoji', async () => {
    const response = await fetch(`${service.url}/search?style=${'a'.repeat(39)}${encodeURIComponent('😀')}x`)
    const problem = (await response.json()) as Problem
    expect(problem.detail).toContain(`"${'a'.repeat(39)}…"`)
    expect(problem.detail).not.toMatch(/[\ud800-\udfff]/)
  })

  it('escapes the invisible characters that reorder or hide text where a detail is shown (a right-to-left override)', async () => {
    const response = await fetch(`${service.url}/search?limit=${encodeURIComponent('\u202e1\u200b\u2066')}`)
    const problem = (await response.json()) as Problem
    expect(problem.detail).toContain('got "\\u202e1\\u200b\\u2066"')
    expect(problem.detail).not.toMatch(/[\u200b-\u200f\u202a-\u202e\u2066-\u2069]/)
  })
})

describe('health, readiness and shutdown', () => {
  it('documents /healthz and /readyz in the OpenAPI document', async () => {
    const document = (await (await fetch(`${service.url}/openapi.json`)).json()) as { paths: Record<string, unknown> }
    expect(Object.keys(document.paths)).toEqual(expect.arrayContaining(['/healthz', '/readyz']))
  })

  it('while the catalogue loads, is alive but not ready, and every other request is a 503 "starting" problem, all with CORS and the security headers', async () => {
    const starting = createServer(answerStarting)
    await new Promise<void>((resolve) => starting.listen(0, '127.0.0.1', resolve))
    const url = `http://127.0.0.1:${(starting.address() as AddressInfo).port}`
    try {
      const alive = await fetch(`${url}/healthz`)
      expect([alive.status, await alive.json()]).toEqual([200, { status: 'ok' }])
      for (const path of ['/readyz', '/search?q=home']) {
        const response = await fetch(`${url}${path}`)
        expect([path, response.status, response.headers.get('retry-after'), ((await response.json()) as Problem).code]).toEqual([path, 503, '2', 'starting'])
      }
      const root = await fetch(`${url}/`)
      await root.arrayBuffer()
      for (const response of [alive, root]) {
        expect(response.headers.get('access-control-allow-origin')).toBe('*')
        expect(response.headers.get('x-content-type-options')).toBe('nosniff')
        expect(response.headers.get('content-security-policy')).toContain("frame-ancestors 'none'")
      }
    } finally {
      starting.closeAllConnections()
      await new Promise((resolve) => starting.close(resolve))
    }
  })

  it('while the catalogue loads, is alive however a probe spells /healthz, as once it has loaded', async () => {
    const starting = createServer(answerStarting)
    await new Promise<void>((resolve) => starting.listen(0, '127.0.0.1', resolve))
    const url = `http://127.0.0.1:${(starting.address() as AddressInfo).port}`
    try {
      for (const path of ['/healthz?probe=1', '/healthz/', '/healthz/?probe=1']) {
        const loading = await fetch(`${url}${path}`)
        const loaded = await fetch(`${service.url}${path}`)
        expect([path, loading.status, await loading.json()]).toEqual([path, 200, { status: 'ok' }])
        expect([path, loaded.status, await loaded.json()]).toEqual([path, 200, { status: 'ok' }])
      }
      expect((await fetch(`${url}/healthzz`)).status).toBe(503)
    } finally {
      starting.closeAllConnections()
      await new Promise((resolve) => starting.close(resolve))
    }
  })

  it('keeps serving through an error on its listening socket (an accept out of file descriptors), and logs it', async () => {
    const server = createCatalogueServer()
    server.on('request', answerStarting)
    const logged: Error[] = []
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
    keepServingThroughErrors(server, (error) => logged.push(error))
    try {
      const accept = Object.assign(new Error('accept EMFILE'), { code: 'EMFILE', syscall: 'accept' })
      server.emit('error', accept)
      expect(logged).toEqual([accept])
      expect((await fetch(`http://127.0.0.1:${(server.address() as AddressInfo).port}/healthz`)).status).toBe(200)
    } finally {
      server.closeAllConnections()
      await new Promise((resolve) => server.close(resolve))
    }
  })

  it('is alive and ready while serving; while draining, ready no more and every other request is a 503 problem with CORS', async () => {
    const lifecycle = new Lifecycle()
    const draining = await startCatalogue({ catalogue: service.catalogue, lifecycle })
    try {
      expect(await (await fetch(`${draining.url}/healthz`)).json()).toEqual({ status: 'ok' })
      expect(await (await fetch(`${draining.url}/readyz`)).json()).toEqual({ status: 'ready' })
      void lifecycle.drain()
      expect((await fetch(`${draining.url}/healthz`)).status).toBe(200)
      const ready = await fetch(`${draining.url}/readyz`)
      expect(ready.status).toBe(503)
      expect(((await ready.json()) as Problem).code).toBe('shutting_down')
      const search = await fetch(`${draining.url}/search?q=home`, { headers: { origin: 'null' } })
      expect(search.status).toBe(503)
      expect(search.headers.get('content-type')).toMatch(/^application\/problem\+json/)
      expect(search.headers.get('access-control-allow-origin')).toBe('*')
      expect(search.headers.get('retry-after')).toBe('1')
      expect(((await search.json()) as Problem).code).toBe('shutting_down')
    } finally {
      await draining.close()
    }
  })

  it('answers a request in flight when draining began, with Connection: close, and closes its connection after it', async () => {
    let release = () => undefined as void
    const gate = new Promise<void>((resolve) => (release = resolve))
    // A render held until the shutdown has begun.
    class HeldPool extends RenderPool {
      override render(svg: string, owner?: RenderOwner): Promise<Buffer> {
        return gate.then(() => super.render(svg, owner))
      }
    }
    const pool = new HeldPool()
    const lifecycle = new Lifecycle()
    const stopping = await startCatalogue({ catalogue: service.catalogue, lifecycle, renderPool: pool })
    try {
      const socket = await openSocket(stopping.port)
      const answer = answerOf(socket)
      socket.write('GET /iconsets/lucide/house?format=png&size=48 HTTP/1.1\r\nHost: a\r\n\r\n')
      await expect.poll(() => lifecycle.requestsInFlight).toBe(1)
      void lifecycle.drain()
      release()
      const { status, head } = await answer
      expect(status).toBe(200)
      expect(head).toContain('connection: close')
      expect(head).not.toContain('keep-alive')
    } finally {
      await stopping.close()
      await pool.close()
    }
  })

  it('logs a deliberate 503 at warn, with a short excerpt of a 15 kB URL, not the URL', async () => {
    const lines: string[] = []
    const lifecycle = new Lifecycle()
    const logged = await startCatalogue({
      catalogue: service.catalogue,
      lifecycle,
      logger: { level: 'info', stream: { write: (line: string) => void lines.push(line) } }
    })
    try {
      void lifecycle.drain()
      const refused = await fetch(`${logged.url}/search?q=home&junk=${junk(1)}`)
      await refused.arrayBuffer()
      expect(refused.status).toBe(503)
      await expect.poll(() => lines.length).toBeGreaterThan(0)
      const entries = lines.map((line) => JSON.parse(line) as { level: number; url?: string; status?: number })
      const entry = entries.find((line) => line.status === 503)
      expect(entry?.level).toBe(40)
      expect(entry?.url?.startsWith('/search?q=home&junk=1-xxx')).toBe(true)
      expect(entry?.url?.length).toBeLessThanOrEqual(MAX_LOGGED_URL + 1)
      expect(lines.join('').length).toBeLessThan(2_000)
    } finally {
      await logged.close()
    }
  })

  it('logs a request line of another HTTP version and a coding before chunked as the bad input they are, at debug, not as failures or refusals', async () => {
    const lines: string[] = []
    const logged = await startCatalogue({
      catalogue: service.catalogue,
      logger: { level: 'debug', stream: { write: (line: string) => void lines.push(line) } }
    })
    try {
      const version = await rawExchange('GET /healthz HTTP/2.0\r\nHost: a\r\nConnection: close\r\n\r\n', logged.port)
      const coding = await rawExchange('GET /healthz HTTP/1.1\r\nHost: a\r\nTransfer-Encoding: gzip, chunked\r\n\r\n0\r\n\r\n', logged.port)
      expect([version.status, coding.status]).toEqual([400, 400])
      const entries = () => lines.map((line) => JSON.parse(line) as { level: number; msg: string; status?: number }).filter((entry) => entry.status !== undefined)
      await expect.poll(() => entries().length).toBe(2)
      expect(entries().map(({ level, msg, status }) => ({ level, msg, status }))).toEqual([
        { level: 20, msg: 'request', status: 400 },
        { level: 20, msg: 'request', status: 400 }
      ])
    } finally {
      await logged.close()
    }
  })

  it('finishes a shutdown while a client has sent half a request, closing its connection', async () => {
    const lifecycle = new Lifecycle()
    const stopping = await startCatalogue({ catalogue: service.catalogue, lifecycle })
    const socket = connect(stopping.port, '127.0.0.1')
    socket.on('error', () => undefined)
    await new Promise((resolve) => socket.once('connect', resolve))
    const closed = new Promise<void>((resolve) => socket.once('close', () => resolve()))
    socket.write('GET /search?q=home HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Half: ')
    try {
      expect(await shutDownGracefully(stopping.server, lifecycle, 10_000)).toBe('finished')
      await closed
    } finally {
      await stopping.close()
    }
  })

  it('counts no request in flight after a client that pipelined requests without reading them goes away', async () => {
    const { lifecycle, stopping, socket } = await startWithSilentClient()
    socket.write(FAR_MORE_THAN_SOCKETS_HOLD)
    // Answers are queued behind the first unread ones; then the client is gone.
    await expect.poll(() => lifecycle.requestsInFlight, { timeout: 20_000 }).toBeGreaterThan(1)
    const closed = new Promise((resolve) => socket.once('close', resolve))
    socket.destroy()
    await closed
    try {
      await expect.poll(() => lifecycle.requestsInFlight, { timeout: 20_000 }).toBe(0)
      expect(await shutDownGracefully(stopping.server, lifecycle, 20_000)).toBe('finished')
    } finally {
      await stopping.close()
    }
  })

  it('closes a client that never reads its responses when shutting down, and finishes', async () => {
    const { lifecycle, stopping, socket, closed } = await startWithSilentClient()
    socket.write(FAR_MORE_THAN_SOCKETS_HOLD)
    // Wait until the server is answering (and stuck on the unread response) before shutting down.
    await expect.poll(() => lifecycle.requestsInFlight, { timeout: 20_000 }).toBeGreaterThan(0)
    try {
      // Its answers are all written as far as the service is concerned, so the shutdown closes its
      // connection at once (Node's closeIdleConnections), and the answers queued behind are no
      // longer counted in flight: nothing is left to wait for until the deadline.
      expect(await shutDownGracefully(stopping.server, lifecycle, 20_000)).toBe('finished')
      await closed
    } finally {
      socket.destroy()
      await stopping.close()
    }
  })

  it('gives up at its deadline on a client that stopped reading with one more request half-sent, resetting its connection', async () => {
    const { lifecycle, stopping, socket, closed } = await startWithSilentClient()
    const clientClosed = new Promise<void>((resolve) => socket.once('close', () => resolve()))
    // A client that stopped reading, as above, but with one more request half-sent behind its
    // pipelined ones: to Node the connection is mid-request, not idle, so the shutdown cannot close
    // it early, and the answers queued behind the unread ones never finish. Only the deadline ends it.
    socket.write(`${FAR_MORE_THAN_SOCKETS_HOLD}GET /iconsets/ph HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Half: `)
    await expect.poll(() => lifecycle.requestsInFlight, { timeout: 20_000 }).toBeGreaterThan(0)
    try {
      expect(await shutDownGracefully(stopping.server, lifecycle, 200)).toBe('deadline')
      await closed
      // A reset: no FIN queued behind the unread answers, so the kernel keeps nothing for it.
      expect(await kernelSocketStates(stopping.port, socket.localPort!)).toEqual([])
      // The client, once it reads again, finds its connection gone.
      socket.resume()
      await clientClosed
      expect(stopping.server.listening).toBe(false)
      expect(lifecycle.requestsInFlight).toBe(0)
    } finally {
      socket.destroy()
      await stopping.close()
    }
  })
})

describe('the shutdown watchdog', () => {
  it('exits after its time whatever hangs, without keeping the process alive itself', () => {
    vi.useFakeTimers()
    try {
      const exit = vi.fn()
      const timer = armExitWatchdog(15_000, exit)
      expect(timer.hasRef()).toBe(false)
      vi.advanceTimersByTime(14_999)
      expect(exit).not.toHaveBeenCalled()
      vi.advanceTimersByTime(1)
      expect(exit).toHaveBeenCalledTimes(1)
    } finally {
      vi.useRealTimers()
    }
  })
})
