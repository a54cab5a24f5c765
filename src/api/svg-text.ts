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

/** The root element's start (`<svg`, after an optional XML declaration) and its attributes, up to its `>`. */
const ROOT = /^(\s*(?:<\?xml[^>]*>\s*)?<svg)([^>]*)>/
const VIEW_BOX = /\sviewBox="\s*[-\d.e]+[\s,]+[-\d.e]+[\s,]+([\d.e]+)[\s,]+([\d.e]+)\s*"/
const SIZE_ATTRIBUTE = /\s(width|height)="[^"]*"/g

/** An SVG's root element as three texts: up to `<svg`, its attributes, and all after its `>`; null for no root. */
export interface SvgRoot {
  start: string
  attributes: string
  body: string
}

export function svgRoot(text: string): SvgRoot | null {
  const root = ROOT.exec(text)
  return root === null ? null : { start: root[1] as string, attributes: root[2] as string, body: text.slice(root[0].length) }
}

/** The width and height of the root's viewBox (the drawing's own units), or null when it has none. */
export function viewBoxSize(root: SvgRoot): { width: number; height: number } | null {
  const box = VIEW_BOX.exec(root.attributes)
  return box === null ? null : { width: Number(box[1]), height: Number(box[2]) }
}

/** The SVG again, its root's width and height (those it has) set to these: the box the viewBox is drawn into. */
export function sizedSvg(root: SvgRoot, size: { width: number; height: number }, body = root.body): string {
  const attributes = root.attributes.replace(SIZE_ATTRIBUTE, (_, name: string) => ` ${name}="${name === 'width' ? size.width : size.height}"`)
  return `${root.start}${attributes}>${body}`
}
