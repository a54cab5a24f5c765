/**
 * What Figma downloads: the built plugin bundles, raw and gzipped (zlib level 9, as `gzip -9`).
 */
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { gzipSync } from 'node:zlib'
import { ROOT } from './processes'

export interface BundleSize {
  file: string
  rawBytes: number
  gzipBytes: number
}

export function bundleSizes(): BundleSize[] {
  return ['build/ui.js', 'build/main.js'].map((file) => {
    const content = readFileSync(join(ROOT, file))
    return { file, rawBytes: content.length, gzipBytes: gzipSync(content, { level: 9 }).length }
  })
}
