/**
 * The plugin's network access, in Chromium through the Content-Security-Policy Figma builds from
 * the manifest: with the default settings every thumbnail loads; a catalogue the manifest does not
 * allow is refused, and the plugin says so instead of spinning.
 */
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import type { Browser } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { networkAccessFor } from '../../build-figma-plugin.manifest.js'
import { listeningUrl } from '../../src/config'
import { startCatalogue, type RunningCatalogue } from '../support/catalogue'
import { launchChromium } from './support/chromium'
import { ensurePluginBuilt } from './support/plugin-build'
import { openPlayground } from './support/playground'

let browser: Browser
const catalogues: RunningCatalogue[] = []

beforeAll(async () => {
  ;[browser] = await Promise.all([launchChromium(), ensurePluginBuilt()])
})

const servers: Server[] = []

afterAll(async () => {
  await browser?.close()
  await Promise.all(catalogues.map((catalogue) => catalogue.close()))
  await Promise.all(servers.map((server) => new Promise((done) => server.close(done))))
})

/** A server that answers every request with an empty JSON search, and no CORS headers, recording what was asked. */
async function serverWithoutCors(): Promise<{ url: string; requests: Array<{ url: string; headers: IncomingHttpHeaders }> }> {
  const requests: Array<{ url: string; headers: IncomingHttpHeaders }> = []
  const server = createServer((request, response) => {
    requests.push({ url: request.url ?? '', headers: request.headers })
    response.writeHead(200, { 'content-type': 'application/json' }).end('{"icons":[],"total":0}')
  })
  servers.push(server)
  await new Promise<void>((listening) => server.listen(0, '127.0.0.1', listening))
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, requests }
}

/** Starts a catalogue with the playground; `setUp` picks its base URL and the manifest's networkAccess from its port. */
async function catalogueWith(setUp: (port: number) => { baseUrl: string; networkAccess: ReturnType<typeof networkAccessFor> }): Promise<RunningCatalogue> {
  const probe = await startCatalogue()
  const port = probe.port
  await probe.close()
  const catalogue = await startCatalogue({ port, withPlayground: true, ...setUp(port) })
  catalogues.push(catalogue)
  return catalogue
}

describe('network access through the manifest’s CSP', () => {
  it('with the default settings, every search result’s thumbnail loads', async () => {
    // `npm start`'s default base URL, and the manifest a default build makes, for this port.
    const catalogue = await catalogueWith((port) => ({
      baseUrl: listeningUrl('127.0.0.1', port),
      networkAccess: networkAccessFor(`http://localhost:${port}`)
    }))
    const playground = await openPlayground(browser, catalogue.url)
    const violations: string[] = []
    playground.page.on('console', (message) => {
      if (/Content Security Policy/i.test(message.text())) violations.push(message.text())
    })
    await playground.plugin.getByRole('textbox', { name: 'Search icons' }).fill('home')
    const results = playground.plugin.getByRole('list', { name: 'Search results' })
    await results.locator('img').first().waitFor()
    // Thumbnails load lazily: those in view must all have loaded, none broken.
    const states = () =>
      results.locator('img').evaluateAll((images) =>
        (images as HTMLImageElement[]).filter((image) => image.complete).map((image) => (image.naturalWidth > 0 ? 'loaded' : 'broken'))
      )
    await expect.poll(async () => (await states()).includes('loaded'), { timeout: 15_000 }).toBe(true)
    expect(await states()).not.toContain('broken')
    expect(violations).toEqual([])
    await playground.page.close()
  })

  it('loads the UI as Figma does: a null origin, no localStorage, and relative URLs that reach nothing', async () => {
    const catalogue = await catalogueWith((port) => ({
      baseUrl: listeningUrl('127.0.0.1', port),
      networkAccess: networkAccessFor(`http://localhost:${port}`)
    }))
    // Opened at the address the manifest allows, as npm start's playground is: a relative URL there would reach the catalogue.
    const playground = await openPlayground(browser, catalogue.url.replace('127.0.0.1', 'localhost'))
    const frame = playground.page.frames().find((candidate) => candidate !== playground.page.mainFrame())
    if (frame === undefined) throw new Error('The plugin window has no frame')
    const seen = await frame.evaluate(async () => {
      const storage = (() => {
        try {
          return typeof localStorage.length
        } catch (error) {
          return (error as Error).name
        }
      })()
      // A relative URL resolves against Figma's page, which the plugin's CSP does not let it reach.
      const relativeFetch = await fetch('/search?q=home').then(
        (response) => `answered ${response.status}`,
        (error: unknown) => (error as Error).name
      )
      const relativeImage = await new Promise<string>((settle) => {
        const image = new Image()
        image.onload = () => settle('loaded')
        image.onerror = () => settle('failed')
        image.src = '/iconsets/lucide/house?format=svg'
      })
      return { origin: self.origin, url: document.URL, storage, relativeFetch, relativeImage }
    })
    expect(seen).toEqual({ origin: 'null', url: 'about:srcdoc', storage: 'SecurityError', relativeFetch: 'TypeError', relativeImage: 'failed' })
    await playground.page.close()
  })

  it('refuses a catalogue the manifest does not allow, and the plugin shows the failure', async () => {
    const catalogue = await catalogueWith((port) => ({
      baseUrl: `http://localhost:${port}`,
      networkAccess: networkAccessFor('https://icons.example.org')
    }))
    const playground = await openPlayground(browser, catalogue.url)
    const violations: string[] = []
    playground.page.on('console', (message) => {
      if (/Content Security Policy/i.test(message.text())) violations.push(message.text())
    })
    await playground.plugin.getByRole('textbox', { name: 'Search icons' }).fill('home')
    await playground.plugin.getByRole('alert').first().waitFor()
    // The listing the plugin opened on was refused before this page's console was watched; the search is refused too.
    await expect.poll(() => violations.join('\n')).toMatch(/Refused to connect/)
    await playground.page.close()
  })

  it('refuses the main thread’s requests there too: a Quick Action says it cannot reach the catalogue', async () => {
    const catalogue = await catalogueWith((port) => ({
      baseUrl: `http://localhost:${port}`,
      networkAccess: networkAccessFor('https://icons.example.org')
    }))
    const playground = await openPlayground(browser, catalogue.url)
    const { page } = playground
    const violations: string[] = []
    page.on('console', (message) => {
      if (/Content Security Policy/i.test(message.text())) violations.push(message.text())
    })
    await page.getByRole('button', { name: 'Quick actions' }).click()
    const box = page.getByRole('dialog', { name: 'Quick actions' })
    await box.getByRole('textbox', { name: 'Icon' }).fill('heart')
    await expect.poll(() => box.getByRole('status').textContent(), { timeout: 15_000 }).toMatch(/^Can't reach the icon catalogue/)
    await expect.poll(() => violations.join('\n')).toMatch(/Refused to connect/)
    // Its requests went out from one hidden frame held to the plugin UI's policy.
    expect(await page.evaluate(() => document.querySelectorAll('iframe[title="The main thread’s network access"]').length)).toBe(1)
    await page.close()
  })

  it('holds the main thread’s requests to CORS from a null origin: a server that allows no origin is not read', async () => {
    const bare = await serverWithoutCors()
    const catalogue = await catalogueWith(() => ({ baseUrl: bare.url, networkAccess: networkAccessFor(bare.url) }))
    const playground = await openPlayground(browser, catalogue.url)
    const { page } = playground
    const refusals: string[] = []
    page.on('console', (message) => {
      if (/CORS/.test(message.text())) refusals.push(message.text())
    })
    await page.getByRole('button', { name: 'Quick actions' }).click()
    const box = page.getByRole('dialog', { name: 'Quick actions' })
    await box.getByRole('textbox', { name: 'Icon' }).fill('heart')
    await expect.poll(() => box.getByRole('status').textContent(), { timeout: 15_000 }).toMatch(/^Can't reach the icon catalogue/)
    // The server answered the Quick Action's search, asked from an opaque origin, and the browser kept the answer from the plugin.
    expect(bare.requests.filter((request) => request.url.includes('heart')).map((request) => request.headers.origin)).toContain('null')
    await expect.poll(() => refusals.join('\n')).toMatch(/origin 'null' has been blocked by CORS policy/)
    await page.close()
  })
})
