/**
 * `npm install` runs this (postinstall): every configured icon set is ingested into its snapshot now,
 * so that even the first start reads snapshots. A set whose snapshot is current is left as it is.
 */
import { performance } from 'node:perf_hooks'
import { ICONSET_CONFIG } from './iconset-config'
import { loadIngestedIconSet } from './iconset-snapshot'

for (const entry of ICONSET_CONFIG) await loadIngestedIconSet(entry)
process.stdout.write(`icon-catalogue: snapshots of ${ICONSET_CONFIG.length} icon sets ready (${Math.round(performance.now())} ms)\n`)
