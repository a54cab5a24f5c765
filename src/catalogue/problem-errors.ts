/**
 * Every error the service gives is an RFC 9457 problem (`application/problem+json`) with a stable
 * `code`, whatever raised it: a route, schema validation, the router, or a method the read-only API
 * does not have. Clients branch on `code`; `detail` is for people.
 */
import { STATUS_CODES } from 'node:http'
import type { Socket } from 'node:net'
import type { FastifyError, FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify'
import fp from 'fastify-plugin'
import { Problem as ProblemSchema, STYLE_SLUGS, FORMATS, MAX_LIMIT, MAX_QUERY_LENGTH, MIN_SIZE, MAX_SIZE } from '../api/catalogue-schemas'
import type { Problem } from '../api/catalogue-schemas'

export const PROBLEM_CONTENT_TYPE = 'application/problem+json; charset=utf-8'
export const ALLOWED_METHODS = 'GET, HEAD, OPTIONS'

/** An expected failure with its HTTP status and stable code; routes throw it. */
export class ProblemError extends Error {
  constructor(
    readonly statusCode: number,
    readonly code: string,
    readonly detail: string
  ) {
    super(detail)
  }
}

export function badRequest(code: string, detail: string): ProblemError {
  return new ProblemError(400, code, detail)
}

export function notFound(code: string, detail: string): ProblemError {
  return new ProblemError(404, code, detail)
}

export function problem(status: number, code: string, detail: string): Problem {
  return { type: 'about:blank', title: STATUS_CODES[status] ?? 'Error', status, detail, code }
}

export function sendProblem(reply: FastifyReply, body: Problem): FastifyReply {
  return reply
    .code(body.status)
    .header('content-type', PROBLEM_CONTENT_TYPE)
    .header('cache-control', 'no-store')
    .send(JSON.stringify(body))
}

/** Route-schema fragment documenting the problem responses a route can give. */
export function problemResponses(...statuses: number[]): Record<number, unknown> {
  const responses: Record<number, unknown> = {}
  for (const status of statuses) {
    responses[status] = {
      description: `${STATUS_CODES[status]}: a problem document`,
      content: { 'application/problem+json': { schema: ProblemSchema } }
    }
  }
  return responses
}

/** Shortens echoed input so a huge or binary parameter cannot bloat the error. */
function shown(value: unknown): string {
  const text = String(value)
  return JSON.stringify(text.length > 40 ? `${text.slice(0, 40)}…` : text)
}

const PARAMETER_PROBLEMS: Record<string, (keyword: string, value: unknown) => [string, string]> = {
  q: () => ['query_too_long', `q must be at most ${MAX_QUERY_LENGTH} characters.`],
  style: (_, value) => ['unknown_style', `Unknown style ${shown(value)}; use one of ${STYLE_SLUGS.join(', ')}.`],
  offset: (_, value) => ['invalid_offset', `offset must be a whole number of 0 or more, got ${shown(value)}.`],
  limit: (_, value) => ['invalid_limit', `limit must be a whole number from 1 to ${MAX_LIMIT}, got ${shown(value)}.`],
  iconset: () => ['invalid_iconset', 'iconset must be one or more set slugs, repeated or separated by commas.'],
  svg: (_, value) => ['invalid_svg', `svg must be true or false, got ${shown(value)}.`],
  format: (_, value) => ['unknown_format', `Unknown format ${shown(value)}; use one of ${FORMATS.join(', ')}.`],
  size: (keyword, value) => [
    keyword === 'minimum' || keyword === 'maximum' ? 'size_out_of_range' : 'invalid_size',
    `size must be a whole number of px from ${MIN_SIZE} to ${MAX_SIZE}, got ${shown(value)}.`
  ],
  color: (_, value) => ['invalid_color', `color must be a hex colour such as #1e1e1e, got ${shown(value)}.`]
}

function validationProblem(error: FastifyError, request: FastifyRequest): Problem {
  const first = error.validation?.[0]
  const parameter = first?.instancePath.split('/')[1] ?? ''
  const part = error.validationContext ?? 'request'
  const source = (part === 'querystring' ? request.query : request.params) as Record<string, unknown> | undefined
  // ?q=a&q=b parses to an array, which no parameter schema accepts: ambiguous, so refused rather than guessed.
  const value = source?.[parameter]
  if (Array.isArray(value)) {
    return problem(400, 'repeated_parameter', `The parameter ${shown(parameter)} is given ${value.length} times; give it once.`)
  }
  const describe = first !== undefined ? PARAMETER_PROBLEMS[parameter] : undefined
  if (describe !== undefined && first !== undefined) {
    const [code, detail] = describe(first.keyword, source?.[parameter])
    return problem(400, code, detail)
  }
  return problem(400, 'invalid_parameter', `Invalid ${part} parameter ${parameter}: ${first?.message ?? error.message}.`)
}

/**
 * Ajv coerces "1e400" to Infinity and then skips its range checks for non-finite numbers, so
 * routes with numeric parameters call this before using them.
 */
export function rejectNonFinite(query: Record<string, unknown>): void {
  for (const name in query) {
    const value = query[name]
    if (typeof value === 'number' && !Number.isFinite(value)) {
      const [code, detail] = PARAMETER_PROBLEMS[name]?.('maximum', value) ?? ['invalid_parameter', `${name} must be a finite number.`]
      throw badRequest(code, detail)
    }
  }
}

/** Fastify's own 4xx errors (bad URL encoding, unsupported body, ...) mapped onto stable codes. */
const FRAMEWORK_CODES: Record<string, string> = {
  FST_ERR_BAD_URL: 'malformed_url',
  FST_ERR_CTP_INVALID_MEDIA_TYPE: 'unsupported_media_type',
  FST_ERR_CTP_BODY_TOO_LARGE: 'payload_too_large',
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: 'invalid_content_length',
  FST_ERR_CTP_EMPTY_JSON_BODY: 'invalid_body',
  FST_ERR_CTP_INVALID_JSON_BODY: 'invalid_body'
}

export function toProblem(error: FastifyError, request: FastifyRequest): Problem {
  if (error instanceof ProblemError) return problem(error.statusCode, error.code, error.detail)
  if (error.validation !== undefined) return validationProblem(error, request)
  const status = error.statusCode ?? 500
  if (status >= 400 && status < 500) {
    return problem(status, FRAMEWORK_CODES[error.code] ?? 'bad_request', error.message)
  }
  return problem(500, 'internal_error', 'The catalogue failed to answer this request; it has been logged.')
}

/** Fastify's `frameworkErrors` option: router-level errors (such as malformed %-encoding) as problems. */
export function frameworkErrors(error: FastifyError, request: FastifyRequest, reply: FastifyReply): void {
  reply.header('access-control-allow-origin', '*')
  sendProblem(reply, toProblem(error, request))
}

/** Fastify's `clientErrorHandler`: answer unparseable HTTP with a problem instead of a bare 400. */
export function clientErrorHandler(error: Error & { code?: string }, socket: Socket): void {
  if (!socket.writable || error.code === 'ECONNRESET') {
    socket.destroy()
    return
  }
  const status = error.code === 'HPE_HEADER_OVERFLOW' ? 431 : 400
  const body = JSON.stringify(problem(status, status === 431 ? 'headers_too_large' : 'malformed_request', 'The request is not valid HTTP.'))
  socket.end(
    `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\nContent-Type: ${PROBLEM_CONTENT_TYPE}\r\n` +
      `Access-Control-Allow-Origin: *\r\nConnection: close\r\nContent-Length: ${Buffer.byteLength(body)}\r\n\r\n${body}`
  )
}

const problemErrors: FastifyPluginAsync = async (app) => {
  // The API is read-only: refuse other methods before any body is parsed, on every path.
  // Callback-style: no promise per request.
  app.addHook('onRequest', (request, reply, done) => {
    const method = request.method
    if (method === 'GET' || method === 'HEAD' || method === 'OPTIONS') return done()
    reply.header('allow', ALLOWED_METHODS)
    sendProblem(reply, problem(405, 'method_not_allowed', `${method} is not allowed; the API is read-only (${ALLOWED_METHODS}).`))
  })

  app.setNotFoundHandler((request, reply) => {
    sendProblem(reply, problem(404, 'not_found', `Nothing at ${shown(request.url)}; start from the API root /.`))
  })

  app.setErrorHandler((error: FastifyError, request, reply) => {
    const body = toProblem(error, request)
    if (body.status >= 500) request.log.error({ err: error }, 'request failed')
    sendProblem(reply, body)
  })
}

export default fp(problemErrors, { name: 'problem-errors' })
