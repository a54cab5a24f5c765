import { h } from 'preact'

import type { StyleSlug } from '../../api/catalogue-schemas'
import { useCatalogue } from './catalogue-context'
import { ErrorState, LoadingState } from './result-states'
import { counted } from './format'
import { usePreviewThumbnail } from './use-preview-ink'
import { useResource } from './use-resource'

const PREVIEWS_PER_STYLE = 6

/**
 * The style's first icons, as the catalogue ranks them, drawn as the grid draws them (with their
 * SVG, so stroke-drawn ones show the toolbar's stroke width); a failure just leaves the card without.
 */
function StylePreviews(props: { style: string }) {
  const { client } = useCatalogue()
  const thumbnail = usePreviewThumbnail()
  const { style } = props
  const icons = useResource(`style-previews/${style}`, (signal) =>
    client.search({ q: '', style: style as StyleSlug, offset: 0, limit: PREVIEWS_PER_STYLE, svg: true }, signal)
  )
  return (
    <span class="ic-card-previews" aria-hidden="true">
      {(icons.data?.icons ?? []).map((icon) => (
        <img key={icon.preview_url} class="ic-thumb" src={thumbnail(icon)} alt="" width={20} height={20} />
      ))}
    </span>
  )
}

/** Every style with a few of its icons and how many icons and sets it has; choosing one searches within it. */
export function StyleList(props: { onOpen: (style: string) => void }) {
  const { styles: resource } = useCatalogue()
  if (resource.status === 'loading') return <LoadingState label="Loading styles…" />
  if (resource.status === 'error') return <ErrorState message={resource.error} onRetry={resource.retry} />
  return (
    <ul class="ic-cards" aria-label="Styles">
      {resource.data.styles.map((style) => (
        <li key={style.slug}>
          <button
            type="button"
            class="ic-card"
            aria-label={`${style.name}, ${counted(style.total_icons, 'icon')} in ${counted(style.total_iconsets, 'set')}`}
            onClick={() => props.onOpen(style.slug)}
          >
            <StylePreviews style={style.slug} />
            <span class="ic-card-name">{style.name}</span>
            <span class="ic-muted">
              {counted(style.total_icons, 'icon')} in {counted(style.total_iconsets, 'set')}
            </span>
          </button>
        </li>
      ))}
    </ul>
  )
}
