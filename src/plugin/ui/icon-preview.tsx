import { h } from 'preact'
import { useMemo, useRef, useState } from 'preact/hooks'

import { iconKey } from '../../api/icon-key'
import type { SelectedIcon } from '../../api/plugin-protocol'
import { useCatalogue } from './catalogue-context'
import { useRestroke } from './use-preview-ink'
import { useResource } from './use-resource'
import { iconThumbnailUrl, inkedSvgDataUrl, svgDataUrl } from './use-theme-ink'

/**
 * How every preview's SVG text is fetched, whatever the preview's width and ink: in currentColor,
 * which the preview inks itself, and at one size, since restroking reads only the viewBox and the
 * image scales to its <img>. So one text serves every preview of an icon, in either theme.
 */
export const PREVIEW_SVG_SIZE = 24
const PREVIEW_RENDER = { size: PREVIEW_SVG_SIZE }

/** What a preview shows while its text is on its way: nothing, at its size. */
const BLANK = svgDataUrl('<svg xmlns="http://www.w3.org/2000/svg"/>')

export interface IconPreviewProps {
  iconset: string
  slug: string
  /** Its style, when known; else it is read from the catalogue before the strokes can be set. */
  style?: string
  /** The catalogue's image of the icon in the preview's ink, strokes as drawn: shown if the text cannot be had. */
  url: string
  ink: string
  /** The look it is (or would be) inserted in: size, and stroke width in px (null: as drawn). */
  size: number
  strokeWidth: number | null
  width: number
  class?: string
}

/**
 * A preview of one icon, in the preview's ink, with its strokes as insert gives them
 * (strokedAsInserted). It is drawn from the icon's SVG text, which the client shares among all
 * previews (the selection's row and Swap set's, the details panel, recent icons, the sets' and
 * styles' cards) while it is among the SVG_TEXTS_KEPT most recently used, and each preview keeps
 * the one it drew: another width, size, stroke width or theme redraws the same text at once and asks
 * the catalogue nothing, as the grid's thumbnails do. A stroke-drawn icon is restroked once the sets' strokes and its style are known;
 * until then, and for good if the sets' list cannot be had, its strokes are as drawn. If the text
 * cannot be had, the preview shows the catalogue's image instead, and if that fails too (the
 * catalogue is out of reach), a still neutral square, as a grid tile that failed does, never the
 * browser's broken-image glyph.
 */
export function IconPreview(props: IconPreviewProps) {
  const { client, iconsets } = useCatalogue()
  const restroke = useRestroke()
  const { iconset, slug, style, url, ink, size, strokeWidth, width } = props
  // Without the sets' stroke widths (their list failed to load) no stroke can be set: as drawn.
  const restrokes = strokeWidth !== null && iconsets.status !== 'error'
  // What the client keeps already is shown from the first paint (a card seen before, a recent icon),
  // and what this preview drew stays with it though the client has since let it go.
  const drawn = useRef<{ icon: string; svg: string; style: string | undefined } | null>(null)
  const key = iconKey(iconset, slug)
  const own = drawn.current?.icon === key ? drawn.current : null
  const keptSvg = client.keptSvg(iconset, slug, PREVIEW_RENDER) ?? own?.svg
  const keptStyle = style ?? client.keptIcon(iconset, slug)?.style ?? own?.style
  const wanted = keptSvg === undefined || (restrokes && keptStyle === undefined)
  const drawing = useResource(wanted ? `preview ${key} ${restrokes ? (style ?? '?') : ''}` : null, async (signal) => {
    const [svg, drawnIn] = await Promise.all([
      client.svg(iconset, slug, PREVIEW_RENDER, signal),
      restrokes ? (style ?? client.icon(iconset, slug, signal).then((detail) => detail.style)) : undefined
    ])
    return { svg, style: drawnIn }
  })
  const svg = keptSvg ?? drawing.data?.svg
  const drawnIn = keptStyle ?? drawing.data?.style
  if (svg !== undefined) drawn.current = { icon: key, svg, style: drawnIn }
  const src = useMemo(() => {
    if (svg === undefined) return null
    // restroke leaves a filled drawing as it is.
    const stroked = restrokes && drawnIn !== undefined ? restroke(svg, { iconset, style: drawnIn, slug }, { size, strokeWidth }) : svg
    return inkedSvgDataUrl(stroked, ink)
  }, [svg, restrokes, drawnIn, restroke, iconset, slug, size, strokeWidth, ink])
  // The catalogue's image that failed to load, if it did: a new icon or ink gives another URL to try.
  const [failedUrl, setFailedUrl] = useState<string | null>(null)
  const fallback = drawing.status === 'error' ? (failedUrl === url ? 'failed' : 'image') : 'loading'
  const shown = src ?? (fallback === 'image' ? url : BLANK)
  return (
    <img
      class={props.class ?? 'ic-thumb'}
      src={shown}
      alt=""
      width={width}
      height={width}
      data-state={src === null && fallback !== 'image' ? fallback : undefined}
      onError={() => {
        if (shown === url) setFailedUrl(url)
      }}
    />
  )
}

/** A selected icon's 16 px preview, at its own size and stroke width (which a swap keeps). */
export function SelectedIconPreview({ icon }: { icon: SelectedIcon }) {
  const { client, ink } = useCatalogue()
  return (
    <IconPreview
      iconset={icon.iconset}
      slug={icon.icon}
      style={icon.style}
      url={iconThumbnailUrl(client.baseUrl, icon.iconset, icon.icon, ink)}
      ink={ink}
      size={icon.size}
      strokeWidth={icon.strokeWidth ?? null}
      width={16}
    />
  )
}
