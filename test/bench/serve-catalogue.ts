/**
 * Bench-only entry: the catalogue at another size, started the way src/server.ts starts
 * it (same loader, same app, same logger) but from a computed configuration, so production code
 * needs no switches for the bench. BENCH_SCALE is a share of the real sets (0.25) or a number of
 * whole copies (4). Tells its parent over IPC when it listens.
 */
import { performance } from 'node:perf_hooks'
import { buildCatalogueApp } from '../../src/catalogue/app'
import { ICONSET_CONFIG, loadCatalogue } from '../../src/catalogue/catalogue'
import { scaledConfig } from './scaled-config'

export interface ScaledReady {
  type: 'ready'
  iconsets: number
  icons: number
  /** Milliseconds since this process started (performance.timeOrigin). */
  loadedMs: number
  readyMs: number
}

const scale = Number(process.env.BENCH_SCALE ?? 1)
const port = Number(process.env.PORT ?? 0)
const baseUrl = process.env.BASE_URL ?? `http://127.0.0.1:${port}`

const catalogue = await loadCatalogue(scaledConfig(ICONSET_CONFIG, scale))
const loadedMs = performance.now()
const app = buildCatalogueApp({ catalogue, baseUrl, logger: { level: process.env.LOG_LEVEL ?? 'info' } })
await app.listen({ port, host: '127.0.0.1' })

const ready: ScaledReady = {
  type: 'ready',
  iconsets: catalogue.iconsets.length,
  icons: catalogue.totalIcons,
  loadedMs,
  readyMs: performance.now()
}
process.send?.(ready)
process.once('SIGTERM', () => void app.close().then(() => process.exit(0)))
