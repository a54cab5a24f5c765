/**
 * The query string as the router reads it (app.ts's `querystringParser`), the way fastify's own
 * parser (fast-querystring) reads it: pairs split at '&', a name from its value at the first '=',
 * '+' a space, a name without '=' an empty value, empty pairs skipped, a name given again an array
 * of its values in order, into an object without a prototype (so `__proto__` is a name like any
 * other). Unlike fastify's, a name or value whose %-escapes do not decode is not kept as it was
 * typed: the whole query is MALFORMED_QUERY, which problem-errors.ts answers as malformed_url.
 * The spaces around a value chosen from a list or written as a code (PICKED) are not part of it,
 * as they are not around each set of an `iconset` list: ` solid ` is solid, and a blank style the
 * default. A `q` is text, kept as typed (the search ignores the spaces around it), and a number or
 * a boolean has one spelling.
 * The parser runs inside the router's lookup, where a throw would escape the request listener and
 * end the process: hence a marker rather than an error.
 */

export type ParsedQuery = Record<string, string | string[]>

/** What a query with bad %-encoding parses to; compared by identity. */
export const MALFORMED_QUERY: ParsedQuery = Object.freeze(Object.create(null) as ParsedQuery)

/**
 * V8 makes a slice of 13 or more characters a view of the string it was cut from, here the whole
 * URL: a search's words, kept in its recent outcomes, kept the URL alive with them, junk parameters
 * and all (14 kB a search, counted as its few letters). A slice of a string joined anew is a view
 * of that copy alone.
 */
function ownString(text: string): string {
  return text.length < 13 ? text : ` ${text}`.slice(1)
}

/**
 * A name or value as form encoding writes it, decoded, as a string of its own (not a view of the
 * URL it was cut from: see ownString); undefined when its %-escapes do not make UTF-8: a '%'
 * without two hex digits after it, a cut or overlong sequence (%C0%AF), a surrogate.
 * A '%' a designer types arrives as %25.
 */
export function decodeComponent(text: string): string | undefined {
  const spaced = text.includes('+') ? text.replaceAll('+', ' ') : text
  // Replacing and decoding make new strings; only text left as it came is still the URL's.
  if (!spaced.includes('%')) return spaced === text ? ownString(text) : spaced
  try {
    return decodeURIComponent(spaced)
  } catch {
    return undefined
  }
}

/** The parameters whose values are picked from a list (style, format) or written as a code (color). */
const PICKED = new Set(['style', 'format', 'color'])

export function parseQueryString(query: string): ParsedQuery {
  const parsed = Object.create(null) as ParsedQuery
  for (const pair of query.split('&')) {
    if (pair === '') continue
    const equals = pair.indexOf('=')
    const name = decodeComponent(equals === -1 ? pair : pair.slice(0, equals))
    const decoded = equals === -1 ? '' : decodeComponent(pair.slice(equals + 1))
    if (name === undefined || decoded === undefined) return MALFORMED_QUERY
    const value = PICKED.has(name) ? decoded.trim() : decoded
    const given = parsed[name]
    if (given === undefined) parsed[name] = value
    else if (typeof given === 'string') parsed[name] = [given, value]
    else given.push(value)
  }
  return parsed
}
