/**
 * While the catalogue is away, a swap of an icon's size or colour is answered from an SVG of the
 * same drawing the client kept, rendered as the catalogue would render it: the catalogue's SVG at
 * a size is its drawing with the longest side set to it (the viewBox unchanged), and in a colour
 * its currentColor replaced (src/catalogue/render-svg.ts). One in another colour cannot be made
 * into this one: its colour may be the drawing's own.
 */
import { fitBox } from '../../api/svg-text'
import type { SvgRender } from './catalogue-client'

const ROOT = /^(\s*(?:<\?xml[^>]*>\s*)?<svg)([^>]*)>/
const VIEW_BOX = /\sviewBox="\s*[-\d.e]+[\s,]+[-\d.e]+[\s,]+([\d.e]+)[\s,]+([\d.e]+)\s*"/
const SIZE_ATTRIBUTE = /\s(width|height)="[^"]*"/g

/** `text`, the catalogue's SVG as `from`, as the catalogue would send it as `to`; null when it cannot be made so. */
export function rerendered(text: string, from: SvgRender, to: SvgRender): string | null {
  const sameColor = (from.color ?? '').toLowerCase() === (to.color ?? '').toLowerCase()
  if (!sameColor && from.color !== undefined) return null
  const root = ROOT.exec(text)
  const box = root === null ? null : VIEW_BOX.exec(root[2] as string)
  if (root === null || box === null) return null
  const { width, height } = fitBox(Number(box[1]), Number(box[2]), to.size)
  const attributes = (root[2] as string).replace(SIZE_ATTRIBUTE, (_, name: string) => ` ${name}="${name === 'width' ? width : height}"`)
  const body = text.slice(root[0].length)
  return `${root[1] as string}${attributes}>${sameColor || to.color === undefined ? body : body.replaceAll('currentColor', to.color)}`
}
