import { h } from 'preact'
import { useMemo } from 'preact/hooks'

import type { SelectedIcon } from '../../api/plugin-protocol'
import { useCatalogue } from './catalogue-context'
import { useRestroke } from './use-preview-ink'
import { useResource } from './use-resource'
import { iconThumbnailUrl, svgDataUrl } from './use-theme-ink'

/**
 * The size every preview's SVG text is fetched at, whatever the preview's width: restroking reads
 * only the viewBox and the image scales to its <img>, so one text serves every preview of an icon.
 */
export const PREVIEW_SVG_SIZE = 24

export interface IconPreviewProps {
  iconset: string
  slug: string
  /** Its style, when known; else it is read from the catalogue before the strokes can be set. */
  style?: string
  /** The catalogue's image of the icon in the preview's ink, strokes as drawn. */
  url: string
  ink: string
  /** The look it is (or would be) inserted in: size, and stroke width in px (null: as drawn). */
  size: number
  strokeWidth: number | null
  width: number
  class?: string
}

/**
 * A preview of one icon with its strokes as insert gives them (strokedAsInserted). The catalogue's
 * image shows the drawing's own strokes, and an <img> of a URL cannot be restroked, so a
 * stroke-drawn icon given a width is fetched as SVG text, restroked and shown as a data URL. The
 * text is fetched at PREVIEW_SVG_SIZE per icon and ink, and the client shares it among all
 * previews (the selection's row and Swap set's, the details panel, recent icons, the icon sets'
 * cards) while it is among the SVG_TEXTS_KEPT most recently used, so another width, size or stroke
 * width restrokes the same text at once. Until the text (and, when not given, the icon's style)
 * arrives, or if it cannot be had, the preview shows the catalogue's image: the icon as drawn is
 * better than a blank, as it is when the sets' list cannot be had.
 */
export function IconPreview(props: IconPreviewProps) {
  const { client, iconsets, strokeOf } = useCatalogue()
  const restroke = useRestroke()
  const { iconset, slug, style, url, ink, size, strokeWidth, width } = props
  const ready = iconsets.status === 'ready'
  // Without the sets' stroke widths (their list failed to load) no stroke can be set: as drawn.
  const asDrawn = strokeWidth === null || iconsets.status === 'error' || (ready && style !== undefined && strokeOf(iconset, style) === undefined)
  const fetching = !asDrawn && ready
  const render = { size: PREVIEW_SVG_SIZE, color: ink }
  const strokeDrawn = (drawnIn: string) => strokeOf(iconset, drawnIn) !== undefined
  // What the client keeps already is shown from the first paint (a card seen before, a recent icon), never after its image.
  const keptStyle = fetching ? (style ?? client.keptIcon(iconset, slug)?.style) : undefined
  const keptSvg = keptStyle === undefined ? undefined : strokeDrawn(keptStyle) ? client.keptSvg(iconset, slug, render) : null
  const kept = useMemo(() => (keptStyle === undefined || keptSvg === undefined ? null : { style: keptStyle, svg: keptSvg }), [keptStyle, keptSvg])
  const drawing = useResource(fetching && kept === null ? `preview ${iconset}/${slug} ${style ?? ''} ${ink}` : null, async (signal) => {
    const drawnIn = style ?? (await client.icon(iconset, slug, signal)).style
    return { style: drawnIn, svg: strokeDrawn(drawnIn) ? await client.svg(iconset, slug, render, signal) : null }
  })
  const fetched = kept ?? drawing.data
  const restroked = useMemo(
    () => (fetched?.svg == null ? null : svgDataUrl(restroke(fetched.svg, { iconset, style: fetched.style }, { size, strokeWidth }))),
    [fetched, restroke, iconset, size, strokeWidth]
  )
  // As drawn, and while its style or text is on its way or cannot be had: the catalogue's image.
  const src = restroked ?? url
  return <img class={props.class ?? 'ic-thumb'} src={src} alt="" width={width} height={width} />
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
