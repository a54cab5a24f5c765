import { Button } from '@create-figma-plugin/ui'
import { h } from 'preact'

/** The icons picked with Cmd/Ctrl- or Shift-click, and inserting them all at once. */
export function MultiInsertBar(props: { count: number; busy: boolean; onInsert: () => void; onClear: () => void }) {
  return (
    <section class="ic-multi" aria-label="Picked icons">
      <span>{props.count === 1 ? '1 icon picked' : `${props.count} icons picked`}</span>
      <button type="button" class="ic-chip" onClick={props.onClear}>
        Clear
      </button>
      <Button disabled={props.busy} onClick={props.onInsert}>
        {props.count === 1 ? 'Insert 1 icon' : `Insert ${props.count} icons`}
      </Button>
    </section>
  )
}
