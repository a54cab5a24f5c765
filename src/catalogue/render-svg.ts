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
  const { size, color } = drawnOptions(native, options)
  const box = fitBox(native.viewBox[2], native.viewBox[3], size)
  const body = color === undefined ? native.body : native.body.replaceAll('currentColor', color)
  const svg = iconToHTML(body, { width: String(box.width), height: String(box.height), viewBox: native.attributes.viewBox })
  return { svg, ...box }
}

/**
 * The options as they decide what renderSvg draws: the drawing's own size where none is asked,
 * and no colour where the drawing has no currentColor to take one (Twemoji's). Requests with the
 * same get the same bytes, so they are one answer to keep.
 */
export function renderedOptions(icon: IconifyIcon, options: RenderOptions): { size: number; color?: string } {
  return drawnOptions(iconToSVG(icon, { height: 'auto' }), options)
}

function drawnOptions(native: ReturnType<typeof iconToSVG>, options: RenderOptions): { size: number; color?: string } {
  const size = options.size ?? Math.max(1, Math.round(Math.max(native.viewBox[2], native.viewBox[3])))
  return options.color === undefined || !native.body.includes('currentColor') ? { size } : { size, color: options.color }
}
