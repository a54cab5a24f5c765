/** Real icon SVGs built from the installed @iconify-json packages, as the catalogue renders them. */
import { getIconData, iconToHTML, iconToSVG, replaceIDs } from '@iconify/utils'
import type { IconifyJSON } from '@iconify/types'
import { createRequire } from 'node:module'

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

/** The SVG for `prefix:name`, `size` px high, with currentColor replaced by `color`. */
export function iconSvg(prefix: string, name: string, size: number, color = '#000000'): string {
  const data = getIconData(iconSet(prefix), name)
  if (data === null) throw new Error(`No icon ${prefix}:${name}`)
  const svg = iconToSVG(data, { height: size })
  return iconToHTML(replaceIDs(svg.body), svg.attributes).replaceAll('currentColor', color)
}
