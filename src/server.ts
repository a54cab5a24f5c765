/**
 * `npm start`, the composition root: reads the configuration (see config.ts and the README),
 * builds the plugin if its sources changed, and serves the catalogue API with the playground
 * beside it, in one process or in WORKERS processes. The only module that knows both.
 *
 * Order matters for the person starting it: configuration mistakes stop it before anything else;
 * the port is taken before the catalogue loads, so a taken port is reported at once and PORT=0
 * advertises the port it got; the plugin builds while the catalogue loads.
 */
import cluster from 'node:cluster'
import type { IncomingMessage, Server, ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import { performance } from 'node:perf_hooks'
import { messageOf } from './api/message-of'
import { buildCatalogueApp } from './catalogue/app'
import { loadCatalogue } from './catalogue/catalogue'
import { createCatalogueServer } from './catalogue/http-server'
import { rawProblemResponse } from './catalogue/problem-errors'
import { RenderPool } from './catalogue/render-pool'
import { problem } from './catalogue/problems'
import { runWorkers } from './catalogue/workers'
import { ConfigError, EXIT_CONFIG, listeningUrl, readConfig, type ServiceConfig } from './config'
import { playgroundRoutes, PLAYGROUND_PATH } from './playground/playground-routes'
import { buildPluginIfStale } from './plugin-build'

function exitWith(code: number, message: string): never {
  process.stderr.write(`icon-catalogue: ${message}\n`)
  process.exit(code)
}

function readConfigOrExit(): ServiceConfig {
  try {
    return readConfig(process.env)
  } catch (error) {
    if (error instanceof ConfigError) exitWith(EXIT_CONFIG, error.message)
    throw error
  }
}

function printUrls(baseUrl: string): void {
  process.stdout.write(`\nIcon Catalogue API  ${baseUrl}/\nPlayground          ${baseUrl}${PLAYGROUND_PATH}\n\n`)
}

/** Until the catalogue has loaded, every request gets a 503 that says so. */
function answerStarting(_request: IncomingMessage, response: ServerResponse): void {
  response.socket?.end(rawProblemResponse(problem('starting', 'The catalogue is loading; try again in a few seconds.'), { 'Retry-After': '2' }))
}

function listen(server: Server, config: ServiceConfig): Promise<number> {
  return new Promise((resolve, reject) => {
    server.once('error', reject)
    server.listen(config.port, config.host, () => {
      server.off('error', reject)
      resolve((server.address() as AddressInfo).port)
    })
  })
}

async function listenOrExit(server: Server, config: ServiceConfig): Promise<number> {
  try {
    return await listen(server, config)
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code
    if (code === 'EADDRINUSE') exitWith(1, `port ${config.port} on ${config.host} is already in use; stop what uses it or set PORT.`)
    if (code === 'EADDRNOTAVAIL' || code === 'ENOTFOUND') exitWith(EXIT_CONFIG, `HOST ${config.host} is not an address of this machine.`)
    if (code === 'EACCES') exitWith(1, `not allowed to listen on port ${config.port}; use a port above 1023.`)
    throw error
  }
}

async function serve(config: ServiceConfig, pluginBuilt: Promise<void>, announce: boolean): Promise<void> {
  const server = createCatalogueServer()
  server.on('request', answerStarting)
  const port = await listenOrExit(server, config)
  const baseUrl = config.baseUrl ?? listeningUrl(config.host, port)

  const catalogue = await loadCatalogue()
  const loadedMs = performance.now()
  const renderPool = new RenderPool({ threads: config.renderThreads })
  const app = buildCatalogueApp({ catalogue, baseUrl, server, logger: { level: config.logLevel }, renderPool })
  app.addHook('onClose', () => renderPool.close())
  app.register(playgroundRoutes, { baseUrl, pluginBuilt })
  await app.ready()
  app.log.info(
    {
      iconsets: catalogue.iconsets.length,
      icons: catalogue.totalIcons,
      skipped: catalogue.skipped,
      port,
      loadMs: Math.round(loadedMs),
      readyMs: Math.round(performance.now())
    },
    'catalogue ready'
  )
  if (announce) void pluginBuilt.then(() => printUrls(baseUrl))

  let closing = false
  function shutdown(signal: NodeJS.Signals): void {
    if (closing) {
      // A second signal means "now": skip waiting for open requests.
      process.exit(1)
    }
    closing = true
    app.log.info({ signal }, 'shutting down: finishing open requests')
    server.close()
    server.closeIdleConnections()
    app.close().then(
      () => process.exit(0),
      (error: unknown) => {
        app.log.error({ err: error }, 'shutdown failed')
        process.exit(1)
      }
    )
  }
  process.once('SIGTERM', shutdown)
  process.once('SIGINT', shutdown)
}

const config = readConfigOrExit()
const single = config.workers <= 1
// One build, in the process that supervises: workers only serve what it built. Settles either way:
// a failed build is reported, and the API serves regardless.
const pluginBuilt: Promise<void> = cluster.isPrimary
  ? buildPluginIfStale(process.env).then(
      () => undefined,
      (error: unknown) => {
        process.stderr.write(`icon-catalogue: ${messageOf(error)}\n`)
        process.stderr.write('icon-catalogue: the API still serves; the playground needs a successful `npm run build`.\n')
      }
    )
  : Promise.resolve()

await runWorkers({
  count: config.workers,
  shutdownTimeoutMs: config.shutdownTimeoutMs,
  urlFor: (port) => config.baseUrl ?? listeningUrl(config.host, port),
  onAllListening: (url) => void pluginBuilt.then(() => printUrls(url)),
  start: () => serve(config, pluginBuilt, single)
})
