/**
 * The ceiling: a bare node:http server that answers each path with a precomputed response,
 * byte for byte what the catalogue sent for it (same headers, same already-compressed body).
 * Whatever the catalogue does beyond this is the cost of being a catalogue.
 * Run as a child of run.ts; responses arrive over IPC (advanced serialisation keeps the bytes).
 */
import { createServer, type OutgoingHttpHeaders } from 'node:http'

export interface RecordedResponse {
  status: number
  headers: OutgoingHttpHeaders
  body: Uint8Array
}

export interface CeilingRoutes {
  routes: Array<[string, RecordedResponse]>
  /** Answer for any other path (a case whose paths never repeat, such as cold PNGs). */
  fallback: RecordedResponse
}

export type CeilingMessage = { type: 'listening'; port: number } | { type: 'loaded' }

function main(): void {
  const send = (message: CeilingMessage) => process.send?.(message)
  let routes = new Map<string, RecordedResponse>()
  let fallback: RecordedResponse = { status: 404, headers: {}, body: new Uint8Array() }

  const server = createServer((request, response) => {
    const answer = routes.get(request.url ?? '') ?? fallback
    response.writeHead(answer.status, answer.headers)
    response.end(answer.body)
  })

  // IPC hands bodies over as plain Uint8Arrays; node:http writes Buffers without a copy.
  const asBuffer = (response: RecordedResponse): RecordedResponse => ({
    ...response,
    body: Buffer.from(response.body.buffer, response.body.byteOffset, response.body.byteLength)
  })
  process.on('message', (message: CeilingRoutes) => {
    routes = new Map(message.routes.map(([path, response]) => [path, asBuffer(response)]))
    fallback = asBuffer(message.fallback)
    send({ type: 'loaded' })
  })
  process.on('SIGTERM', () => server.close(() => process.exit(0)))

  server.listen(Number(process.env.PORT ?? 0), '127.0.0.1', () => {
    const address = server.address()
    if (address !== null && typeof address !== 'string') send({ type: 'listening', port: address.port })
  })
}

main()
