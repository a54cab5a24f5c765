/**
 * Search answers over real HTTP as caches see them: a long Cache-Control with an ETag that names
 * the catalogue, the answers' format and the request (not the bytes), a 304 for a client that has
 * it, and a format pinned so that answers cannot change without it; bodies compressed
 * as fits their size; and each icon's record, serialised once and shared by every page it is on,
 * exactly the record the icon's set lists.
 */
import { createHash } from 'node:crypto'
import { brotliCompressSync, brotliDecompressSync, constants as zlibConstants, gunzipSync } from 'node:zlib'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { SearchResult, type IconSetDetail, type IconSummary } from '../../src/api/catalogue-schemas'
import { iconsetUrl, searchUrl } from '../../src/api/catalogue-urls'
import { loadCatalogue } from '../../src/catalogue/catalogue'
import { LARGE_BODY_BYTES, MIN_COMPRESSED_BYTES, representation, RepresentationCache } from '../../src/catalogue/http-caching'
import type { IconRecord } from '../../src/catalogue/load-iconset'
import { catalogueVersion, SEARCH_FORMAT } from '../../src/catalogue/routes/search'
import { iconSummary, iconSummaryJson } from '../../src/catalogue/to-wire'
import { startCatalogue, type RunningCatalogue } from '../support/catalogue'
import { fixtureIconsetConfig } from '../support/fixture-catalogue'
import { rawRequest, type RawResponse } from '../support/raw-http'
import { getJson } from './http-client'

let service: RunningCatalogue
/** The same catalogue served a second time, as a second process of a fleet would. */
let twin: RunningCatalogue

beforeAll(async () => {
  service = await startCatalogue()
  twin = await startCatalogue({ baseUrl: service.url })
})

afterAll(async () => {
  await twin?.close()
  await service?.close()
})

const get = (origin: string, path: string, headers: Record<string, string> = {}) => rawRequest(origin, path, { headers })

function decoded(response: RawResponse): Buffer {
  const encoding = response.headers['content-encoding']
  if (encoding === 'br') return brotliDecompressSync(response.body)
  if (encoding === 'gzip') return gunzipSync(response.body)
  return response.body
}

/** The format SEARCH_FORMAT names, pinned: see the test 'changes SEARCH_FORMAT whenever its answers change'. */
interface PinnedFormat {
  format: number
  /** A fingerprint of the answer's schema and of the fields and types real answers have, in order. */
  shape: string
  /** The fixture's sets at the package versions `answers` were made from. */
  sets: string
  /** A fingerprint of the answers to FORMAT_REQUESTS, served from one base URL. */
  answers: string
}

const PINNED_FORMAT: PinnedFormat = { format: 60, shape: 'FVlfX7VIphyvk_mg', sets: 'lucide@1.2.137,ph@1.2.2,fluent@1.2.60,twemoji@1.2.5,fa6-brands@1.2.6', answers: 'YHxA5sjzoFIo1s3D' }

/** Searches that between them give every field of an answer a value: paging, svg, filters, a suggestion, words read as a set (a set's name with a slip too, in a hyphenated query) or a style. */
const FORMAT_REQUESTS = [
  '/search?q=arrow&limit=24',
  '/search?q=house&offset=7&limit=5',
  '/search?q=hosue&limit=5',
  '/search?q=lucid-heart&limit=5',
  '/search?q=heart+solid&limit=5',
  '/search?q=lucide+heart+filled&limit=5',
  '/search?q=lucide+fluent+home&iconset=fluent&limit=5',
  '/search?q=github&iconset=fa6-brands,lucide',
  '/search?q=star&style=outline&limit=5',
  '/search?q=heart&svg=true&limit=5',
  '/search?limit=10'
]

/** Schema keys that explain rather than shape an answer. */
const PROSE = ['description', 'examples']

const fingerprint = (texts: readonly string[]) => createHash('sha256').update(texts.join('\n')).digest('base64url').slice(0, 16)

/** Every path in the values with the type found there and, for an object, its fields in order: `icons[].tags[]: string`. */
function shapeOf(values: readonly unknown[]): string[] {
  const lines = new Set<string>()
  const visit = (value: unknown, path: string): void => {
    if (Array.isArray(value)) {
      lines.add(`${path}: array`)
      for (const item of value) visit(item, `${path}[]`)
    } else if (value !== null && typeof value === 'object') {
      lines.add(`${path}: {${Object.keys(value).join(',')}}`)
      for (const [key, field] of Object.entries(value)) visit(field, `${path}.${key}`)
    } else lines.add(`${path}: ${value === null ? 'null' : typeof value}`)
  }
  for (const value of values) visit(value, '')
  return [...lines].sort()
}

const DAY = 86_400

describe('search answers a CDN can keep', () => {
  it('may be kept a day and served a week longer while revalidating', async () => {
    const response = await get(service.url, '/search?q=heart')
    expect(response.status).toBe(200)
    const cacheControl = String(response.headers['cache-control'])
    expect(cacheControl).toMatch(/\bpublic\b/)
    expect(Number(/max-age=(\d+)/.exec(cacheControl)?.[1])).toBeGreaterThanOrEqual(DAY)
    expect(Number(/stale-while-revalidate=(\d+)/.exec(cacheControl)?.[1])).toBeGreaterThanOrEqual(7 * DAY)
  })

  it('has an ETag from the catalogue and the request, the same from every process serving that catalogue', async () => {
    const path = '/search?q=star&limit=12'
    const [first, second] = await Promise.all([get(service.url, path), get(twin.url, path)])
    expect(first.headers.etag).toMatch(/^"[^"]+"$/)
    expect(second.headers.etag).toBe(first.headers.etag)
    expect(second.body.equals(first.body)).toBe(true)
  })

  it('gives one ETag to every spelling of one request, and another to another request', async () => {
    const etag = async (path: string) => (await get(service.url, path)).headers.etag
    const star = await etag('/search?q=star&limit=12')
    expect(await etag('/search?limit=12&q=star&junk=1')).toBe(star)
    expect(await etag('/search?q=star&limit=13')).not.toBe(star)
    expect(await etag('/search?q=moon&limit=12')).not.toBe(star)
  })

  it('tells a proxy in front to keep only the spelling its links use: another spelling’s 200 says not to, and no 304 says anything', async () => {
    const linked = searchUrl('', { q: 'star', limit: 12 })
    const other = '/search?q=star&limit=12'
    expect(other).not.toBe(linked)
    expect((await get(service.url, linked)).headers['x-accel-expires']).toBeUndefined()
    const respelt = await get(service.url, other)
    expect([respelt.status, respelt.headers['x-accel-expires']]).toEqual([200, '0'])
    for (const method of ['GET', 'HEAD']) {
      const revalidated = await rawRequest(service.url, other, { method, headers: { 'if-none-match': String(respelt.headers.etag) } })
      expect([revalidated.status, revalidated.headers['x-accel-expires']], method).toEqual([304, undefined])
    }
  })

  // Each spelling is asked for twice, both through the fast path (plain parameters) and through the
  // framework (an unknown parameter, which it ignores), so a kept answer is checked as well as a new one.
  it.each([
    ['sets separated by commas or repeated', ['/search?q=house&iconset=ph,lucide', '/search?q=house&iconset=ph&iconset=lucide', '/search?q=house&iconset=ph,,lucide&iconset=ph']],
    ['blank filters and svg=false', ['/search?q=home', '/search?q=home&style=', '/search?q=home&style=%20', '/search?q=home&iconset=', '/search?q=home&iconset=%20', '/search?q=home&svg=false', '/search?q=home&iconset=,,', '/search?q=home&families_only=false']],
    ['a style or sets with spaces around them', ['/search?q=home&style=solid&iconset=ph', '/search?q=home&style=%20solid%20&iconset=%20ph%20', '/search?q=home&style=solid+&iconset=ph']],
    ['families alone, in any order of parameters', ['/search?q=house&families_only=true', '/search?families_only=true&q=house', '/search?q=house&families_only=true&svg=false']],
    ['a blank q, one of spaces or invisible characters alone, or none', ['/search?limit=5', '/search?q=&limit=5', '/search?q=+&limit=5', '/search?q=%20%20&limit=5', '/search?q=%E2%80%8B&limit=5', '/search?q=%C2%AD%EF%BB%BF+%E2%81%A0&limit=5', '/search?limit=5&q=&style=&iconset=%2C&svg=false']]
  ])('gives %s one answer: the same bytes and the same ETag, however it is reached', async (_, paths) => {
    const answers = []
    for (const path of paths) for (const spelt of [path, path, `${path}&junk=1`]) answers.push({ spelt, response: await get(service.url, spelt) })
    const [first] = answers
    for (const { spelt, response } of answers) {
      expect(response.status, spelt).toBe(200)
      expect(response.headers.etag, spelt).toBe(first?.response.headers.etag)
      expect(response.body.equals(first?.response.body ?? Buffer.alloc(0)), spelt).toBe(true)
    }
  })

  it('echoes and links a request in its normal form: each set once, in the order first asked, and no blank filter', async () => {
    const page = JSON.parse((await get(service.url, '/search?q=house&iconset=lucide,lucide&iconset=,ph,&style=&svg=false&limit=1')).body.toString()) as SearchResult
    expect(page.iconsets).toStrictEqual(['lucide', 'ph'])
    expect(page.style).toBeNull()
    expect(page.next).toBe(searchUrl(service.url, { q: 'house', iconset: ['lucide', 'ph'], offset: 1, limit: 1 }))
    const blank = JSON.parse((await get(service.url, '/search?iconset=,,&limit=1')).body.toString()) as SearchResult
    expect(blank.iconsets).toStrictEqual([])
    expect(blank.next).toBe(searchUrl(service.url, { offset: 1, limit: 1 }))
    const spaces = JSON.parse((await get(service.url, '/search?q=+&limit=1')).body.toString()) as SearchResult
    expect(spaces.query).toBe('')
    expect(spaces.next).toBe(searchUrl(service.url, { offset: 1, limit: 1 }))
    const padded = JSON.parse((await get(service.url, '/search?q=+house+&limit=1')).body.toString()) as SearchResult
    expect(padded.query).toBe(' house ')
    expect(padded.next).toBe(searchUrl(service.url, { q: ' house ', offset: 1, limit: 1 }))
  })

  it('has an ETag per coding, the same from every process, and answers If-None-Match with an empty 304 only for the coding the request gets', async () => {
    const path = '/search?q=arrow'
    const codings = { identity: {}, br: { 'accept-encoding': 'br' }, gzip: { 'accept-encoding': 'gzip' } } as Record<string, Record<string, string>>
    const etags: Record<string, string> = {}
    // Asked three times, so the route, the kept answer and the fast path each answer every coding.
    for (const [coding, headers] of Object.entries(codings)) {
      for (let asking = 0; asking < 3; asking++) {
        const [here, twinned] = await Promise.all([get(service.url, path, headers), get(twin.url, path, headers)])
        expect(here.headers['content-encoding'] ?? 'identity').toBe(coding)
        etags[coding] ??= String(here.headers.etag)
        expect(here.headers.etag, coding).toBe(etags[coding])
        expect(twinned.headers.etag, coding).toBe(etags[coding])
      }
    }
    const identity = etags.identity as string
    expect(etags).toStrictEqual({ identity, br: `${identity.slice(0, -1)}-br"`, gzip: `${identity.slice(0, -1)}-gz"` })
    // Another coding's ETag names other bytes: nginx, comparing strictly, answers it with a 200, and so does a process.
    for (const [known, etag] of Object.entries(etags)) {
      for (const [coding, headers] of Object.entries(codings)) {
        const again = await get(service.url, path, { ...headers, 'if-none-match': etag })
        expect(again.status, `${known}'s ETag asked for in ${coding}`).toBe(known === coding ? 304 : 200)
        expect(again.headers.etag, `${known}'s ETag asked for in ${coding}`).toBe(etags[coding])
        expect(again.headers['cache-control']).toBeDefined()
        if (known === coding) expect(again.body.length).toBe(0)
      }
      expect((await get(service.url, path, { ...codings[known], 'if-none-match': `W/${etag}` })).status, `W/ and ${known}'s ETag`).toBe(304)
    }
    expect((await get(service.url, path, { 'if-none-match': `${identity.slice(0, -1)}-deflate"` })).status).toBe(200)
  })

  it('has another ETag when the catalogue is served elsewhere, since every URL in it changes', async () => {
    const elsewhere = await startCatalogue({ baseUrl: 'https://icons.example/catalogue' })
    try {
      const path = '/search?q=star&limit=12'
      const [here, there] = await Promise.all([get(service.url, path), get(elsewhere.url, path)])
      expect(there.headers.etag).not.toBe(here.headers.etag)
      expect(JSON.parse(there.body.toString()).next).toMatch(/^https:\/\/icons\.example\/catalogue\/search\?/)
    } finally {
      await elsewhere.close()
    }
  })

  it('has another ETag when the catalogue holds other content at the same set versions: a tag package updated, a set configured anew', async () => {
    const restyled = fixtureIconsetConfig().map((config) => (config.slug === 'lucide' ? { ...config, styles: { base: 'solid' as const } } : config))
    const other = await startCatalogue({ catalogue: await loadCatalogue(restyled), baseUrl: service.url })
    try {
      expect(other.catalogue.iconsets.map((set) => set.package)).toEqual(service.catalogue.iconsets.map((set) => set.package))
      const path = '/search?q=star&iconset=lucide&limit=12'
      const [here, there] = await Promise.all([get(service.url, path), get(other.url, path)])
      const styles = (response: RawResponse) => (JSON.parse(response.body.toString()) as { icons: IconSummary[] }).icons.map((icon) => icon.style)
      expect(new Set(styles(here))).toEqual(new Set(['outline']))
      expect(new Set(styles(there))).toEqual(new Set(['solid']))
      expect(there.headers.etag).not.toBe(here.headers.etag)
      // And a cache holding this catalogue's page gets the other's whole, not a 304.
      expect((await get(other.url, path, { 'if-none-match': String(here.headers.etag) })).status).toBe(200)
    } finally {
      await other.close()
    }
  })

  it('changes SEARCH_FORMAT whenever its answers change for the same request: their shape, or over the same sets what they hold', async () => {
    const answers = await Promise.all(FORMAT_REQUESTS.map(async (path) => (await get(service.url, path)).body.toString().replaceAll(service.url, 'https://catalogue.example')))
    const now: PinnedFormat = {
      format: SEARCH_FORMAT,
      shape: fingerprint([JSON.stringify(SearchResult, (key, value: unknown) => (PROSE.includes(key) ? undefined : value)), ...shapeOf(answers.map((answer) => JSON.parse(answer)))]),
      sets: service.catalogue.iconsets.map((set) => `${set.slug}@${set.package.version}`).join(','),
      answers: fingerprint(answers)
    }
    const pin = (format: number) => `pin ${JSON.stringify({ ...now, format })} as PINNED_FORMAT in this file`
    const bump = `bump SEARCH_FORMAT in src/catalogue/routes/search.ts, so that a cache revalidating a page of format ${SEARCH_FORMAT} gets the new one rather than a 304, and ${pin(SEARCH_FORMAT + 1)}`
    if (now.format === PINNED_FORMAT.format) {
      expect(now.shape, `Search answers have another shape (a field or its type, the order of fields): ${bump}`).toBe(PINNED_FORMAT.shape)
      if (now.sets === PINNED_FORMAT.sets) expect(now.answers, `Search answers over the same sets changed (their ranking, how a query is read, the records): ${bump}`).toBe(PINNED_FORMAT.answers)
    }
    // A new format, or sets at other versions: each names the answers in their ETags already.
    expect(now, `SEARCH_FORMAT or the fixture's set versions changed; ${pin(SEARCH_FORMAT)} (if the search changed as well as the sets, bump SEARCH_FORMAT too)`).toStrictEqual(PINNED_FORMAT)
  })

  it('names the format of search answers, so that a page of an earlier format revalidates to a 200', () => {
    const version = (format?: number) => catalogueVersion(service.catalogue, '1.0.0', service.url, format)
    expect(version()).toBe(version(SEARCH_FORMAT))
    expect(version(SEARCH_FORMAT - 1)).not.toBe(version())
  })
})

describe('compression by size', () => {
  /**
   * A search for nothing whose answer is exactly `bytes` long: the answer echoes the query twice (as
   * written and as a term), so each 字 adds a few bytes and a trailing space, echoed once, one more.
   */
  async function emptySearchOf(bytes: number): Promise<string> {
    const lengthFor = async (q: string) => (await get(service.url, searchUrl('', { q }))).body.length
    const [one, two] = [await lengthFor('字'), await lengthFor('字字')]
    const perCharacter = two - one
    const characters = 1 + Math.floor((bytes - one) / perCharacter)
    const q = '字'.repeat(characters) + ' '.repeat((bytes - one) % perCharacter)
    const path = searchUrl('', { q })
    expect(await lengthFor(q), `the answer to a search for ${characters} × 字`).toBe(bytes)
    return path
  }

  it('sends a body under 128 bytes as it is, whatever the client accepts, one ETag for all', () => {
    const tiny = representation('x'.repeat(MIN_COMPRESSED_BYTES - 1), 'image/svg+xml', 'no-cache')
    expect(tiny.compressible).toBe(false)
    expect(representation('x'.repeat(MIN_COMPRESSED_BYTES), 'image/svg+xml', 'no-cache').compressible).toBe(true)
    expect(representation('x'.repeat(4096), 'image/png', 'no-cache').compressible).toBe(false)
  })

  it('compresses the smallest answers too: a single icon’s SVG of a few hundred bytes, an empty search, through the route and the fast path alike', async () => {
    const bodies = { 'a search answer of 1023 bytes': await emptySearchOf(1023), 'an empty search': '/search?q=zzzzqqqq', 'a small SVG': '/iconsets/lucide/check?format=svg&size=24' }
    for (const [body, path] of Object.entries(bodies)) {
      const identity = await get(service.url, path)
      expect(identity.status, body).toBe(200)
      expect(identity.body.length, body).toBeLessThan(1024)
      // Asked three times, so the route, the kept answer and the fast path each answer.
      for (const [accept, encoding] of [['gzip, deflate, br', 'br'], ['gzip', 'gzip']]) {
        for (let asking = 0; asking < 3; asking++) {
          const response = await get(service.url, path, { 'accept-encoding': accept as string })
          expect(response.headers['content-encoding'], body).toBe(encoding)
          expect(response.headers.vary, body).toMatch(/accept-encoding/i)
          expect(response.body.length, body).toBeLessThan(identity.body.length)
          expect(decoded(response).equals(identity.body), body).toBe(true)
        }
      }
    }
  })

  it('compresses a body of 1024 bytes in br or gzip as the client asks, each coding with its own ETag, every answer varying by Accept-Encoding', async () => {
    const path = await emptySearchOf(1024)
    const identity = await get(service.url, path)
    expect(identity.headers.vary).toMatch(/accept-encoding/i)
    const etag = String(identity.headers.etag)
    for (const [accept, encoding, suffix] of [['br', 'br', '-br'], ['gzip', 'gzip', '-gz'], ['gzip, deflate, br', 'br', '-br']]) {
      for (let asking = 0; asking < 3; asking++) {
        const response = await get(service.url, path, { 'accept-encoding': accept as string })
        expect(response.headers['content-encoding'], accept).toBe(encoding)
        expect(response.headers.vary, accept).toMatch(/accept-encoding/i)
        expect(response.headers.etag, accept).toBe(`${etag.slice(0, -1)}${suffix}"`)
        expect(decoded(response).equals(identity.body), accept).toBe(true)
      }
    }
  })

  it('compresses an SVG icon, an icon’s metadata and a search page of a few kB, through the route and the fast path alike', async () => {
    for (const path of ['/iconsets/twemoji/calendar?format=svg', '/iconsets/fluent/home-24-regular', '/search?q=house&limit=3']) {
      const identity = await get(service.url, path)
      expect(identity.body.length, path).toBeGreaterThan(MIN_COMPRESSED_BYTES)
      for (let asking = 0; asking < 3; asking++) {
        const response = await get(service.url, path, { 'accept-encoding': 'gzip, br' })
        expect(response.headers['content-encoding'], path).toBe('br')
        expect(response.headers.vary).toMatch(/accept-encoding/i)
        expect(response.body.length, path).toBeLessThan(identity.body.length)
        expect(decoded(response).equals(identity.body), path).toBe(true)
      }
    }
  })

  it('compresses a body made once and fetched often (an icon’s metadata, a style) thoroughly: its br no larger than its gzip, below brotli 0’s', async () => {
    const browser = { 'accept-encoding': 'gzip, deflate, br, zstd' }
    for (const path of ['/iconsets/fluent/home-24-regular', '/styles/outline']) {
      const identity = await get(service.url, path)
      expect(identity.body.length, path).toBeGreaterThanOrEqual(1024)
      const br = await get(service.url, path, browser)
      const gzip = await get(service.url, path, { 'accept-encoding': 'gzip' })
      expect(br.headers['content-encoding'], path).toBe('br')
      expect(decoded(br).equals(identity.body), path).toBe(true)
      expect(br.body.length, path).toBeLessThanOrEqual(gzip.body.length)
      const fastest = brotliCompressSync(identity.body, { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 0 } })
      expect(br.body.length, path).toBeLessThan(fastest.length)
    }
  })

  it('compresses a search page with br or gzip as the client asks, to the same bytes as sent uncompressed', async () => {
    const path = '/search?q=arrow&svg=true'
    const identity = await get(service.url, path)
    expect(identity.body.length).toBeGreaterThan(MIN_COMPRESSED_BYTES)
    for (const [accept, encoding] of [['gzip, deflate, br', 'br'], ['gzip', 'gzip'], ['br;q=0, gzip', 'gzip']]) {
      const response = await get(service.url, path, { 'accept-encoding': accept as string })
      expect(response.headers['content-encoding'], accept).toBe(encoding)
      expect(response.headers.vary).toMatch(/accept-encoding/i)
      expect(response.body.length).toBeLessThan(identity.body.length / 3)
      expect(decoded(response).equals(identity.body)).toBe(true)
    }
  })

  it('compresses a large body once for many clients asking at the same time, each getting all of it', async () => {
    // The listing of the set with the most icons.
    const [largest] = [...service.catalogue.iconsets].sort((a, b) => b.icons.length - a.icons.length)
    const path = `/iconsets/${largest?.slug}`
    const identity = await get(service.url, path)
    expect(identity.body.length).toBeGreaterThan(LARGE_BODY_BYTES)
    for (const accept of ['br', 'gzip']) {
      const answers = await Promise.all(Array.from({ length: 8 }, () => get(service.url, path, { 'accept-encoding': accept })))
      for (const answer of answers) {
        expect(answer.headers['content-encoding']).toBe(accept)
        expect(answer.body.equals((answers[0] as RawResponse).body)).toBe(true)
        expect(decoded(answer).equals(identity.body)).toBe(true)
      }
    }
  })
})

describe('icon records in search pages', () => {
  /** Every icon of the fixture's sets, by iconset/slug, as its set lists it. */
  async function listedRecords(): Promise<Map<string, IconSummary>> {
    const records = new Map<string, IconSummary>()
    for (const set of service.catalogue.iconsets) {
      const detail = await getJson<IconSetDetail>(iconsetUrl(service.url, set.slug))
      for (const icon of detail.icons) records.set(`${icon.iconset}/${icon.slug}`, icon)
    }
    return records
  }

  it('are each exactly the record the icon’s set lists, on every page and in every query it appears in', async () => {
    const listed = await listedRecords()
    let compared = 0
    for (const q of ['arrow', 'house', 'heart', 'star solid', 'github']) {
      for (const offset of [0, 12]) {
        const page = await getJson<SearchResult>(searchUrl(service.url, { q, offset, limit: 12 }))
        for (const icon of page.icons) {
          expect(icon).toStrictEqual(listed.get(`${icon.iconset}/${icon.slug}`))
          compared++
        }
      }
    }
    expect(compared).toBeGreaterThan(50)
  })

  it('with svg=true, carry the same record plus the drawing the icon’s own SVG URL serves', async () => {
    const listed = await listedRecords()
    const page = await getJson<SearchResult>(searchUrl(service.url, { q: 'heart', svg: true, limit: 10 }))
    expect(page.icons.length).toBeGreaterThan(3)
    for (const { svg, ...record } of page.icons) {
      expect(record).toStrictEqual(listed.get(`${record.iconset}/${record.slug}`))
      const drawing = await fetch(record.preview_url)
      expect(svg).toBe(await drawing.text())
    }
  })

  it('leave the rest of the page as the schema has it: the same page whether or not its records were served before', async () => {
    const path = '/search?q=moon&limit=5&offset=1'
    const before = JSON.parse((await get(twin.url, path)).body.toString()) as SearchResult
    await get(service.url, '/search?q=moon')
    const after = JSON.parse((await get(service.url, path)).body.toString()) as SearchResult
    expect(after).toStrictEqual(before)
    expect(Object.keys(after)).toStrictEqual(['query', 'style', 'iconsets', 'interpreted', 'suggestion', 'offset', 'limit', 'total', 'families', 'icons', 'next', 'previous'])
  })
})

describe('an icon record written by hand', () => {
  it('is the very text JSON.stringify gives, whatever its names, tags and base URL hold', () => {
    const [set] = service.catalogue.iconsets
    const real = service.catalogue.getIcon(set?.slug ?? '', set?.icons[0]?.slug ?? '') as IconRecord
    const awkward: IconRecord = {
      ...real,
      name: 'Say "hi" \\ tab\there \u{1F600} lone \ud800 line\u2028end',
      tags: ['a","b', 'back\\slash', '', 'plain'],
      family: 'quote"family',
      nativeSize: real.nativeSize
    }
    for (const base of [service.url, 'https://icons.example/cat"a\\log']) {
      for (const icon of [real, awkward, { ...awkward, tags: [] }]) {
        expect(iconSummaryJson(base, service.catalogue, icon, false)).toBe(JSON.stringify(iconSummary(base, icon)))
      }
    }
  })
})

describe('what the response cache keeps of searches', () => {
  it('keeps a search from its second asking, so one-off searches cannot push out the ones asked again', async () => {
    const cache = new RepresentationCache(256 * 1024)
    const own = await startCatalogue({ catalogue: service.catalogue, cache })
    try {
      const heart = '/search?q=heart&limit=24'
      const first = await get(own.url, heart)
      expect(first.status).toBe(200)
      const afterOne = cache.heldBytes
      const second = await get(own.url, heart)
      expect(second.body.equals(first.body)).toBe(true)
      expect(second.headers.etag).toBe(first.headers.etag)
      const afterTwo = cache.heldBytes
      // The page, its URL and (from the first asking) its records.
      expect(afterTwo - afterOne).toBeGreaterThan(first.body.length)
      // A flood of distinct searches, each asked once, longer in all than the budget.
      for (let i = 0; i < 300; i++) expect((await get(own.url, `/search?q=${'zq'.repeat(60)}${i}&limit=96`)).status).toBe(200)
      expect(cache.heldBytes).toBe(afterTwo)
      // Still kept: the fast path answers it as the route did.
      const third = await get(own.url, heart)
      expect(third.body.equals(first.body)).toBe(true)
      expect(third.headers).toEqual({ ...first.headers, date: third.headers.date })
    } finally {
      await own.close()
    }
  })
})

describe('the memory icon records take', () => {
  it('counts against the response cache’s budget, beside the pages made of them', async () => {
    const cache = new RepresentationCache(64 * 1024 * 1024)
    const counted = await startCatalogue({ catalogue: service.catalogue, cache })
    try {
      await get(counted.url, '/search?q=arrow&svg=true')
      const page = await get(counted.url, '/search?q=arrow&svg=true')
      // Asked twice, so kept: the page (and room for its compressed copies), and its records again as UTF-16 text.
      expect(cache.heldBytes).toBeGreaterThan(2 * page.body.length + page.body.length)
    } finally {
      await counted.close()
    }
  })

  it('stays within a small budget however many records distinct searches bring', async () => {
    const budget = 128 * 1024
    const cache = new RepresentationCache(budget)
    const small = await startCatalogue({ catalogue: service.catalogue, cache })
    try {
      for (const q of ['arrow', 'house', 'heart', 'star', 'moon', 'sun', 'trash', 'github', 'search', 'check']) {
        for (const svg of [false, true]) expect((await get(small.url, searchUrl('', { q, svg }))).status).toBe(200)
      }
      expect(cache.heldBytes).toBeGreaterThan(0)
      expect(cache.heldBytes).toBeLessThanOrEqual(budget)
    } finally {
      await small.close()
    }
  })
})
