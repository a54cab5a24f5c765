import { IconCloseSmall24, IconSearchSmall24 } from '@create-figma-plugin/ui'
import { h, type Ref } from 'preact'

/**
 * A search field. Not the toolkit's SearchTextbox: its clear button has no accessible name and
 * it handles Escape itself, where here Escape first closes the icon details (see Plugin).
 */
export function SearchBox(props: {
  inputRef?: Ref<HTMLInputElement>
  /** Its accessible name and placeholder; "Search icons" unless it searches something else. */
  label?: string
  value: string
  maxLength: number
  onValueInput: (value: string) => void
  /** ArrowDown leaves the box for the results. */
  onArrowDown: (event: KeyboardEvent) => void
  /** Enter, for a box whose first match can be taken at once. */
  onEnter?: (event: KeyboardEvent) => void
}) {
  const label = props.label ?? 'Search icons'
  return (
    <div class="ic-search-box">
      <span class="ic-search-icon" aria-hidden="true">
        <IconSearchSmall24 />
      </span>
      <input
        ref={props.inputRef}
        class="ic-search-input"
        type="text"
        aria-label={label}
        placeholder={label}
        spellcheck={false}
        autoComplete="off"
        maxLength={props.maxLength}
        value={props.value}
        onInput={(event) => props.onValueInput(event.currentTarget.value)}
        onKeyDown={(event) => {
          if (event.key === 'ArrowDown') props.onArrowDown(event)
          if (event.key === 'Enter') props.onEnter?.(event)
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
