import { IconButton, IconNavigateBack24 } from '@create-figma-plugin/ui'
import { h } from 'preact'

import { useCatalogue } from './catalogue-context'
import type { GridActions } from './grid-actions'
import { IconGrid } from './icon-grid'
import { ErrorState, LoadingState } from './result-states'
import { useResource } from './use-resource'
import { counted } from './format'

/** One icon set, all of its icons in the virtualised grid. */
export function IconsetView(props: { slug: string; actions: GridActions; onBack: () => void }) {
  const { client } = useCatalogue()
  const { slug } = props
  const iconset = useResource(slug, (signal) => client.iconset(slug, signal))
  return (
    <div class="ic-view">
      <div class="ic-toolbar">
        <IconButton title="Back to icon sets" aria-label="Back to icon sets" onClick={props.onBack}>
          <IconNavigateBack24 />
        </IconButton>
        {iconset.status === 'ready' ? (
          <div class="ic-set-title">
            <h2 class="ic-panel-title">{iconset.data.name}</h2>
            <p class="ic-muted">
              {counted(iconset.data.total_icons, 'icon')} · {iconset.data.author.name} · {iconset.data.license.name}
            </p>
          </div>
        ) : null}
      </div>
      {iconset.status === 'loading' ? <LoadingState label="Loading icons…" /> : null}
      {iconset.status === 'error' ? <ErrorState message={iconset.error} onRetry={iconset.retry} /> : null}
      {iconset.status === 'ready' ? (
        <IconGrid
          {...props.actions}
          icons={iconset.data.icons}
          total={iconset.data.icons.length}
          label={`Icons in ${iconset.data.name}`}
        />
      ) : null}
    </div>
  )
}
