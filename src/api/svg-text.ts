/**
 * What a client checks an SVG answer by before it hands it to Figma: the UI and the main thread
 * both ask the catalogue for SVGs, and refuse anything else with the same message.
 */

/** SVG markup: an `<svg>` element first, after an optional XML declaration and white space. */
const SVG_START = /^\s*(<\?xml[^>]*>\s*)?<svg[\s>]/

export function isSvgText(text: string): boolean {
  return SVG_START.test(text)
}

/** The message for an answer to an SVG request that is not an SVG. */
export function notSvgMessage(iconset: string, icon: string): string {
  return `The icon catalogue sent something that is not an SVG for ${iconset}/${icon}.`
}

/**
 * Scales a box so its longest side is `size`, keeping the aspect ratio; neither side drops below
 * 1px: the catalogue's SVG and PNG at a size, and the plugin's own rendering of one it keeps.
 */
export function fitBox(width: number, height: number, size: number): { width: number; height: number } {
  if (width >= height) return { width: size, height: Math.max(1, Math.round((size * height) / width)) }
  return { width: Math.max(1, Math.round((size * width) / height)), height: size }
}
