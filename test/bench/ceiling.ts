/**
 * Recording the catalogue's real responses and replaying them from the ceiling server.
 */
import { request } from 'node:http'
import { HEADERS } from './load'
import type { CeilingMessage, CeilingRoutes, RecordedResponse } from './ceiling-server'
import { spawnServer, waitForMessage, type Server } from './processes'

/** Hop-by-hop and per-response headers that node:http writes itself. */
const OWN_HEADERS = new Set(['date', 'connection', 'keep-alive', 'transfer-encoding'])

/** Fetches one path exactly as the load generator does, keeping the body as sent (still compressed). */
export function record(origin: string, path: string): Promise<RecordedResponse> {
  return new Promise((resolve, reject) => {
    const outgoing = request(`${origin}${path}`, { headers: HEADERS }, (incoming) => {
      const chunks: Buffer[] = []
      incoming.on('data', (chunk: Buffer) => chunks.push(chunk))
      incoming.on('error', reject)
      incoming.on('end', () => {
        const headers: Record<string, string | string[]> = {}
        for (const [name, value] of Object.entries(incoming.headers)) {
          if (value !== undefined && !OWN_HEADERS.has(name)) headers[name] = value
        }
        const body = Buffer.concat(chunks)
        headers['content-length'] = String(body.length)
        resolve({ status: incoming.statusCode ?? 0, headers, body })
      })
    })
    outgoing.on('error', reject)
    outgoing.end()
  })
}

/** Records every path, a few at a time; fails loudly on anything but 200 so no case measures errors. */
export async function recordAll(origin: string, paths: readonly string[]): Promise<Map<string, RecordedResponse>> {
  const recorded = new Map<string, RecordedResponse>()
  const queue = [...new Set(paths)]
  const worker = async () => {
    for (let path = queue.shift(); path !== undefined; path = queue.shift()) {
      const response = await record(origin, path)
      if (response.status !== 200) {
        throw new Error(`GET ${path} answered ${response.status}: ${Buffer.from(response.body).toString('utf8', 0, 300)}`)
      }
      recorded.set(path, response)
    }
  }
  await Promise.all(Array.from({ length: 4 }, worker))
  return recorded
}

/** The response of median body size, standing in for paths that are never recorded (cold renders). */
export function medianResponse(responses: Iterable<RecordedResponse>): RecordedResponse {
  const sorted = [...responses].sort((a, b) => a.body.length - b.body.length)
  const median = sorted[Math.floor(sorted.length / 2)]
  if (median === undefined) throw new Error('No responses recorded')
  return median
}

export interface Ceiling {
  url: string
  pid: number
  load(routes: Map<string, RecordedResponse>, fallback?: RecordedResponse): Promise<void>
  stop(): Promise<void>
}

export async function startCeiling(): Promise<Ceiling> {
  const server: Server = await spawnServer({ name: 'ceiling', args: ['test/bench/ceiling-server.ts'], ipc: true })
  const listening = await waitForMessage(server, (message): message is CeilingMessage =>
    (message as CeilingMessage).type === 'listening'
  )
  if (listening.type !== 'listening' || listening.port !== server.port) throw new Error('Ceiling listens elsewhere')
  return {
    url: server.url,
    pid: server.child.pid as number,
    async load(routes, fallback) {
      const message: CeilingRoutes = { routes: [...routes], fallback: fallback ?? medianResponse(routes.values()) }
      const loaded = waitForMessage(server, (reply): reply is CeilingMessage => (reply as CeilingMessage).type === 'loaded')
      server.child.send(message)
      await loaded
    },
    stop: () => server.stop()
  }
}
