/**
 * Starts test/bench/serve-catalogue.ts (the service at BENCH_SCALE) the way `npm start` starts the
 * service: one esbuild bundle, rebuilt when a source is newer, run with its V8 code cache
 * (src/start.mjs's startBundled), kept in build/bench-scaled beside npm start's build/server.
 * `--build-only` builds it without starting.
 */
import { startBundled } from '../../src/start.mjs'

await startBundled({ entry: 'test/bench/serve-catalogue.ts', outDir: 'build/bench-scaled', buildOnly: process.argv.includes('--build-only') })
