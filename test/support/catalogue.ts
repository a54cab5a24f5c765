/**
 * Starts the real catalogue service on 127.0.0.1 for a test, over real HTTP with real icon data:
 * the small fixture catalogue (test/support/fixture-catalogue.ts) unless the test is about the
 * whole catalogue. Each loaded Catalogue is shared by every server a test process starts.
 */
import { createServer } from 'node:net'
import type { Server } from 'node:http'
import { buildCatalogueApp, type CatalogueAppOptions } from '../../src/catalogue/app'
import { createCatalogueServer, DEFAULT_TIMEOUTS, type HttpTimeouts } from '../../src/catalogue/http-server'
import { loadCatalogue, type Catalogue } from '../../src/catalogue/catalogue'
import type { RenderPool } from '../../src/catalogue/render-pool'
import type { NetworkAccess } from '../../src/playground/network-access'
import { playgroundRoutes } from '../../src/playground/playground-routes'
import { networkAccessFor } from '../../build-figma-plugin.manifest.js'
import { fixtureIconsetConfig } from './fixture-catalogue'

/** `fixture`: a few hundred real icons from five sets; `full`: every configured set. */
export type CatalogueData = 'fixture' | 'full'

export interface StartOptions {
  /** A fixed port, so a test can stop the service and start it again at the same address. */
  port?: number
  /** Also serve the browser playground at /playground. */
  withPlayground?: boolean
  /** Which icon data to serve; `fixture` unless given. */
  data?: CatalogueData
  catalogue?: Catalogue
  /** Public base URL when it differs from the listening address, e.g. with a proxy path prefix. */
  baseUrl?: string
  /** The plugin iframe's networkAccess in the playground; by default, what a build for this catalogue declares. */
  networkAccess?: NetworkAccess
  /** Shorter HTTP timeouts, for tests of slow and stuck clients. */
  timeouts?: Partial<HttpTimeouts>
  /** The app's response cache and lifecycle, for tests that look at them. */
  cache?: CatalogueAppOptions['cache']
  lifecycle?: CatalogueAppOptions['lifecycle']
  /** Where PNGs are rendered, when a test watches or bounds it; by default the app's own pool. */
  renderPool?: RenderPool
  /** Pino options, for a test that reads the log; silent by default. */
  logger?: CatalogueAppOptions['logger']
}

export interface RunningCatalogue {
  /** The base URL, without a trailing slash. */
  url: string
  port: number
  catalogue: Catalogue
  /** The Node server it answers on. */
  server: Server
  close(): Promise<void>
}

const shared = new Map<CatalogueData, Promise<Catalogue>>()

/** The catalogue over `data`, loaded once per test process. */
export function sharedCatalogue(data: CatalogueData = 'fixture'): Promise<Catalogue> {
  let catalogue = shared.get(data)
  if (catalogue === undefined) {
    catalogue = data === 'full' ? loadCatalogue() : loadCatalogue(fixtureIconsetConfig())
    shared.set(data, catalogue)
  }
  return catalogue
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer()
    server.unref()
    server.on('error', reject)
    server.listen(0, '127.0.0.1', () => {
      const address = server.address()
      server.close(() => (typeof address === 'object' && address !== null ? resolve(address.port) : reject(new Error('no port'))))
    })
  })
}

async function listenOnce(options: StartOptions, catalogue: Catalogue, port: number): Promise<RunningCatalogue> {
  const url = `http://127.0.0.1:${port}`
  const server = createCatalogueServer({ ...DEFAULT_TIMEOUTS, ...options.timeouts })
  const app = buildCatalogueApp({
    catalogue,
    baseUrl: options.baseUrl ?? url,
    server,
    cache: options.cache,
    lifecycle: options.lifecycle,
    renderPool: options.renderPool,
    logger: options.logger
  })
  if (options.withPlayground === true) {
    const baseUrl = options.baseUrl ?? url
    app.register(playgroundRoutes, { baseUrl, servedAt: baseUrl, networkAccess: options.networkAccess ?? networkAccessFor(baseUrl) })
  }
  try {
    await app.listen({ port, host: '127.0.0.1' })
  } catch (error) {
    await app.close()
    throw error
  }
  return { url, port, catalogue, server, close: () => app.close() }
}

export async function startCatalogue(options: StartOptions = {}): Promise<RunningCatalogue> {
  const catalogue = options.catalogue ?? (await sharedCatalogue(options.data))
  if (options.port !== undefined) return listenOnce(options, catalogue, options.port)
  // A free port can be taken between probing and listening by a parallel test file: probe again.
  for (let attempt = 1; ; attempt++) {
    try {
      return await listenOnce(options, catalogue, await freePort())
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EADDRINUSE' || attempt === 5) throw error
    }
  }
}
