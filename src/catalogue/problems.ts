/**
 * Every problem the service can answer, in one place, as fastify's own lib/errors.js lists its
 * errors: a stable `code` (what clients branch on, listed in the wire contract's PROBLEM_CODES), its HTTP status and its title. A route or hook
 * names a code and adds the `detail` for this request; it never picks a status itself. The messages
 * about a query parameter live beside that route's schema.
 */
import { STATUS_CODES } from 'node:http'
import type { Problem, ProblemCode, ProblemDocument } from '../api/catalogue-schemas'

export const PROBLEMS = {
  // 400: the request names something the API cannot take.
  invalid_parameter: { status: 400, title: 'Invalid parameter' },
  repeated_parameter: { status: 400, title: 'Repeated parameter' },
  query_too_long: { status: 400, title: 'Query too long' },
  unknown_style: { status: 400, title: 'Unknown style' },
  invalid_iconset: { status: 400, title: 'Invalid icon set' },
  unknown_iconset: { status: 400, title: 'Unknown icon set' },
  invalid_icons: { status: 400, title: 'Invalid icon list' },
  too_many_icons: { status: 400, title: 'Too many icons' },
  invalid_svg: { status: 400, title: 'Invalid svg flag' },
  invalid_families_only: { status: 400, title: 'Invalid families_only flag' },
  invalid_offset: { status: 400, title: 'Invalid offset' },
  invalid_limit: { status: 400, title: 'Invalid limit' },
  unknown_format: { status: 400, title: 'Unknown format' },
  invalid_size: { status: 400, title: 'Invalid size' },
  size_out_of_range: { status: 400, title: 'Size out of range' },
  invalid_color: { status: 400, title: 'Invalid color' },
  format_required: { status: 400, title: 'Format required' },
  malformed_url: { status: 400, title: 'Malformed URL' },
  malformed_request: { status: 400, title: 'Malformed request' },
  missing_host: { status: 400, title: 'Missing Host header' },
  // Both are the client's to change, so 400s, not the 505 and 501 HTTP also allows; the second's
  // code is from when it was a 501, kept because a code is never renamed.
  http_version_not_supported: { status: 400, title: 'HTTP version not supported' },
  not_implemented: { status: 400, title: 'Transfer coding not supported' },
  invalid_content_length: { status: 400, title: 'Invalid Content-Length' },
  invalid_body: { status: 400, title: 'Invalid body' },
  bad_request: { status: 400, title: 'Bad request' },
  // 404: nothing there.
  not_found: { status: 404, title: 'Not found' },
  iconset_not_found: { status: 404, title: 'Icon set not found' },
  icon_not_found: { status: 404, title: 'Icon not found' },
  style_not_found: { status: 404, title: 'Style not found' },
  // Other refusals of the request as sent.
  method_not_allowed: { status: 405, title: 'Method not allowed' },
  request_timeout: { status: 408, title: 'Request timeout' },
  payload_too_large: { status: 413, title: 'Payload too large' },
  unsupported_media_type: { status: 415, title: 'Unsupported media type' },
  precondition_failed: { status: 412, title: 'Precondition failed' },
  expectation_failed: { status: 417, title: 'Expectation failed' },
  headers_too_large: { status: 431, title: 'Request headers too large' },
  // The service's side.
  internal_error: { status: 500, title: 'Internal error' },
  render_failed: { status: 500, title: 'Render failed' },
  render_queue_full: { status: 503, title: 'Render queue full' },
  starting: { status: 503, title: 'Starting' },
  shutting_down: { status: 503, title: 'Shutting down' },
  // Answered by nginx in front of a fleet (deploy/nginx/catalogue.conf): a URL longer than it reads
  // (a process answers headers_too_large for its own limit), no process able to answer, and a client
  // over its address's limit. A process answers a long URL too (problem-errors.ts). nginx's other
  // refusals use the codes above (malformed_request, http_version_not_supported, not_implemented,
  // not_found, method_not_allowed, payload_too_large, headers_too_large).
  uri_too_long: { status: 414, title: 'URI too long' },
  no_process_available: { status: 502, title: 'No catalogue process available' },
  process_timeout: { status: 504, title: 'Catalogue process timed out' },
  too_many_requests: { status: 429, title: 'Too many requests' }
} as const satisfies Record<ProblemCode, { status: number; title: string }>

export type { ProblemCode }

/**
 * A problem document. Its `type` is a tag URI (RFC 4151): a stable identifier of the problem type
 * that no one is expected to dereference, so the titles can say more than the HTTP status phrase.
 */
export function problem(code: ProblemCode, detail: string): Problem {
  return { ...problemOfType(code, PROBLEMS[code], detail), code }
}

/**
 * A problem document of a type listed elsewhere, in the same form: what serves beside the
 * catalogue (the playground) keeps its own problem types and writes them with these helpers.
 */
export function problemOfType(code: string, type: { status: number; title: string }, detail: string): ProblemDocument {
  return { type: `tag:icon-catalogue,2026:problem:${code}`, title: type.title, status: type.status, detail, code }
}

/** An expected failure; routes and hooks throw it and the error handler sends it as its problem. */
export class ProblemError extends Error {
  readonly problem: Problem

  constructor(
    code: ProblemCode,
    detail: string,
    /** Headers the answer needs beside the problem, such as Retry-After on a 503. */
    readonly headers: Readonly<Record<string, string>> = {}
  ) {
    super(detail)
    this.problem = problem(code, detail)
  }
}

/** The statuses the catalogue can answer with, for the OpenAPI document. */
export function statusesOf(codes: readonly ProblemCode[]): number[] {
  return [...new Set(codes.map((code) => PROBLEMS[code].status))]
}

/** How the OpenAPI document describes an answer of problems: their status, and the codes a client can branch on. */
export function problemsDescription(status: number, codes: readonly string[]): string {
  return `${STATUS_CODES[status]}: a problem document (${[...new Set(codes)].join(', ')})`
}

/** The codes problemsDescription() listed. */
export function codesDescribed(description: string): string[] {
  return /\(([^)]*)\)$/.exec(description)?.[1]?.split(', ') ?? []
}

const EXCERPT_LENGTH = 40

/**
 * Escaped in an excerpt: markup characters, and the invisible ones that reorder or hide the text
 * around them where it is shown (bidirectional controls such as U+202E, zero-width characters).
 */
const INERT = /[<>&'`\u061c\u200b-\u200f\u202a-\u202e\u2060-\u2069\ufeff]/g

/**
 * The caller's input as a problem `detail` may show it: at most 40 characters (UTF-16 code units), JSON-quoted, with
 * markup and invisible characters escaped, so that a detail never carries a payload (markup, a
 * 15 kB URL, text reordered by a right-to-left override) back to whoever displays it.
 */
export function excerpt(value: unknown): string {
  const text = String(value)
  // Cut between characters, not inside one: a half of a surrogate pair (an emoji) would show as \ud83d.
  const cut = EXCERPT_LENGTH - (/[\ud800-\udbff]/.test(text.charAt(EXCERPT_LENGTH - 1)) ? 1 : 0)
  const short = text.length > EXCERPT_LENGTH ? `${text.slice(0, cut)}…` : text
  return JSON.stringify(short).replace(INERT, (character) => `\\u${character.charCodeAt(0).toString(16).padStart(4, '0')}`)
}
