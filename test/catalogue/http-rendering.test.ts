/**
 * PNG rendering under load, over real HTTP: renders run on worker threads, so the API keeps
 * answering while they wait; identical renders in flight are made once and shared; a full render
 * queue is refused at once with a 503 problem and a Retry-After; render threads are replaced when
 * they grow and stopped when idle, so their memory goes back.
 */
import { afterEach, describe, expect, it, vi } from 'vitest'
import type { Problem } from '../../src/api/catalogue-schemas'
import { iconUrl } from '../../src/api/catalogue-urls'
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
})
