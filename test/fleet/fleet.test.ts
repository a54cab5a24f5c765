/**
 * The shipped nginx configuration (deploy/nginx/catalogue.conf, only its marked lines and port
 * replaced, and the snippets it includes) installed as it says into a copy of Debian's own
 * /etc/nginx, as load balancer and cache in front of two catalogue processes on loopback. It is the
 * default server over IPv4 and IPv6, and refuses to start beside Debian's default site. What nginx
 * refuses itself (a URL or header line too long, any body, a request that is not HTTP) is a problem
 * document with CORS, and a client that trickles its headers is let go after the catalogue's 10 s.
 * Under load, one process is stopped: no request fails, the other process answers what the cache
 * cannot, and repeated icon URLs are answered from nginx's cache; a repeated search too, revalidated
 * by its ETag with a 304. Probes and searches through nginx skip a hung process.
 */
import { spawn, type ChildProcess } from 'node:child_process'
import { copyFile, mkdir, mkdtemp, readFile, rm, symlink, writeFile } from 'node:fs/promises'
import { connect, createServer } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { EquivalentsRequest, RenderQuery, SearchRequest, type IconSetDetail, type Problem, type SearchResult } from '../../src/api/catalogue-schemas'
import { iconsetUrl, iconUrl, searchUrl } from '../../src/api/catalogue-urls'
import { DEFAULT_TIMEOUTS } from '../../src/catalogue/http-server'
import { ALLOWED_METHODS } from '../../src/catalogue/problem-errors'
import { problem, type ProblemCode } from '../../src/catalogue/problems'
import { API_CONTENT_SECURITY_POLICY } from '../../src/catalogue/security-headers'
import { buildPluginIfStale } from '../../src/plugin-build'
import { rawRequest, type RawResponse } from '../support/raw-http'

const ROOT = fileURLToPath(new URL('../../', import.meta.url))
const SHIPPED_CONFIG = join(ROOT, 'deploy/nginx/catalogue.conf')
/** Debian's nginx configuration, as the nginx package installs it. */
const DEBIAN_NGINX = '/etc/nginx'
const DEFAULT_SITE = (directory: string) => join(directory, 'sites-enabled/default')
/** The snippets SHIPPED_CONFIG includes from snippets/, relative to the main nginx.conf (/etc/nginx), shipped beside it. */
const INCLUDED_SNIPPET = /include snippets\/(\S+);/g
/** What `npm start` runs (package.json's script): src/server.ts from its bundle, with its node flags. */
const START = ['--max-semi-space-size=4', join(ROOT, 'src/start.mjs')]

const REQUESTS = 3000
const CONCURRENCY = 16
/** Every fifth request is a search never asked before, so it must reach a process. */
const DISTINCT_EVERY = 5

let directory: string
let nginx: ChildProcess | undefined
const processes: { port: number; child: ChildProcess }[] = []
let proxyUrl: string

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer()
    server.on('error', reject)
    server.listen(0, '127.0.0.1', () => {
      const address = server.address()
      server.close(() => (typeof address === 'object' && address !== null ? resolve(address.port) : reject(new Error('no port'))))
    })
  })
}

function exited(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve()
  return new Promise((resolve) => child.once('exit', () => resolve()))
}

async function waitForAnswer(url: string, child: ChildProcess): Promise<void> {
  for (;;) {
    if (child.exitCode !== null) throw new Error(`${url} exited with code ${child.exitCode} before answering`)
    try {
      if ((await fetch(url)).ok) return
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 200))
  }
}

function startCatalogueProcess(port: number, baseUrl: string): ChildProcess {
  const child = spawn(process.execPath, START, {
    cwd: ROOT,
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', BASE_URL: baseUrl, LOG_LEVEL: 'warn', RENDER_THREADS: '1', RENDER_QUEUE: '32' },
    stdio: ['ignore', 'ignore', 'inherit']
  })
  processes.push({ port, child })
  return child
}

/**
 * Debian's listen lines on this test's port, on loopback: `listen 80` on 127.0.0.1 and `listen [::]:80`
 * on ::1, the same in every file, so which server is the default of a socket is as it would be on port 80.
 */
function onLoopback(config: string, port: number): string {
  return config.replace(/listen 80\b/g, `listen 127.0.0.1:${port}`).replace(/listen \[::\]:80\b/g, `listen [::1]:${port}`)
}

/** The shipped file with its marked lines replaced; fails if any of them is no longer there. */
function fleetConfig(shipped: string, upstreamPorts: number[], listenPort: number, cacheDirectory: string): string {
  const upstreams = /(?:\n[ \t]*server [\d.]+:\d+ (max_fails=\d+ fail_timeout=\d+s);)+/
  const health = upstreams.exec(shipped)?.[1]
  expect(health, 'deploy/nginx/catalogue.conf lists its upstream servers with health settings').toBeDefined()
  const replacements: [RegExp, string][] = [
    [upstreams, upstreamPorts.map((port) => `\n    server 127.0.0.1:${port} ${health};`).join('')],
    [/proxy_cache_path \S+/, `proxy_cache_path ${cacheDirectory}`],
    // The test's own load comes from 127.0.0.1, far past what one client may send; the per-client
    // limits are tested from other loopback addresses.
    [/(geo \$catalogue_unlimited \{\n[ \t]*default 0;)/, `$1\n    127.0.0.1 1;`]
  ]
  let config = shipped
  for (const [pattern, replacement] of replacements) {
    expect(config, `deploy/nginx/catalogue.conf has ${pattern}`).toMatch(pattern)
    config = config.replace(pattern, replacement)
  }
  for (const listen of ['listen 80 default_server;', 'listen [::]:80 default_server;']) {
    expect(config, `deploy/nginx/catalogue.conf has ${listen}`).toContain(listen)
  }
  return onLoopback(config, listenPort)
}

/**
 * Debian's own /etc/nginx/nginx.conf, moved under `directory`: its paths, its user (nginx started by
 * root would switch its workers to www-data, who cannot write here), temporary files here rather than
 * in /var/lib/nginx, and an access log with each request's cache status. Fails if any of the lines
 * replaced is no longer there.
 */
function debianMainConfig(debian: string, directory: string): string {
  const temp = ['client_body', 'proxy', 'fastcgi', 'uwsgi', 'scgi'].map((kind) => `\t${kind}_temp_path ${join(directory, kind)};`)
  const replacements: [RegExp, string][] = [
    [/^user www-data;$/m, process.getuid?.() === 0 ? 'user root;' : ''],
    [/^pid \S+;$/m, `pid ${join(directory, 'nginx.pid')};`],
    [/^error_log \S+;$/m, `error_log ${join(directory, 'error.log')} warn;`],
    [
      /^\taccess_log \S+;$/m,
      [
        // $upstream_addr last: a request passed to a second process logs both, as "a, b".
        `\tlog_format fleet '$request_uri $status $upstream_cache_status $upstream_addr';`,
        `\taccess_log ${join(directory, 'access.log')} fleet;`,
        ...temp
      ].join('\n')
    ],
    [/\/etc\/nginx\//g, `${directory}/`]
  ]
  let config = debian
  for (const [pattern, replacement] of replacements) {
    expect(config, `${DEBIAN_NGINX}/nginx.conf has ${pattern}`).toMatch(pattern)
    config = config.replace(pattern, replacement)
  }
  return config
}

/**
 * A copy of Debian's /etc/nginx in `directory`, with its default site enabled as the package ships it,
 * and the catalogue installed as a site as catalogue.conf says (its snippets in snippets/). Modules
 * are left out: Debian loads them by paths relative to /etc/nginx, and the catalogue needs none.
 */
async function installDebianNginx(directory: string, catalogueConf: string, listenPort: number): Promise<void> {
  for (const folder of ['sites-available', 'sites-enabled', 'snippets', 'conf.d', 'modules-enabled']) await mkdir(join(directory, folder))
  await writeFile(join(directory, 'nginx.conf'), debianMainConfig(await readFile(join(DEBIAN_NGINX, 'nginx.conf'), 'utf8'), directory))
  await copyFile(join(DEBIAN_NGINX, 'mime.types'), join(directory, 'mime.types'))
  const debianDefault = await readFile(join(DEBIAN_NGINX, 'sites-available/default'), 'utf8')
  await writeFile(join(directory, 'sites-available/default'), onLoopback(debianDefault, listenPort))
  await symlink(join(directory, 'sites-available/default'), DEFAULT_SITE(directory))

  await writeFile(join(directory, 'sites-available/catalogue'), catalogueConf)
  const snippets = new Set([...catalogueConf.matchAll(INCLUDED_SNIPPET)].map(([, name]) => name as string))
  for (const snippet of snippets) await copyFile(join(ROOT, 'deploy/nginx', snippet), join(directory, 'snippets', snippet))
  await symlink(join(directory, 'sites-available/catalogue'), join(directory, 'sites-enabled/catalogue'))
}

/** `nginx -t` on the configuration in `directory`: whether it would start, and what it says. */
function nginxTest(directory: string): Promise<{ ok: boolean; output: string }> {
  return new Promise((resolve, reject) => {
    const test = spawn('nginx', ['-t', '-p', directory, '-c', join(directory, 'nginx.conf'), '-e', join(directory, 'error.log')])
    let output = ''
    test.stderr.on('data', (chunk: Buffer) => (output += chunk.toString('utf8')))
    test.on('error', reject)
    test.on('exit', (code) => resolve({ ok: code === 0, output }))
  })
}

interface LoggedRequest {
  uri: string
  status: number
  cacheStatus: string
  upstream: string
}

async function accessLog(): Promise<LoggedRequest[]> {
  const text = await readFile(join(directory, 'access.log'), 'utf8')
  return text
    .trim()
    .split('\n')
    .map((line) => {
      const [uri = '', status = '', cacheStatus = '', ...upstreams] = line.split(' ')
      return { uri, status: Number(status), cacheStatus, upstream: upstreams.join(' ') }
    })
}

beforeAll(async () => {
  directory = await mkdtemp(join(tmpdir(), 'catalogue-fleet-'))
  const [listenPort, ...upstreamPorts] = await Promise.all([freePort(), freePort(), freePort()])
  proxyUrl = `http://127.0.0.1:${listenPort}`
  // Each process would build a stale plugin and server bundle itself; once is enough, and before either starts.
  await buildPluginIfStale(process.env)
  await new Promise<void>((resolve, reject) =>
    spawn(process.execPath, [join(ROOT, 'src/start.mjs'), '--build-only'], { cwd: ROOT, stdio: 'inherit' }).on('exit', (code) =>
      code === 0 ? resolve() : reject(new Error(`src/start.mjs --build-only exited with ${code}`))
    )
  )

  const children = upstreamPorts.map((port) => startCatalogueProcess(port, proxyUrl))
  await Promise.all(upstreamPorts.map((port, index) => waitForAnswer(`http://127.0.0.1:${port}/`, children[index]!)))

  const shipped = await readFile(SHIPPED_CONFIG, 'utf8')
  await installDebianNginx(directory, fleetConfig(shipped, upstreamPorts, listenPort!, join(directory, 'cache')), listenPort!)
  // The catalogue is nginx's default server, so Debian's default site goes, as catalogue.conf says.
  await rm(DEFAULT_SITE(directory))
  nginx = spawn('nginx', ['-p', directory, '-c', join(directory, 'nginx.conf'), '-e', join(directory, 'error.log'), '-g', 'daemon off;'], {
    stdio: ['ignore', 'ignore', 'inherit']
  })
  await waitForAnswer(`${proxyUrl}/`, nginx)
})

afterAll(async () => {
  for (const { child } of processes) child.kill('SIGTERM')
  nginx?.kill('SIGQUIT')
  await Promise.all([...processes.map(({ child }) => exited(child)), nginx === undefined ? undefined : exited(nginx)])
  if (directory !== undefined) await rm(directory, { recursive: true, force: true })
})

interface Answer {
  status: number
  headers: { get(name: string): string | null | undefined }
  body: string
}

/** nginx's own refusal, as the catalogue would write it: a problem document with CORS, never kept. */
function expectProblem(answer: Answer, code: ProblemCode): void {
  expect(answer.headers.get('content-type')).toMatch(/^application\/problem\+json/)
  expect(answer.headers.get('access-control-allow-origin')).toBe('*')
  expect(answer.headers.get('cache-control')).toBe('no-store')
  // The API's security headers, whether nginx or a process wrote the problem.
  expect(answer.headers.get('x-content-type-options')).toBe('nosniff')
  expect(answer.headers.get('referrer-policy')).toBe('no-referrer')
  expect(answer.headers.get('content-security-policy')).toBe(API_CONTENT_SECURITY_POLICY)
  const body = JSON.parse(answer.body) as Problem
  expect(body).toEqual(problem(code, body.detail))
  expect(answer.status).toBe(body.status)
}

/** rawRequest's answer, read as fetch's is. */
function answerOf(response: RawResponse): Answer {
  return { status: response.status, headers: { get: (name) => String(response.headers[name] ?? '') || null }, body: response.body.toString('utf8') }
}

/**
 * Writes `pieces` on one connection to nginx, the first at once and each next one `gapMs` later, as a
 * slow client does, and gives back what nginx sent before it closed the connection, and how many
 * pieces had been written by then.
 */
function trickle(pieces: string[], gapMs: number): Promise<{ reply: string; written: number }> {
  return new Promise((resolve) => {
    const socket = connect(Number(new URL(proxyUrl).port), '127.0.0.1')
    let reply = ''
    let written = 0
    const writeNext = () => {
      if (written < pieces.length) socket.write(pieces[written++]!)
    }
    socket.once('connect', writeNext)
    const timer = setInterval(writeNext, gapMs)
    socket.on('data', (chunk: Buffer) => (reply += chunk.toString('utf8')))
    // nginx may reset the connection it gives up on; what matters is what it sent before.
    socket.on('error', () => undefined)
    socket.on('close', () => {
      clearInterval(timer)
      resolve({ reply, written })
    })
  })
}

/** A raw HTTP/1.1 answer split into status, headers and body. */
function parseReply(reply: string): Answer {
  const [head = '', body = ''] = reply.split('\r\n\r\n')
  const [statusLine = '', ...fields] = head.split('\r\n')
  const headers = new Map(fields.map((field) => [field.slice(0, field.indexOf(':')).toLowerCase(), field.slice(field.indexOf(':') + 1).trim()]))
  return { status: Number(statusLine.split(' ')[1]), headers, body }
}

/** The overload burst: far more distinct 1024 px PNGs than one render thread per process can take at once. */
const BURST_CLIENTS = 120
const BURST_REQUESTS = 1200
/** Every tenth request of the burst is a search, which must be answered whatever the renders do. */
const SEARCH_EVERY = 10

describe('nginx installed as a Debian site', () => {
  it('is the default server: any name a client asks for reaches the catalogue, over IPv4 and IPv6', async () => {
    const { port } = new URL(proxyUrl)
    const byName = await rawRequest(proxyUrl, '/search?q=house&limit=3', { headers: { host: 'icons.example.org' } })
    expect(byName.status).toBe(200)
    expect((JSON.parse(byName.body.toString('utf8')) as SearchResult).icons).toHaveLength(3)
    const overIpv6 = await fetch(searchUrl(`http://[::1]:${port}`, { q: 'house', limit: 3 }))
    expect(overIpv6.status).toBe(200)
    expect(((await overIpv6.json()) as SearchResult).icons).toHaveLength(3)
  })

  it("refuses to start beside Debian's default site, which would otherwise answer in the catalogue's place", async () => {
    await symlink(join(directory, 'sites-available/default'), DEFAULT_SITE(directory))
    try {
      const test = await nginxTest(directory)
      expect(test.ok).toBe(false)
      expect(test.output).toMatch(/duplicate default server for 127\.0\.0\.1:\d+ in \S+sites-enabled\/default/)
    } finally {
      await rm(DEFAULT_SITE(directory))
    }
    expect((await nginxTest(directory)).ok).toBe(true)
  })
})

describe("what nginx refuses itself, before any process sees it", () => {
  /** The most the catalogue takes: Node's 16 kB for the request line and headers together, less room for the rest. */
  const TAKEN = 15_000
  /** More than nginx's buffer for a request line or header line (large_client_header_buffers 16k). */
  const REFUSED = 17_000

  it('passes a URL as long as the catalogue takes, and answers a longer one with a uri_too_long problem', async () => {
    const base = searchUrl(proxyUrl, { q: 'house', limit: 3 })
    const taken = await fetch(`${base}&junk=${'x'.repeat(TAKEN - base.length)}`)
    expect(taken.status).toBe(200)
    await taken.arrayBuffer()

    const refused = await fetch(`${base}&junk=${'x'.repeat(REFUSED)}`, { headers: { origin: 'null' } })
    expectProblem({ status: refused.status, headers: refused.headers, body: await refused.text() }, 'uri_too_long')
  })

  it('passes a header line as long as the catalogue takes, and answers a longer one with a headers_too_large problem', async () => {
    const url = searchUrl(proxyUrl, { q: 'house', limit: 3 })
    const taken = await fetch(url, { headers: { 'x-junk': 'x'.repeat(9_000) } })
    expect(taken.status).toBe(200)
    await taken.arrayBuffer()

    const refused = await fetch(url, { headers: { 'x-junk': 'x'.repeat(REFUSED) } })
    expectProblem({ status: refused.status, headers: refused.headers, body: await refused.text() }, 'headers_too_large')
  })

  it('answers a request with a large body with a payload_too_large problem', async () => {
    const body = 'x'.repeat(2 * 1024 * 1024)
    const answer = await rawRequest(proxyUrl, '/search?q=house', { headers: { 'content-length': String(body.length) }, body })
    expectProblem(answerOf(answer), 'payload_too_large')
  })

  it('answers any request with a body with a payload_too_large problem before reading the body, one it cannot read too', async () => {
    // Each path its own, marked: nginx logs an earlier test's refused body when it has done with it, which may be now.
    let cases = 0
    const head = (framing: string, path = '/search?q=home') => `GET ${path}${path.includes('?') ? '&' : '?'}refused=${cases++} HTTP/1.1\r\nHost: a.example\r\n${framing}\r\n\r\n`
    const chunked = () => head('Transfer-Encoding: chunked')
    const requests = {
      'a chunked body': [`${chunked()}3\r\nabc\r\n0\r\n\r\n`],
      'a chunked body whose chunk size is not a number': [`${chunked()}zz\r\nabc\r\n0\r\n\r\n`],
      'the same, arriving after the headers': [chunked(), 'zz\r\nabc\r\n0\r\n\r\n'],
      'a Content-Length body': [`${head('Content-Length: 3')}abc`],
      // Answered at once: nginx does not wait for a body it refuses.
      'a Content-Length body never sent': [head('Content-Length: 1')],
      'a probe with a chunked body whose chunk size is not a number': [`${head('Transfer-Encoding: chunked', '/readyz')}zz\r\n`]
    }
    const logStart = (await accessLog()).length
    for (const [name, pieces] of Object.entries(requests)) {
      // nginx ends the connection after its one answer: the reply holds nothing more.
      const { reply } = await trickle(pieces, 1_000)
      const answer = parseReply(reply)
      expectProblem(answer, 'payload_too_large')
      expect(answer.headers.get('connection'), name).toBe('close')
    }
    // nginx writes a refused request's log line once it has done with the connection, which may be just after its answer.
    await vi.waitFor(async () => {
      const refused = (await accessLog()).slice(logStart).filter((entry) => entry.uri.includes('refused='))
      expect(refused.map((entry) => [entry.status, entry.upstream])).toEqual(Object.keys(requests).map(() => [413, '-']))
    })
  })

  it('passes a request without a body: a GET with Content-Length 0, a HEAD, a CORS preflight', async () => {
    const path = '/search?q=house&limit=3'
    const empty = await rawRequest(proxyUrl, path, { headers: { 'content-length': '0' } })
    expect(empty.status).toBe(200)
    expect((JSON.parse(empty.body.toString('utf8')) as SearchResult).icons).toHaveLength(3)
    const head = await fetch(`${proxyUrl}${path}`, { method: 'HEAD' })
    expect(head.status).toBe(200)
    expect(head.headers.get('content-type')).toMatch(/^application\/json/)
    const preflight = await fetch(`${proxyUrl}${path}`, { method: 'OPTIONS', headers: { origin: 'https://www.figma.com', 'access-control-request-method': 'GET' } })
    expect(preflight.status).toBe(204)
    expect(preflight.headers.get('access-control-allow-origin')).toBe('*')
  })

  it("passes a process's own 400 as the process wrote it, not as nginx's malformed_request", async () => {
    const path = '/search?q=house&limit=abc'
    const direct = await rawRequest(`http://127.0.0.1:${processes[0]!.port}`, path)
    const proxied = await rawRequest(proxyUrl, path)
    expect(proxied.status).toBe(400)
    expect(proxied.headers['content-type']).toBe(direct.headers['content-type'])
    expect(proxied.headers['access-control-allow-origin']).toBe('*')
    expect(proxied.body.toString('utf8')).toBe(direct.body.toString('utf8'))
    expect((JSON.parse(proxied.body.toString('utf8')) as Problem).code).toBe('invalid_limit')
  })

  it('answers a request that is not valid HTTP with the malformed_request problem a process answers, even before it has read a URL', async () => {
    for (const request of ['\x01 / HTTP/1.1\r\n\r\n', 'GET / HTTP/1.1\r\nHost: a.example\r\nHost: b.example\r\n\r\n']) {
      const { reply } = await trickle([request], 1_000)
      expectProblem(parseReply(reply), 'malformed_request')
    }
  })

  it('answers TRACE with a method_not_allowed problem that names the methods the API has', async () => {
    const { reply } = await trickle(['TRACE /search HTTP/1.1\r\nHost: a.example\r\nConnection: close\r\n\r\n'], 1_000)
    const answer = parseReply(reply)
    expectProblem(answer, 'method_not_allowed')
    expect(answer.headers.get('allow')).toBe(ALLOWED_METHODS)
  })

  it('answers a Transfer-Encoding other than chunked with a not_implemented problem, a 400 as a process answers it', async () => {
    const { reply } = await trickle(['GET /search HTTP/1.1\r\nHost: a.example\r\nTransfer-Encoding: gzip\r\nConnection: close\r\n\r\n'], 1_000)
    expectProblem(parseReply(reply), 'not_implemented')
  })

  it('answers a request line of HTTP/2 or later with an http_version_not_supported problem, a 400 as a process answers it', async () => {
    const { reply } = await trickle(['GET /search HTTP/2.0\r\nHost: a.example\r\nConnection: close\r\n\r\n'], 1_000)
    expectProblem(parseReply(reply), 'http_version_not_supported')
  })

  it('keeps the URLs of its own problem documents to itself: asked for, they are not_found', async () => {
    const response = await fetch(`${proxyUrl}/.nginx/uri_too_long`)
    expectProblem({ status: response.status, headers: response.headers, body: await response.text() }, 'not_found')
  })

  it("ends a request whose headers take longer than the catalogue's 10 s, with no answer: nginx cannot send one", async () => {
    const logStart = (await accessLog()).length
    // Headers one line a second for 30 s; nginx's own limit (60 s) would let them all in and answer.
    const headerLines = Array.from({ length: 30 }, (_, index) => `X-Slow-${index}: 1\r\n`)
    const headers = await trickle(['GET /search?q=slow-headers HTTP/1.1\r\nHost: a.example\r\n', ...headerLines, '\r\n'], 1_000)
    expect(headers.reply).toBe('')
    expect(headers.written).toBeLessThan(headerLines.length)
    // nginx logs it as a 408.
    const ended = (await accessLog()).slice(logStart).filter((entry) => entry.status === 408)
    expect(ended.map((entry) => entry.uri)).toEqual(['/search?q=slow-headers'])
  })
})

describe('per-client limits', () => {
  /** Clients at other loopback addresses than the test's own (127.0.0.1, which the test's config leaves unlimited). */
  const GREEDY = '127.0.0.2'
  const MODEST = '127.0.0.3'
  /** Far more than the shipped burst of either limit, sent at once. */
  const BURST = 400

  async function burst(path: (n: number) => string, localAddress: string): Promise<RawResponse[]> {
    return Promise.all(Array.from({ length: BURST }, (_, n) => rawRequest(proxyUrl, path(n), { localAddress })))
  }

  function expectRefusedFairly(answers: RawResponse[]): void {
    const statuses = answers.map((answer) => answer.status)
    expect(statuses.filter((status) => status === 429).length, String(statuses)).toBeGreaterThan(BURST / 2)
    expect(statuses.filter((status) => status !== 429 && status !== 200), String(statuses)).toEqual([])
    for (const refused of answers.filter((answer) => answer.status === 429)) {
      const answer = answerOf(refused)
      expectProblem(answer, 'too_many_requests')
      expect(answer.headers.get('retry-after')).toMatch(/^\d+$/)
    }
  }

  it('answers a client searching far faster than a person types with 429 problems, and serves another client meanwhile', async () => {
    expectRefusedFairly(await burst((n) => searchUrl('', { q: `greedy ${n % 5}`, limit: 5 }), GREEDY))
    // The limit is the greedy address's: another address, and the test's own, are answered at once.
    for (const localAddress of [MODEST, '127.0.0.1']) {
      const answer = await rawRequest(proxyUrl, searchUrl('', { q: 'modest', limit: 5 }), { localAddress })
      expect(answer.status, localAddress).toBe(200)
    }
    // SVGs cost a process little: the greedy client still gets them.
    expect((await rawRequest(proxyUrl, iconUrl('', 'lucide', 'house', { format: 'svg', size: 24 }), { localAddress: GREEDY })).status).toBe(200)
  })

  it('answers a client asking for PNGs far faster than anyone inserts icons with 429 problems, and serves another client meanwhile', async () => {
    expectRefusedFairly(await burst((n) => iconUrl('', 'lucide', 'house', { format: 'png', size: 32 + (n % 4) }), MODEST))
    expect((await rawRequest(proxyUrl, iconUrl('', 'lucide', 'house', { format: 'png', size: 32 }), { localAddress: GREEDY })).status).toBe(200)
  })
})

describe('a fleet of two catalogue processes behind nginx', () => {
  it("lets an idle connection to a process go before the process closes it, so none is reused as it closes", async () => {
    const shipped = await readFile(SHIPPED_CONFIG, 'utf8')
    const upstream = /upstream catalogue \{[^}]*\}/.exec(shipped)?.[0] ?? ''
    const seconds = Number(/\n\s*keepalive_timeout (\d+)s;/.exec(upstream)?.[1])
    expect(seconds * 1000).toBeLessThan(DEFAULT_TIMEOUTS.keepAliveTimeoutMs)
  })

  it('answers health and readiness probes from a live process, never from its cache, and every search, while the other hangs', async () => {
    const [hung, live] = processes
    const logStart = (await accessLog()).length
    const passedOn = `127.0.0.1:${hung!.port}, 127.0.0.1:${live!.port}`
    // Stopped, not ended: the hung process still accepts connections, and never answers on them.
    hung!.child.kill('SIGSTOP')
    try {
      for (const path of ['/healthz', '/readyz', '/healthz', '/readyz']) {
        // A prober gives up within seconds; nginx's own read timeout (60 s) would outlast it, the
        // probe location's (3 s) must not. The bound is the behaviour under test, not a speed goal.
        const response = await fetch(`${proxyUrl}${path}`, { signal: AbortSignal.timeout(10_000) })
        expect(response.status, path).toBe(200)
        expect(response.headers.get('cache-control'), path).toBe('no-store')
        expect(response.headers.get('x-cache-status'), path).toBeNull()
        expect(await response.json()).toEqual({ status: path === '/healthz' ? 'ok' : 'ready' })
      }
      // Round robin sent a probe to the hung process, and nginx passed it on to the live one.
      expect((await accessLog()).slice(logStart).map((entry) => entry.upstream)).toContain(passedOn)
      // Searches no cache holds, four at a time, until nginx has tried the hung process again (once
      // the probes' failure is past its fail_timeout, 10 s): every one is answered, those sent to
      // the hung process by the live one once they time out there, never with a 504.
      const searchesFrom = (await accessLog()).length
      for (let round = 0; ; round++) {
        expect(round, 'nginx tried the hung process again within 40 s').toBeLessThan(40)
        const statuses = await Promise.all(
          [1, 2, 3, 4].map(async (n) => {
            const response = await fetch(searchUrl(proxyUrl, { q: `hung ${round} ${n}`, limit: 5 }))
            await response.arrayBuffer()
            return response.status
          })
        )
        expect(statuses).toEqual([200, 200, 200, 200])
        if ((await accessLog()).slice(searchesFrom).some((entry) => entry.upstream.includes(passedOn))) break
        await new Promise((resolve) => setTimeout(resolve, 1_000))
      }
    } finally {
      hung!.child.kill('SIGCONT')
    }
    const probes = (await accessLog()).slice(logStart)
    // nginx takes the process back once its fail_timeout (10 s) has passed; the tests after this one need both.
    const backFrom = probes.length + logStart
    for (let attempt = 0; ; attempt++) {
      expect(attempt, 'nginx took the process back within 30 s').toBeLessThan(60)
      const response = await fetch(searchUrl(proxyUrl, { q: `back ${attempt}`, limit: 5 }))
      await response.arrayBuffer()
      expect(response.status).toBe(200)
      const upstreams = (await accessLog()).slice(backFrom).map((entry) => entry.upstream)
      if (upstreams.includes(`127.0.0.1:${hung!.port}`)) break
      await new Promise((resolve) => setTimeout(resolve, 500))
    }
    expect(live!.child.exitCode).toBeNull()
  })

  it('keeps both processes in service through a burst of renders their queues refuse (503 is an answer, not a failure)', async () => {
    const lucide = (await (await fetch(iconsetUrl(proxyUrl, 'lucide'))).json()) as IconSetDetail
    const outcomes: Record<string, Record<number, number>> = { png: {}, search: {} }
    const badRefusals: string[] = []
    let sent = 0
    async function client(): Promise<void> {
      while (sent < BURST_REQUESTS) {
        const number = sent++
        const search = number % SEARCH_EVERY === 0
        // A colour per request makes every PNG distinct: neither nginx's cache nor the processes' can answer it.
        const color = `#${number.toString(16).padStart(6, '0')}`
        const icon = lucide.icons[number % lucide.icons.length]!
        const url = search
          ? searchUrl(proxyUrl, { q: `burst ${number}`, limit: 5 })
          : iconUrl(proxyUrl, 'lucide', icon.slug, { format: 'png', size: 1024, color })
        const response = await fetch(url)
        const kind = search ? 'search' : 'png'
        outcomes[kind]![response.status] = (outcomes[kind]![response.status] ?? 0) + 1
        const body = await response.arrayBuffer()
        if (response.status === 503) {
          const refused = JSON.parse(Buffer.from(body).toString('utf8')) as Problem
          const wellFormed =
            refused.code === 'render_queue_full' &&
            /^application\/problem\+json/.test(response.headers.get('content-type') ?? '') &&
            response.headers.get('access-control-allow-origin') === '*' &&
            /^\d+$/.test(response.headers.get('retry-after') ?? '')
          if (!wellFormed) badRefusals.push(`${refused.code} ${url}`)
        }
      }
    }
    const logStart = (await accessLog()).length
    await Promise.all(Array.from({ length: BURST_CLIENTS }, client))

    // Renders were refused (the burst did overload the queues), never with nginx's own 502 or 504.
    expect(outcomes.png![503] ?? 0, JSON.stringify(outcomes)).toBeGreaterThan(0)
    expect(Object.keys(outcomes.png!).sort(), JSON.stringify(outcomes)).toEqual(expect.arrayContaining(['200']))
    expect(Object.keys(outcomes.png!).filter((status) => status !== '200' && status !== '503'), JSON.stringify(outcomes)).toEqual([])
    expect(outcomes.search, JSON.stringify(outcomes)).toEqual({ 200: BURST_REQUESTS / SEARCH_EVERY })
    expect(badRefusals).toEqual([])

    // Neither process was taken out: right after the burst, new searches reach both of them.
    const after = Array.from({ length: 20 }, (_, index) => searchUrl(proxyUrl, { q: `after burst ${index}`, limit: 5 }))
    for (const url of after) {
      const response = await fetch(url)
      await response.arrayBuffer()
      expect(response.status).toBe(200)
    }
    const afterLogged = (await accessLog()).slice(logStart).filter((entry) => entry.uri.startsWith('/search') && entry.uri.includes('after'))
    for (const { port } of processes) {
      expect(afterLogged.some((entry) => entry.upstream.includes(`127.0.0.1:${port}`)), JSON.stringify(afterLogged)).toBe(true)
    }
  })

  it('loses no request when one process stops under load, and answers repeated icon URLs from its cache', async () => {
    const logStart = (await accessLog()).length
    const lucide = (await (await fetch(iconsetUrl(proxyUrl, 'lucide'))).json()) as IconSetDetail
    const repeated = lucide.icons.slice(0, 20).flatMap((icon) => [
      iconUrl(proxyUrl, 'lucide', icon.slug),
      iconUrl(proxyUrl, 'lucide', icon.slug, { format: 'svg', size: 24 }),
      iconUrl(proxyUrl, 'lucide', icon.slug, { format: 'png', size: 64 })
    ])
    const distinctQueries = lucide.icons.slice(20).map((icon) => icon.slug)
    const stopped = processes[0]!

    const failures: string[] = []
    let sent = 0
    let stopAt: number | undefined
    async function client(): Promise<void> {
      while (sent < REQUESTS) {
        const number = sent++
        if (number === REQUESTS / 2) {
          // A deploy or a crash-restart: the process is told to stop while requests are in flight.
          stopAt = number
          stopped.child.kill('SIGTERM')
        }
        const url =
          number % DISTINCT_EVERY === 0
            ? searchUrl(proxyUrl, { q: distinctQueries[number / DISTINCT_EVERY]!, limit: 10 })
            : repeated[number % repeated.length]!
        try {
          const response = await fetch(url)
          await response.arrayBuffer()
          if (response.status !== 200) failures.push(`${response.status} ${url}`)
        } catch (error) {
          failures.push(`${(error as Error).message} ${url}`)
        }
      }
    }
    await Promise.all(Array.from({ length: CONCURRENCY }, client))
    await exited(stopped.child)

    expect(stopAt).toBe(REQUESTS / 2)
    expect(failures).toEqual([])

    const logged = (await accessLog()).slice(logStart).filter((entry) => entry.uri.startsWith('/search') || entry.uri.startsWith('/iconsets/lucide/'))
    expect(logged.length).toBe(REQUESTS)
    expect(logged.every((entry) => entry.status === 200)).toBe(true)

    // Both processes served, and the one left took over what the cache could not answer.
    const servedBy = (port: number) => logged.filter((entry) => entry.upstream.includes(`127.0.0.1:${port}`))
    expect(servedBy(processes[0]!.port).length).toBeGreaterThan(0)
    expect(servedBy(processes[1]!.port).length).toBeGreaterThan(0)
    const searchesAfterStop = logged.slice(-REQUESTS / 4).filter((entry) => entry.uri.startsWith('/search'))
    expect(searchesAfterStop.length).toBeGreaterThan(0)
    expect(searchesAfterStop.every((entry) => entry.upstream.endsWith(`127.0.0.1:${processes[1]!.port}`))).toBe(true)

    const icons = logged.filter((entry) => entry.uri.startsWith('/iconsets/lucide/'))
    const hits = icons.filter((entry) => entry.cacheStatus === 'HIT').length
    expect(hits / icons.length).toBeGreaterThan(0.9)
  })

  it('keeps a repeated search in its cache, and revalidates it with the ETag of the catalogue version', async () => {
    const url = searchUrl(proxyUrl, { q: 'house', limit: 10 })
    const first = await fetch(url)
    await first.arrayBuffer()
    const again = await fetch(url)
    await again.arrayBuffer()
    expect(again.status).toBe(200)
    expect(again.headers.get('x-cache-status')).toBe('HIT')
    expect(again.headers.get('etag')).toBe(first.headers.get('etag'))
    const conditional = await fetch(url, { headers: { 'if-none-match': String(first.headers.get('etag')) } })
    expect(conditional.status).toBe(304)
    // An If-Match of another ETag is refused from the cache as a process refuses it: a problem, not nginx's HTML.
    const refused = await fetch(url, { headers: { 'if-match': '"other"' } })
    expect(refused.status).toBe(412)
    expect(refused.headers.get('content-type')).toMatch(/^application\/problem\+json/)
    expect(((await refused.json()) as Problem).code).toBe('precondition_failed')
    const matched = await fetch(url, { headers: { 'if-match': String(first.headers.get('etag')) } })
    expect(matched.status).toBe(200)
    await matched.arrayBuffer()
  })

  it('keeps no answer to a URL with a parameter the API does not read, which would be one more copy of an answer it keeps', async () => {
    const plain = iconUrl(proxyUrl, 'lucide', 'star', { format: 'svg', size: 20 })
    const statuses = async (url: string) => {
      const seen: Array<string | null> = []
      for (let time = 0; time < 2; time++) {
        const response = await fetch(url)
        expect(response.status, url).toBe(200)
        await response.arrayBuffer()
        seen.push(response.headers.get('x-cache-status'))
      }
      return seen
    }
    expect(await statuses(plain)).toEqual(['MISS', 'HIT'])
    // Each time a new cache buster, and the same one twice: the catalogue answers, nginx keeps neither.
    expect(await statuses(`${plain}&utm_source=x`)).toEqual(['MISS', 'MISS'])
    expect(await statuses(`${plain}&_=1`)).toEqual(['MISS', 'MISS'])
    // The parameters it knows are every one the API's routes read, so no real request goes uncached.
    const shipped = await readFile(SHIPPED_CONFIG, 'utf8')
    const known = /\(\?!\(([a-z_|]+)\)/.exec(shipped)?.[1]?.split('|') ?? []
    const read = [SearchRequest, RenderQuery, EquivalentsRequest].flatMap((schema) => Object.keys(schema.properties))
    expect(new Set(known)).toEqual(new Set(read))
  })

  it('keeps one copy of an answer per coding it sends, however a client spells Accept-Encoding', async () => {
    const path = iconUrl('', 'lucide', 'anchor', { format: 'svg', size: 21 })
    const asked = async (acceptEncoding: string) => {
      const answer = await rawRequest(proxyUrl, path, { headers: { 'accept-encoding': acceptEncoding } })
      expect(answer.status, acceptEncoding).toBe(200)
      return [answer.headers['x-cache-status'], answer.headers['content-encoding'] ?? 'none', answer.headers.etag]
    }
    const [, , gzipEtag] = await asked('gzip')
    expect(await asked('gzip, x1')).toEqual(['HIT', 'gzip', gzipEtag])
    expect(await asked('GZIP;q=0.5')).toEqual(['HIT', 'gzip', gzipEtag])
    const [brStatus, , brEtag] = await asked('br, x4')
    expect(brStatus).toBe('MISS')
    expect(await asked('gzip, deflate, br, zstd')).toEqual(['HIT', 'br', brEtag])
    // Refused with q=0, as the service reads it: the client gets the coding it takes.
    expect(await asked('br;q=0, gzip')).toEqual(['HIT', 'gzip', gzipEtag])
    const [, identity, identityEtag] = await asked('identity, x5')
    expect(identity).toBe('none')
    expect(await asked('br;q=0')).toEqual(['HIT', 'none', identityEtag])
    expect(await asked('')).toEqual(['HIT', 'none', identityEtag])
  })

  it('keeps the answer to the URL the API writes, not to other spellings of the same request', async () => {
    const canonical = iconUrl(proxyUrl, 'lucide', 'anchor', { format: 'svg', size: 20 })
    expect(canonical).toBe(`${proxyUrl}/iconsets/lucide/anchor?format=svg&size=20`)
    const cacheStatuses = async (url: string) => {
      const seen: Array<string | null> = []
      for (let time = 0; time < 2; time++) {
        const response = await fetch(url)
        expect(response.status, url).toBe(200)
        expect(response.headers.get('x-accel-expires'), url).toBeNull()
        await response.arrayBuffer()
        seen.push(response.headers.get('x-cache-status'))
      }
      return seen
    }
    expect(await cacheStatuses(canonical)).toEqual(['MISS', 'HIT'])
    const etag = (await fetch(canonical)).headers.get('etag')
    for (const spelling of ['size=20&format=svg', 'format=%20svg&size=20', 'format=svg&size=%32%30']) {
      const url = `${proxyUrl}/iconsets/lucide/anchor?${spelling}`
      expect(await cacheStatuses(url), spelling).toEqual(['MISS', 'MISS'])
      expect((await fetch(url)).headers.get('etag'), spelling).toBe(etag)
    }
    // A search, which the processes answer on their fast path too.
    const search = searchUrl(proxyUrl, { q: 'anchor', limit: 5 })
    expect(await cacheStatuses(search)).toEqual(['MISS', 'HIT'])
    expect(await cacheStatuses(`${proxyUrl}/search?q=anchor&limit=5`)).toEqual(['MISS', 'MISS'])
    expect(await cacheStatuses(canonical)).toEqual(['HIT', 'HIT'])
  })

  it('answers with a problem document and CORS, not an HTML page, when no process can answer', async () => {
    const [, last] = processes
    last!.child.kill('SIGTERM')
    await exited(last!.child)
    const response = await fetch(searchUrl(proxyUrl, { q: 'nobody left', limit: 5 }), { headers: { origin: 'null' } })
    expect(response.status).toBe(502)
    expect(response.headers.get('content-type')).toMatch(/^application\/problem\+json/)
    expect(response.headers.get('access-control-allow-origin')).toBe('*')
    expect(response.headers.get('cache-control')).toBe('no-store')
    const body = (await response.json()) as Problem
    // One of the catalogue's own problems, written out by nginx.
    expect(body).toEqual(problem('no_process_available', body.detail))
  })
})
