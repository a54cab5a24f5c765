/**
 * PNG rendering under load, over real HTTP: renders run on worker threads, so the API keeps
 * answering while they wait; identical renders in flight are made once and shared; a full render
 * queue is refused at once with a 503 problem and a Retry-After; one connection pipelining many
 * renders holds back and is refused alone, and its renders not started are dropped when it closes;
 * render threads are replaced when they grow and stopped when idle, so their memory goes back.
 */
import { EventEmitter } from 'node:events'
import { connect, type Socket } from 'node:net'
import { afterEach, describe, expect, it, vi } from 'vitest'
import type { Problem } from '../../src/api/catalogue-schemas'
import { iconUrl } from '../../src/api/catalogue-urls'
import { MAX_LIMIT } from '../../src/api/limits'
import { RenderPool, type RenderPoolOptions } from '../../src/catalogue/render-pool'
import { startCatalogue, type RunningCatalogue } from '../support/catalogue'
import { pngSize } from './http-client'

let service: RunningCatalogue | undefined
let pool: RenderPool | undefined

async function startWithPool(options: RenderPoolOptions): Promise<{ service: RunningCatalogue; pool: RenderPool }> {
  pool = new RenderPool(options)
  service = await startCatalogue({ renderPool: pool })
  return { service, pool }
}

afterEach(async () => {
  await service?.close()
  await pool?.close()
  service = undefined
  pool = undefined
})

/** 1024 px PNG URLs of `count` different lucide icons: each is a render of its own. */
function distinctPngUrls(running: RunningCatalogue, count: number): string[] {
  const lucide = running.catalogue.getIconset('lucide')!
  return lucide.icons.slice(0, count).map((icon) => iconUrl(running.url, 'lucide', icon.slug, { format: 'png', size: 1024 }))
}

/** A connection with `paths` pipelined on it, the last closing it. */
function pipeline(running: RunningCatalogue, paths: readonly string[]): { socket: Socket; statuses: Promise<number[]> } {
  const socket = connect(running.port, '127.0.0.1')
  const requests = paths.map((path, index) => `GET ${path} HTTP/1.1\r\nHost: a\r\n${index === paths.length - 1 ? 'Connection: close\r\n' : ''}\r\n`)
  socket.write(requests.join(''))
  const chunks: Buffer[] = []
  socket.on('data', (chunk: Buffer) => chunks.push(chunk))
  socket.on('error', () => undefined)
  const statuses = new Promise<number[]>((resolve) => socket.once('close', () => resolve(statusesOf(Buffer.concat(chunks)))))
  return { socket, statuses }
}

/** The statuses of the HTTP/1.1 responses one after another in `bytes`, each framed by its Content-Length. */
function statusesOf(bytes: Buffer): number[] {
  const statuses: number[] = []
  let at = 0
  while (at < bytes.length) {
    const headEnd = bytes.indexOf('\r\n\r\n', at)
    if (headEnd === -1) break
    const head = bytes.subarray(at, headEnd).toString('latin1')
    statuses.push(Number(/^HTTP\/1\.1 (\d{3})/.exec(head)?.[1]))
    at = headEnd + 4 + Number(/\r\ncontent-length: *(\d+)/i.exec(head)?.[1] ?? 0)
  }
  return statuses
}

const pathOf = (url: string) => new URL(url).pathname + new URL(url).search

describe('PNG rendering on worker threads', () => {
  it('renders 200 concurrent requests for one 1024 px PNG once, and gives all of them the same image', async () => {
    const { service, pool } = await startWithPool({ threads: 2 })
    const url = iconUrl(service.url, 'lucide', 'house', { format: 'png', size: 1024 })
    const responses = await Promise.all(Array.from({ length: 200 }, () => fetch(url)))
    const bodies = await Promise.all(responses.map(async (response) => Buffer.from(await response.arrayBuffer())))

    expect(responses.map((response) => response.status)).toEqual(Array(200).fill(200))
    expect(pngSize(bodies[0]!)).toEqual({ width: 1024, height: 1024 })
    expect(bodies.every((body) => body.equals(bodies[0]!))).toBe(true)
    expect(pool.stats().renders).toBe(1)
  })

  it('answers GET / while PNG renders are waiting for a thread', async () => {
    const { service, pool } = await startWithPool({ threads: 1 })
    const pngs = Promise.all(distinctPngUrls(service, 12).map((url) => fetch(url).then((response) => response.status)))
    await vi.waitFor(() => expect(pool.stats().queued).toBeGreaterThan(0))

    const root = await fetch(`${service.url}/`)
    expect(root.status).toBe(200)
    expect(root.headers.get('content-type')).toMatch(/^application\/json/)
    // GET / was answered while renders were still waiting: they did not hold up the event loop.
    expect(pool.stats().queued).toBeGreaterThan(0)

    expect(await pngs).toEqual(Array(12).fill(200))
    expect(pool.stats().renders).toBe(12)
  })

  it('renders a page of 96 thumbnails asked for at once, each on a connection of its own, without refusing any, on a single thread', async () => {
    const { service, pool } = await startWithPool({ threads: 1 })
    const lucide = service.catalogue.getIconset('lucide')!
    const urls = lucide.icons.slice(0, MAX_LIMIT).map((icon) => iconUrl(service.url, 'lucide', icon.slug, { format: 'png', size: 64 }))
    const statuses = await Promise.all(urls.map(async (url) => (await fetch(url)).status))
    expect(statuses).toEqual(Array(MAX_LIMIT).fill(200))
    expect(pool.stats().refused).toBe(0)
  })

  it('refuses renders beyond a full queue with a 503 problem and Retry-After, and renders them later', async () => {
    const { service, pool } = await startWithPool({ threads: 1, queueLimit: 2 })
    const urls = distinctPngUrls(service, 12)
    const responses = await Promise.all(urls.map((url) => fetch(url)))

    const refused = responses.filter((response) => response.status === 503)
    expect(refused.length).toBeGreaterThan(0)
    expect(responses.filter((response) => response.status === 200).length).toBe(12 - refused.length)
    expect(pool.stats().refused).toBe(refused.length)
    for (const response of refused) {
      expect(response.headers.get('content-type')).toMatch(/^application\/problem\+json/)
      expect(response.headers.get('retry-after')).toMatch(/^[1-9]\d*$/)
      expect(response.headers.get('cache-control')).toBe('no-store')
      const body = (await response.json()) as Problem
      expect(body).toMatchObject({ status: 503, code: 'render_queue_full' })
    }

    // A refusal is not remembered: once the queue drains, the same URL renders.
    const retried = await fetch(refused[0]!.url)
    expect(retried.status).toBe(200)
    expect(retried.headers.get('content-type')).toBe('image/png')
  })

  it('answers a render that waited longer than it may for a thread with a 503 problem, before nginx in front would give up on the process', async () => {
    // 1 ms: a cold 1024 px render takes longer, so every render queued behind one has waited too long.
    const { service, pool } = await startWithPool({ threads: 1, maxWaitMs: 1 })
    const responses = await Promise.all(distinctPngUrls(service, 6).map((url) => fetch(url)))
    const statuses = responses.map((response) => response.status)
    expect(statuses.filter((status) => status === 200).length, String(statuses)).toBeGreaterThan(0)
    expect(statuses.filter((status) => status === 503).length, String(statuses)).toBeGreaterThan(0)
    expect(pool.stats().refused).toBe(statuses.filter((status) => status === 503).length)
    for (const response of responses.filter((answer) => answer.status === 503)) {
      expect(response.headers.get('retry-after')).toMatch(/^[1-9]\d*$/)
      expect(((await response.json()) as Problem).code).toBe('render_queue_full')
    }
  })

  it('refuses a render that has waited its time while every thread is still busy, not only when one comes free', async () => {
    const pool = new RenderPool({ threads: 1, maxWaitMs: 50 })
    try {
      // A blur over a 1024 px image keeps the one thread busy far longer than the wait allowed.
      const slow = '<svg xmlns="http://www.w3.org/2000/svg" width="1024" height="1024"><filter id="b"><feGaussianBlur stdDeviation="60"/></filter>' +
        Array.from({ length: 12 }, (_, at) => `<circle cx="${80 * at + 50}" cy="512" r="300" fill="#0a6" filter="url(#b)"/>`).join('') + '</svg>'
      const events: string[] = []
      const first = pool.render(slow).then(() => events.push('slow render done'))
      const waiting = pool.render('<svg xmlns="http://www.w3.org/2000/svg" width="24" height="24"><rect width="24" height="24"/></svg>').catch((error: { problem?: Problem }) => {
        events.push(`refused: ${error.problem?.code}`)
      })
      await Promise.all([first, waiting])
      expect(events).toEqual(['refused: render_queue_full', 'slow render done'])
    } finally {
      await pool.close()
    }
  })

  it('replaces a render thread that grows past its memory threshold, and keeps rendering', async () => {
    const { service, pool } = await startWithPool({ threads: 1, recycleBytes: 1 })
    for (const url of distinctPngUrls(service, 3)) {
      const response = await fetch(url)
      expect(response.status).toBe(200)
      expect(pngSize(new Uint8Array(await response.arrayBuffer()))).toEqual({ width: 1024, height: 1024 })
    }
    expect(pool.stats()).toMatchObject({ renders: 3, threadsStarted: 3 })
  })

  it('stops idle render threads, and starts them again for the next render', async () => {
    const { service, pool } = await startWithPool({ threads: 2, idleMs: 100 })
    const [first, second] = distinctPngUrls(service, 2)
    expect((await fetch(first!)).status).toBe(200)
    expect(pool.stats().threads).toBeGreaterThan(0)
    await vi.waitFor(() => expect(pool.stats().threads).toBe(0))

    expect((await fetch(second!)).status).toBe(200)
    expect(pool.stats()).toMatchObject({ renders: 2, threadsStarted: 2 })
  })

  it('holds back a connection that pipelines many renders behind its own, refuses it alone beyond its backlog, and renders another client’s meanwhile', async () => {
    const { service, pool } = await startWithPool({ threads: 1, queueLimit: 4, ownerBacklog: 3 })
    const [other, ...piped] = distinctPngUrls(service, 11)
    const flood = pipeline(service, piped.map(pathOf))
    await vi.waitFor(() => expect(pool.stats().held).toBe(3))
    // The queue has room for others: the flood has one render in it, not four.
    const answer = await fetch(other!)
    expect(answer.status).toBe(200)
    expect(answer.headers.get('content-type')).toBe('image/png')
    // One render queued, three held behind it, and the six beyond the backlog refused, in the order asked.
    expect(await flood.statuses).toEqual([...Array(4).fill(200), ...Array(6).fill(503)])
    expect(pool.stats()).toMatchObject({ renders: 5, refused: 6, queued: 0, held: 0 })
  })

  it('drops the renders a connection pipelined and had not started when it closes, unless another request shares them', async () => {
    const { service, pool } = await startWithPool({ threads: 1, perOwner: 3 })
    const [first, second, ...rest] = distinctPngUrls(service, 8).map(pathOf)
    const flood = pipeline(service, [first!, second!, ...rest])
    // The first render on the thread, the second and third in the queue, the rest held behind them.
    await vi.waitFor(() => expect(pool.stats()).toMatchObject({ running: 1, queued: 2, held: 5 }))
    // Another client asks for the second too.
    const shared = fetch(`${service.url}${second}`)
    await vi.waitFor(() => expect(pool.stats().shared).toBe(1))
    flood.socket.destroy()
    expect((await shared).status).toBe(200)
    await vi.waitFor(() => expect(pool.stats()).toMatchObject({ queued: 0, held: 0, running: 0 }))
    // The one on the thread and the one shared were rendered; the third, queued, and the five held were not.
    expect(pool.stats().renders).toBe(2)
    expect((await fetch(`${service.url}/`)).status).toBe(200)
  })

  it('lets a held render that joins another client’s in flight take no place, so the one held behind it still goes', async () => {
    pool = new RenderPool({ threads: 1, perOwner: 1 })
    const square = (size: number) => `<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size}" viewBox="0 0 24 24"><circle cx="12" cy="12" r="10"/></svg>`
    const [first, second, third] = [512, 513, 514].map(square) as [string, string, string]
    const connection = new EventEmitter()
    const other = new EventEmitter()
    const renders = [pool.render(first, connection), pool.render(second, connection), pool.render(third, connection)]
    // Another client asks for the second before the connection's turn comes: it joins that one when it does.
    const shared = pool.render(second, other)
    expect(pool.stats()).toMatchObject({ held: 2 })
    const pngs = await Promise.all([...renders, shared])
    expect(pngs.map((png) => pngSize(png).width)).toEqual([512, 513, 514, 513])
    expect(pool.stats()).toMatchObject({ renders: 3, shared: 1, held: 0, queued: 0 })
  })
})
