/**
 * The OpenAPI 3.1 document at /openapi.json is the contract: it documents every endpoint and
 * parameter, and every response the service gives (successes, 304s and problems) validates against it.
 * The route schemas it is made from are valid JSON Schema (the service compiles them without checking).
 */
import { Ajv, type AnySchema } from 'ajv'
import { Ajv2020 } from 'ajv/dist/2020.js'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { IconDetail, IconSetList, SearchResult } from '../../src/api/catalogue-schemas'
import { buildCatalogueApp } from '../../src/catalogue/app'
import { Lifecycle } from '../../src/catalogue/lifecycle'
import { codesDescribed, PROBLEMS, type ProblemCode } from '../../src/catalogue/problems'
import { sharedCatalogue, startCatalogue, type CatalogueData, type RunningCatalogue } from '../support/catalogue'
import { rawRequest } from '../support/raw-http'
import { getJson, openapiValidator } from './http-client'

type Check = Awaited<ReturnType<typeof openapiValidator>>

let service: RunningCatalogue
let check: Check
/** The whole catalogue, for the sweeps of live answers that run over both. */
let full: RunningCatalogue
let checkFull: Check

interface OpenApi {
  openapi: string
  servers: { url: string }[]
  paths: Record<string, Record<string, { parameters?: { name: string; in: string; description?: string; schema: AnySchema }[]; responses: Record<string, unknown> }>>
}

beforeAll(async () => {
  ;[service, full] = await Promise.all([startCatalogue(), startCatalogue({ data: 'full' })])
  ;[check, checkFull] = await Promise.all([openapiValidator(service.url), openapiValidator(full.url)])
})

afterAll(async () => {
  await Promise.all([service?.close(), full?.close()])
})

/** Fetches a URL and checks the response against the document; returns the parsed body. */
async function fetchChecked(url: string, headers: Record<string, string> = {}, validate = check): Promise<{ status: number; body: unknown }> {
  const response = await fetch(url, { headers })
  const contentType = response.headers.get('content-type')
  const text = await response.text()
  const body = contentType?.includes('json') === true && text !== '' ? JSON.parse(text) : text
  validate(url, response.status, contentType, body)
  return { status: response.status, body }
}

/** The base URL of the service over `data`, and fetchChecked against that service's own document. */
function over(data: CatalogueData): { base: string; fetchValid: (url: string, headers?: Record<string, string>) => ReturnType<typeof fetchChecked> } {
  const [running, validate] = data === 'full' ? [full, checkFull] : [service, check]
  return { base: running.url, fetchValid: (url, headers = {}) => fetchChecked(url, headers, validate) }
}

describe('/openapi.json', () => {
  it('is OpenAPI 3.1 for every endpoint, with parameters and problem responses', async () => {
    const document = await getJson<OpenApi>(`${service.url}/openapi.json`)
    expect(document.openapi).toBe('3.1.0')
    expect(document.servers[0]!.url).toBe(service.url)
    expect(Object.keys(document.paths).sort()).toEqual(
      [
        '/',
        '/healthz',
        '/iconsets',
        '/iconsets/{iconset}',
        '/iconsets/{iconset}/equivalents',
        '/iconsets/{iconset}/{icon}',
        '/openapi.json',
        '/readyz',
        '/search',
        '/styles',
        '/styles/{style}'
      ].sort()
    )
    const parameters = (path: string) => (document.paths[path]!.get!.parameters ?? []).map((parameter) => `${parameter.in}:${parameter.name}`)
    expect(parameters('/search')).toEqual(expect.arrayContaining(['query:q', 'query:style', 'query:iconset', 'query:svg', 'query:offset', 'query:limit']))
    expect(parameters('/iconsets/{iconset}/{icon}')).toEqual(
      expect.arrayContaining(['path:iconset', 'path:icon', 'query:format', 'query:size', 'query:color'])
    )
    expect(parameters('/iconsets/{iconset}/equivalents')).toEqual(expect.arrayContaining(['path:iconset', 'query:icons']))
    expect(Object.keys(document.paths['/search']!.get!.responses)).toEqual(expect.arrayContaining(['200', '304', '400']))
    expect(Object.keys(document.paths['/iconsets/{iconset}/{icon}']!.get!.responses)).toEqual(expect.arrayContaining(['200', '304', '400', '404']))
    // HEAD mirrors GET; OPTIONS is the CORS preflight; every other method OpenAPI can name is a 405 with Allow.
    for (const operations of Object.values(document.paths)) {
      expect(Object.keys(operations).sort()).toEqual(['delete', 'get', 'head', 'options', 'patch', 'post', 'put', 'trace'])
    }
  })

  it('names every template parameter of a path in each of its operations, and gives each operation an id of its own, as code generators need', async () => {
    const document = await getJson<OpenApi>(`${service.url}/openapi.json`)
    const ids: string[] = []
    for (const [path, operations] of Object.entries(document.paths)) {
      const templated = [...path.matchAll(/\{([^}]+)\}/g)].map((match) => match[1])
      for (const [method, operation] of Object.entries(operations)) {
        // OpenAPI 3.1, Path Templating: each template expression MUST correspond to a path parameter.
        const named = (operation.parameters ?? []).filter((parameter) => parameter.in === 'path').map((parameter) => parameter.name)
        expect(named.sort(), `${method} ${path}`).toEqual(templated.sort())
        ids.push(String((operation as { operationId?: unknown }).operationId))
      }
    }
    expect(ids.every((id) => /^[a-z][A-Za-z]+$/.test(id)), ids.join(', ')).toBe(true)
    expect(new Set(ids).size).toBe(ids.length)
    expect(ids).toEqual(expect.arrayContaining(['searchIcons', 'searchIconsHead', 'getIcon', 'getIconPreflight', 'getIconDeleteNotAllowed']))
  })

  it('names each problem code a process can answer under its status, where it can answer it', async () => {
    interface Described {
      description: string
    }
    const document = await getJson<{ paths: Record<string, Record<string, { responses: Record<string, Described> }>> }>(`${service.url}/openapi.json`)
    const named = new Set<string>()
    for (const [path, operations] of Object.entries(document.paths)) {
      for (const [method, { responses }] of Object.entries(operations)) {
        for (const [status, { description }] of Object.entries(responses)) {
          for (const code of codesDescribed(description)) {
            named.add(code)
            expect(PROBLEMS[code as ProblemCode]?.status, `${code} under ${status} of ${method} ${path}`).toBe(Number(status))
          }
        }
      }
    }
    // All but nginx's own (a fleet's 502, 504 and 429), a path that is not the API's, and fastify's catch-all.
    expect(Object.keys(PROBLEMS).filter((code) => !named.has(code))).toEqual(['bad_request', 'not_found', 'no_process_available', 'process_timeout', 'too_many_requests'])
    // Only a PNG render waits in a queue.
    const queueFull = (path: string) => codesDescribed(document.paths[path]!.get!.responses['503']!.description).includes('render_queue_full')
    expect(Object.keys(document.paths).filter(queueFull)).toEqual(['/iconsets/{iconset}/{icon}'])
    expect(codesDescribed(document.paths['/search']!.get!.responses['400']!.description)).toEqual(expect.arrayContaining(['invalid_offset', 'invalid_limit', 'unknown_iconset', 'query_too_long']))
  })

  it('documents what the service answers around its routes: 405, 503, 408, 417, 431, no other 5xx than 500 and 503, and the headers it gives', async () => {
    interface Documented {
      headers?: Record<string, unknown>
      content?: Record<string, unknown>
    }
    const document = await getJson<{ paths: Record<string, Record<string, { responses: Record<string, Documented> }>> }>(`${service.url}/openapi.json`)
    for (const [path, operations] of Object.entries(document.paths)) {
      const responses = operations.get!.responses
      for (const status of ['400', '408', '417', '431', '503']) {
        expect(responses[status]?.content?.['application/problem+json'], `${status} on ${path}`).toBeDefined()
        expect(Object.keys(responses[status]!.headers ?? {}), `${status} on ${path}`).toContain('Cache-Control')
      }
      expect(Object.keys(responses['503']!.headers ?? {})).toContain('Retry-After')
      // Whatever a client sends is answered with a 4xx: the only 5xx are the service's own (a fault, starting, shutting down, a full render queue).
      expect(Object.keys(responses).filter((status) => status.startsWith('5')).sort(), path).toEqual(['500', '503'])
      expect(Object.keys(responses['200']!.headers ?? {}), path).toContain('Cache-Control')
      if (path !== '/healthz' && path !== '/readyz') {
        expect(Object.keys(responses['200']!.headers ?? {}), path).toContain('ETag')
        expect(Object.keys(responses['304']?.headers ?? {}), path).toContain('ETag')
      }
      for (const method of ['post', 'put', 'patch', 'delete', 'trace']) {
        const refused = operations[method]!.responses['405']
        expect(refused?.content?.['application/problem+json'], `${method} ${path}`).toBeDefined()
        expect(Object.keys(refused?.headers ?? {})).toContain('Allow')
      }
      expect(operations.options!.responses['204']).toBeDefined()
      expect(Object.keys(operations.options!.responses['204']!.headers ?? {}), path).not.toContain('Cache-Control')
      expect(Object.keys(operations.head!.responses).sort(), path).toEqual(Object.keys(responses).sort())
      for (const status of ['400', '408', '431', '503']) {
        expect(operations.options!.responses[status]?.content?.['application/problem+json'], `${status} on OPTIONS ${path}`).toBeDefined()
      }
      // A HEAD answer has no body, so none of its responses, errors included, lists content.
      for (const [status, response] of Object.entries(operations.head!.responses)) {
        expect(response.content, `${status} on HEAD ${path}`).toBeUndefined()
      }
    }
  })

  it('documents each header a preflight and an alias’s 304 send, beyond those every answer carries', async () => {
    // On every answer, whatever its route: framing and Vary, and the CORS and security headers the hooks add.
    const EVERY_ANSWER = new Set([
      'date', 'connection', 'keep-alive', 'content-length', 'content-type', 'content-encoding', 'vary',
      'access-control-allow-origin', 'access-control-expose-headers', 'x-content-type-options', 'referrer-policy', 'content-security-policy'
    ])
    type Documented = { headers?: Record<string, unknown> }
    const document = await getJson<{ paths: Record<string, Record<string, { responses: Record<string, Documented> }>> }>(`${service.url}/openapi.json`)
    const documented = (path: string, method: string, status: number) =>
      Object.keys(document.paths[path]![method]!.responses[String(status)]?.headers ?? {}).map((name) => name.toLowerCase())
    const sent = (headers: Record<string, unknown>) => Object.keys(headers).filter((name) => !EVERY_ANSWER.has(name))

    const preflight = await rawRequest(service.url, '/search', {
      method: 'OPTIONS',
      headers: { origin: 'null', 'access-control-request-method': 'GET', 'access-control-request-headers': 'if-none-match' }
    })
    expect(preflight.status).toBe(204)
    expect(sent(preflight.headers).sort()).toEqual(['access-control-allow-headers', 'access-control-allow-methods', 'access-control-max-age', 'allow'])
    expect(documented('/search', 'options', 204)).toEqual(expect.arrayContaining(sent(preflight.headers)))

    // Lucide's arrow-down-circle is an alias of circle-arrow-down.
    const alias = '/iconsets/lucide/arrow-down-circle'
    const first = await rawRequest(service.url, alias)
    const notModified = await rawRequest(service.url, alias, { headers: { 'if-none-match': String(first.headers.etag) } })
    expect(notModified.status).toBe(304)
    expect(sent(notModified.headers).sort()).toEqual(['cache-control', 'content-location', 'etag'])
    expect(documented('/iconsets/{iconset}/{icon}', 'get', 304)).toEqual(expect.arrayContaining(sent(notModified.headers)))
  })

  it('marks ETag and Cache-Control required on every success, and every answer it marks so carries them', async () => {
    type Documented = { headers?: Record<string, { required?: boolean }> }
    const document = await getJson<{ paths: Record<string, Record<string, { responses: Record<string, Documented> }>> }>(`${service.url}/openapi.json`)
    const required = (path: string, status: number) =>
      Object.entries(document.paths[path]!.get!.responses[String(status)]?.headers ?? {})
        .filter(([, header]) => header.required === true)
        .map(([name]) => name.toLowerCase())
    for (const [url, path] of [
      ['/', '/'],
      ['/search?q=home', '/search'],
      ['/iconsets', '/iconsets'],
      ['/iconsets/lucide', '/iconsets/{iconset}'],
      ['/iconsets/lucide/house', '/iconsets/{iconset}/{icon}'],
      ['/iconsets/lucide/house?format=png&size=32', '/iconsets/{iconset}/{icon}'],
      ['/styles/solid', '/styles/{style}'],
      ['/openapi.json', '/openapi.json']
    ] as const) {
      expect(required(path, 200), path).toEqual(expect.arrayContaining(['etag', 'cache-control']))
      const first = await rawRequest(service.url, url)
      const again = await rawRequest(service.url, url, { headers: { 'if-none-match': String(first.headers.etag) } })
      for (const [answer, status] of [
        [first, 200],
        [again, 304]
      ] as const) {
        expect(answer.status, url).toBe(status)
        for (const name of required(path, status)) expect(answer.headers[name], `${name} on the ${status} to ${url}`).toBeDefined()
      }
    }
    expect(required('/healthz', 200)).toEqual(['cache-control'])
  })

  it('publishes the offset the search takes: a whole number of 0 or more, of any length', async () => {
    const document = await getJson<OpenApi>(`${service.url}/openapi.json`)
    const offset = document.paths['/search']!.get!.parameters!.find((parameter) => parameter.name === 'offset')!
    const accepts = new Ajv2020({ strict: false }).compile(offset.schema)
    // What a client sends, and the value it stands for in the document's terms.
    const cases: Array<[sent: string, value: unknown]> = [
      ['0', 0],
      ['96', 96],
      [String(Number.MAX_SAFE_INTEGER), Number.MAX_SAFE_INTEGER],
      ['9'.repeat(30), Number('9'.repeat(30))],
      ['-1', -1],
      ['1.5', 1.5],
      ['abc', 'abc']
    ]
    for (const [sent, value] of cases) {
      const { status } = await fetch(`${service.url}/search?q=home&offset=${sent}`)
      expect(accepts(value), `offset=${sent} answered ${status}`).toBe(status === 200)
    }
    expect(offset.description).toContain('any length')
  })

  it('answers an over-long URL with a 414 and over-long headers with a 431, both documented', async () => {
    const document = await getJson<{ paths: Record<string, Record<string, { responses: Record<string, unknown> }>> }>(`${service.url}/openapi.json`)
    const statuses = Object.values(document.paths).flatMap((operations) => Object.values(operations).flatMap((operation) => Object.keys(operation.responses)))
    expect(statuses).toContain('414')
    expect(statuses).toContain('431')

    const longUrl = await rawRequest(service.url, `/search?q=${'a'.repeat(16_370)}`)
    expect(longUrl.status).toBe(414)
    check(`${service.url}/search`, longUrl.status, String(longUrl.headers['content-type']), JSON.parse(longUrl.body.toString()))
    expect(JSON.parse(longUrl.body.toString())).toMatchObject({ code: 'uri_too_long', detail: 'The URL is longer than the API takes.' })

    const longHeader = await rawRequest(service.url, '/search?q=home', { headers: { 'x-junk': 'x'.repeat(16_500) } })
    expect(longHeader.status).toBe(431)
    check(`${service.url}/search`, longHeader.status, String(longHeader.headers['content-type']), JSON.parse(longHeader.body.toString()))
    expect(JSON.parse(longHeader.body.toString())).toMatchObject({ code: 'headers_too_large' })

    // A URL of 10 kB with 7 kB of headers: the URL is most of the head, so it is what was too long.
    const mostlyUrl = await rawRequest(service.url, `/search?q=${'a'.repeat(10_000)}`, { headers: { 'x-junk': 'x'.repeat(7_000) } })
    expect(mostlyUrl.status).toBe(414)
    // And 4 kB of URL with 13 kB of headers: the headers.
    const mostlyHeaders = await rawRequest(service.url, `/search?q=${'a'.repeat(4_000)}`, { headers: { 'x-junk': 'x'.repeat(13_000) } })
    expect(mostlyHeaders.status).toBe(431)
    // A URL just under the limit is read as a search like any other.
    expect((await rawRequest(service.url, `/search?q=home&junk=${'x'.repeat(15_000)}`)).status).toBe(200)
  })
})

/** The live sweeps run over the fixture and over the whole catalogue, whose answers are larger and more varied. */
const DATA: CatalogueData[] = ['fixture', 'full']

describe('every response validates against /openapi.json', () => {
  it('rejects what breaks the contract, so passing means something', () => {
    expect(() => check(`${service.url}/search`, 200, 'application/json', { query: 'home', icons: 'none' })).toThrow()
    expect(() => check(`${service.url}/iconsets/lucide/house`, 200, 'image/gif', '')).toThrow()
    expect(() => check(`${service.url}/iconsets/lucide`, 418, 'application/json', {})).toThrow()
  })

  it.each(DATA)('successes of every endpoint (%s data)', async (data) => {
    const { base, fetchValid } = over(data)
    for (const path of ['/', '/healthz', '/readyz', '/iconsets', '/styles', '/styles/outline', '/styles/logo', '/search', '/search?q=home', '/search?q=calender&style=outline&limit=7', '/search?q=home&offset=100000', '/search?q=fluent%20home%20filled&svg=true&limit=5', '/search?q=arrow&families_only=true', '/search?q=serach&iconset=lucide,ph', '/iconsets/ph/equivalents?icons=lucide:house,lucide:settings']) {
      expect((await fetchValid(`${base}${path}`)).status, path).toBe(200)
    }
    const list = await getJson<IconSetList>(`${base}/iconsets`)
    for (const set of list.iconsets) {
      expect((await fetchValid(set.url)).status).toBe(200)
      for (const sample of set.samples.slice(0, 2)) {
        const icon = (await fetchValid(`${set.url}/${sample}`)).body as IconDetail
        for (const variant of icon.variants.slice(0, 2)) expect((await fetchValid(variant.url)).status).toBe(200)
        for (const download of icon.downloads.filter((entry) => entry.size === 24 || entry.size === 128)) {
          expect((await fetchValid(download.url)).status).toBe(200)
        }
      }
    }
  })

  it("the document's own example answers: a search read as a set and a style with its SVG, and a typo with its correction", async () => {
    type Schema = { $ref?: string; examples?: SearchResult[] }
    type Answer = { content: Record<string, { schema: Schema }> }
    const document = (await (await fetch(`${service.url}/openapi.json`)).json()) as {
      paths: Record<string, { get: { responses: Record<string, Answer> } }>
      components: { schemas: Record<string, Schema> }
    }
    const answer = document.paths['/search']?.get.responses['200']?.content['application/json']?.schema
    expect(answer).toEqual({ $ref: '#/components/schemas/SearchResult' })
    const examples = document.components.schemas.SearchResult?.examples ?? []
    expect(examples.map((example) => [example.query, example.icons[0]?.svg !== undefined, example.suggestion])).toEqual([
      ['fluent home filled', true, null],
      ['serach', false, 'search']
    ])
    for (const example of examples) check(`${service.url}/search`, 200, 'application/json', example)
  })

  it('names the wire contract\'s schemas as components, each written once and referred to wherever an answer holds it', async () => {
    type Node = { [key: string]: unknown }
    const document = (await (await fetch(`${service.url}/openapi.json`)).json()) as { paths: Node; components: { schemas: Record<string, Node> } }
    const named = ['Welcome', 'SearchResult', 'IconSummary', 'IconDetail', 'IconSetList', 'IconSetDetail', 'IconSetPackage', 'IconEquivalents', 'StyleList', 'StyleDetail', 'Problem', 'Author', 'License']
    expect(Object.keys(document.components.schemas)).toEqual(expect.arrayContaining(named))
    // SearchResult's icons are IconSummary by reference, not a copy of it.
    expect((document.components.schemas.SearchResult!.properties as Node).icons).toMatchObject({ items: { $ref: '#/components/schemas/IconSummary' } })
    // And so are an equivalent's icon and its alternatives' (anywhere in IconEquivalents, no copy of IconSummary's fields).
    const { examples: _examples, ...answer } = document.components.schemas.IconEquivalents!
    const equivalents = JSON.stringify(answer)
    expect(equivalents.match(/#\/components\/schemas\/IconSummary/g)?.length).toBe(2)
    expect(equivalents).not.toContain('variant_count')
    const refs = new Map<string, number>()
    const copies: string[] = []
    const titles = new Set(named)
    const visit = (value: unknown): void => {
      if (Array.isArray(value)) return value.forEach(visit)
      if (value === null || typeof value !== 'object') return
      const node = value as Node
      if (typeof node.$ref === 'string') refs.set(node.$ref, (refs.get(node.$ref) ?? 0) + 1)
      if (typeof node.title === 'string' && titles.has(node.title)) copies.push(node.title)
      Object.values(node).forEach(visit)
    }
    visit(document.paths)
    // Every problem answer refers to the one Problem; no named schema is copied into an operation.
    expect(refs.get('#/components/schemas/Problem')).toBeGreaterThan(100)
    expect(copies).toEqual([])
    // A problem's code is one of a closed list, every code the service has (so each answer above is checked against it).
    expect((document.components.schemas.Problem!.properties as Node).code).toMatchObject({ enum: Object.keys(PROBLEMS) })
  })

  it.each(DATA)('304s and problem responses (%s data)', async (data) => {
    const { base, fetchValid } = over(data)
    const first = await fetch(`${base}/search?q=home`)
    const etag = first.headers.get('etag')!
    expect((await fetchValid(`${base}/search?q=home`, { 'if-none-match': etag })).status).toBe(304)
    const problems: [string, number][] = [
      ['/search?offset=-5', 400],
      ['/search?style=nope', 400],
      ['/search?iconset=nope', 400],
      ['/search?q=a&q=b', 400],
      ['/iconsets/lucide/house?format=webp', 400],
      ['/iconsets/lucide/house?format=png&size=4096', 400],
      ['/iconsets/nope', 404],
      ['/iconsets/lucide/nope', 404],
      ['/styles/nope', 404]
    ]
    for (const [path, status] of problems) expect((await fetchValid(`${base}${path}`)).status, path).toBe(status)
    expect((await fetchValid(`${base}/iconsets/lucide/house`, { 'if-match': '"other"' })).status).toBe(412)
  })

  it('HEAD of every endpoint, and a preflight, refused or not', async () => {
    for (const path of ['/', '/search?q=home', '/iconsets/lucide', '/iconsets/lucide/house', '/iconsets/lucide/house?format=svg&size=24', '/styles/outline', '/openapi.json']) {
      const head = await rawRequest(service.url, path, { method: 'HEAD' })
      expect(head.status, path).toBe(200)
      check(`${service.url}${path}`, head.status, String(head.headers['content-type']), head.body.toString(), 'head')
    }
    const preflight = await rawRequest(service.url, '/search?q=home', { method: 'OPTIONS' })
    check(`${service.url}/search`, preflight.status, null, preflight.body.toString(), 'options')
    const malformed = await rawRequest(service.url, '/search?q=%FF', { method: 'OPTIONS' })
    expect(malformed.status).toBe(400)
    check(`${service.url}/search`, malformed.status, String(malformed.headers['content-type']), JSON.parse(malformed.body.toString()), 'options')
  })

  it('a slug longer than the router takes is an unknown set, as documented, not a 414', async () => {
    const response = await fetchChecked(`${service.url}/iconsets/${'x'.repeat(600)}`)
    expect(response.status).toBe(404)
    expect(response.body).toMatchObject({ code: 'iconset_not_found' })
    const icon = await fetchChecked(`${service.url}/iconsets/lucide/${'x'.repeat(600)}?format=svg`)
    expect(icon.status).toBe(404)
    expect(icon.body).toMatchObject({ code: 'icon_not_found' })
  })

  it('the 503 of a process shutting down', async () => {
    const lifecycle = new Lifecycle()
    const draining = await startCatalogue({ catalogue: service.catalogue, lifecycle })
    try {
      void lifecycle.drain()
      for (const path of ['/search?q=home', '/iconsets/lucide', '/readyz']) {
        expect((await fetchChecked(`${draining.url}${path}`)).status, path).toBe(503)
      }
    } finally {
      await draining.close()
    }
  })
})

describe('route schemas', () => {
  it('are valid JSON Schema, each request and response schema of every route', async () => {
    const app = buildCatalogueApp({ catalogue: await sharedCatalogue(), baseUrl: 'http://localhost' })
    const schemas: Array<{ route: string; schema: AnySchema }> = []
    app.addHook('onRoute', ({ method, url, schema }) => {
      for (const part of ['querystring', 'params', 'headers', 'body'] as const) {
        if (schema?.[part] !== undefined) schemas.push({ route: `${String(method)} ${url} ${part}`, schema: schema[part] as AnySchema })
      }
      for (const [status, response] of Object.entries((schema?.response ?? {}) as Record<string, { content?: Record<string, { schema: AnySchema }> }>)) {
        for (const [type, { schema: body }] of Object.entries(response.content ?? {})) schemas.push({ route: `${String(method)} ${url} ${status} ${type}`, schema: body })
      }
    })
    await app.ready()
    await app.close()
    expect(schemas.length).toBeGreaterThan(20)
    // The draft fastify's Ajv compiles them with.
    const ajv = new Ajv({ strict: false })
    const invalid = schemas.filter(({ schema }) => !ajv.validateSchema(schema)).map(({ route }) => route)
    expect(invalid).toEqual([])
  })
})
