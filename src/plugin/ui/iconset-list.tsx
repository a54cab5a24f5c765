import { h } from 'preact'

import type { IconSetSummary } from '../../api/catalogue-schemas'
import { useCatalogue } from './catalogue-context'
import { ErrorState, LoadingState } from './result-states'
import { thumbnailUrl } from './use-theme-ink'
import { counted } from './format'

/** Every icon set with its author, licence, size and a few sample icons; choosing one opens it. */
export function IconsetList(props: { onOpen: (iconset: IconSetSummary) => void }) {
  const { iconsets: resource, ink } = useCatalogue()
  if (resource.status === 'loading') return <LoadingState label="Loading icon sets…" />
  if (resource.status === 'error') return <ErrorState message={resource.error} onRetry={resource.retry} />
  return (
    <ul class="ic-cards" aria-label="Icon sets">
      {resource.data.iconsets.map((iconset) => (
        <li key={iconset.slug}>
          <button
            type="button"
            class="ic-card"
            aria-label={`${iconset.name}, ${counted(iconset.total_icons, 'icon')}, by ${iconset.author.name}, ${iconset.license.name}`}
            onClick={() => props.onOpen(iconset)}
          >
            <span class="ic-card-previews" aria-hidden="true">
              {iconset.previews.slice(0, 6).map((preview) => (
                <img key={preview} class="ic-thumb" src={thumbnailUrl(preview, ink)} alt="" width={20} height={20} />
              ))}
            </span>
            <span class="ic-card-name">{iconset.name}</span>
            <span class="ic-muted">
              {counted(iconset.total_icons, 'icon')} · {iconset.author.name} · {iconset.license.name}
            </span>
          </button>
        </li>
      ))}
    </ul>
  )
}
