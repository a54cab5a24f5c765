/**
 * Bench-only entry: the service at another size, started exactly as src/server.ts starts it (the
 * same configuration from the environment, the same runService) but with the icon sets replaced by
 * a computed configuration, so production code needs no switches for the bench. BENCH_SCALE is a
 * share of the real sets (0.25) or a number of whole copies (4). test/bench/serve-scaled.mjs runs
 * it from a bundle built and run the way `npm start` runs src/server.ts, so a start compiles no
 * TypeScript and sizes compare by what the catalogue costs.
 */
import { ICONSET_CONFIG } from '../../src/catalogue/iconset-config'
import { readConfig } from '../../src/config'
import { scaledConfig } from './scaled-config'

const scale = Number(process.env.BENCH_SCALE ?? 1)
const config = { ...readConfig(process.env), iconsets: scaledConfig(ICONSET_CONFIG, scale) }
// As src/server.ts: not awaited at the top level, so the bundle stays a script V8 can cache.
void import('../../src/service').then(({ runService }) => runService(config))
