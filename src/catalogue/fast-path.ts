/**
 * The fast path: GETs answered straight on node:http, skipping fastify's routing, hook chain,
 * validation and handler, which cost more than the answer itself.
 * - A URL answered before from a cached representation, spelt exactly the same, is answered again
 *   with the head that fastify's hooks and the route gave it the first time (made once per entry
 *   and encoding).
 * - A search URL in plain form (search-url.ts) is answered by the search route's own SearchAnswers,
 *   with the headers fastify's hooks gave the first search it answered: a designer types a new
 *   query almost every time, so most searches are new URLs.
 * Anything else (another method, a conditional request (If-None-Match, If-Match), another URL, an entry evicted, a body to
 * compress on the thread pool, a refused request such as an unknown set, a process shutting down)
 * goes to fastify as before, so the answers are the same either way; only what the hooks do per
 * request is repeated here: counting requests in flight, and leaving a malformed head (no Host, two,
 * a Transfer-Encoding it cannot frame) to fastify to refuse.
 */
import type { IncomingMessage, ServerResponse } from 'node:http'
import { encodedNow, headOf, MAX_ALIASED_URL, negotiateEncoding, type Representation, type RepresentationCache } from './http-caching'
import type { Lifecycle } from './lifecycle'
import { requestHeadProblem } from './problem-errors'
import type { SearchAnswers } from './routes/search'
import { readSearchUrl } from './search-url'

type Handler = (request: IncomingMessage, response: ServerResponse) => void

interface Found {
  entry: Representation
  routeHeaders: readonly string[]
}

/** A search URL's answer, made now if new (and remembered for next time), or undefined to leave it to fastify. */
function newSearch(url: string, cache: RepresentationCache, search: SearchAnswers): Found | undefined {
  const { routeHeaders, otherSpellingHeaders } = search
  if (routeHeaders === undefined || otherSpellingHeaders === undefined) return undefined
  const query = readSearchUrl(url)
  if (query === undefined) return undefined
  let answered
  try {
    answered = search.answer(query)
  } catch {
    // Refused (an unknown set): fastify answers it with its problem.
    return undefined
  }
  if (!search.isOwnSpelling(answered.request, url)) return { entry: answered.entry, routeHeaders: otherSpellingHeaders }
  if (answered.kept) cache.remember(url, answered.key, routeHeaders)
  return { entry: answered.entry, routeHeaders }
}

export function withFastPath(cache: RepresentationCache, lifecycle: Lifecycle, next: Handler, search: SearchAnswers): Handler {
  return (request, response) => {
    const url = request.url
    if (
      request.method !== 'GET' ||
      url === undefined ||
      url.length > MAX_ALIASED_URL ||
      lifecycle.draining ||
      request.headers['if-none-match'] !== undefined ||
      request.headers['if-match'] !== undefined ||
      requestHeadProblem(request) !== null
    ) {
      return next(request, response)
    }
    const found = cache.recall(url) ?? newSearch(url, cache, search)
    if (found === undefined) return next(request, response)
    const { entry, routeHeaders } = found
    const encoding = entry.compressible ? negotiateEncoding(request.headers['accept-encoding']) : null
    const body = encodedNow(entry, encoding)
    if (body === undefined) return next(request, response)
    lifecycle.track(request, response)
    response.writeHead(200, headOf(entry, routeHeaders, encoding, body))
    response.end(body)
  }
}
