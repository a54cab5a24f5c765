/**
 * The Node HTTP server under the catalogue app, with the timeouts that keep a slow or stuck
 * client from holding a connection: headers must arrive within `headersTimeoutMs` (else 408),
 * a whole request within `requestTimeoutMs`, and a socket on which nothing moves for
 * `idleTimeoutMs` (a client that stopped reading its response, say) is closed. What Node would
 * answer itself without a body (a missing Host, an Expect it cannot meet) is a problem instead.
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http'
import type { Socket } from 'node:net'
import { ALLOWED_METHODS, rawProblemResponse, UNHOOKED_HEADERS, writeProblem } from './problem-errors'
import { excerpt, problem } from './problems'

export interface HttpTimeouts {
  headersTimeoutMs: number
  requestTimeoutMs: number
  idleTimeoutMs: number
  /** How long a kept-alive connection may wait for its next request. */
  keepAliveTimeoutMs: number
}

export const DEFAULT_TIMEOUTS: HttpTimeouts = {
  headersTimeoutMs: 10_000,
  requestTimeoutMs: 30_000,
  idleTimeoutMs: 30_000,
  keepAliveTimeoutMs: 5_000
}

export function createCatalogueServer(timeouts: HttpTimeouts = DEFAULT_TIMEOUTS): Server {
  const server = createServer({
    headersTimeout: timeouts.headersTimeoutMs,
    requestTimeout: timeouts.requestTimeoutMs,
    keepAliveTimeout: timeouts.keepAliveTimeoutMs,
    // Node checks the two timeouts above this often; its default (30 s) would let a 10 s limit run to 40 s.
    connectionsCheckingInterval: Math.min(1_000, timeouts.headersTimeoutMs),
    // Node would answer a bare 400; problem-errors.ts answers a missing_host problem.
    requireHostHeader: false
  })
  closeIdleSockets(server, timeouts.idleTimeoutMs)
  // Node hands a CONNECT request over as a raw socket, and without a listener closes it unanswered:
  // it is a method like any other the read-only API refuses.
  server.on('connect', (_request, socket: Socket) => {
    socket.on('error', () => socket.destroy())
    const refused = problem('method_not_allowed', `CONNECT is not allowed; the API is read-only (${ALLOWED_METHODS}).`)
    socket.end(rawProblemResponse(refused, { Allow: ALLOWED_METHODS }))
  })
  // Any Expect but 100-continue (which Node answers itself), instead of Node's empty 417.
  server.on('checkExpectation', (request, response) => {
    writeProblem(response, problem('expectation_failed', `The API cannot meet Expect: ${excerpt(request.headers.expect)}.`))
  })
  return server
}

/**
 * Closes a connection the service gives up on with a reset, not a FIN: a FIN waits behind the data
 * the client never read, and the kernel keeps the socket (in FIN-WAIT-1) and its send buffer, a few
 * MB each, for minutes after the process let go of it. A reset drops both at once.
 */
function giveUp(socket: Socket): void {
  if (socket.destroyed) return
  socket.resetAndDestroy()
}

/** Gives up on every connection still open (at the shutdown deadline): see giveUp. */
export function giveUpOnConnections(server: Server): void {
  for (const socket of openConnections.get(server)?.keys() ?? []) giveUp(socket)
}

/** The open connections of each catalogue server (closeIdleSockets keeps them), for giveUpOnConnections. */
const openConnections = new WeakMap<Server, ReadonlyMap<Socket, unknown>>()

/** How many times per idle timeout the open connections are looked at. */
const IDLE_CHECKS = 4

/**
 * Closes every socket on which nothing has moved (no byte read, none handed to the client) for
 * idleTimeoutMs, within a quarter of it: a client that stopped reading its responses. One sweep
 * over the open connections does it, instead of Node's server.setTimeout, which arms a timer per
 * socket that every request and every write re-arms: that was about a tenth of a cached answer's
 * CPU. A kept-alive connection waiting for its next request is Node's (keepAliveTimeout) sooner.
 */
function closeIdleSockets(server: Server, idleTimeoutMs: number): void {
  const moved = (socket: Socket) => socket.bytesRead + socket.bytesWritten - socket.writableLength
  const open = new Map<Socket, { moved: number; at: number }>()
  openConnections.set(server, open)
  server.on('connection', (socket: Socket) => {
    open.set(socket, { moved: moved(socket), at: performance.now() })
    socket.once('close', () => open.delete(socket))
  })
  // Node's timer, not the DOM's that the shared type library also declares: it has unref().
  const sweep = setInterval<[]>(() => {
    const now = performance.now()
    for (const [socket, last] of open) {
      const sinceThen = moved(socket)
      if (sinceThen !== last.moved) open.set(socket, { moved: sinceThen, at: now })
      else if (now - last.at >= idleTimeoutMs) giveUp(socket)
    }
  }, idleTimeoutMs / IDLE_CHECKS)
  // The sweep never keeps the process alive, and ends with the server.
  sweep.unref()
  server.once('close', () => clearInterval(sweep))
}

/**
 * Keeps a listening server serving through an 'error' on it, reporting each to `log`. Once it
 * listens, an error there is an accept that failed (EMFILE, ENFILE: out of file descriptors under a
 * flood of connections), which Node emits on the server and, with no listener, throws: one
 * connection too many would end the process and every request in flight on it.
 */
export function keepServingThroughErrors(server: Server, log: (error: Error) => void): void {
  server.on('error', log)
}

/** `/healthz` as a prober may spell it, with a query (`?probe=1`) or a trailing slash, as the loaded routes take it. */
const HEALTH_PATH = /^\/healthz\/?(?:\?|$)/

/** Until the catalogue has loaded, the process is alive (/healthz) and every other request gets a 503 that says so. */
export function answerStarting(request: IncomingMessage, response: ServerResponse): void {
  if (HEALTH_PATH.test(request.url ?? '')) {
    response.writeHead(200, { ...UNHOOKED_HEADERS, 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store' }).end('{"status":"ok"}')
    return
  }
  writeProblem(response, problem('starting', 'The catalogue is loading; try again in a few seconds.'), { 'Retry-After': '2' })
}
