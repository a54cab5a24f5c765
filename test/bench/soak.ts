/**
 * The soak (issue "a service that holds under abuse"): for a bounded time, on loopback, a mix of
 * first-sight searches, icon metadata, SVGs and cold 1024 px PNGs, every request carrying a junk
 * parameter, plus slow clients that trickle their headers; meanwhile a probe times GET / and the
 * server's RSS is sampled. Then the load stops and the RSS is read again 15 s later.
 */
import { connect, type Socket } from 'node:net'
import { iconUrl } from '../../src/api/catalogue-urls'
import { listIcons, searchMixPaths } from './catalogue-cases'
import { HEADERS, percentile } from './load'
import { treeRss } from './processes'

export interface SoakResult {
  seconds: number
  peakRssBytes: number
  /** RSS 15 s after the load stopped. */
  idleRssBytes: number
  /** GET / while PNGs render, in ms. */
  rootP50: number
  rootP99: number
  rootSamples: number
  pngRendersPerSecond: number
  /** Deliberate 503s of a full render queue. */
  renderQueueFull: number
  requests: number
  /** Any other 5xx, and requests that got no answer at all. */
  errors: number
  errorExamples: string[]
}

const PNG_CLIENTS = 6
const SEARCH_CLIENTS = 2
const SVG_CLIENTS = 2
const SLOW_CLIENTS = 8
const ROOT_PROBE_MS = 20
const IDLE_WAIT_MS = 15_000

/** A parameter the API does not know, of a size a careless client sends: it must not change the answer or the cache's size. */
function junk(index: number): string {
  return `junk=${index.toString(36).padEnd(2048, 'x')}`
}

function withJunk(path: string, index: number): string {
  return `${path}${path.includes('?') ? '&' : '?'}${junk(index)}`
}

/** A client that sends a request line and then one header byte a second, never finishing. */
function slowClient(port: number, stopped: () => boolean): Socket {
  const socket = connect(port, '127.0.0.1', () => {
    socket.write('GET / HTTP/1.1\r\nHost: 127.0.0.1\r\n')
    const timer = setInterval(() => {
      if (stopped() || socket.destroyed) {
        clearInterval(timer)
        socket.destroy()
        return
      }
      socket.write('X')
    }, 1000)
  })
  socket.on('error', () => undefined)
  return socket
}

export async function runSoak(origin: string, pid: number, seconds: number): Promise<SoakResult> {
  const icons = await listIcons(origin)
  // Spread over every set, so each PNG is a render the server has not cached.
  const pngPaths = icons.filter((_, index) => index % 7 === 0).map((icon) => iconUrl('', icon.iconset, icon.slug, { format: 'png', size: 1024 }))
  const svgPaths = icons.filter((_, index) => index % 5 === 1).map((icon) => iconUrl('', icon.iconset, icon.slug, { format: 'svg', size: 48 }))
  const metadataPaths = icons.filter((_, index) => index % 5 === 2).map((icon) => iconUrl('', icon.iconset, icon.slug))
  const searchPaths = [...new Set(searchMixPaths())]
  const port = Number(new URL(origin).port)

  let stop = false
  let requests = 0
  let pngRendered = 0
  let renderQueueFull = 0
  let errors = 0
  const errorExamples: string[] = []
  const rootLatencies: number[] = []
  let peakRssBytes = treeRss(pid)
  const rssTimer = setInterval(() => (peakRssBytes = Math.max(peakRssBytes, treeRss(pid))), 200)

  const failed = (message: string) => {
    errors++
    if (errorExamples.length < 5) errorExamples.push(message)
  }

  async function get(path: string): Promise<void> {
    requests++
    try {
      const response = await fetch(`${origin}${path}`, { headers: HEADERS })
      const body = Buffer.from(await response.arrayBuffer())
      if (response.status === 503 && body.toString().includes('"render_queue_full"')) renderQueueFull++
      else if (response.status >= 500) failed(`${response.status} ${path.slice(0, 80)}`)
      else if (response.status === 200 && response.headers.get('content-type') === 'image/png') pngRendered++
    } catch (error) {
      failed(`${(error as Error).message} ${path.slice(0, 80)}`)
    }
  }

  async function client(paths: readonly string[], offset: number, stride: number): Promise<void> {
    for (let index = offset; !stop; index += stride) await get(withJunk(paths[index % paths.length] as string, index))
  }

  async function probeRoot(): Promise<void> {
    while (!stop) {
      const began = performance.now()
      try {
        const response = await fetch(`${origin}/`, { headers: HEADERS })
        await response.arrayBuffer()
        if (response.status !== 200) failed(`GET / answered ${response.status}`)
      } catch (error) {
        failed(`GET / ${(error as Error).message}`)
      }
      rootLatencies.push(performance.now() - began)
      await new Promise((resolve) => setTimeout(resolve, ROOT_PROBE_MS))
    }
  }

  const slow = Array.from({ length: SLOW_CLIENTS }, () => slowClient(port, () => stop))
  const began = performance.now()
  const stopTimer = setTimeout(() => (stop = true), seconds * 1000)
  await Promise.all([
    ...Array.from({ length: PNG_CLIENTS }, (_, index) => client(pngPaths, index, PNG_CLIENTS)),
    ...Array.from({ length: SEARCH_CLIENTS }, (_, index) => client(searchPaths, index, SEARCH_CLIENTS)),
    ...Array.from({ length: SVG_CLIENTS }, (_, index) => client(index % 2 === 0 ? svgPaths : metadataPaths, index, SVG_CLIENTS)),
    probeRoot()
  ])
  const elapsedSeconds = (performance.now() - began) / 1000
  clearTimeout(stopTimer)
  for (const socket of slow) socket.destroy()

  await new Promise((resolve) => setTimeout(resolve, IDLE_WAIT_MS))
  clearInterval(rssTimer)
  const sorted = Float64Array.from(rootLatencies).sort()
  return {
    seconds: elapsedSeconds,
    peakRssBytes,
    idleRssBytes: treeRss(pid),
    rootP50: percentile(sorted, 0.5),
    rootP99: percentile(sorted, 0.99),
    rootSamples: sorted.length,
    pngRendersPerSecond: pngRendered / elapsedSeconds,
    renderQueueFull,
    requests,
    errors,
    errorExamples
  }
}
