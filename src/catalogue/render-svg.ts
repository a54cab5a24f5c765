/**
 * Builds a standalone SVG document for an icon at a requested size and colour. Pure: the same
 * icon and options always give the same bytes, which is what lets the routes cache and ETag them.
 */
import type { IconifyIcon } from '@iconify/types'
import { iconToHTML, iconToSVG } from '@iconify/utils'
import { fitBox } from '../api/svg-text'

export interface RenderOptions {
  /** Longest side in px; the drawing's own size when absent. */
  size?: number
  /** `#rrggbb`, replaces currentColor. */
  color?: string
}

export interface RenderedSvg {
  svg: string
  /** Whole pixels, so an SVG and a PNG of the same request have the same box. */
  width: number
  height: number
}

export function renderSvg(icon: IconifyIcon, options: RenderOptions = {}): RenderedSvg {
  // 'auto' keeps the viewBox's own dimensions, after any rotation or flip the set defines.
  const native = iconToSVG(icon, { height: 'auto' })
  const nativeWidth = native.viewBox[2]
  const nativeHeight = native.viewBox[3]
  const size = options.size ?? Math.max(1, Math.round(Math.max(nativeWidth, nativeHeight)))
  const box = fitBox(nativeWidth, nativeHeight, size)
  const body = options.color === undefined ? native.body : native.body.replaceAll('currentColor', options.color)
  const svg = iconToHTML(body, { width: String(box.width), height: String(box.height), viewBox: native.attributes.viewBox })
  return { svg, ...box }
}
