/**
 * Conditional requests and compression. The catalogue never changes while the process runs, so a
 * response body is a pure function of its URL: routes build it once as a Representation (bytes,
 * ETag, compressed variants made on first demand) and keep hot ones in a bounded LRU, so a repeat
 * request costs neither serialisation, hashing nor compression.
 * @fastify/etag and @fastify/compress cover every other success (for example the playground's files).
 */
import { createHash } from 'node:crypto'
import { brotliCompressSync, constants as zlibConstants, gzipSync } from 'node:zlib'
import type { FastifyPluginAsync, FastifyReply, FastifyRequest, onRequestHookHandler } from 'fastify'
import fp from 'fastify-plugin'
import fastifyCompress from '@fastify/compress'
import fastifyEtag from '@fastify/etag'
import { Negotiator } from '@fastify/accept-negotiator'
import { LRUCache } from 'lru-cache'

/** Data may change with a deploy, so JSON is revalidated often; ETags make that a cheap 304. */
export const CACHE_DATA = 'public, max-age=300, stale-while-revalidate=86400'
/** A rendered icon only changes if its set's package is upgraded. */
export const CACHE_IMAGE = 'public, max-age=86400, stale-while-revalidate=604800'

export const JSON_TYPE = 'application/json; charset=utf-8'

/** For responses made per request; representations are compressed once, so even small ones are. */
const COMPRESS_THRESHOLD = 1024
/** As @fastify/compress recommends: 11 costs far more time than it saves bytes. */
const BROTLI_QUALITY = 4

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
    // PNG is already deflated; JSON and SVG (most icons are a few hundred bytes) shrink well.
    compressible: !contentType.startsWith('image/png'),
    encoded: {}
  }
}

/** A byte-bounded LRU of representations; `get` builds and keeps a missing one. */
export class RepresentationCache {
  private readonly cache: LRUCache<string, Representation>

  constructor(maxBytes: number) {
    // Compressed variants come later; each is smaller than the body, or a few dozen bytes larger for
    // a tiny one, so this bounds an entry with both.
    this.cache = new LRUCache({ maxSize: maxBytes, sizeCalculation: (entry) => entry.body.length * 2 + 128 })
  }

  get(key: string, build: () => Representation): Representation {
    let entry = this.cache.get(key)
    if (entry === undefined) {
      entry = build()
      this.cache.set(key, entry)
    }
    return entry
  }

  /** A hit counts as a use, for the LRU order. */
  lookup(key: string): Representation | undefined {
    return this.cache.get(key)
  }

  set(key: string, entry: Representation): Representation {
    this.cache.set(key, entry)
    return entry
  }
}

/**
 * Route-level onRequest hook answering a URL that already succeeded straight from its cache,
 * before validation and the handler: a representation is a pure function of its URL. Handlers
 * store what they build under `request.url`.
 */
export function answerFromCache(cache: RepresentationCache): onRequestHookHandler {
  return (request, reply, done) => {
    const cached = cache.lookup(request.url)
    if (cached === undefined) return done()
    sendRepresentation(request, reply, cached)
  }
}

function ifNoneMatch(header: string | undefined, etag: string): boolean {
  if (header === undefined) return false
  if (header.trim() === '*') return true
  return header.split(',').some((tag) => tag.trim().replace(/^W\//, '') === etag)
}

/** Accept-Encoding negotiation as @fastify/compress does it; clients send few distinct headers, so answers are cached. */
const encodings = new Negotiator<Encoding | 'identity'>({
  supportedValues: ['br', 'gzip', 'identity'],
  cache: new LRUCache<string, string>({ max: 256 })
})

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
  const header = request.headers['accept-encoding']
  const encoding = entry.compressible && header !== undefined ? encodings.negotiate(header) : null
  if (encoding === null || encoding === 'identity') reply.send(entry.body)
  else reply.header('content-encoding', encoding).send(encode(entry, encoding))
}

const httpCaching: FastifyPluginAsync = async (app) => {
  await app.register(fastifyEtag)
  await app.register(fastifyCompress, { threshold: COMPRESS_THRESHOLD })
}

export default fp(httpCaching, { name: 'http-caching' })

/**
 * Route options for routes that answer with representations: they bring their own compressed
 * variants, so @fastify/compress's per-request hooks would only cost time there.
 */
export const SELF_ENCODED = { compress: false, decompress: false } as const

/** Route-schema fragment documenting the 304 answer to If-None-Match. */
export const NOT_MODIFIED_RESPONSE = {
  304: { description: 'Not Modified: the ETag in If-None-Match is still current', type: 'null' }
} as const
