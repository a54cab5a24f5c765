import { Button } from '@create-figma-plugin/ui'
import { h } from 'preact'

import { MAX_INSERT_MANY } from '../../api/limits'

/**
 * The icons picked with Cmd/Ctrl- or Shift-click, and inserting them all at once, on one line over
 * the window's foot. `full`: the last pick went past the most one insert takes, and the count says
 * so in a word, short enough for the narrowest window; its title says why.
 */
export function MultiInsertBar(props: { count: number; full: boolean; busy: boolean; onInsert: () => void; onClear: () => void }) {
  return (
    <section class="ic-multi" aria-label="Picked icons">
      <span role="status" aria-live="polite" title={props.full ? `${MAX_INSERT_MANY} is the most one insert takes` : undefined}>
        {props.count === 1 ? '1 icon picked' : `${props.count} icons picked`}
        {props.full ? ' (max)' : ''}
      </span>
      <button type="button" class="ic-chip" aria-label="Clear picked icons" onClick={props.onClear}>
        Clear
      </button>
      <Button disabled={props.busy} onClick={props.onInsert}>
        {props.count === 1 ? 'Insert 1 icon' : `Insert ${props.count} icons`}
      </Button>
    </section>
  )
}
