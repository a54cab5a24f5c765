/**
 * The fast path: a GET for a URL answered before from a cached representation, spelt exactly the
 * same, is answered again straight on node:http, with the head that fastify's hooks and the route
 * gave it the first time (made once per entry and encoding), skipping routing, the hook chain,
 * validation and the handler, which cost more than the answer itself. Anything else (another
 * method, a conditional request, a URL not seen yet or whose entry was evicted, a body not yet
 * compressed, a process shutting down) goes to fastify as before, so the answers are the same
 * either way; only what the hooks do per request is repeated here: counting requests in flight,
 * and refusing an HTTP/1.1 request without Host.
 */
import type { IncomingMessage, ServerResponse } from 'node:http'
import { encodedBody, headOf, MAX_ALIASED_URL, negotiateEncoding, type RepresentationCache } from './http-caching'
import type { Lifecycle } from './lifecycle'

type Handler = (request: IncomingMessage, response: ServerResponse) => void

export function withFastPath(cache: RepresentationCache, lifecycle: Lifecycle, next: Handler): Handler {
  const ended = () => lifecycle.requestEnded()
  return (request, response) => {
    const url = request.url
    if (
      request.method !== 'GET' ||
      url === undefined ||
      url.length > MAX_ALIASED_URL ||
      lifecycle.draining ||
      request.headers['if-none-match'] !== undefined ||
      (request.headers.host === undefined && request.httpVersion === '1.1')
    ) {
      return next(request, response)
    }
    const known = cache.recall(url)
    if (known === undefined) return next(request, response)
    const { entry, routeHeaders } = known
    const encoding = entry.compressible ? negotiateEncoding(request.headers['accept-encoding']) : null
    const body = encodedBody(entry, encoding)
    if (body === undefined) return next(request, response)
    lifecycle.requestStarted()
    // A response closes once; `on` spares the wrapper `once` makes per request.
    response.on('close', ended)
    response.writeHead(200, headOf(entry, routeHeaders, encoding, body))
    response.end(body)
  }
}
