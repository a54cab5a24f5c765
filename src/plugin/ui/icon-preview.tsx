import { h } from 'preact'

import type { SelectedIcon } from '../../api/plugin-protocol'
import { useCatalogue } from './catalogue-context'
import { strokedAsInserted } from './svg-stroke'
import { useResource } from './use-resource'
import { iconThumbnailUrl, svgDataUrl } from './use-theme-ink'

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
 * stroke-drawn icon given a width is fetched as SVG text, restroked and shown as a data URL; until
 * then the image stays empty rather than showing strokes that would not be inserted. If the text
 * cannot be had, the catalogue's image is better than none.
 */
export function IconPreview(props: IconPreviewProps) {
  const { client, iconsets, strokeOf } = useCatalogue()
  const { iconset, slug, style, url, ink, size, strokeWidth } = props
  const asDrawn = strokeWidth === null || iconsets.status !== 'ready' || (style !== undefined && strokeOf(iconset, style) === undefined)
  const restroked = useResource(asDrawn ? null : `preview ${iconset}/${slug} ${style ?? ''} ${size} ${strokeWidth} ${ink}`, async (signal) => {
    const drawnIn = style ?? (await client.icon(iconset, slug, signal)).style
    if (strokeOf(iconset, drawnIn) === undefined) return url
    const svg = await client.svg(iconset, slug, { size, color: ink }, signal)
    return svgDataUrl(strokedAsInserted(svg, strokeWidth, size, true))
  })
  const src = asDrawn || restroked.status === 'error' ? url : (restroked.data ?? undefined)
  return <img class={props.class ?? 'ic-thumb'} src={src} alt="" width={props.width} height={props.width} />
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
