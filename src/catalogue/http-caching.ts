/**
 * Conditional requests and compression. The catalogue never changes while the process runs, so a
 * response body is a pure function of the parameters that shape it: routes build it once as a
 * Representation (bytes, ETag, compressed variants made on first demand) and keep it in one
 * byte-bounded LRU under a canonical key, so a repeat request costs neither serialisation,
 * hashing nor compression, and junk parameters or other spellings cannot grow the cache.
 * Only successes are representations: errors carry no ETag and never become a 304.
 */
import { createHash } from 'node:crypto'
import { brotliCompressSync, constants as zlibConstants, gzipSync } from 'node:zlib'
import type { FastifyReply, FastifyRequest } from 'fastify'
import { Negotiator } from '@fastify/accept-negotiator'
import { LRUCache } from 'lru-cache'

/** Data may change with a deploy, so JSON is revalidated often; ETags make that a cheap 304. */
export const CACHE_DATA = 'public, max-age=300, stale-while-revalidate=86400'
/** A rendered icon only changes if its set's package is upgraded. */
export const CACHE_IMAGE = 'public, max-age=86400, stale-while-revalidate=604800'

export const JSON_TYPE = 'application/json; charset=utf-8'

/** The response cache's default budget (CACHE_MB): hot icons, pages and sets; see the README's memory budget. */
export const DEFAULT_CACHE_BYTES = 160 * 1024 * 1024

/** As @fastify/compress recommends: 11 costs far more time than it saves bytes. */
const BROTLI_QUALITY = 4
/** Bytes an entry costs beyond its key and bodies: the objects, the LRU's bookkeeping. */
const ENTRY_OVERHEAD_BYTES = 512

type Encoding = 'br' | 'gzip'

export interface Representation {
  readonly body: Buffer
  readonly contentType: string
  readonly cacheControl: string
  readonly etag: string
  readonly compressible: boolean
  readonly encoded: Partial<Record<Encoding, Buffer>>
}

export function representation(body: string | Buffer, contentType: string, cacheControl: string): Representation {
  const bytes = typeof body === 'string' ? Buffer.from(body) : body
  return {
    body: bytes,
    contentType,
    cacheControl,
    etag: `"${createHash('sha1').update(bytes).digest('base64url')}"`,
    // PNG is already deflated; JSON, SVG, HTML and scripts shrink well.
    compressible: !contentType.startsWith('image/png'),
    encoded: {}
  }
}

/**
 * A canonical cache key: the route and only the parameters that change its answer, in normal
 * form (defaults filled in, slugs resolved, colours lower-cased), as one unambiguous string.
 */
export function cacheKey(...parts: readonly unknown[]): string {
  return JSON.stringify(parts)
}

/**
 * What an entry holds in memory: its key (UTF-16), its body and, for compressible bodies, room
 * for its compressed variants, which come later and are each no bigger than the body plus a few
 * dozen bytes.
 */
function entryBytes(entry: Representation, key: string): number {
  return key.length * 2 + entry.body.length * (entry.compressible ? 2 : 1) + ENTRY_OVERHEAD_BYTES
}

/** The one byte-bounded LRU of representations the routes of an app share. */
export class RepresentationCache {
  private readonly cache: LRUCache<string, Representation> | undefined

  constructor(readonly maxBytes: number) {
    this.cache = maxBytes > 0 ? new LRUCache({ maxSize: maxBytes, sizeCalculation: entryBytes }) : undefined
  }

  /** The entry for `key`, built and kept when missing; a hit counts as a use, for the LRU order. */
  get(key: string, build: () => Representation): Representation {
    let entry = this.cache?.get(key)
    if (entry === undefined) {
      entry = build()
      this.cache?.set(key, entry)
    }
    return entry
  }

  lookup(key: string): Representation | undefined {
    return this.cache?.get(key)
  }

  set(key: string, entry: Representation): Representation {
    this.cache?.set(key, entry)
    return entry
  }

  /** Bytes held now, as counted against the budget. */
  get heldBytes(): number {
    return this.cache?.calculatedSize ?? 0
  }
}

function ifNoneMatch(header: string | undefined, etag: string): boolean {
  if (header === undefined) return false
  if (header.trim() === '*') return true
  return header.split(',').some((tag) => tag.trim().replace(/^W\//, '') === etag)
}

/**
 * Accept-Encoding negotiation with q-values (`br;q=0` refuses brotli), as @fastify/compress does
 * it. Content codings are case-insensitive (RFC 9110), so the header is lower-cased first. Clients
 * send few distinct headers, so answers are cached, in a bounded LRU keyed by short headers only.
 */
const encodings = new Negotiator<Encoding | 'identity'>({
  supportedValues: ['br', 'gzip', 'identity'],
  cache: new LRUCache<string, string>({ max: 256 })
})
const MAX_CACHED_HEADER = 256

export function negotiateEncoding(header: string | undefined): Encoding | null {
  if (header === undefined) return null
  const lower = header.toLowerCase()
  const chosen = lower.length <= MAX_CACHED_HEADER ? encodings.negotiate(lower) : new Negotiator({ supportedValues: ['br', 'gzip', 'identity'] }).negotiate(lower)
  return chosen === 'br' || chosen === 'gzip' ? chosen : null
}

function encode(entry: Representation, encoding: Encoding): Buffer {
  const cached = entry.encoded[encoding]
  if (cached !== undefined) return cached
  const bytes =
    encoding === 'br'
      ? brotliCompressSync(entry.body, { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: BROTLI_QUALITY } })
      : gzipSync(entry.body)
  entry.encoded[encoding] = bytes
  return bytes
}

/** Sends a representation with its validators, as a 304 when the client already has it. */
export function sendRepresentation(request: FastifyRequest, reply: FastifyReply, entry: Representation): void {
  reply.header('cache-control', entry.cacheControl).header('etag', entry.etag)
  if (entry.compressible) reply.header('vary', 'accept-encoding')
  if (ifNoneMatch(request.headers['if-none-match'], entry.etag)) {
    reply.code(304).send()
    return
  }
  reply.header('content-type', entry.contentType)
  const encoding = entry.compressible ? negotiateEncoding(request.headers['accept-encoding']) : null
  if (encoding === null) reply.send(entry.body)
  else reply.header('content-encoding', encoding).send(encode(entry, encoding))
}

/** Route-schema fragment documenting the 304 answer to If-None-Match. */
export const NOT_MODIFIED_RESPONSE = {
  304: { description: 'Not Modified: the ETag in If-None-Match is still current', type: 'null' }
} as const
