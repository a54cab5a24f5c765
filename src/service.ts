/**
 * The service itself, once its configuration is known to be good (src/server.ts reads it): binds
 * the port, builds the plugin if its sources changed, loads the catalogue and serves the API with
 * the playground beside it, in one process or in WORKERS processes.
 *
 * Order matters for the person starting it: the port is taken before the catalogue loads, so a
 * taken port is reported at once and PORT=0 advertises the port it got; the plugin builds while the
 * catalogue loads, and the URLs are printed as soon as the catalogue serves (the playground's plugin
 * files wait for the build).
 */
import cluster from 'node:cluster'
import type { Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { performance } from 'node:perf_hooks'
import { messageOf } from './api/message-of'
import { buildCatalogueApp } from './catalogue/app'
import { loadCatalogue } from './catalogue/catalogue'
import { RepresentationCache } from './catalogue/http-caching'
import { answerStarting, createCatalogueServer, keepServingThroughErrors } from './catalogue/http-server'
import { Lifecycle } from './catalogue/lifecycle'
import { ignoreBrokenPipes, logDestination } from './catalogue/log-destination'
import { RenderPool } from './catalogue/render-pool'
import { armExitWatchdog, shutDownGracefully } from './catalogue/shutdown'
import { runWorkers, StartFailure } from './catalogue/workers'
import { baseUrlWarning, EXIT_CONFIG, listeningUrl, type ServiceConfig } from './config'
import { PLAYGROUND_PATH, playgroundNetworkAccess, playgroundRoutes } from './playground/playground-routes'
import { buildPluginIfStale } from './plugin-build'

function printUrls(baseUrl: string): void {
  process.stdout.write(`\nIcon Catalogue API  ${baseUrl}/\nPlayground          ${baseUrl}${PLAYGROUND_PATH}\n\n`)
}

/** Once the plugin is built: says so when the built plugin may not reach this catalogue (another port than its build's). */
async function noticePluginNetworkAccess(baseUrl: string): Promise<void> {
  try {
    const { notice } = await playgroundNetworkAccess(baseUrl)
    if (notice !== null) process.stderr.write(`icon-catalogue: ${notice}\n`)
  } catch {
    // No manifest.json (a failed build): the build's own message has said what to do.
  }
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
    if (code === 'EADDRINUSE') throw new StartFailure(1, `port ${config.port} on ${config.host} is already in use; stop what uses it or set PORT.`)
    if (code === 'EADDRNOTAVAIL' || code === 'ENOTFOUND') throw new StartFailure(EXIT_CONFIG, `HOST ${config.host} is not an address of this machine.`)
    if (code === 'EACCES') throw new StartFailure(1, `not allowed to listen on port ${config.port}; use a port above 1023.`)
    throw error
  }
}

let pluginBuild: Promise<void> | undefined

/** How long past the shutdown deadline a process may take to close the app and exit before it is made to. */
const SHUTDOWN_MARGIN_MS = 5_000
/** A stop signal within this long of the first is the same stop delivered twice, not a second "now". */
const REPEATED_SIGNAL_MS = 1_000

/**
 * The plugin build, started on first call, in the process that supervises (workers serve what it
 * built). Settles either way: a failed build is reported, and the API serves regardless.
 */
function pluginBuilt(): Promise<void> {
  pluginBuild ??= cluster.isPrimary
    ? buildPluginIfStale(process.env).then(
        () => undefined,
        (error: unknown) => {
          process.stderr.write(`icon-catalogue: ${messageOf(error)}\n`)
          process.stderr.write('icon-catalogue: the API still serves; the playground needs a successful `npm run build`.\n')
        }
      )
    : Promise.resolve()
  return pluginBuild
}

async function serve(config: ServiceConfig, announce: boolean): Promise<void> {
  const server = createCatalogueServer()
  server.maxConnections = config.maxConnections
  server.on('request', answerStarting)
  const port = await listenOrExit(server, config)
  // Until the app's logger exists, a line on stderr as the service's other start-up messages.
  let logServerError = (error: Error): void => {
    process.stderr.write(`icon-catalogue: ${messageOf(error)}\n`)
  }
  keepServingThroughErrors(server, (error) => logServerError(error))
  const baseUrl = config.baseUrl ?? listeningUrl(config.host, port)
  // Only now that the port is ours: the build runs beside the catalogue load.
  const built = pluginBuilt()

  const catalogue = await loadCatalogue(config.iconsets)
  const loadedMs = performance.now()
  const lifecycle = new Lifecycle()
  const cache = new RepresentationCache(config.cacheBytes)
  const renderPool = new RenderPool({ threads: config.renderThreads, queueLimit: config.renderQueue })
  const app = buildCatalogueApp({
    catalogue,
    baseUrl,
    server,
    cache,
    lifecycle,
    renderPool,
    warmUp: true,
    logger: { level: config.logLevel, stream: logDestination() }
  })
  app.addHook('onClose', () => renderPool.close())
  logServerError = (error) => app.log.error({ err: error }, 'the server could not accept a connection')
  // Served beside the catalogue, so at the same public URL: behind a proxy's path prefix too.
  app.register(playgroundRoutes, { baseUrl, servedAt: baseUrl, pluginBuilt: built })
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
  // Both URLs work now: the playground's plugin files wait for a build still running.
  if (announce) {
    printUrls(baseUrl)
    void built.then(() => noticePluginNetworkAccess(baseUrl))
  }

  let closingSince: number | null = null
  function shutdown(signal: NodeJS.Signals): void {
    if (closingSince !== null) {
      // A second signal a moment later means "now": skip waiting for open requests. One sooner is
      // the same stop twice: a Ctrl-C under `npm start` reaches this process from the terminal and
      // again from npm, which passes signals on, as does a stop sent to the whole process group.
      if (performance.now() - closingSince >= REPEATED_SIGNAL_MS) process.exit(1)
      return
    }
    closingSince = performance.now()
    // Whatever the shutdown waits on (a stuck stream, a render thread, a close that never calls
    // back), the process is gone soon after the deadline.
    armExitWatchdog(config.shutdownTimeoutMs + SHUTDOWN_MARGIN_MS, () => {
      process.stderr.write(`icon-catalogue: shutdown still not finished ${SHUTDOWN_MARGIN_MS} ms after its deadline; exiting.\n`)
      process.exit(1)
    })
    app.log.info({ signal, inFlight: lifecycle.requestsInFlight, deadlineMs: config.shutdownTimeoutMs }, 'shutting down: finishing open requests')
    shutDownGracefully(server, lifecycle, config.shutdownTimeoutMs)
      .then(async (outcome) => {
        await app.close()
        app.log.info({ outcome }, outcome === 'finished' ? 'stopped' : 'stopped at the deadline, closing what was still open')
        process.exit(0)
      })
      .catch((error: unknown) => {
        app.log.error({ err: error }, 'shutdown failed')
        process.exit(1)
      })
  }
  process.on('SIGTERM', shutdown)
  process.on('SIGINT', shutdown)
}

export async function runService(config: ServiceConfig): Promise<void> {
  // `npm start | head`: once the reader is gone, output is dropped, and nothing waits on it.
  ignoreBrokenPipes()
  const warning = baseUrlWarning(config)
  if (warning !== undefined && cluster.isPrimary) process.stderr.write(`icon-catalogue: ${warning}\n`)
  const single = config.workers <= 1
  // With workers, the primary builds while they bind and load (a worker that cannot bind tells the primary, which says so once).
  if (!single) void pluginBuilt()

  await runWorkers({
    count: config.workers,
    shutdownTimeoutMs: config.shutdownTimeoutMs,
    urlFor: (port) => config.baseUrl ?? listeningUrl(config.host, port),
    // Workers cannot wait for the primary's build, so with workers the URLs wait for it instead.
    onAllReady: (url) =>
      void pluginBuilt().then(() => {
        printUrls(url)
        return noticePluginNetworkAccess(url)
      }),
    start: () => serve(config, single)
  })
}
