/**
 * Catalogues of other sizes from the real configuration: a share of the real sets (whole sets,
 * chosen until their icons come closest to the share) or whole synthetic copies under new slugs.
 */
import { readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import type { IconSetConfig } from '../../src/catalogue/iconset-config'

const require = createRequire(import.meta.url)

/** Icons in a set's package, from its Iconify info.json, without loading the icons. */
export function packageIconCount(entry: IconSetConfig): number {
  const info = JSON.parse(readFileSync(require.resolve(`${entry.package}/info.json`), 'utf8')) as { total?: number }
  if (typeof info.total !== 'number') throw new Error(`${entry.package}/info.json has no total`)
  return info.total
}

export function scaledConfig(
  config: readonly IconSetConfig[],
  scale: number,
  count: (entry: IconSetConfig) => number = packageIconCount
): IconSetConfig[] {
  if (!(scale > 0)) throw new Error(`Scale must be positive, got ${scale}`)
  if (scale >= 1) {
    if (!Number.isInteger(scale)) throw new Error(`Scales above 1 are whole copies, got ${scale}`)
    const copies: IconSetConfig[] = []
    for (let copy = 1; copy <= scale; copy++) {
      for (const entry of config) {
        copies.push(copy === 1 ? entry : { ...entry, slug: `${entry.slug}-copy${copy}`, prefix: entry.prefix ?? entry.slug })
      }
    }
    return copies
  }
  const target = scale * config.reduce((sum, entry) => sum + count(entry), 0)
  const chosen: IconSetConfig[] = []
  let icons = 0
  for (const entry of config) {
    const next = icons + count(entry)
    if (Math.abs(next - target) < Math.abs(icons - target)) {
      chosen.push(entry)
      icons = next
    }
  }
  return chosen
}
