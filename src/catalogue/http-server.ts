/**
 * The Node HTTP server under the catalogue app, with the timeouts that keep a slow or stuck
 * client from holding a connection: headers must arrive within `headersTimeoutMs` (else 408),
 * a whole request within `requestTimeoutMs`, and a socket on which nothing moves for
 * `idleTimeoutMs` (a client that stopped reading its response, say) is closed. What Node would
 * answer itself without a body (a missing Host, an Expect it cannot meet) is a problem instead.
 */
import { createServer, type Server } from 'node:http'
import { writeProblem } from './problem-errors'
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
  // With no 'timeout' listener, Node destroys a socket on which nothing has moved for this long.
  server.setTimeout(timeouts.idleTimeoutMs)
  // Any Expect but 100-continue (which Node answers itself), instead of Node's empty 417.
  server.on('checkExpectation', (request, response) => {
    writeProblem(response, problem('expectation_failed', `The API cannot meet Expect: ${excerpt(request.headers.expect)}.`))
  })
  return server
}
