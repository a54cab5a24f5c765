/**
 * Reads a GET /search URL as the route's validation would, for the fast path (fast-path.ts): a
 * designer types a new query almost every time, and fastify's routing, hooks and validation cost
 * more than the answer. Only URLs in plain form are read: the known parameters, each value
 * well-formed and in range, `iconset` repeatable and the others given once. Anything else (an
 * unknown or repeated parameter, a loose number, bad %-encoding, a value out of range) is left to
 * fastify, which answers it as before, so the reading never has to match its every rule, only
 * agree with it where it reads at all.
 */
import { STYLE_SLUGS, type SearchRequest, type StyleSlug } from '../api/catalogue-schemas'
import { MAX_ICONSET_FILTER, MAX_ICONSET_VALUE, MAX_LIMIT, MAX_QUERY_LENGTH } from '../api/limits'
import { decodeComponent } from './query-string'

const PATH = '/search'
/** A plain whole number (no sign, no leading zero), short enough to be exact. */
const WHOLE_NUMBER = /^(?:0|[1-9][0-9]{0,14})$/
const STYLES = new Set<string>(['', ...STYLE_SLUGS])

/** The request as validation fills it in (offset and limit defaulted), or undefined to leave the URL to fastify. */
export function readSearchUrl(url: string): SearchRequest | undefined {
  if (!url.startsWith(PATH)) return undefined
  if (url.length === PATH.length) return { offset: 0, limit: MAX_LIMIT }
  if (url[PATH.length] !== '?' || url.includes('#')) return undefined
  const query: SearchRequest = {}
  const iconset: string[] = []
  for (const pair of url.slice(PATH.length + 1).split('&')) {
    const equals = pair.indexOf('=')
    if (equals <= 0) return undefined
    const name = pair.slice(0, equals)
    const value = decodeComponent(pair.slice(equals + 1))
    if (value === undefined) return undefined
    switch (name) {
      case 'q':
        if (query.q !== undefined || value.length > MAX_QUERY_LENGTH) return undefined
        query.q = value
        break
      case 'style':
        if (query.style !== undefined || !STYLES.has(value)) return undefined
        query.style = value as StyleSlug | ''
        break
      case 'iconset':
        if (iconset.length === MAX_ICONSET_FILTER || value.length > MAX_ICONSET_VALUE) return undefined
        iconset.push(value)
        break
      case 'svg':
      case 'families_only':
        if (query[name] !== undefined || (value !== 'true' && value !== 'false')) return undefined
        query[name] = value === 'true'
        break
      case 'offset':
      case 'limit': {
        if (query[name] !== undefined || !WHOLE_NUMBER.test(value)) return undefined
        const number = Number(value)
        if (name === 'limit' && (number < 1 || number > MAX_LIMIT)) return undefined
        query[name] = number
        break
      }
      default:
        return undefined
    }
  }
  if (iconset.length > 0) query.iconset = iconset
  query.offset ??= 0
  query.limit ??= MAX_LIMIT
  return query
}
