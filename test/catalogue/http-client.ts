/**
 * Helpers shared by the catalogue's HTTP tests: typed JSON fetches, PNG/SVG size readers, and a
 * validator that checks any response against the service's own /openapi.json.
 */
import { Ajv2020 } from 'ajv/dist/2020.js'
import addFormatsModule from 'ajv-formats'
import { expect } from 'vitest'
import { openapiUrl } from '../../src/api/catalogue-urls'

export async function getJson<T>(url: string): Promise<T> {
  const response = await fetch(url)
  expect(response.status, url).toBe(200)
  expect(response.headers.get('content-type')).toMatch(/^application\/json/)
  return (await response.json()) as T
}

/** Width and height from a PNG's IHDR chunk. */
export function pngSize(bytes: Uint8Array): { width: number; height: number } {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength)
  expect([...bytes.subarray(1, 4)].map((code) => String.fromCharCode(code)).join('')).toBe('PNG')
  expect(String.fromCharCode(...bytes.subarray(12, 16))).toBe('IHDR')
  return { width: view.getUint32(16), height: view.getUint32(20) }
}

/** The root element's width, height and viewBox attributes. */
export function svgSize(svg: string): { width: number; height: number; viewBox: string | undefined } {
  const root = /<svg\b[^>]*>/.exec(svg)?.[0] ?? ''
  const attribute = (name: string) => new RegExp(`\\s${name}="([^"]*)"`).exec(root)?.[1]
  return { width: Number(attribute('width')), height: Number(attribute('height')), viewBox: attribute('viewBox') }
}

interface OpenApiDocument {
  paths: Record<string, Record<string, { responses: Record<string, { content?: Record<string, { schema: object }> }> }>>
  components?: object
}

export interface ResponseCheck {
  /** The documented path template the URL matched, e.g. /iconsets/{iconset}. */
  path: string
}

const addFormats = addFormatsModule as unknown as (ajv: Ajv2020) => void

/**
 * Loads /openapi.json and returns a checker for (url, response, body) triples against it, for a GET
 * by default; an answer without a body (a 304, a HEAD's, a preflight's) must be documented without one.
 */
export async function openapiValidator(baseUrl: string) {
  const document = (await (await fetch(openapiUrl(baseUrl))).json()) as OpenApiDocument
  const ajv = new Ajv2020({ strict: false, allErrors: true })
  addFormats(ajv)
  const compiled = new Map<string, ReturnType<typeof ajv.compile>>()
  const base = new URL(baseUrl.endsWith('/') ? baseUrl : `${baseUrl}/`)
  const templates = Object.keys(document.paths).map((path) => ({
    path,
    pattern: new RegExp(`^${path.replace(/\{[^}]+\}/g, '[^/]+')}$`)
  }))

  return function check(url: string, status: number, contentType: string | null, body: unknown, method: 'get' | 'head' | 'options' = 'get'): ResponseCheck {
    const pathname = '/' + new URL(url).pathname.slice(base.pathname.length)
    const template = templates.find(({ pattern }) => pattern.test(pathname))
    expect(template, `${pathname} is documented`).toBeDefined()
    const operation = document.paths[template!.path]![method]
    expect(operation, `${method} is documented for ${template!.path}`).toBeDefined()
    const response = operation!.responses[String(status)]
    expect(response, `${status} is documented for ${method} ${template!.path}`).toBeDefined()
    if (status === 304 || status === 204 || method === 'head') {
      expect(body).toBe('')
      expect(response!.content, `${status} of ${method} ${template!.path} is documented without a body`).toBeUndefined()
      return { path: template!.path }
    }
    const mediaType = (contentType ?? '').split(';')[0]!.trim()
    const content = response!.content?.[mediaType]
    expect(content, `${mediaType} is documented for ${status} ${template!.path}`).toBeDefined()
    const key = `${template!.path} ${status} ${mediaType}`
    // Local refs (#/components/...) resolve against the root, so the components travel with the schema.
    const validate = compiled.get(key) ?? ajv.compile({ ...content!.schema, components: document.components })
    compiled.set(key, validate)
    const valid = validate(body)
    expect(validate.errors ?? [], `${url} matches its documented ${status} ${mediaType} schema`).toEqual([])
    expect(valid).toBe(true)
    return { path: template!.path }
  }
}
