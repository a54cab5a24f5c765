/**
 * Every error the service gives is an RFC 9457 problem (`application/problem+json`) from the one
 * catalogue in problems.ts, whatever raised it: a route, schema validation, the router, Node's
 * HTTP parser, or a method the read-only API does not have. Clients branch on `code`; `detail` is
 * for people and shows the caller's input only as a short escaped excerpt.
 */
import { STATUS_CODES, type IncomingMessage, type ServerResponse } from 'node:http'
import type { Socket } from 'node:net'
import type { FastifyError, FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify'
import fp from 'fastify-plugin'
import { Problem as ProblemSchema, type Problem, type ProblemDocument } from '../api/catalogue-schemas'
import { excerpt, problem, ProblemError, problemsDescription, PROBLEMS, statusesOf, type ProblemCode } from './problems'
import { MALFORMED_QUERY } from './query-string'
import { SECURITY_HEADERS } from './security-headers'

export const PROBLEM_CONTENT_TYPE = 'application/problem+json; charset=utf-8'
export const ALLOWED_METHODS = 'GET, HEAD, OPTIONS'
/**
 * The response headers a cross-origin caller (the Figma iframe has a null origin) may read beyond
 * the CORS-safelisted ones: when to retry a 503 or 502, which methods a 405 allows, where an icon
 * asked for by an alias is, and the file name to save a rendered icon under.
 */
export const EXPOSED_HEADERS = ['ETag', 'Content-Length', 'Retry-After', 'Allow', 'Content-Location', 'Content-Disposition']
/** Seconds a browser may keep a preflight's answer: a day, as the API's methods and headers never change. */
export const PREFLIGHT_MAX_AGE = 86400

/**
 * The problem a query parameter's failed schema check is, by parameter name, beside the route's
 * schema: `keyword` is the JSON Schema keyword that failed (`type`, `minimum`, `pattern`, ...).
 */
export type ParameterProblems = Record<string, (keyword: string, value: unknown) => [ProblemCode, string]>

declare module 'fastify' {
  interface FastifyContextConfig {
    parameterProblems?: ParameterProblems
  }
}

/** The one way a problem is sent: its status, its media type, never cached, never validated by ETag. */
export function sendProblem(reply: FastifyReply, body: ProblemDocument): FastifyReply {
  return reply
    .code(body.status)
    .header('content-type', PROBLEM_CONTENT_TYPE)
    .header('cache-control', 'no-store')
    .removeHeader('etag')
    // A problem is no representation of the resource an alias named (routes/icons.ts), nor the file
    // a render would have been saved as: a client saving it must not write JSON under an icon's name.
    .removeHeader('content-location')
    .removeHeader('content-disposition')
    .send(JSON.stringify(body))
}

/** Route-schema fragment documenting the problem responses a route can give. */
export function problemResponses(...codes: ProblemCode[]): Record<number, unknown> {
  const responses: Record<number, unknown> = {}
  for (const status of statusesOf(codes)) {
    responses[status] = {
      description: problemsDescription(
        status,
        codes.filter((code) => PROBLEMS[code].status === status)
      ),
      content: { 'application/problem+json': { schema: ProblemSchema } }
    }
  }
  return responses
}

/** The JSON Schema type of a query parameter of the route, if it has one. */
function parameterType(request: FastifyRequest, name: string): string | undefined {
  const properties = (request.routeOptions.schema?.querystring as { properties?: Record<string, { type?: string }> } | undefined)?.properties
  return properties?.[name]?.type
}

function parameterProblem(request: FastifyRequest, name: string, keyword: string, value: unknown): Problem {
  // ?q=a&q=b parses to an array, which no parameter schema but a list's accepts: ambiguous, so refused rather than guessed.
  if (Array.isArray(value) && parameterType(request, name) !== 'array') {
    return problem('repeated_parameter', `The parameter ${excerpt(name)} is given ${value.length} times; give it once.`)
  }
  const describe = request.routeOptions.config.parameterProblems?.[name]
  if (describe !== undefined) return problem(...describe(keyword, value))
  return problem('invalid_parameter', `The parameter ${excerpt(name)} is not valid here: ${excerpt(value)}.`)
}

function validationProblem(error: FastifyError, request: FastifyRequest): Problem {
  const first = error.validation?.[0]
  // A missing required parameter fails at the root, naming itself only in the error's params.
  const missing = (first?.params as { missingProperty?: unknown } | undefined)?.missingProperty
  const name = typeof missing === 'string' ? missing : (first?.instancePath.split('/')[1] ?? '')
  const source = (error.validationContext === 'querystring' ? request.query : request.params) as Record<string, unknown> | undefined
  return parameterProblem(request, name, first?.keyword ?? 'type', source?.[name])
}

/** A whole number as people write it: no sign, exponent, hex, fraction or leading zero. */
const PLAIN_INTEGER = /^(0|[1-9][0-9]*)$/

/**
 * Ajv's coercion reads `0x10`, `1e1`, `+5`, `01` and ` 5` as numbers; the API takes a number
 * parameter only in one spelling, so every answer has one URL (and one cache entry). Runs before
 * validation, on the raw strings, for the integer parameters of the route's querystring schema, so
 * a refusal quotes what the caller sent, never Ajv's reading of it (9999999999999999 reads as 1e16).
 * A whole number too large to be exact is refused, unless the parameter has no maximum (an offset,
 * which past the end gives an empty page however far past): then it is read as the largest exact one.
 */
function looseIntegerProblem(request: FastifyRequest): Problem | undefined {
  const properties = (request.routeOptions.schema?.querystring as { properties?: Record<string, { type?: string; maximum?: number }> } | undefined)
    ?.properties
  if (properties === undefined) return undefined
  const query = request.query as Record<string, unknown>
  for (const name in properties) {
    const value = query[name]
    if (properties[name]?.type !== 'integer' || typeof value !== 'string') continue
    if (!PLAIN_INTEGER.test(value)) return parameterProblem(request, name, 'type', value)
    if (Number(value) <= Number.MAX_SAFE_INTEGER) continue
    if (properties[name]?.maximum !== undefined) return parameterProblem(request, name, 'maximum', value)
    query[name] = String(Number.MAX_SAFE_INTEGER)
  }
  return undefined
}

/** Fastify's own 4xx errors (bad URL encoding, unsupported body, ...) mapped onto the catalogue. */
const FRAMEWORK_PROBLEMS: Record<string, [ProblemCode, string]> = {
  FST_ERR_BAD_URL: ['malformed_url', 'The URL is not validly %-encoded.'],
  FST_ERR_CTP_INVALID_MEDIA_TYPE: ['unsupported_media_type', 'The API takes no request body.'],
  FST_ERR_CTP_BODY_TOO_LARGE: ['payload_too_large', 'The API takes no request body.'],
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: ['invalid_content_length', 'Content-Length does not match the body.'],
  FST_ERR_CTP_EMPTY_JSON_BODY: ['invalid_body', 'The API takes no request body.'],
  FST_ERR_CTP_INVALID_JSON_BODY: ['invalid_body', 'The API takes no request body.']
}

export function toProblem(error: FastifyError, request: FastifyRequest): Problem {
  if (error instanceof ProblemError) return error.problem
  if (error.validation !== undefined) return validationProblem(error, request)
  const known = FRAMEWORK_PROBLEMS[error.code]
  if (known !== undefined) return problem(...known)
  const status = error.statusCode ?? 500
  if (status >= 400 && status < 500) return problem('bad_request', `The request was refused (${STATUS_CODES[status] ?? status}).`)
  return problem('internal_error', 'The catalogue failed to answer this request; it has been logged.')
}

/** Fastify's `frameworkErrors` option: router-level errors (such as malformed %-encoding) as problems. */
export function frameworkErrors(error: FastifyError, request: FastifyRequest, reply: FastifyReply): void {
  // Routing failed, so no hook has run: the answer gets what they would have added.
  reply.headers(UNHOOKED_HEADERS)
  sendProblem(reply, toProblem(error, request))
}

/**
 * The answer to a request line of an HTTP version other than 1.0 and 1.1. HTTP would let it be a 505
 * (RFC 9110 §15.6.6), but what a client sends is never the service's fault: a 400 that says which
 * version to send.
 */
function versionRefusal(version: string): [ProblemCode, string] {
  return ['http_version_not_supported', `HTTP/${version} is not spoken here; send HTTP/1.1.`]
}

/** Node's HTTP parser errors, by its codes; anything else it rejects is malformed HTTP. */
const PARSER_PROBLEMS: Record<string, [ProblemCode, string]> = {
  HPE_HEADER_OVERFLOW: ['headers_too_large', 'The request headers are larger than the API takes.'],
  // The parser refuses a chunked coding that is not the last, and one beside a Content-Length (a
  // smuggling attempt, RFC 9112 §6.3), itself; the others reach requestHeadProblem.
  HPE_INVALID_TRANSFER_ENCODING: ['malformed_request', 'A Transfer-Encoding must end in chunked, and come without a Content-Length.'],
  ERR_HTTP_REQUEST_TIMEOUT: ['request_timeout', 'The request headers did not arrive in time.'],
  // HTTP/2's connection preface (PRI * HTTP/2.0), from a client that speaks it without asking first.
  HPE_PAUSED_H2_UPGRADE: versionRefusal('2.0')
}

/** What fastify's hooks add to every answer (CORS, security headers), for answers made where they do not run. */
export const UNHOOKED_HEADERS: Readonly<Record<string, string>> = {
  'access-control-allow-origin': '*',
  'access-control-expose-headers': EXPOSED_HEADERS.join(', '),
  ...SECURITY_HEADERS
}

/** The headers of a problem answered below fastify. */
function bareProblemHeaders(json: string): Record<string, string> {
  return {
    'Content-Type': PROBLEM_CONTENT_TYPE,
    'Content-Length': String(Buffer.byteLength(json)),
    'Cache-Control': 'no-store',
    ...UNHOOKED_HEADERS,
    Connection: 'close'
  }
}

/** A problem as raw HTTP/1.1, for a socket no request object exists for (yet, or any more), or one Node hands over raw (CONNECT). */
export function rawProblemResponse(body: ProblemDocument, extraHeaders: Record<string, string> = {}): string {
  const json = JSON.stringify(body)
  const headers = Object.entries({ ...bareProblemHeaders(json), ...extraHeaders })
    .map(([name, value]) => `${name}: ${value}\r\n`)
    .join('')
  return `HTTP/1.1 ${body.status} ${STATUS_CODES[body.status]}\r\n${headers}\r\n${json}`
}

/** A problem on a Node response that fastify does not handle (while starting, a refused Expect). */
export function writeProblem(response: ServerResponse, body: ProblemDocument, headers: Record<string, string> = {}): void {
  const json = JSON.stringify(body)
  response.shouldKeepAlive = false
  response.writeHead(body.status, { ...bareProblemHeaders(json), ...headers }).end(json)
}

/**
 * What Node attaches to a connection's socket, as its own clientError handler reads it
 * (nodejs.org/api/http.html, event 'clientError'): the response going out, and the request its
 * parser is reading.
 */
type ClientSocket = Socket & { _httpMessage?: ServerResponse | null; parser?: { incoming?: IncomingMessage | null } | null }

/** Connections waiting for their answers to go out before they end (see clientErrorHandler): Node reports each later read too. */
const ending = new WeakSet<Socket>()

/** Ends the connection once every answer on it has gone out: a pipelined request's answer is attached when the one before it finishes. */
function endAfterAnswers(socket: ClientSocket): void {
  const response = socket._httpMessage
  if (response == null || response.writableFinished) socket.end()
  else response.once('finish', () => endAfterAnswers(socket))
}

/** Fastify's `clientErrorHandler`: answer unparseable or too slow HTTP with a problem instead of a bare 400. */
export function clientErrorHandler(error: Error & { code?: string }, socket: ClientSocket): void {
  if (!socket.writable || error.code === 'ECONNRESET') {
    socket.destroy()
    return
  }
  const timedOut = error.code === 'ERR_HTTP_REQUEST_TIMEOUT'
  if (ending.has(socket)) {
    // Reported once, at most requestTimeout after the request began: an answer still not out by then never will be.
    if (timedOut) socket.destroy()
    return
  }
  // An error inside a request's body (a bad chunk, a body cut short) comes after its head was handed
  // to a route, and a GET is answered from its head: where that answer is going out or gone, a
  // second answer would be read as the answer to a request the client never sent, so the answer is
  // let finish and the connection ended (not destroyed: closing with the client's bytes unread would
  // reset it and lose the answer). A route still reading the body has answered nothing, and an error
  // after a complete request is a next request's: both are answered below.
  const request = socket.parser?.incoming
  const response = socket._httpMessage
  // So does the request timeout reported while such a body still trickles in: the answer is out, and a
  // 408 after it would answer nothing the client asked.
  if (request != null && !request.complete && (response == null || response.headersSent)) {
    ending.add(socket)
    endAfterAnswers(socket)
    return
  }
  // The same timeout is the headers' or, once they are in (a request being read), the body's.
  const lateBody = timedOut && request != null && !request.complete ? (['request_timeout', 'The request body did not arrive in time.'] as const) : undefined
  const [code, detail] =
    lateBody ?? overLongUrl(error) ?? PARSER_PROBLEMS[error.code ?? ''] ?? requestLineProblem(error) ?? ['malformed_request', 'The request is not valid HTTP.']
  socket.end(rawProblemResponse(problem(code, detail), code === 'method_not_allowed' ? { Allow: ALLOWED_METHODS } : {}))
}

/** A request line this long is most of Node's 16 kB for the request line and headers together. */
const LONG_REQUEST_LINE = 8_192
const REQUEST_LINE_START = /^[!#$%&'*+\-.^_`|~0-9A-Za-z]+ /

/**
 * Node's parser has one limit for the request line and the headers together, and reports its
 * overflow without saying which part was long. The bytes it was reading say: where they begin with
 * a request line that is longer than half the limit (or has not ended yet), the URL is what
 * overflowed, a 414 (RFC 9110 §15.5.15) as nginx answers it; otherwise, and when the head came in
 * pieces so its start is not in hand, the headers (431).
 */
function overLongUrl(error: Error & { code?: string; rawPacket?: Buffer }): [ProblemCode, string] | undefined {
  if (error.code !== 'HPE_HEADER_OVERFLOW' || error.rawPacket === undefined) return undefined
  const start = error.rawPacket.toString('latin1', 0, LONG_REQUEST_LINE + 2)
  if (!REQUEST_LINE_START.test(start)) return undefined
  const lineEnd = start.indexOf('\n')
  return lineEnd === -1 || lineEnd > LONG_REQUEST_LINE ? ['uri_too_long', 'The URL is longer than the API takes.'] : undefined
}

const REQUEST_LINE = /^[!#$%&'*+\-.^_`|~0-9A-Za-z]+ [!-~]+ HTTP\/(\d\.\d)\r\n/

/**
 * For a request line of HTTP's form (not garbage) that the parser refused for its method or its
 * version alone: a method it does not know (FOO) is a 405 with Allow, as any method but GET, HEAD and
 * OPTIONS is for this read-only API (RFC 9110 §9.1 would also let it be a 501); a version other
 * than 1.0 and 1.1 (HTTP/3.0, HTTP/1.2) a versionRefusal. Undefined otherwise.
 */
function requestLineProblem(error: Error & { code?: string; rawPacket?: Buffer; bytesParsed?: number }): [ProblemCode, string] | undefined {
  if (error.code !== 'HPE_INVALID_METHOD' && error.code !== 'HPE_INVALID_VERSION') return undefined
  const line = failedRequestLine(error)
  const version = line === undefined ? undefined : REQUEST_LINE.exec(line)?.[1]
  if (version === undefined) return undefined
  if (error.code === 'HPE_INVALID_METHOD') return ['method_not_allowed', `The request's method is not allowed; the API is read-only (${ALLOWED_METHODS}).`]
  // A version the API speaks, refused all the same, was refused for the line's form (a bare LF).
  return version === '1.0' || version === '1.1' ? undefined : versionRefusal(version)
}

/**
 * The request line the parser failed on, from the packet it was reading: the line holding the byte
 * it stopped at, not the packet's first, which on a kept-alive connection may be an earlier,
 * well-formed request's (`GET / HTTP/1.1…` then `GARBAGE`).
 */
function failedRequestLine(error: { rawPacket?: Buffer; bytesParsed?: number }): string | undefined {
  if (error.rawPacket === undefined) return undefined
  const at = Math.min(error.bytesParsed ?? 0, error.rawPacket.length)
  const start = at === 0 ? 0 : error.rawPacket.lastIndexOf(0x0a, at - 1) + 1
  return error.rawPacket.toString('latin1', start, start + LONG_REQUEST_LINE)
}

/** A header name (RFC 9110 §5.1: a token). */
const HEADER_NAME = /^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/
/** At most this many names are allowed back in a preflight, however many were asked for. */
const MAX_ALLOWED_HEADERS = 32

/**
 * The header names of an Access-Control-Request-Headers list, lower-cased and each once, at most
 * MAX_ALLOWED_HEADERS of them; null when it holds none (`<script>`, spaces, nothing).
 */
export function headerNames(list: string): string | null {
  const names = [...new Set(list.split(',').map((name) => name.trim().toLowerCase()))].filter((name) => HEADER_NAME.test(name))
  return names.length === 0 ? null : names.slice(0, MAX_ALLOWED_HEADERS).join(', ')
}

/**
 * The CORS hook echoes Access-Control-Request-Headers whole, on every preflight, served path or
 * not: only the header names in it are allowed back.
 */
function allowAskedHeaderNames(reply: FastifyReply): void {
  const asked = reply.getHeader('access-control-allow-headers')
  const allowed = typeof asked === 'string' ? headerNames(asked) : null
  if (allowed === null) reply.removeHeader('access-control-allow-headers')
  else reply.header('access-control-allow-headers', allowed)
}

/** The path of @fastify/cors's route for OPTIONS on any path. */
const CORS_CATCH_ALL = '*'

function notFound(request: FastifyRequest, reply: FastifyReply): void {
  sendProblem(reply, problem('not_found', `Nothing at ${excerpt(request.url)}; start from the API root /.`))
}

/** A Host value as RFC 9112 §3.2 has it: uri-host [ ":" port ], an IP literal or a registered name, or empty. */
const HOST_VALUE = /^(?:\[[0-9A-Fa-f:.]+\]|[A-Za-z0-9\-._~!$&'()*+,;=%]*)(?::[0-9]*)?$/

/**
 * What is wrong with a request's head that the Node server lets through, or null: HTTP/2.0 or
 * HTTP/0.9, which the parser reads (a versionRefusal; other versions it refuses itself, see
 * requestLineProblem); an HTTP/1.1 request without Host, with two Host lines or a Host that is no
 * host (each a 400 by RFC 9112 §3.2); a Transfer-Encoding that does not end in chunked (§6.3: a
 * 400, and the connection closed, as the body cannot be framed), or holds another coding (a 400
 * too, see below). Node keeps only the first of two Host lines in `headers`, so they are counted
 * in `rawHeaders`.
 */
export function requestHeadProblem(request: IncomingMessage): Problem | null {
  // The parser reads 0.9 and 2.0 besides 1.0 and 1.1; the service speaks HTTP/1.x only.
  if (request.httpVersionMajor !== 1) return problem(...versionRefusal(request.httpVersion))
  const host = request.headers.host
  if (host === undefined) return request.httpVersion === '1.1' ? problem('missing_host', 'An HTTP/1.1 request must have a Host header.') : null
  if (!HOST_VALUE.test(host)) return problem('malformed_request', `The Host header ${excerpt(host)} is not a host.`)
  let hosts = 0
  const raw = request.rawHeaders
  for (let i = 0; i < raw.length; i += 2) if ((raw[i] as string).length === 4 && (raw[i] as string).toLowerCase() === 'host') hosts++
  if (hosts > 1) return problem('malformed_request', 'A request must have one Host header, not several.')
  const coding = request.headers['transfer-encoding']
  if (coding === undefined) return null
  if (!/(?:^|,)\s*chunked\s*$/i.test(coding)) return problem('malformed_request', `Transfer-Encoding ${excerpt(coding)} must end in chunked.`)
  // A coding before chunked ('gzip, chunked') the API cannot undo. RFC 9112 §6.1 would let it be a
  // 501, but the client chose the coding and can send without it: a 400, as for any other bad input.
  if (!/^\s*chunked\s*$/i.test(coding)) return problem('not_implemented', `Only chunked transfer coding is accepted, not ${excerpt(coding)}.`)
  return null
}

const problemErrors: FastifyPluginAsync = async (app) => {
  // The API is read-only: refuse other methods before any body is parsed, on every path.
  // Callback-style: no promise per request.
  app.addHook('onRequest', (request, reply, done) => {
    // The Node server leaves refusing these to us (http-server.ts); a body it cannot frame ends the connection.
    const malformed = requestHeadProblem(request.raw)
    if (malformed !== null) {
      if (request.headers['transfer-encoding'] !== undefined) reply.header('connection', 'close')
      return sendProblem(reply, malformed)
    }
    const method = request.method
    // The asterisk form asks about the server as a whole, and only OPTIONS may (RFC 9110 §9.3.7,
    // RFC 9112 §3.2.4); the router would otherwise read it as the API root.
    if (request.raw.url === '*') {
      if (method !== 'OPTIONS') return sendProblem(reply, problem('malformed_url', `The request target * is for OPTIONS only; ${excerpt(method)} needs a path, such as /.`))
      reply.header('allow', ALLOWED_METHODS)
      return reply.code(204).send()
    }
    // @fastify/cors answers OPTIONS on every path through its catch-all route; only the paths the
    // API serves have a route of their own (onRoute below).
    if (method === 'OPTIONS' && request.routeOptions.url === CORS_CATCH_ALL) {
      allowAskedHeaderNames(reply)
      return notFound(request, reply)
    }
    if (method !== 'GET' && method !== 'HEAD' && method !== 'OPTIONS') {
      reply.header('allow', ALLOWED_METHODS)
      return sendProblem(reply, problem('method_not_allowed', `${excerpt(method)} is not allowed; the API is read-only (${ALLOWED_METHODS}).`))
    }
    // A fragment stays with the client (RFC 9112 §3.2: no '#' in a request target); read as part of
    // the query, `q=a#b` would search for 'a#b'.
    if (request.raw.url?.includes('#') === true) {
      return sendProblem(reply, problem('malformed_url', 'The URL holds a #fragment, which stays in the browser; send the path and query alone, or write # as %23.'))
    }
    // The router refuses bad %-encoding in the path (FST_ERR_BAD_URL) and marks it in the query
    // string (query-string.ts): the same bytes get the same answer wherever they are.
    if (request.query === MALFORMED_QUERY) return sendProblem(reply, problem(...FRAMEWORK_PROBLEMS.FST_ERR_BAD_URL!))
    done()
  })

  app.addHook('preValidation', (request, reply, done) => {
    const refused = looseIntegerProblem(request)
    if (refused === undefined) return done()
    sendProblem(reply, refused)
  })

  app.setNotFoundHandler(notFound)

  // A CORS preflight of each path the API serves: 204, with the headers the CORS hook added, and
  // for any OPTIONS the methods the path takes (RFC 9110 §9.3.7), as the asterisk form gets them.
  app.addHook('onRoute', function preflightRoute(route) {
    if (![route.method].flat().includes('GET')) return
    // Documented once for every path by routes/openapi.ts, so hidden here.
    const schema = { hide: true, response: { 204: { description: 'CORS preflight: allowed from any origin', type: 'null' } } }
    this.options(route.url, { schema }, (_request, reply) => {
      allowAskedHeaderNames(reply)
      reply.code(204).header('allow', ALLOWED_METHODS).header('content-length', '0').send()
    })
  })

  app.setErrorHandler((error: FastifyError, request, reply) => {
    const body = toProblem(error, request)
    if (error instanceof ProblemError) reply.headers(error.headers)
    else if (body.status >= 500) request.log.error({ err: error }, 'request failed')
    sendProblem(reply, body)
  })
}

export default fp(problemErrors, { name: 'problem-errors' })
