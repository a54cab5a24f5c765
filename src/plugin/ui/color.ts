/** Reading colours a designer types, and the colour previews are drawn in. */
import { normalColor } from '../../api/limits'

export type ColorParse = { ok: true; color: string } | { ok: false; message: string }

/** A hex colour with an alpha channel (#rrggbbaa, #rgba), as CSS and Figma's copy write one with its opacity. */
const WITH_ALPHA = /^#?(?:[0-9a-f]{8}|[0-9a-f]{4})$/i

/** `#rrggbb`, `rrggbb`, `#rgb` or `rgb`, any case, as the lower-case `#rrggbb` the catalogue takes. */
export function parseHexColor(text: string): ColorParse {
  const color = normalColor(`#${text.trim().replace(/^#/, '')}`)
  if (color !== null) return { ok: true, color }
  // A colour with its opacity is a colour: say which part is not taken, rather than that it is none.
  if (WITH_ALPHA.test(text.trim())) return { ok: false, message: "Colour takes no transparency: use 6 digits such as #0F6CBD, and the layer's opacity." }
  return { ok: false, message: 'Colour must be a hex colour such as #0F6CBD.' }
}

/** WCAG relative luminance of `#rrggbb`. */
function luminance(color: string): number {
  const channels = [1, 3, 5].map((start) => parseInt(color.slice(start, start + 2), 16) / 255)
  const [r = 0, g = 0, b = 0] = channels.map((c) => (c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4))
  return 0.2126 * r + 0.7152 * g + 0.0722 * b
}

export function contrastRatio(a: string, b: string): number {
  const [light, dark] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number]
  return (light + 0.05) / (dark + 0.05)
}

/** Below this, a thumbnail would be hard to make out against the plugin's background. */
const MIN_PREVIEW_CONTRAST = 2

/**
 * The colour thumbnails are drawn in: the chosen icon colour, so the grid shows what will be
 * inserted, unless it would vanish into the background (black in the dark theme, white in the
 * light one); then the theme's ink.
 */
export function previewColor(chosen: string, ink: string, background: string): string {
  return contrastRatio(chosen, background) < MIN_PREVIEW_CONTRAST ? ink : chosen
}
