/**
 * The soak: a fresh service under ordinary-looking abuse for a bounded time, on loopback. Search,
 * icon metadata and SVG traffic whose every URL carries a different junk parameter, cold 1024 px
 * PNGs of distinct icons, clients that trickle their headers a byte at a time or never read their
 * answer, and a probe of `GET /` all the while. Reports peak RSS, RSS after 15 s idle, the probe's
 * p99, renders per second and every status that was not a success.
 */
import autocannon from 'autocannon'
import { connect, type Socket } from 'node:net'
import { setTimeout as sleep } from 'node:timers/promises'
import { iconUrl } from '../../src/api/catalogue-urls'
import { listIcons, searchMixPaths, type IconRef } from './catalogue-cases'
import { HEADERS, percentile } from './load'
import { treeRss, waitForHttp, type Server } from './processes'
import { seededRandom, shuffled } from './queries'

export interface SoakSettings {
  loadSeconds: number
  idleSeconds: number
  slowClients: number
}

export interface SoakResult {
  settings: SoakSettings
  rssIdleBeforeBytes: number
  rssPeakBytes: number
  rssAfterIdleBytes: number
  /** Latency of `GET /` sent every 100 ms during the load, one at a time. */
  probe: { samples: number; p50: number; p99: number; failures: number }
  renders: { ok: number; perSecond: number }
  requests: number
  /** Responses by status, for every status that is not 2xx. */
  statuses: Record<string, number>
  /** Connection errors and timeouts seen by the load generator. */
  errors: number
}

const JUNK = 'x'.repeat(2_000)

interface Tally {
  requests: number
  statuses: Record<string, number>
  ok: number
}

function run(origin: string, connections: number, seconds: number, next: () => string, tally: Tally): Promise<autocannon.Result> {
  return new Promise((resolve, reject) => {
    const instance = autocannon(
      {
        url: origin,
        connections,
        duration: seconds,
        headers: HEADERS,
        timeout: 30,
        requests: [{ method: 'GET', setupRequest: (request) => ({ ...request, path: next() }) }]
      },
      (error, result) => (error ? reject(error) : resolve(result))
    )
    instance.on('response', (_client: unknown, status: number) => {
      tally.requests++
      if (status >= 200 && status < 300) tally.ok++
      else tally.statuses[String(status)] = (tally.statuses[String(status)] ?? 0) + 1
    })
  })
}

/** Sends a request's headers a byte every 200 ms, as a slow or hostile client does; ends on stop. */
function trickle(port: number, stopped: () => boolean): Promise<void> {
  return new Promise((resolve) => {
    const socket: Socket = connect(port, '127.0.0.1')
    const request = `GET /search?q=home HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Slow: ${'y'.repeat(200)}\r\n\r\n`
    let sent = 0
    const done = () => {
      clearInterval(timer)
      socket.destroy()
      resolve()
    }
    const timer = setInterval(() => {
      if (stopped() || socket.destroyed || sent >= request.length) return done()
      socket.write(request[sent++] as string)
    }, 200)
    socket.on('error', done)
    socket.on('close', done)
  })
}

/** Asks for a large answer and never reads it. */
function neverReads(port: number, path: string, stopped: () => boolean): Promise<void> {
  return new Promise((resolve) => {
    const socket = connect(port, '127.0.0.1', () => {
      socket.pause()
      socket.write(`GET ${path} HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n`)
    })
    const timer = setInterval(() => {
      if (!stopped()) return
      clearInterval(timer)
      socket.destroy()
      resolve()
    }, 250)
    socket.on('error', () => undefined)
  })
}

async function probe(origin: string, stopped: () => boolean): Promise<SoakResult['probe']> {
  const latencies: number[] = []
  let failures = 0
  while (!stopped()) {
    const began = performance.now()
    try {
      const response = await fetch(`${origin}/`, { signal: AbortSignal.timeout(10_000) })
      await response.arrayBuffer()
      if (response.ok) latencies.push(performance.now() - began)
      else failures++
    } catch {
      failures++
    }
    await sleep(100)
  }
  latencies.sort((a, b) => a - b)
  return { samples: latencies.length, p50: percentile(latencies, 0.5), p99: percentile(latencies, 0.99), failures }
}

export async function soak(startCatalogue: () => Promise<Server>, settings: SoakSettings): Promise<SoakResult> {
  const server = await startCatalogue()
  try {
    await waitForHttp(server)
    const pid = server.child.pid as number
    const icons: IconRef[] = shuffled(await listIcons(server.url), seededRandom(1024))
    const rssIdleBeforeBytes = treeRss(pid)

    let serial = 0
    const junk = () => `junk=${JUNK}${serial++}`
    const queries = searchMixPaths()
    const light = (): string => {
      const icon = icons[serial % icons.length] as IconRef
      switch (serial % 3) {
        case 0:
          return `${queries[serial % queries.length]}&${junk()}`
        case 1:
          return `${iconUrl('', icon.iconset, icon.slug)}?${junk()}`
        default:
          return `${iconUrl('', icon.iconset, icon.slug, { format: 'svg', size: 48 })}&${junk()}`
      }
    }
    let rendered = 0
    const cold = (): string => {
      const icon = icons[rendered++ % icons.length] as IconRef
      return `${iconUrl('', icon.iconset, icon.slug, { format: 'png', size: 1024 })}&${junk()}`
    }

    let stopped = false
    const isStopped = () => stopped
    let rssPeakBytes = rssIdleBeforeBytes
    const sampler = setInterval(() => (rssPeakBytes = Math.max(rssPeakBytes, treeRss(pid))), 250)
    const lightTally: Tally = { requests: 0, statuses: {}, ok: 0 }
    const pngTally: Tally = { requests: 0, statuses: {}, ok: 0 }
    const big = iconUrl('', (icons[0] as IconRef).iconset, (icons[0] as IconRef).slug, { format: 'png', size: 1024 })
    const hostile = [
      ...Array.from({ length: settings.slowClients }, () => trickle(server.port, isStopped)),
      ...Array.from({ length: settings.slowClients }, () => neverReads(server.port, big, isStopped))
    ]
    const probing = probe(server.url, isStopped)
    const began = performance.now()
    const [lightResult, pngResult] = await Promise.all([
      run(server.url, 6, settings.loadSeconds, light, lightTally),
      run(server.url, 4, settings.loadSeconds, cold, pngTally)
    ])
    const seconds = (performance.now() - began) / 1000
    stopped = true
    const probed = await probing
    await Promise.all(hostile)
    clearInterval(sampler)
    rssPeakBytes = Math.max(rssPeakBytes, treeRss(pid))
    await sleep(settings.idleSeconds * 1000)

    const statuses: Record<string, number> = {}
    for (const tally of [lightTally, pngTally]) {
      for (const [status, count] of Object.entries(tally.statuses)) statuses[status] = (statuses[status] ?? 0) + count
    }
    return {
      settings,
      rssIdleBeforeBytes,
      rssPeakBytes,
      rssAfterIdleBytes: treeRss(pid),
      probe: probed,
      renders: { ok: pngTally.ok, perSecond: pngTally.ok / seconds },
      requests: lightTally.requests + pngTally.requests,
      statuses,
      errors: lightResult.errors + lightResult.timeouts + pngResult.errors + pngResult.timeouts
    }
  } finally {
    await server.stop()
  }
}
