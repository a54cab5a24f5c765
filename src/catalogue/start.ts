/**
 * `npm start`: loads the catalogue, serves the API (and the playground) and prints both URLs.
 * Configuration: PORT (8787), HOST (127.0.0.1), BASE_URL (http://HOST:PORT; set it behind a proxy,
 * path prefix included), LOG_LEVEL (info), WORKERS (1; N processes share the port, see workers.ts).
 */
import { performance } from 'node:perf_hooks'
import { playgroundRoutes, PLAYGROUND_PATH } from '../playground/playground-routes'
import { buildCatalogueApp } from './app'
import { loadCatalogue } from './catalogue'
import { parseRenderThreads, RenderPool } from './render-pool'
import { parseWorkers, runWorkers } from './workers'

function portFrom(value: string | undefined): number {
  const port = Number(value ?? 8787)
  if (!Number.isInteger(port) || port < 0 || port > 65535) {
    throw new Error(`PORT must be a whole number from 0 to 65535, got ${JSON.stringify(value)}`)
  }
  return port
}

const port = portFrom(process.env.PORT)
const host = process.env.HOST ?? '127.0.0.1'
const hostInUrl = host.includes(':') ? `[${host}]` : host
const baseUrl = (process.env.BASE_URL ?? `http://${hostInUrl}:${port}`).replace(/\/+$/, '')
const workers = parseWorkers(process.env.WORKERS)
const renderThreads = parseRenderThreads(process.env.RENDER_THREADS, workers)

async function serve(): Promise<void> {
  const catalogue = await loadCatalogue()
  const loadedMs = performance.now()
  const renderPool = new RenderPool({ threads: renderThreads })
  const app = buildCatalogueApp({ catalogue, baseUrl, logger: { level: process.env.LOG_LEVEL ?? 'info' }, renderPool })
  app.addHook('onClose', () => renderPool.close())
  app.register(playgroundRoutes, { baseUrl })
  await app.listen({ port, host })

  const playgroundUrl = `${baseUrl}${PLAYGROUND_PATH}`
  app.log.info(
    {
      iconsets: catalogue.iconsets.length,
      icons: catalogue.totalIcons,
      skipped: catalogue.skipped,
      loadMs: Math.round(loadedMs),
      readyMs: Math.round(performance.now())
    },
    'catalogue ready'
  )
  process.stdout.write(`\nIcon Catalogue API  ${baseUrl}/\nPlayground          ${playgroundUrl}\n\n`)

  let closing = false
  function shutdown(signal: NodeJS.Signals): void {
    if (closing) {
      // A second signal means "now": skip waiting for open requests.
      process.exit(1)
    }
    closing = true
    app.log.info({ signal }, 'shutting down: finishing open requests')
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

await runWorkers({ count: workers, url: baseUrl, start: serve })
