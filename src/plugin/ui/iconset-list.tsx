import { Fragment, h } from 'preact'

import type { IconSetSummary } from '../../api/catalogue-schemas'
import { useCatalogue } from './catalogue-context'
import { IconPreview } from './icon-preview'
import { usePreferences } from './preferences-context'
import { ErrorState, LoadingState, MoreErrorState } from './result-states'
import { useCatalogueAway } from './use-catalogue-away'
import { usePreviewInk } from './use-preview-ink'
import { thumbnailUrl } from './use-theme-ink'
import { counted } from './format'

const SAMPLES_PER_SET = 6

/**
 * A set's sample icons with their strokes as insert would give them, as every other preview shows
 * them. A set drawn only in fills has no strokes to set: its samples show the catalogue's images and
 * ask nothing more. A stroke-drawn set's samples cost, while the toolbar has a stroke width, one SVG
 * text each in place of its image (24 of the full catalogue's 120 samples) and, in a set of several
 * styles, a look-up of the sample's style (18 of them): few beside the list's 120 images, so they are
 * restroked as soon as fetched rather than only when another preview has fetched their text already.
 * Until then they show the catalogue's images, and the client keeps both texts and styles, so
 * opening the tab again restrokes them at once without asking the catalogue.
 */
function SetSamples(props: { iconset: IconSetSummary }) {
  const ink = usePreviewInk()
  const { size, strokeWidth } = usePreferences().preferences
  const { slug, styles, strokes, samples, previews } = props.iconset
  return (
    <span class="ic-card-previews" aria-hidden="true">
      {samples.slice(0, SAMPLES_PER_SET).map((sample, index) => (
        <IconPreview
          key={sample}
          iconset={slug}
          slug={sample}
          // A set of one style says its samples' style; in another, each sample's is looked up.
          style={styles.length === 1 ? styles[0] : undefined}
          // The catalogue's own preview of the sample, in the toolbar's colour as every preview shows it.
          url={thumbnailUrl(previews[index] as string, ink)}
          ink={ink}
          size={size}
          strokeWidth={strokes.length === 0 ? null : strokeWidth}
          width={20}
        />
      ))}
    </span>
  )
}

/**
 * Every icon set with its author, licence, size and a few sample icons; choosing one opens it. The
 * list is kept from the first time: while the catalogue is away the samples cannot load, and a bar
 * over the foot says why, until it answers.
 */
export function IconsetList(props: { onOpen: (iconset: IconSetSummary) => void }) {
  const { iconsets: resource } = useCatalogue()
  const away = useCatalogueAway()
  if (resource.status === 'loading') return <LoadingState label="Loading icon sets…" />
  if (resource.status === 'error') return <ErrorState message={resource.error} onRetry={resource.retry} />
  return (
    <Fragment>
      {away === null ? null : <MoreErrorState message={away.message} onRetry={away.retry} />}
      <IconsetCards iconsets={resource.data.iconsets} onOpen={props.onOpen} />
    </Fragment>
  )
}

function IconsetCards(props: { iconsets: readonly IconSetSummary[]; onOpen: (iconset: IconSetSummary) => void }) {
  return (
    <ul class="ic-cards" aria-label="Icon sets">
      {props.iconsets.map((iconset) => (
        <li key={iconset.slug}>
          <button
            type="button"
            class="ic-card"
            aria-label={`${iconset.name}, ${counted(iconset.total_icons, 'icon')}, by ${iconset.author.name}, ${iconset.license.name}`}
            onClick={() => props.onOpen(iconset)}
          >
            <SetSamples iconset={iconset} />
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
