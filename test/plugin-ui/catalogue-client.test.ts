/**
 * The UI's catalogue client against a real catalogue, and the clear message it gives for each way
 * a catalogue can fail.
 */
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'

import { afterAll, beforeAll, describe, expect, test } from 'vitest'

import { iconUrl } from '../../src/api/catalogue-urls'
import { CatalogueError, createCatalogueClient, SVG_TEXTS_KEPT, type CatalogueClient } from '../../src/plugin/ui/catalogue-client'
import { startCatalogue, type RunningCatalogue } from '../support/catalogue'

/** A local server that answers every request the same wrong way, for the failure paths. */
async function misbehaving(handler: Parameters<typeof createServer>[1]): Promise<{ url: string; server: Server }> {
  const server = createServer(handler)
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, server }
}

/** The catalogue's own SVG for a render, fetched past any client. */
async function direct(url: string, iconset: string, icon: string, render: { size: number; color?: string }): Promise<string> {
  return (await fetch(iconUrl(url, iconset, icon, { format: 'svg', ...render }))).text()
}

describe('catalogue client against the real catalogue', () => {
  let catalogue: RunningCatalogue

  beforeAll(async () => {
    catalogue = await startCatalogue()
  })
  afterAll(() => catalogue.close())

  test('searches, lists styles and sets, fetches an icon and its SVG', async () => {
    const client = createCatalogueClient(catalogue.url)
    const result = await client.search({ q: 'arrow', limit: 96 })
    expect(result.total).toBeGreaterThan(96)
    expect(result.icons).toHaveLength(96)
    expect(result.interpreted.terms).toEqual(['arrow'])
    const inline = await client.search({ q: 'home', limit: 10, svg: true })
    expect(inline.icons.every((icon) => icon.svg?.startsWith('<svg') === true)).toBe(true)
    const styles = await client.styles()
    expect(styles.styles.map((style) => style.slug)).toContain('solid')
    const sets = await client.iconsets()
    expect(sets.iconsets.map((set) => set.slug)).toContain('fluent')
    const icon = await client.icon('fluent', 'home-24-regular')
    expect(icon.variants.length).toBeGreaterThan(0)
    const svg = await client.svg('fluent', 'home-32-regular', { size: 32, color: '#ff0000' })
    expect(svg).toMatch(/^<svg[\s>]/)
    expect(svg.toLowerCase()).toContain('#ff0000')
  })

  test('asks whether the catalogue is back past the browser cache, which would answer with the styles it keeps for one that is away', async () => {
    const asked: Array<[string, RequestCache | undefined]> = []
    const client = createCatalogueClient(catalogue.url, { fetch: (input, init) => (asked.push([String(input), init?.cache]), fetch(input, init)) })
    await client.styles()
    await expect(client.reachable()).resolves.toBeUndefined()
    expect(asked).toEqual([
      [`${catalogue.url}/styles`, 'default'],
      [`${catalogue.url}/styles`, 'no-store']
    ])
    const away = await misbehaving((_request, response) => response.destroy())
    await new Promise<void>((resolve) => away.server.close(() => resolve()))
    await expect(createCatalogueClient(away.url).reachable()).rejects.toThrow("Can't reach the icon catalogue")
  })

  test('an SVG is fetched once for every preview that asks, and one that stops waiting leaves the others theirs', async () => {
    const fetched: string[] = []
    const client = createCatalogueClient(catalogue.url, { fetch: (input, init) => (fetched.push(String(input)), fetch(input, init)) })
    const render = { size: 24, color: '#1e1e1e' }
    const leaving = new AbortController()
    const gone = client.svg('lucide', 'house', render, leaving.signal)
    const staying = client.svg('lucide', 'house', render, new AbortController().signal)
    leaving.abort()
    await expect(gone).rejects.toMatchObject({ name: 'AbortError' })
    const svg = await staying
    expect(svg).toMatch(/^<svg[\s>]/)
    expect(await client.svg('lucide', 'house', render)).toBe(svg)
    expect(fetched).toHaveLength(1)
  })

  describe('the SVG texts it keeps', () => {
    const RENDER = { size: 24, color: '#1e1e1e' }

    /** A client of the catalogue that records each SVG URL it fetches; `held` SVGs wait for `release` before they go. */
    function recordingClient(held = '') {
      const fetched: string[] = []
      let release = () => {}
      const released = new Promise<void>((resolve) => (release = resolve))
      const client = createCatalogueClient(catalogue.url, {
        fetch: async (input, init) => {
          fetched.push(String(input))
          if (held !== '' && String(input).includes(held)) await released
          return fetch(input, init)
        }
      })
      const fetchesOf = (iconset: string, icon: string) => fetched.filter((url) => url.includes(`/iconsets/${iconset}/${icon}?`)).length
      return { client, fetchesOf, release }
    }

    /** Asks for `count` SVG texts never asked before: the moon, each time in another colour. */
    let colours = 0
    function askOthers(client: CatalogueClient, count: number): Promise<string[]> {
      const asked = Array.from({ length: count }, () => `#${(colours++).toString(16).padStart(6, '0')}`)
      return Promise.all(asked.map((color) => client.svg('lucide', 'moon', { size: 24, color })))
    }

    test(`past ${SVG_TEXTS_KEPT} texts the least recently used is dropped and fetched again when asked, and one used since is kept`, async () => {
      const { client, fetchesOf } = recordingClient()
      const house = await client.svg('lucide', 'house', RENDER)
      await client.svg('lucide', 'star', RENDER)
      await askOthers(client, SVG_TEXTS_KEPT - 2)
      // The house is the oldest kept; asked again, it is the newest, and the star the oldest.
      expect(await client.svg('lucide', 'house', RENDER)).toBe(house)
      await askOthers(client, 1)

      expect(await client.svg('lucide', 'house', RENDER)).toBe(house)
      expect(fetchesOf('lucide', 'house')).toBe(1)
      expect(await client.svg('lucide', 'star', RENDER)).toMatch(/^<svg[\s>]/)
      expect(fetchesOf('lucide', 'star')).toBe(2)
    })

    test('a request still on its way is shared by every preview, however many other texts are kept meanwhile', async () => {
      const { client, fetchesOf, release } = recordingClient('/iconsets/lucide/house?')
      const first = client.svg('lucide', 'house', RENDER)
      await askOthers(client, SVG_TEXTS_KEPT + 1)
      const second = client.svg('lucide', 'house', RENDER)
      release()
      expect(await second).toBe(await first)
      expect(fetchesOf('lucide', 'house')).toBe(1)
    })

    test('while the catalogue is away, an SVG it kept of the same drawing answers at another size, and from currentColor in another colour', async () => {
      let away = false
      const client = createCatalogueClient(catalogue.url, {
        fetch: async (input, init) => {
          if (away) throw new TypeError('fetch failed')
          return fetch(input, init)
        }
      })
      const asDrawn = await client.svg('lucide', 'house', RENDER)
      away = true
      // What the catalogue itself sends for the render asked, byte for byte: only the size differs.
      const atSize = { size: 40, color: RENDER.color }
      const resized = await client.svg('lucide', 'house', atSize)
      expect(resized).toBe(await direct(catalogue.url, 'lucide', 'house', atSize))
      expect(asDrawn).toContain('width="24"')
      // In another colour it cannot be made from a text in one (its colour may be the drawing's own).
      const red = { size: 40, color: '#ff0000' }
      await expect(client.svg('lucide', 'house', red)).rejects.toThrow(/^Can't reach the icon catalogue/)
      away = false
      await client.svg('lucide', 'house', { size: 24 })
      away = true
      expect(await client.svg('lucide', 'house', red)).toBe(await direct(catalogue.url, 'lucide', 'house', red))
      // Nothing kept of another drawing: no answer.
      await expect(client.svg('lucide', 'star', RENDER)).rejects.toThrow(/^Can't reach the icon catalogue/)
      // A drawing that is not square keeps its shape: Font Awesome's GitHub mark is taller than wide.
      away = false
      await client.svg('fa6-brands', 'github', { size: 16, color: RENDER.color })
      away = true
      const mark = await client.svg('fa6-brands', 'github', atSize)
      away = false
      expect(mark).toBe(await direct(catalogue.url, 'fa6-brands', 'github', atSize))
      expect(mark).toMatch(/width="39" height="40"/)
    })

    test('a text that could not be had is fetched again when asked again', async () => {
      const away = await startCatalogue()
      await away.close()
      const client = createCatalogueClient(away.url)
      await expect(client.svg('lucide', 'house', RENDER)).rejects.toThrow(/^Can't reach the icon catalogue/)
      const back = await startCatalogue({ port: away.port })
      try {
        expect(await client.svg('lucide', 'house', RENDER)).toMatch(/^<svg[\s>]/)
      } finally {
        await back.close()
      }
    })
  })

  test('a 4xx becomes a clear message with the service’s detail', async () => {
    const client = createCatalogueClient(catalogue.url)
    const failure = client.icon('fluent', 'no-such-icon-anywhere')
    await expect(failure).rejects.toBeInstanceOf(CatalogueError)
    await expect(failure).rejects.toThrow(/^Not found in the icon catalogue: .+\.$/)
  })
})

describe('catalogue client failures', () => {
  const servers: Server[] = []
  afterAll(() => Promise.all(servers.map((server) => new Promise((resolve) => server.close(resolve)))))

  test('an unreachable catalogue says where it looked', async () => {
    const { url, server } = await misbehaving(() => undefined)
    await new Promise((resolve) => server.close(resolve))
    await expect(createCatalogueClient(url).styles()).rejects.toThrow(
      `Can't reach the icon catalogue at ${url}. Check that it is running, then retry.`
    )
  })

  test('a catalogue that never answers times out', async () => {
    const { url, server } = await misbehaving(() => undefined)
    servers.push(server)
    await expect(createCatalogueClient(url, { timeoutMs: 300 }).styles()).rejects.toThrow(
      'The icon catalogue did not answer within 0.3 s. Try again.'
    )
  })

  test('a catalogue that sends its headers and then stalls times out too, JSON or SVG, and can be cancelled', async () => {
    const { url, server } = await misbehaving((_request, response) => {
      response.writeHead(200, { 'content-type': 'application/json' })
      response.write('{"styles":')
    })
    servers.push(server)
    const client = createCatalogueClient(url, { timeoutMs: 300 })
    await expect(client.styles()).rejects.toThrow('The icon catalogue did not answer within 0.3 s. Try again.')
    await expect(client.svg('lucide', 'house', { size: 24, color: '#000000' })).rejects.toThrow('did not answer within 0.3 s')
    const cancel = new AbortController()
    const cancelled = createCatalogueClient(url, { timeoutMs: 10_000 }).styles(cancel.signal)
    setTimeout(() => cancel.abort(), 50)
    await expect(cancelled).rejects.toMatchObject({ name: 'AbortError' })
  })

  test('a 5xx, malformed JSON, a wrong shape and a non-SVG each get their own message', async () => {
    const broken = await misbehaving((request, response) => {
      response.statusCode = 503
      response.setHeader('content-type', 'application/problem+json')
      response.end(JSON.stringify({ type: 'about:blank', title: 'Unavailable', status: 503, detail: 'Index rebuilding', code: 'x' }))
    })
    const garbled = await misbehaving((request, response) => {
      response.setHeader('content-type', request.url?.includes('format=svg') ? 'image/svg+xml' : 'application/json')
      response.end(request.url?.includes('format=svg') ? '<html>nope</html>' : '{"styles": [')
    })
    const wrong = await misbehaving((request, response) => {
      response.setHeader('content-type', 'application/json')
      response.end(JSON.stringify({ total: 1, icons: 'not a list', offset: 0 }))
    })
    servers.push(broken.server, garbled.server, wrong.server)
    await expect(createCatalogueClient(broken.url).styles()).rejects.toThrow(
      'The icon catalogue is too busy to answer (503): Index rebuilding. Try again in a moment.'
    )
    await expect(createCatalogueClient(garbled.url).styles()).rejects.toThrow(
      'The icon catalogue sent the list of styles that is not valid JSON.'
    )
    await expect(createCatalogueClient(wrong.url).search({ q: 'home' })).rejects.toThrow(
      'The icon catalogue sent search results in an unexpected shape.'
    )
    await expect(createCatalogueClient(garbled.url).svg('a', 'b', { size: 24, color: '#000000' })).rejects.toThrow(
      'The icon catalogue sent something that is not an SVG for a/b.'
    )
  })

  test('a search page from a catalogue older than `families` reads as all families, not as a wrong shape', async () => {
    const icon = (slug: string) => ({ iconset: 'lucide', slug, name: slug, style: 'outline', width: 24, height: 24, preview_url: `http://x/${slug}?format=svg`, family: slug, variant_count: 1 })
    const interpreted = { terms: ['home'], variant: null, iconsets: [], style: null, unapplied: [] }
    const older = await misbehaving((_request, response) => {
      response.setHeader('content-type', 'application/json')
      const page = { query: 'home', style: null, iconsets: [], interpreted, suggestion: null, offset: 0, limit: 96, total: 2, icons: [icon('house'), icon('home')] }
      response.end(JSON.stringify({ ...page, next: null, previous: null }))
    })
    servers.push(older.server)
    const page = await createCatalogueClient(older.url).search({ q: 'home' })
    expect([page.families, page.total, page.icons.length]).toEqual([2, 2, 2])
  })
})
