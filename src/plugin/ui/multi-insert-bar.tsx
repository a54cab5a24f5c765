import { Button } from '@create-figma-plugin/ui'
import { h } from 'preact'

import type { IconSummary } from '../../api/catalogue-schemas'
import { iconKeyOf } from '../../api/icon-key'
import { MAX_INSERT_MANY } from '../../api/limits'
import { useCatalogue } from './catalogue-context'
import { Thumbnail } from './thumbnail'
import { usePreviewThumbnail } from './use-preview-ink'

/** How many of the picks the bar shows, the latest: picks outlive a new search, whose grid no longer shows them. */
const PICKS_SHOWN = 3

/**
 * The icons picked with Cmd/Ctrl- or Shift-click, and inserting them all at once, on one line over
 * the window's foot, with the last few picked drawn beside their count (a narrow window leaves them
 * out). `full`: the last pick went past the most one insert takes, and the count says so in a word,
 * short enough for the narrowest window; its title says why.
 */
export function MultiInsertBar(props: { picked: readonly IconSummary[]; full: boolean; busy: boolean; onInsert: () => void; onClear: () => void }) {
  const { nameOfSet } = useCatalogue()
  const thumbnail = usePreviewThumbnail()
  const count = props.picked.length
  const shown = props.picked.slice(-PICKS_SHOWN)
  return (
    <section class="ic-multi" aria-label="Picked icons">
      <span role="status" aria-live="polite" title={props.full ? `${MAX_INSERT_MANY} is the most one insert takes` : undefined}>
        {count === 1 ? '1 icon picked' : `${count} icons picked`}
        {props.full ? ' (max)' : ''}
      </span>
      <ul class="ic-multi-picks" aria-label={count > PICKS_SHOWN ? `Last ${PICKS_SHOWN} picked` : 'Picked'}>
        {shown.map((icon) => (
          <li key={iconKeyOf(icon)} title={`${icon.name} · ${nameOfSet(icon.iconset)}`} aria-label={`${icon.name}, ${nameOfSet(icon.iconset)}`}>
            <Thumbnail src={thumbnail(icon)} />
          </li>
        ))}
      </ul>
      <button type="button" class="ic-chip" aria-label="Clear picked icons" onClick={props.onClear}>
        Clear
      </button>
      <Button disabled={props.busy} onClick={props.onInsert}>
        {count === 1 ? 'Insert 1 icon' : `Insert ${count} icons`}
      </Button>
    </section>
  )
}
