import { h } from 'preact'

import { useCatalogue } from './catalogue-context'
import { ErrorState, LoadingState } from './result-states'
import { formatCount } from './format'

/** Every style with how many icons and sets it has; choosing one searches within it. */
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
            aria-label={`${style.name}, ${formatCount(style.total_icons)} icons in ${formatCount(style.total_iconsets)} sets`}
            onClick={() => props.onOpen(style.slug)}
          >
            <span class="ic-card-name">{style.name}</span>
            <span class="ic-muted">
              {formatCount(style.total_icons)} icons in {formatCount(style.total_iconsets)} sets
            </span>
          </button>
        </li>
      ))}
    </ul>
  )
}
