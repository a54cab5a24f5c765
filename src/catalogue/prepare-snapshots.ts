/**
 * `npm install` runs this (postinstall): every configured icon set is ingested into its snapshot,
 * and the search index of all of them into its own (index-snapshot.ts), so that even the first
 * start only reads snapshots. Snapshots that are current are left as they are.
 */
import { performance } from 'node:perf_hooks'
import { ICONSET_CONFIG, loadCatalogue } from './catalogue'

const catalogue = await loadCatalogue(ICONSET_CONFIG)
process.stdout.write(
  `icon-catalogue: snapshots of ${ICONSET_CONFIG.length} icon sets (${catalogue.totalIcons} icons) and their search index ready (${Math.round(performance.now())} ms)\n`
)
