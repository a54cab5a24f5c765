/**
 * The shipped nginx configuration (deploy/nginx/catalogue.conf, only its marked lines replaced, and
 * the snippet it includes, installed where it says) as load balancer and cache in front of two
 * catalogue processes on loopback. Under load, one process is stopped: no request fails, the other
 * process answers what the cache cannot, and repeated icon URLs are answered from nginx's cache; a
 * repeated search too, revalidated by its ETag with a 304. Probes through nginx skip a hung process.
 */
import { spawn, type ChildProcess } from 'node:child_process'
import { copyFile, mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises'
import { createServer } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { IconSetDetail, Problem } from '../../src/api/catalogue-schemas'
import { iconsetUrl, iconUrl, searchUrl } from '../../src/api/catalogue-urls'
import { problem } from '../../src/catalogue/problems'
import { buildPluginIfStale } from '../../src/plugin-build'

const ROOT = fileURLToPath(new URL('../../', import.meta.url))
const SHIPPED_CONFIG = join(ROOT, 'deploy/nginx/catalogue.conf')
/** The snippets SHIPPED_CONFIG includes from snippets/, relative to the main nginx.conf (/etc/nginx), shipped beside it. */
const INCLUDED_SNIPPET = /include snippets\/(\S+);/g
/** What `npm start` runs. */
const SERVICE_ENTRY = join(ROOT, 'src/server.ts')

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
  const child = spawn(process.execPath, ['--import', 'tsx', SERVICE_ENTRY], {
    cwd: ROOT,
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', BASE_URL: baseUrl, LOG_LEVEL: 'warn', RENDER_THREADS: '1' },
    stdio: ['ignore', 'ignore', 'inherit']
  })
  processes.push({ port, child })
  return child
}

/** The shipped file with its marked lines replaced; fails if any of them is no longer there. */
function fleetConfig(shipped: string, upstreamPorts: number[], listenPort: number, cacheDirectory: string): string {
  const upstreams = /(?:\n[ \t]*server [\d.]+:\d+ (max_fails=\d+ fail_timeout=\d+s);)+/
  const health = upstreams.exec(shipped)?.[1]
  expect(health, 'deploy/nginx/catalogue.conf lists its upstream servers with health settings').toBeDefined()
  const replacements: [RegExp, string][] = [
    [upstreams, upstreamPorts.map((port) => `\n    server 127.0.0.1:${port} ${health};`).join('')],
    [/proxy_cache_path \S+/, `proxy_cache_path ${cacheDirectory}`],
    [/listen 80;/, `listen 127.0.0.1:${listenPort};`]
  ]
  let config = shipped
  for (const [pattern, replacement] of replacements) {
    expect(config, `deploy/nginx/catalogue.conf has ${pattern}`).toMatch(pattern)
    config = config.replace(pattern, replacement)
  }
  return config
}

/** A main nginx.conf that runs as this user with everything under `directory`, and logs each request's cache status. */
function mainConfig(directory: string): string {
  const temp = ['client_body', 'proxy', 'fastcgi', 'uwsgi', 'scgi'].map((kind) => `  ${kind}_temp_path ${join(directory, kind)};`)
  return [
    // nginx started by root would switch its workers to an unprivileged user who cannot write here.
    process.getuid?.() === 0 ? 'user root;' : '',
    'worker_processes 1;',
    `pid ${join(directory, 'nginx.pid')};`,
    `error_log ${join(directory, 'error.log')} warn;`,
    'events { worker_connections 1024; }',
    'http {',
    // $upstream_addr last: a request passed to a second process logs both, as "a, b".
    `  log_format fleet '$request_uri $status $upstream_cache_status $upstream_addr';`,
    `  access_log ${join(directory, 'access.log')} fleet;`,
    ...temp,
    `  include ${join(directory, 'catalogue.conf')};`,
    '}',
    ''
  ].join('\n')
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
  // Each process would build a stale plugin itself; once is enough, and before either starts.
  await buildPluginIfStale(process.env)

  const children = upstreamPorts.map((port) => startCatalogueProcess(port, proxyUrl))
  await Promise.all(upstreamPorts.map((port, index) => waitForAnswer(`http://127.0.0.1:${port}/`, children[index]!)))

  const shipped = await readFile(SHIPPED_CONFIG, 'utf8')
  await writeFile(join(directory, 'catalogue.conf'), fleetConfig(shipped, upstreamPorts, listenPort!, join(directory, 'cache')))
  await mkdir(join(directory, 'snippets'))
  const snippets = new Set([...shipped.matchAll(INCLUDED_SNIPPET)].map(([, name]) => name as string))
  for (const snippet of snippets) await copyFile(join(ROOT, 'deploy/nginx', snippet), join(directory, 'snippets', snippet))
  await writeFile(join(directory, 'nginx.conf'), mainConfig(directory))
  nginx = spawn('nginx', ['-p', directory, '-c', join(directory, 'nginx.conf'), '-e', join(directory, 'error.log'), '-g', 'daemon off;'], {
    stdio: ['ignore', 'inherit', 'inherit']
  })
  await waitForAnswer(`${proxyUrl}/`, nginx)
})

afterAll(async () => {
  for (const { child } of processes) child.kill('SIGTERM')
  nginx?.kill('SIGQUIT')
  await Promise.all([...processes.map(({ child }) => exited(child)), nginx === undefined ? undefined : exited(nginx)])
  if (directory !== undefined) await rm(directory, { recursive: true, force: true })
})

/** The overload burst: far more distinct 1024 px PNGs than one render thread per process can take at once. */
const BURST_CLIENTS = 120
const BURST_REQUESTS = 1200
/** Every tenth request of the burst is a search, which must be answered whatever the renders do. */
const SEARCH_EVERY = 10

describe('a fleet of two catalogue processes behind nginx', () => {
  it('answers health and readiness probes from a live process, never from its cache, while the other hangs', async () => {
    const [hung, live] = processes
    const logStart = (await accessLog()).length
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
    } finally {
      hung!.child.kill('SIGCONT')
    }
    // Round robin sent a probe to the hung process, and nginx passed it on to the live one.
    const probes = (await accessLog()).slice(logStart)
    expect(probes.map((entry) => entry.upstream)).toContain(`127.0.0.1:${hung!.port}, 127.0.0.1:${live!.port}`)
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
