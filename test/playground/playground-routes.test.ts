/** The playground's HTTP side: the page, its bundle, and the built plugin files served unchanged. */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import Fastify, { type FastifyInstance } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { parseFigmaTheme, loadFigmaTheme } from '../../src/playground/figma-theme'
import { CONFIG_ELEMENT_ID, type PlaygroundConfig } from '../../src/playground/playground-page'
import { PLAYGROUND_PATH, playgroundBasePath, playgroundRoutes } from '../../src/playground/playground-routes'
import { startCatalogue, type RunningCatalogue } from '../support/catalogue'
import { rawRequest } from '../support/raw-http'

const MAIN = 'figma.showUI(__html__) /* built main */'
let buildDirectory: string
let app: FastifyInstance

function configOf(html: string): PlaygroundConfig {
  const match = new RegExp(`<script type="application/json" id="${CONFIG_ELEMENT_ID}">([^<]*)</script>`).exec(html)
  return JSON.parse(match?.[1] ?? 'null') as PlaygroundConfig
}

beforeAll(async () => {
  buildDirectory = mkdtempSync(`${tmpdir()}/playground-build-`)
  writeFileSync(`${buildDirectory}/main.js`, MAIN)
  app = Fastify()
  await app.register(playgroundRoutes, { buildDirectory, baseUrl: 'http://icons.example/api' })
})

afterAll(async () => {
  await app.close()
  rmSync(buildDirectory, { recursive: true, force: true })
})

describe('playground routes', () => {
  it('serves the page with its configuration as inert JSON', async () => {
    const response = await app.inject(PLAYGROUND_PATH)
    expect(response.statusCode).toBe(200)
    expect(response.headers['content-type']).toMatch(/^text\/html/)
    const config = configOf(response.body)
    expect(config.catalogueUrl).toBe('http://icons.example/api')
    expect(config.basePath).toBe(PLAYGROUND_PATH)
    expect(config.theme).toEqual(await loadFigmaTheme())
    expect(response.body).toContain(`<script src="${PLAYGROUND_PATH}/playground.js"></script>`)
    // An icon of its own, so the browser asks for no /favicon.ico, which would be a 404 on every load.
    expect(response.body).toContain('<link rel="icon" href="data:,">')
  })

  it('serves build/main.js byte for byte', async () => {
    const response = await app.inject(`${PLAYGROUND_PATH}/plugin/main.js`)
    expect(response.statusCode).toBe(200)
    expect(response.headers['content-type']).toMatch(/^text\/javascript/)
    expect(response.body).toBe(MAIN)
  })

  it('says how to build the plugin when build/ui.js is missing', async () => {
    const response = await app.inject(`${PLAYGROUND_PATH}/plugin/ui.js`)
    expect(response.statusCode).toBe(404)
    expect(response.headers['content-type']).toMatch(/^application\/problem\+json/)
    expect(response.json()).toMatchObject({ status: 404, code: 'plugin_ui_not_built', detail: expect.stringContaining('npm run build') })
  })

  it('bundles the browser code once, for the browser', async () => {
    const response = await app.inject(`${PLAYGROUND_PATH}/playground.js`)
    expect(response.statusCode).toBe(200)
    expect(response.body).toContain('playground-config')
    expect(response.body).not.toMatch(/^import /m)
  })

  it('compresses the bundle once and revalidates it with its ETag', async () => {
    const compressed = () => app.inject({ url: `${PLAYGROUND_PATH}/playground.js`, headers: { 'accept-encoding': 'br' } })
    const first = await compressed()
    const second = await compressed()
    expect(first.headers['content-encoding']).toBe('br')
    // The very same bytes: the compressed copy made for the first request, not a new compression.
    expect(second.rawPayload.equals(first.rawPayload)).toBe(true)
    expect(second.headers.etag).toBe(first.headers.etag)
    const revalidate = (headers: Record<string, string>) =>
      app.inject({ url: `${PLAYGROUND_PATH}/playground.js`, headers: { ...headers, 'if-none-match': String(first.headers.etag) } })
    expect((await revalidate({ 'accept-encoding': 'br' })).statusCode).toBe(304)
    // The brotli copy's ETag names its bytes, not the plain ones a request without br gets.
    expect((await revalidate({})).statusCode).toBe(200)
  })

  it('lets only its own origin frame the page, and talks only to itself and the catalogue', async () => {
    const policy = String((await app.inject(PLAYGROUND_PATH)).headers['content-security-policy'])
    expect(policy).toContain("frame-ancestors 'self'")
    expect(policy).toContain("connect-src 'self' http://icons.example")
    expect(policy).toContain("object-src 'none'")
  })
})

describe('Figma theme colours', () => {
  it('reads both themes from the published token list', async () => {
    const theme = await loadFigmaTheme()
    expect(Object.keys(theme.light).length).toBeGreaterThan(100)
    expect(Object.keys(theme.dark).sort()).toEqual(Object.keys(theme.light).sort())
    expect(theme.light['--figma-color-bg']).not.toBe(theme.dark['--figma-color-bg'])
  })

  it('fails clearly on CSS without a theme block', () => {
    expect(() => parseFigmaTheme(':root .figma-light { --figma-color-bg: #fff; }')).toThrow(/figma-dark/)
  })
})

describe('the playground behind a proxy’s path prefix (BASE_URL with a path)', () => {
  const BASE_URL = 'https://icons.example/icons/'
  let service: RunningCatalogue

  beforeAll(async () => {
    service = await startCatalogue({ withPlayground: true, baseUrl: BASE_URL })
  })

  afterAll(async () => {
    await service?.close()
  })

  it('links its script and plugin files under that path, which the proxy strips before they reach the service', async () => {
    const page = await rawRequest(service.url, PLAYGROUND_PATH)
    expect(page.status).toBe(200)
    const html = page.body.toString()
    expect(configOf(html).basePath).toBe('/icons/playground')
    const script = /<script src="([^"]+)"><\/script>/.exec(html)?.[1]
    expect(script).toBe('/icons/playground/playground.js')
    // As the proxy passes it on: without the prefix.
    const served = await rawRequest(service.url, new URL(script as string, BASE_URL).pathname.replace(/^\/icons/, ''))
    expect(served.status).toBe(200)
    expect(served.headers['content-type']).toMatch(/^text\/javascript/)
  })

  it('at the host’s root when BASE_URL has no path', () => {
    expect(playgroundBasePath('https://icons.example')).toBe(PLAYGROUND_PATH)
    expect(playgroundBasePath('https://icons.example/')).toBe(PLAYGROUND_PATH)
    expect(playgroundBasePath(undefined)).toBe(PLAYGROUND_PATH)
  })
})
