/**
 * Conditional requests and compression. The catalogue never changes while the process runs, so a
 * response body is a pure function of the parameters that shape it: routes build it once as a
 * Representation (bytes, ETag, compressed variants made on first demand) and keep it in one
 * byte-bounded LRU under a canonical key, so a repeat request costs neither serialisation,
 * hashing nor compression, and junk parameters or other spellings cannot grow the cache. The same
 * budget holds fragments: pieces of bodies (one icon's record) that many answers are joined from.
 * Search answers, mostly asked for once, are kept from their second asking (getOnSecondAsking).
 * Only successes are representations: errors carry no ETag and never become a 304.
 */
import { hash } from 'node:crypto'
import { brotliCompress, brotliCompressSync, constants as zlibConstants, gzip, gzipSync, type BrotliOptions, type ZlibOptions } from 'node:zlib'
import type { FastifyReply, FastifyRequest } from 'fastify'
import { LRUCache } from 'lru-cache'
import { excerpt, ProblemError } from './problems'

/** Data may change with a deploy, so JSON is revalidated often; ETags make that a cheap 304. */
export const CACHE_DATA = 'public, max-age=300, stale-while-revalidate=86400'
/**
 * An answer whose ETag names the catalogue it came from (its sets' package versions and the
 * service's): it changes only with an upgrade, so caches keep it a day and may serve it a week
 * longer while they revalidate, which costs a 304 unless the catalogue changed. Not `immutable`:
 * the URL does not name the catalogue, so an upgrade must still reach a client that revalidates.
 */
export const CACHE_VERSIONED = 'public, max-age=86400, stale-while-revalidate=604800'
/** A rendered icon only changes if its set's package is upgraded. */
export const CACHE_IMAGE = 'public, max-age=86400, stale-while-revalidate=604800'

export const JSON_TYPE = 'application/json; charset=utf-8'

/**
 * The response cache's default budget (CACHE_MB): hot icons, pages and sets; see the README's
 * memory budget. A process holds more than the budget once it has churned through it, as the memory
 * freed by evictions stays with the allocator's arenas (the bench, after every catalogue case: 501
 * MB of RSS at 160 MB, 349 at 96), so the default keeps a process under 400 MB.
 */
export const DEFAULT_CACHE_BYTES = 96 * 1024 * 1024

/**
 * Below this a body goes as it is: a coding's own header and trailer would outweigh what it saves.
 * Above it every JSON and SVG body is compressed (an SVG icon, an icon's metadata, search pages),
 * once per representation, as a client asking for gzip or br expects of them.
 */
export const MIN_COMPRESSED_BYTES = 128
/**
 * Under this (most single icons' SVG and metadata, a search that finds a few families) a body fits in
 * one packet whatever its coding, and brotli 0 would make it larger. Such bodies get brotli 1 if made
 * for one query (about 13 µs on 500 bytes, where brotli 5 takes twice that), else brotli 5, made
 * once per representation; and gzip 6, which on so few bytes is as quick as gzip 1.
 */
const SMALL_BODY_BYTES = 1024
/**
 * A search page (Representation.perQuery) from SMALL_BODY_BYTES up, of any size, is compressed on
 * the spot at the fastest levels, brotli 0 and gzip 1: it is made for one query, shrinks to a few
 * kB, inside the first flight whatever the level, and brotli 0 takes about 15% less time than gzip 1
 * (40 against 49 µs on a 31 kB page) for about 7% more bytes, a quarter less than brotli 1 or 2.
 * Every other body (an icon's metadata, a style, a set's listing, the OpenAPI document) is made once
 * and fetched often, so it gets the levels that pay for its size (brotli 5, gzip 6: an icon's
 * 2.3 kB metadata is 443 bytes in brotli 5, 570 in brotli 0), and above this size is compressed on
 * libuv's thread pool so the event loop keeps answering meanwhile.
 */
export const LARGE_BODY_BYTES = 64 * 1024
/**
 * Bytes an entry costs beyond its key and bodies: the objects, the LRU's bookkeeping. A small SVG's
 * took about 1.2 kB of heap with its key, measured after a GC over 6,000 of them; the room counted
 * for a coding not asked for covers the rest.
 */
const ENTRY_OVERHEAD_BYTES = 1024
/** The same for a fragment: its Buffer object and its entry in a Map. */
const FRAGMENT_OVERHEAD_BYTES = 64
/**
 * Fragments are written one after another into slabs of at most this size (a 32nd of a smaller
 * budget), the cache's own, which are counted whole and dropped with them: a fragment made by
 * Buffer.from() would be a view of Node's shared 8 kB pool, and keep a slab mostly of other
 * requests' bytes alive (about twice the fragments' bytes, over the first-sight queries).
 */
const FRAGMENT_SLAB_BYTES = 64 * 1024

type Encoding = 'br' | 'gzip'

const CODING_SUFFIX: Record<Encoding, string> = { br: 'br', gzip: 'gz' }

interface Levels {
  br: BrotliOptions
  gzip: ZlibOptions
}

/** For a search page (perQuery) from SMALL_BODY_BYTES up. */
const FAST_OPTIONS: Levels = {
  br: { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 0 } },
  gzip: { level: 1 }
}
/** For every body but a search page. */
const LARGE_OPTIONS: Levels = {
  br: { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 5 } },
  gzip: { level: 6 }
}
/** For bodies under SMALL_BODY_BYTES made for one query. */
const SMALL_OPTIONS: Levels = { br: { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 1 } }, gzip: { level: 6 } }

export interface Representation {
  readonly body: Buffer
  readonly contentType: string
  readonly cacheControl: string
  /** The ETag of the body as it is; each compressed copy has its own (codingEtag). */
  readonly etag: string
  /** Worth compressing: not a PNG (already deflated), and not small. */
  readonly compressible: boolean
  /**
   * Compressed on the spot at the fastest levels whatever its size: an answer made for one query
   * (a search page, up to some hundreds of kB with `svg=true`), which few clients ask for again,
   * rather than one of the few large bodies made once and fetched often (see LARGE_BODY_BYTES).
   */
  readonly perQuery: boolean
  /** Each compressed copy once made, or while a large one is being made on the thread pool. */
  readonly encoded: Partial<Record<Encoding, Buffer | Promise<Buffer>>>
  /** The whole head of each answer the fast path has sent of it, by the route's own headers (see fast-path.ts). */
  readonly heads: Map<readonly string[], Partial<Record<Encoding | 'identity', string[]>>>
}

/**
 * The ETag of a representation's body in a content coding: each coding's bytes differ, so each has
 * its own strong validator (RFC 9110 §8.8.3), the identity one with a suffix inside its quotes. It
 * is made from the identity one alone, so the same in every process, as versionedEtag's are.
 */
export function codingEtag(etag: string, encoding: Encoding | null): string {
  return encoding === null ? etag : `${etag.slice(0, -1)}-${CODING_SUFFIX[encoding]}"`
}

/** A strong validator for a body: a hash of its bytes, or of what determines them (see versionedEtag). */
export function etagOf(content: string | Buffer): string {
  return `"${hash('sha1', content, 'base64url')}"`
}

/**
 * An ETag from what determines a body, without reading the body: the catalogue's version and the
 * canonical request. Two processes of the same catalogue give the same answer the same ETag, as
 * Iconify's API does with its sets' modification times.
 */
export function versionedEtag(catalogueVersion: string, key: string): string {
  return etagOf(`${catalogueVersion}\n${key}`)
}

/**
 * Bytes with a memory of their own, exactly their size, for what the cache keeps. Node hands out
 * small buffers as views of larger memory: Buffer.from() of a string or Buffer.concat() under 4 kB
 * from a shared 8 kB pool, zlib's sync methods from their 16 kB output chunk. A view keeps all of
 * that memory alive, so a 100-byte brotli body kept for hours held 16 kB, and the cache, counting
 * 100 bytes, held several times its budget (the soak in test/bench/soak.ts: 477 MB of buffers for
 * a 160 MB budget).
 */
function ownBytes(bytes: Buffer): Buffer {
  if (bytes.byteOffset === 0 && bytes.byteLength === bytes.buffer.byteLength) return bytes
  const own = Buffer.allocUnsafeSlow(bytes.length)
  bytes.copy(own)
  return own
}

/** A string's UTF-8 bytes, with a memory of their own (see ownBytes). */
function textBytes(text: string): Buffer {
  const own = Buffer.allocUnsafeSlow(Buffer.byteLength(text))
  own.write(text)
  return own
}

export function representation(
  body: string | Buffer,
  contentType: string,
  cacheControl: string,
  etag?: string,
  perQuery = false
): Representation {
  const bytes = typeof body === 'string' ? textBytes(body) : ownBytes(body)
  return {
    body: bytes,
    contentType,
    cacheControl,
    etag: etag ?? etagOf(bytes),
    compressible: bytes.length >= MIN_COMPRESSED_BYTES && !contentType.startsWith('image/png'),
    perQuery,
    encoded: {},
    heads: new Map()
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
 * The fragments' place in the LRU: one entry whose size is all of theirs. Fragments are looked up
 * by the thousand per second (96 per search page), so they live in plain maps beside the LRU,
 * keyed by the object they describe; this entry counts them against the budget, and when the LRU
 * evicts it as the least recently used, they are all dropped and grow again on demand.
 */
interface FragmentLedger {
  readonly bytes: number
}

const FRAGMENTS_KEY = 'fragments'

/**
 * A URL exactly as a client sent it, answered before with a representation: the entry's cache
 * key (or the entry itself, for one a route holds anyway) and the headers the route's hooks set
 * besides the entry's own (CORS, security headers), as name, value, name, value.
 */
export interface UrlAlias {
  readonly target: string | Representation
  readonly routeHeaders: readonly string[]
  /** What it holds beyond its key: its objects, and its headers unless they are shared. */
  readonly bytes: number
}

/** URL aliases are keyed by the URL itself, which starts with `/`, unlike cacheKey()'s keys. */
const ALIAS_BYTES = 256
/**
 * Headers that name one answer, not the route: its file name, the URL it is at. Route headers with
 * one are never shared (internHeaders) but the alias's own, counted with it, or each download's
 * file name would be kept for good, outside the budget.
 */
const ANSWER_HEADERS = new Set(['content-disposition', 'content-location'])

/** What a list of header names and values holds: each string (UTF-16, with its object) and the list. */
function headerBytes(headers: readonly string[]): number {
  return headers.reduce((bytes, text) => bytes + text.length * 2 + 32, 64)
}

/** Only URLs this short are remembered: a real client's, not one padded with junk parameters. */
export const MAX_ALIASED_URL = 512
/** Headers every representation sets itself, so not part of a URL alias's route headers. */
export const ENTRY_HEADERS = new Set(['cache-control', 'etag', 'vary', 'content-type', 'content-encoding', 'content-length'])

/**
 * What an entry holds in memory: its key (UTF-16), its body and, for compressible bodies, room
 * for its compressed variants, which come later and are each a fraction of the body (JSON and
 * SVG shrink four to ten times).
 */
function entryBytes(entry: Representation | FragmentLedger | UrlAlias, key: string): number {
  if ('target' in entry) return key.length * 2 + entry.bytes
  if (!('body' in entry)) return entry.bytes
  return key.length * 2 + entry.body.length * (entry.compressible ? 2 : 1) + ENTRY_OVERHEAD_BYTES
}

/** The one byte-bounded LRU of representations (and fragments of them) the routes of an app share. */
export class RepresentationCache {
  private readonly cache: LRUCache<string, Representation | FragmentLedger | UrlAlias> | undefined
  /** One copy of each distinct set of route headers, which URL aliases share. */
  private readonly routeHeaders = new Map<string, readonly string[]>()
  private readonly sharedHeaders = new Set<readonly string[]>()
  private readonly fragments = new Map<string, Map<object, Buffer>>()
  private fragmentBytes = 0
  private fragmentsCounted = true
  /** The slab fragments are being written into, and how much of it they fill. */
  private slab: Buffer | null = null
  private slabFilled = 0
  private readonly slabBytes: number
  private readonly askedBefore = new AskedBefore()

  constructor(readonly maxBytes: number) {
    this.slabBytes = Math.min(FRAGMENT_SLAB_BYTES, Math.floor(maxBytes / 32))
    this.cache =
      maxBytes > 0
        ? new LRUCache({
            maxSize: maxBytes,
            sizeCalculation: entryBytes,
            dispose: (value, key, reason) => {
              if (key === FRAGMENTS_KEY && reason !== 'set') this.dropFragments()
              else if ('target' in value) this.forgetOwnHeads(value)
            }
          })
        : undefined
  }

  /** The entry for `key`, built and kept when missing; a hit counts as a use, for the LRU order. */
  get(key: string, build: () => Representation): Representation {
    let entry = this.lookup(key)
    if (entry === undefined) {
      entry = build()
      this.cache?.set(key, entry)
    }
    return entry
  }

  /**
   * The entry for `key`, built when missing but kept only when `key` was asked for lately already,
   * as nginx's `proxy_cache_min_uses 2` does: for answers most of which are asked for once (a
   * search a designer types), so that one-off answers neither push out the ones asked for again nor
   * outlive their request (short-lived, they cost the collector almost nothing). `kept` says whether
   * the entry is in the cache now.
   */
  getOnSecondAsking(key: string, build: () => Representation): { entry: Representation; kept: boolean } {
    const entry = this.lookup(key)
    if (entry !== undefined) return { entry, kept: true }
    const built = build()
    const kept = this.cache !== undefined && this.askedBefore.check(key)
    if (kept) this.cache?.set(key, built)
    return { entry: built, kept }
  }

  lookup(key: string): Representation | undefined {
    const entry = this.cache?.get(key)
    return entry !== undefined && 'body' in entry ? entry : undefined
  }

  /**
   * Remembers that GET `url`, exactly so spelt, was answered with `target` (a cache key, or an
   * entry the route holds itself) and these route headers, for the fast path to answer it next
   * time. The alias counts against the budget like any entry.
   */
  remember(url: string, target: string | Representation, headers: readonly string[]): void {
    if (this.cache === undefined || url.length > MAX_ALIASED_URL) return
    const known = this.cache.get(url)
    if (known !== undefined && 'target' in known) return
    const routeHeaders = this.internHeaders(headers)
    this.cache.set(url, { target, routeHeaders, bytes: ALIAS_BYTES + (this.sharedHeaders.has(routeHeaders) ? 0 : headerBytes(routeHeaders)) })
  }

  /**
   * Drops the heads the fast path made for an alias's own headers (headOf keeps them on the entry, by
   * the headers): a URL remembered again brings new ones, which would otherwise pile up on an entry
   * that outlives its URLs. Shared headers' heads stay, for the other URLs.
   */
  private forgetOwnHeads(alias: UrlAlias): void {
    if (this.sharedHeaders.has(alias.routeHeaders)) return
    const entry = typeof alias.target === 'string' ? this.cache?.peek(alias.target) : alias.target
    if (entry !== undefined && 'heads' in entry) entry.heads.delete(alias.routeHeaders)
  }

  /**
   * The one copy of these route headers that URL aliases share; handed it back, it is known at once.
   * Headers that name one answer (ANSWER_HEADERS) are never shared: they come back as they are.
   */
  internHeaders(headers: readonly string[]): readonly string[] {
    if (this.sharedHeaders.has(headers)) return headers
    if (headers.some((text, at) => at % 2 === 0 && ANSWER_HEADERS.has(text))) return headers
    const text = JSON.stringify(headers)
    let shared = this.routeHeaders.get(text)
    if (shared === undefined) {
      shared = headers
      this.routeHeaders.set(text, shared)
      this.sharedHeaders.add(shared)
    }
    return shared
  }

  /** What GET `url` was answered with, if it was remembered and its entry is still held. */
  recall(url: string): { entry: Representation; routeHeaders: readonly string[] } | undefined {
    const alias = this.cache?.get(url)
    if (alias === undefined || !('target' in alias)) return undefined
    const entry = typeof alias.target === 'string' ? this.lookup(alias.target) : alias.target
    return entry === undefined ? undefined : { entry, routeHeaders: alias.routeHeaders }
  }

  /**
   * A piece of a body many bodies share (one icon's serialised record), of one `kind`, for one
   * object (the icon), made on first use and kept as bytes, so that a body is joined from them
   * without building its text. Call countFragments() once the body is built.
   */
  fragment(kind: string, of: object, build: () => string): Buffer {
    if (this.cache === undefined) return Buffer.from(build())
    let pieces = this.fragments.get(kind)
    if (pieces === undefined) {
      pieces = new Map()
      this.fragments.set(kind, pieces)
    }
    let piece = pieces.get(of)
    if (piece === undefined) {
      piece = this.inSlab(build())
      pieces.set(of, piece)
      this.fragmentBytes += FRAGMENT_OVERHEAD_BYTES
      this.fragmentsCounted = false
    }
    return piece
  }

  /** A fragment's text as bytes in the current slab (a new one, counted whole, when it is full); one too large for a slab has its own. */
  private inSlab(text: string): Buffer {
    const length = Buffer.byteLength(text)
    if (length > this.slabBytes / 8) {
      this.fragmentBytes += length
      return textBytes(text)
    }
    if (this.slab === null || this.slabFilled + length > this.slab.length) {
      this.slab = Buffer.allocUnsafeSlow(this.slabBytes)
      this.slabFilled = 0
      this.fragmentBytes += this.slabBytes
    }
    const from = this.slabFilled
    this.slabFilled += this.slab.write(text, from)
    return this.slab.subarray(from, this.slabFilled)
  }

  /**
   * Counts the fragments made since the last call against the budget, and marks them used. They
   * may take at most half of it: beyond that they start again from none.
   */
  countFragments(): void {
    const cache = this.cache
    if (cache === undefined) return
    // Most recent first, so that making room for them evicts other entries, not them.
    cache.get(FRAGMENTS_KEY)
    if (this.fragmentsCounted) return
    this.fragmentsCounted = true
    if (this.fragmentBytes > this.maxBytes / 2) {
      cache.delete(FRAGMENTS_KEY)
      this.dropFragments()
    } else cache.set(FRAGMENTS_KEY, { bytes: this.fragmentBytes })
  }

  private dropFragments(): void {
    this.fragments.clear()
    this.fragmentBytes = 0
    this.slab = null
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

/**
 * Keys asked for lately, remembered by their 32-bit FNV-1a hash in a table of 2^16 slots (256 kB,
 * outside the cache's budget, allocating nothing per key): a key whose slot holds its hash was
 * asked before. A collision at worst keeps an entry on its first asking, or lets a key wait for
 * a third; either only costs a rebuild, never a wrong answer, since the cache is keyed by the key.
 */
class AskedBefore {
  private readonly slots = new Uint32Array(1 << 16)

  /** Whether `key` was asked for lately; remembers it for next time. */
  check(key: string): boolean {
    let hash = 0x811c9dc5
    for (let i = 0; i < key.length; i++) hash = Math.imul(hash ^ key.charCodeAt(i), 0x01000193)
    // 0 marks an empty slot, so no key may hash to it.
    hash = hash >>> 0 || 1
    const slot = hash & (this.slots.length - 1)
    if (this.slots[slot] === hash) return true
    this.slots[slot] = hash
    return false
  }
}

/** Whether an If-Match holds: absent, `*`, or naming `etag` strongly (a W/ tag never matches). */
function ifMatch(header: string | undefined, etag: string): boolean {
  if (header === undefined || header.trim() === '*') return true
  return header.split(',').some((listed) => listed.trim() === etag)
}

/**
 * Whether the client has the representation this request would get: If-None-Match names `etag`,
 * the ETag of this request's coding, compared weakly (a W/ ignored, RFC 9110 §13.1.2). Another
 * coding's ETag names other bytes, so it gets a 200, as from nginx, which compares the same way.
 */
function ifNoneMatch(header: string | undefined, etag: string): boolean {
  if (header === undefined) return false
  if (header.trim() === '*') return true
  return header.split(',').some((listed) => listed.trim().replace(/^W\//, '') === etag)
}

/**
 * Accept-Encoding negotiation (RFC 9110 §12.5.3): each coding gets its own q-value, else that of
 * `*`, which stands only for codings not listed (`br;q=0, *` refuses brotli), else none; the
 * acceptable coding of the highest q-value is chosen, brotli before gzip on a tie, and none (or
 * `identity` of a higher q-value) is no coding. Codings are case-insensitive, `x-gzip` is gzip (§8.4.1.3). @fastify/accept-negotiator,
 * which @fastify/compress uses, lets `*` override a coding listed with q=0, so this is its own.
 * Clients send few distinct headers, so answers are cached, in a bounded LRU keyed by short headers only.
 */
const negotiated = new LRUCache<string, Encoding | 'identity'>({ max: 256 })
const MAX_CACHED_HEADER = 256

export function negotiateEncoding(header: string | undefined): Encoding | null {
  if (header === undefined) return null
  const known = header.length <= MAX_CACHED_HEADER ? negotiated.get(header) : undefined
  const chosen = known ?? encodingFor(header)
  if (known === undefined && header.length <= MAX_CACHED_HEADER) negotiated.set(header, chosen)
  return chosen === 'identity' ? null : chosen
}

const QVALUE = /^(?:0(?:\.\d{0,3})?|1(?:\.0{0,3})?)$/

/** The coding `negotiateEncoding` chooses for one header, worked out. */
function encodingFor(header: string): Encoding | 'identity' {
  const weights = new Map<string, number>()
  for (const member of header.toLowerCase().split(',')) {
    const [name = '', ...parameters] = member.split(';').map((part) => part.trim())
    if (name === '') continue
    const q = parameters.find((parameter) => /^q\s*=/.test(parameter))?.replace(/^q\s*=\s*/, '')
    // A q-value as RFC 9110 §12.4.2 writes it (0 to 1, three decimals at most); a malformed one is no
    // acceptance. Of a coding listed twice, the first counts.
    const weight = q === undefined ? 1 : QVALUE.test(q) ? Number(q) : 0
    const coding = name === 'x-gzip' ? 'gzip' : name
    if (!weights.has(coding)) weights.set(coding, weight)
  }
  const weightOf = (coding: Encoding): number => weights.get(coding) ?? weights.get('*') ?? 0
  const br = weightOf('br')
  const gzip = weightOf('gzip')
  // No coding where no coding is acceptable (even to 'identity;q=0': RFC 9110 lets a server send it
  // rather than a 406), and where the client ranks it higher ('gzip;q=0.5, identity').
  if (Math.max(br, gzip) === 0 || Math.max(br, gzip) < (weights.get('identity') ?? 0)) return 'identity'
  return br >= gzip ? 'br' : 'gzip'
}

function compressLarge(body: Buffer, encoding: Encoding): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const done = (error: Error | null, bytes: Buffer) => (error === null ? resolve(ownBytes(bytes)) : reject(error))
    if (encoding === 'br') brotliCompress(body, LARGE_OPTIONS.br, done)
    else gzip(body, LARGE_OPTIONS.gzip, done)
  })
}

/** One of the few large bodies made once and fetched often, compressed thoroughly on the thread pool. */
function isLarge(entry: Representation): boolean {
  return entry.body.length > LARGE_BODY_BYTES && !entry.perQuery
}

/** The body in `encoding`, compressed once per entry as fits its size (see LARGE_BODY_BYTES). */
function encode(entry: Representation, encoding: Encoding): Buffer | Promise<Buffer> {
  const cached = entry.encoded[encoding]
  if (cached !== undefined) return cached
  if (isLarge(entry)) {
    const pending = compressLarge(entry.body, encoding)
    entry.encoded[encoding] = pending
    pending.then(
      (bytes) => {
        entry.encoded[encoding] = bytes
      },
      () => {
        delete entry.encoded[encoding]
      }
    )
    return pending
  }
  const levels = !entry.perQuery ? LARGE_OPTIONS : entry.body.length >= SMALL_BODY_BYTES ? FAST_OPTIONS : SMALL_OPTIONS
  const bytes = ownBytes(
    encoding === 'br'
      ? // Told the size, brotli sets up for a body this small instead of for its largest window.
        brotliCompressSync(entry.body, { params: { ...levels.br.params, [zlibConstants.BROTLI_PARAM_SIZE_HINT]: entry.body.length } })
      : gzipSync(entry.body, levels.gzip)
  )
  entry.encoded[encoding] = bytes
  return bytes
}

/**
 * A representation's place in the cache, for sendRepresentation to remember the URL it answered:
 * its cache key (none for an entry the route holds itself), and the spellings of the request that
 * the shared URL builders (src/api/catalogue-urls.ts) write. Only those are remembered, so junk
 * parameters and other spellings cannot fill the cache with aliases, and still get the same answer.
 * `kept: false`: the answer itself is not kept (a search asked once), so neither is its URL.
 */
export interface Cached {
  cache: RepresentationCache
  key?: string
  urls: readonly string[]
  kept?: boolean
}

/**
 * Sent with an answer to a URL spelt other than the URL builders write it (parameters in another
 * order, %-encoded letters, an alias's slug): nginx in front of a fleet does not keep it
 * (nginx.org/en/docs/http/ngx_http_proxy_module.html#proxy_ignore_headers: "zero disables caching")
 * and never passes the header on (X-Accel-* are hidden by default, see proxy_hide_header), so a client walking spellings cannot fill its
 * cache with copies of one answer. Other caches ignore it; the answer's own Cache-Control is unchanged,
 * as a client's cache holds only the spellings that client asks for.
 */
export const NOT_KEPT_BY_PROXY = ['x-accel-expires', '0'] as const

/** The headers set so far besides the entry's own, as name, value, name, value. */
export function routeHeadersOf(reply: FastifyReply): string[] {
  const headers: string[] = []
  for (const [name, value] of Object.entries(reply.getHeaders())) {
    if (value === undefined || ENTRY_HEADERS.has(name)) continue
    headers.push(name, Array.isArray(value) ? value.join(', ') : String(value))
  }
  return headers
}

/**
 * Sends a representation with its validators, as a 304 when the client already has it. With
 * `cached`, a GET's URL is remembered, so the fast path (fast-path.ts) answers it next time.
 */
export function sendRepresentation(request: FastifyRequest, reply: FastifyReply, entry: Representation, cached?: Cached): void {
  const encoding = entry.compressible ? negotiateEncoding(request.headers['accept-encoding']) : null
  // A 304 carries the ETag the 200 would have (RFC 9110 §15.4.5): this request's coding's.
  const etag = codingEtag(entry.etag, encoding)
  // If-Match is evaluated first, and strongly (RFC 9110 §13.1.1, §13.2.2): a client that asks for
  // these very bytes and would get others gets a 412. Sent, not thrown: a PNG is sent from a render's
  // callback, where a throw would reach no handler.
  if (!ifMatch(request.headers['if-match'], etag)) {
    reply.send(new ProblemError('precondition_failed', `If-Match names ${excerpt(request.headers['if-match'])}; this representation is ${etag}.`))
    return
  }
  reply.header('cache-control', entry.cacheControl).header('etag', etag)
  if (entry.compressible) reply.header('vary', 'accept-encoding')
  const notModified = ifNoneMatch(request.headers['if-none-match'], etag)
  if (notModified && request.method !== 'HEAD') {
    reply.code(304).send()
    return
  }
  const url = request.raw.url ?? ''
  const ownSpelling = cached?.urls.includes(url) ?? false
  if (cached !== undefined) {
    // A 304 is never kept (a HEAD's falls through to here), so it needs no word to the proxy.
    if (!ownSpelling && !notModified) reply.header(...NOT_KEPT_BY_PROXY)
    if (ownSpelling && cached.kept !== false && request.method === 'GET') cached.cache.remember(url, cached.key ?? entry, routeHeadersOf(reply))
  }
  reply.header('content-type', entry.contentType)
  // A 304 to a HEAD: fastify's HEAD twin of a GET route says `Content-Length: 0` for an answer with
  // no body, which a 304 may not carry, only the 200's length (RFC 9110 §8.6). So it is handed the
  // 200's body to measure, and sends none of it, as for any HEAD.
  if (notModified) reply.code(304)
  if (encoding === null) {
    reply.send(entry.body)
    return
  }
  const encoded = encode(entry, encoding)
  if (Buffer.isBuffer(encoded)) {
    reply.header('content-encoding', encoding).send(encoded)
    return
  }
  // A compression that failed (out of memory) still leaves the body to send as it is, with its own ETag.
  encoded.then(
    (bytes) => reply.header('content-encoding', encoding).send(bytes),
    () => reply.header('etag', entry.etag).send(entry.body)
  )
}

/**
 * The head of a 200 answer with `body`, the entry in `encoding`, as the fast path writes it: the
 * route's headers, then the entry's. Made once per entry, route headers and encoding.
 */
export function headOf(entry: Representation, routeHeaders: readonly string[], encoding: Encoding | null, body: Buffer): string[] {
  let heads = entry.heads.get(routeHeaders)
  if (heads === undefined) {
    heads = {}
    entry.heads.set(routeHeaders, heads)
  }
  const known = heads[encoding ?? 'identity']
  if (known !== undefined) return known
  const head = [...routeHeaders, 'cache-control', entry.cacheControl, 'etag', codingEtag(entry.etag, encoding)]
  if (entry.compressible) head.push('vary', 'accept-encoding')
  head.push('content-type', entry.contentType)
  if (encoding !== null) head.push('content-encoding', encoding)
  head.push('content-length', String(body.length))
  heads[encoding ?? 'identity'] = head
  return head
}

/**
 * The body in `encoding` for the fast path: made already, or compressed now if it is small enough
 * to be compressed on the spot; undefined while a large one is still being made on the thread pool.
 */
export function encodedNow(entry: Representation, encoding: Encoding | null): Buffer | undefined {
  if (encoding === null) return entry.body
  const encoded = entry.encoded[encoding] ?? (isLarge(entry) ? undefined : encode(entry, encoding))
  return Buffer.isBuffer(encoded) ? encoded : undefined
}

/** Route-schema fragment documenting the 304 answer to If-None-Match. */
export const NOT_MODIFIED_RESPONSE = {
  304: { description: 'Not Modified: the ETag in If-None-Match is still current', type: 'null' }
} as const
