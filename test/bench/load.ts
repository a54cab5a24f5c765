/**
 * Load generation with autocannon's programmatic API: 10 connections, a warm-up, then the
 * measured run, with the headers a browser sends.
 */
import autocannon from 'autocannon'
import { treeCpuSeconds } from './processes'

export const CONNECTIONS = 10
export const HEADERS = { 'accept-encoding': 'gzip, br', accept: '*/*' }

export interface LoadSettings {
  durationSeconds: number
  warmupSeconds: number
}

export interface LoadResult {
  requestsPerSecond: number
  p50: number
  p99: number
  /** Mean bytes per response on the wire (headers and body). */
  bytesPerResponse: number
  responses: number
  non2xx: number
  errors: number
  timeouts: number
  /**
   * CPU the server used per second of the run (1 = one core busy), when its pid was given. Below
   * ~0.9 the load generator, not the server, set the pace: on a small machine it shares the cores.
   */
  serverCpu: number | null
  /** Server CPU time per response in µs: what a request costs, whoever set the pace. */
  cpuMicrosPerResponse: number | null
}

/**
 * A stream of request paths. Every connection takes the next path from one shared cursor, so the
 * whole sequence is covered in order however many connections there are.
 */
export type PathSource = (() => string) & {
  /** For sources that never repeat: how many distinct paths went out. */
  used?: () => number
}

export function cycle(paths: readonly string[]): PathSource {
  if (paths.length === 0) throw new Error('No paths to request')
  let next = 0
  return () => paths[next++ % paths.length] as string
}

/** Paths that must never repeat (cold caches): throws if the run outlasts them. */
export function once(paths: readonly string[], label: string): PathSource {
  let next = 0
  const source = () => {
    if (next >= paths.length) throw new Error(`${label}: ran out of distinct paths after ${paths.length}`)
    return paths[next++] as string
  }
  return Object.assign(source, { used: () => next })
}

interface Fired {
  result: autocannon.Result
  /** Seconds from the start to the last response (autocannon ends a run of a set amount on a whole second). */
  seconds: number
  /** Latency of every 2xx response in ms, at full resolution (autocannon's histogram keeps whole ms). */
  latencies: Float64Array
}

/** How long a run lasts: so many seconds, or so many requests. */
type Extent = { duration: number } | { amount: number }

async function fire(origin: string, source: PathSource, extent: Extent): Promise<Fired> {
  let failure: unknown
  let latencies = new Float64Array(1 << 16)
  let count = 0
  const began = performance.now()
  let lastResponseAt = began
  let instance: autocannon.Instance | undefined
  const finished = new Promise<autocannon.Result>((resolve, reject) => {
    instance = autocannon(
      {
        url: origin,
        connections: CONNECTIONS,
        ...extent,
        headers: HEADERS,
        requests: [
          {
            method: 'GET',
            setupRequest: (request) => {
              try {
                return { ...request, path: source() }
              } catch (error) {
                failure ??= error
                return { ...request, path: '/' }
              }
            }
          }
        ]
      },
      (error, result) => (error ? reject(error) : resolve(result))
    )
  })
  instance?.on('response', (_client: unknown, statusCode: number, _bytes: number, responseTime: number) => {
    if (statusCode < 200 || statusCode >= 300) return
    if (count === latencies.length) {
      const grown = new Float64Array(latencies.length * 2)
      grown.set(latencies)
      latencies = grown
    }
    latencies[count++] = responseTime
    lastResponseAt = performance.now()
  })
  const result = await finished
  if (failure !== undefined) throw failure
  return { result, seconds: Math.max(lastResponseAt - began, 1) / 1000, latencies: latencies.slice(0, count).sort() }
}

export function percentile(sorted: ArrayLike<number>, fraction: number): number {
  if (sorted.length === 0) return NaN
  return sorted[Math.min(sorted.length - 1, Math.ceil(fraction * sorted.length) - 1)] as number
}

export async function measure(origin: string, source: PathSource, settings: LoadSettings, pid?: number): Promise<LoadResult> {
  if (settings.warmupSeconds > 0) await fire(origin, source, { duration: settings.warmupSeconds })
  return withCpu(pid, () => fire(origin, source, { duration: settings.durationSeconds }))
}

/** Each path exactly once, no warm-up: what a server does with requests it has never seen. */
export async function measureOnce(origin: string, paths: readonly string[], pid?: number): Promise<LoadResult> {
  return withCpu(pid, () => fire(origin, once(paths, 'single pass'), { amount: paths.length }))
}

async function withCpu(pid: number | undefined, run: () => Promise<Fired>): Promise<LoadResult> {
  const cpuBefore = pid === undefined ? 0 : treeCpuSeconds(pid)
  const fired = await run()
  const summary = summarise(fired)
  if (pid === undefined) return summary
  const cpu = treeCpuSeconds(pid) - cpuBefore
  return {
    ...summary,
    serverCpu: cpu / fired.seconds,
    cpuMicrosPerResponse: summary.responses === 0 ? null : (cpu * 1e6) / summary.responses
  }
}

function summarise({ result, seconds, latencies }: Fired): LoadResult {
  const responses = result.requests.total
  return {
    requestsPerSecond: responses / seconds,
    p50: percentile(latencies, 0.5),
    p99: percentile(latencies, 0.99),
    bytesPerResponse: responses === 0 ? 0 : result.throughput.total / responses,
    responses,
    non2xx: result.non2xx,
    errors: result.errors,
    timeouts: result.timeouts,
    serverCpu: null,
    cpuMicrosPerResponse: null
  }
}
