/**
 * Every limit of the wire contract, in one place: what the service validates, what the plugin
 * offers and checks, and what the OpenAPI document states. Free of TypeBox so that the plugin
 * bundles can import it without bundling the schemas.
 */

/** The sizes an icon can be rendered and inserted at, in px (longest side). */
export const MIN_SIZE = 1
export const MAX_SIZE = 1024
/** Sizes offered for every icon, besides its family's native drawing sizes. */
export const STANDARD_SIZES = [16, 20, 24, 32, 48, 64, 128, 256, 512] as const

/** Matches per /search page: the most a client may ask for, and what it gets when it does not ask. */
export const MAX_LIMIT = 96
/** The longest /search query, in characters. */
export const MAX_QUERY_LENGTH = 200
/** The most `iconset` values one /search may carry, and the most sets the plugin's set filter remembers. */
export const MAX_ICONSET_FILTER = 40
/** The longest single `iconset` value of a /search, in characters (it may list slugs separated by commas). */
export const MAX_ICONSET_VALUE = 400

/** How many icons one /iconsets/{iconset}/equivalents request may name: a selection swapped at once. */
export const MAX_EQUIVALENT_ICONS = 100
/** The most alternatives an equivalents answer gives for one icon, besides its match. */
export const MAX_ALTERNATIVES = 3

/** How many recently inserted icons the plugin keeps. */
export const MAX_RECENT = 12

/** How many icons one multi-insert may carry: what main accepts, and the most the plugin lets a designer pick. */
export const MAX_INSERT_MANY = 50

/**
 * An icon colour as the API's `color` takes it: `#rrggbb` or CSS's short `#rgb`, either case. The
 * one colour syntax: the plugin's messages carry its long form (isColor), and normalColor reads both.
 */
export const COLOR_PATTERN = '^#(?:[0-9a-fA-F]{3}){1,2}$'
const COLOR = new RegExp(COLOR_PATTERN)

/** An icon colour as the plugin's messages carry it: `#rrggbb`, either case. */
export function isColor(value: unknown): value is string {
  return typeof value === 'string' && value.length === 7 && COLOR.test(value)
}

/** `#rrggbb` or `#rgb`, any case, as the lower-case `#rrggbb` it is (CSS reads #f60 as #ff6600); null for anything else. */
export function normalColor(text: string): string | null {
  if (!COLOR.test(text)) return null
  const hex = text.slice(1).toLowerCase()
  return `#${hex.length === 3 ? [...hex].map((digit) => digit + digit).join('') : hex}`
}

/**
 * The plugin places icons at any size in the range to hundredths of a px, as Figma's W and H fields
 * round what is typed; the service renders whole px (its `size` parameter is an integer), and the
 * plugin scales the drawing to the exact size.
 */
export function roundSize(size: number): number {
  return Math.round(size * 100) / 100
}

/** A size the plugin places an icon at: within the range, to hundredths of a px. */
export function isSize(value: unknown): value is number {
  return typeof value === 'number' && Number.isFinite(value) && roundSize(value) === value && value >= MIN_SIZE && value <= MAX_SIZE
}

/** The stroke widths a designer can give stroke-drawn icons, in px at the inserted size. */
export const STROKE_WIDTH_LIMITS = { min: 0.25, max: 16 } as const

export function isStrokeWidth(value: unknown): value is number {
  return typeof value === 'number' && value >= STROKE_WIDTH_LIMITS.min && value <= STROKE_WIDTH_LIMITS.max
}

/**
 * How far the designer can resize the plugin window from its corner (figma.ui.resize), in px. The
 * least height leaves the grid 70% of the window under the lines above it at their most compact
 * (152 px with a search read as a set or style, in a window under 620 px tall: see ui.css).
 */
export const WINDOW_LIMITS = { minWidth: 320, minHeight: 520, maxWidth: 800, maxHeight: 1200 } as const
