/** Real icon SVGs built from the installed @iconify-json packages, as the catalogue renders them. */
import { getIconData, replaceIDs } from '@iconify/utils'
import type { IconifyJSON } from '@iconify/types'
import { createRequire } from 'node:module'
import { renderSvg } from '../../src/catalogue/render-svg'

const require = createRequire(import.meta.url)
const sets = new Map<string, IconifyJSON>()

function iconSet(prefix: string): IconifyJSON {
  let set = sets.get(prefix)
  if (set === undefined) {
    set = require(`@iconify-json/${prefix}/icons.json`) as IconifyJSON
    sets.set(prefix, set)
  }
  return set
}

/**
 * The SVG for `prefix:name` as the catalogue sends it for `size`, as the UI asks (whole px, rounded
 * up): longest side that size, the other in whole px too; in `color` where it takes one.
 */
export function iconSvg(prefix: string, name: string, size: number, color = '#000000'): string {
  const data = getIconData(iconSet(prefix), name)
  if (data === null) throw new Error(`No icon ${prefix}:${name}`)
  return replaceIDs(renderSvg(data, { size: Math.ceil(size), color }).svg)
}
