import { h } from 'preact'

import type { StyleSummary } from '../../api/catalogue-schemas'
import { iconKeyOf } from '../../api/icon-key'
import { useCatalogue } from './catalogue-context'
import { IconPreview } from './icon-preview'
import { usePreferences } from './preferences-context'
import { ErrorState, LoadingState } from './result-states'
import { counted } from './format'
import { usePreviewInk } from './use-preview-ink'
import { thumbnailUrl } from './use-theme-ink'

/**
 * The style's sample icons (everyday symbols in this style, as the catalogue picks them), drawn with
 * their strokes as insert would give them, as the sets' cards draw theirs.
 */
function StylePreviews(props: { style: StyleSummary }) {
  const ink = usePreviewInk()
  const { size, strokeWidth } = usePreferences().preferences
  const { slug, samples } = props.style
  return (
    <span class="ic-card-previews" aria-hidden="true">
      {samples.map((sample) => (
        <IconPreview
          key={iconKeyOf(sample)}
          iconset={sample.iconset}
          slug={sample.slug}
          style={slug}
          url={thumbnailUrl(sample.preview_url, ink)}
          ink={ink}
          size={size}
          strokeWidth={strokeWidth}
          width={20}
        />
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
            <StylePreviews style={style} />
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
