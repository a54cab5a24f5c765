import { IconCloseSmall24, IconSearchSmall24 } from '@create-figma-plugin/ui'
import { h, type Ref } from 'preact'

/**
 * The search field. Not the toolkit's SearchTextbox: its clear button has no accessible name and
 * it handles Escape itself, where here Escape first closes the icon details (see Plugin).
 */
export function SearchBox(props: {
  inputRef: Ref<HTMLInputElement>
  value: string
  maxLength: number
  onValueInput: (value: string) => void
  /** ArrowDown leaves the box for the results. */
  onArrowDown: (event: KeyboardEvent) => void
}) {
  return (
    <div class="ic-search-box">
      <span class="ic-search-icon" aria-hidden="true">
        <IconSearchSmall24 />
      </span>
      <input
        ref={props.inputRef}
        class="ic-search-input"
        type="text"
        aria-label="Search icons"
        placeholder="Search icons"
        spellcheck={false}
        autoComplete="off"
        maxLength={props.maxLength}
        value={props.value}
        onInput={(event) => props.onValueInput(event.currentTarget.value)}
        onKeyDown={(event) => {
          if (event.key === 'ArrowDown') props.onArrowDown(event)
        }}
      />
      {props.value === '' ? null : (
        <button
          type="button"
          class="ic-search-clear"
          aria-label="Clear search"
          title="Clear search"
          onClick={(event) => {
            props.onValueInput('')
            event.currentTarget.parentElement?.querySelector('input')?.focus()
          }}
        >
          <IconCloseSmall24 />
        </button>
      )}
    </div>
  )
}
